/* judge_tool rules site: search box, keyword cards, copy buttons, "/" shortcut, contents
 * drawer, light/dark toggle, print buttons, offline use when hosted over HTTPS.
 * Works from file:// — the search index is a plain script loaded on first use, never fetched.
 * Text from the data or the query is only ever set with textContent, never as HTML.
 * Interface words come from the page (#ui-strings, the rulebook language's catalogue).
 */
(function () {
  "use strict";

  var here = document.currentScript && document.currentScript.src;
  var assets = here ? here.replace(/[^/]*$/, "") : "assets/";
  var input = document.getElementById("q");
  var results = document.getElementById("results");
  var status = document.getElementById("search-status");
  var popover = document.getElementById("popover");
  var engine = null, loading = null, selected = -1, lastQuery = null;
  var timings = window.__judgeSearchTimes = [];
  var S = {};
  try { S = JSON.parse((document.getElementById("ui-strings") || {}).textContent || "{}"); } catch (err) { S = {}; }
  function say(key, values) {
    var text = S[key] || key;
    Object.keys(values || {}).forEach(function (k) { text = text.split("{" + k + "}").join(values[k]); });
    return text;
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      var s = document.createElement("script");
      s.src = src;
      s.onload = resolve;
      s.onerror = function () { reject(new Error("cannot load " + src)); };
      document.head.appendChild(s);
    });
  }

  /* ---- search ------------------------------------------------------------------ */

  function load() {
    if (loading) return loading;
    loading = Promise.all([
      window.JudgeSearch ? null : loadScript(assets + "search.js"),
      window.JUDGE_SEARCH_DATA ? null : loadScript(assets + "search-data.js"),
      window.JUDGE_CARDS ? null : loadScript(assets + "cards-data.js").catch(function () {})
    ]).then(function () {
      engine = window.JudgeSearch.create(window.JUDGE_SEARCH_DATA);
      window.__judgeEngine = engine;
      if (input && input.value) run();
      return engine;
    }).catch(function (err) {
      loading = null;
      if (status) status.textContent = say("loading_failed");
      throw err;
    });
    return loading;
  }

  function open(show) {
    results.hidden = !show;
    input.setAttribute("aria-expanded", show ? "true" : "false");
    if (!show) { input.removeAttribute("aria-activedescendant"); selected = -1; }
  }

  function snippetNode(hit) {
    var span = el("span", "r-snip"), pos = 0, text = hit.snippet;
    for (var i = 0; i < hit.marks.length; i++) {
      var m = hit.marks[i];
      if (m[0] > pos) span.appendChild(document.createTextNode(text.slice(pos, m[0])));
      span.appendChild(el("mark", null, text.slice(m[0], m[1])));
      pos = m[1];
    }
    if (pos < text.length) span.appendChild(document.createTextNode(text.slice(pos)));
    return span;
  }

  function render(hits, query) {
    results.replaceChildren();
    selected = -1;
    if (!hits.length) {
      results.appendChild(el("p", "r-none", say("no_results_for", { q: query.trim() })));
    }
    hits.forEach(function (hit, i) {
      var a = el("a");
      a.href = hit.url;
      a.id = "opt-" + i;
      a.setAttribute("role", "option");
      a.setAttribute("aria-selected", "false");
      if (hit.rule) a.dataset.rule = hit.rule;
      a.appendChild(el("span", "r-id", hit.kind === "term" ? say("term") : hit.kind === "card" ? say("card") : hit.id));
      // a titled rule shows its title, a plain rule its text: never a row with neither
      // (a short rule's text is its label, so text === title must still show the text)
      if (hit.titled || !hit.snippet) a.appendChild(el("span", "r-title", hit.title));
      if (hit.crumb) a.appendChild(el("span", "r-crumb", hit.crumb));
      if (hit.snippet && (!hit.titled || hit.snippet !== hit.title)) a.appendChild(snippetNode(hit));
      results.appendChild(a);
    });
    status.textContent = hits.length ? say("results", { n: hits.length }) : say("no_results");
    open(true);
  }

  /* card names (assets/cards-data.js, built from cards/): every typed word starts a word
     of the card's name, folded like the rules; the full name or the bare name first */
  function cardHits(query) {
    var rows = window.JUDGE_CARDS || [];
    var words = engine.a.fold(query).replace(/'/g, "").split(/[^0-9a-z]+/).filter(Boolean);
    if (!rows.length || !words.length || words.join("").length < 3) return [];
    var joined = words.join(" ");
    var found = [];
    rows.forEach(function (row) {
      var ok = words.every(function (w) { return row[0].some(function (t) { return t.indexOf(w) === 0; }); });
      if (!ok) return;
      var rank = row[0].join(" ") === joined ? 0 : row[4].join(" ") === joined ? 1 : 2;
      found.push([rank, row]);
    });
    found.sort(function (x, y) { return x[0] - y[0] || (x[1][1] < y[1][1] ? -1 : 1); });
    return found.slice(0, 5).map(function (f) {
      var row = f[1];
      return { id: row[2], kind: "card", title: row[1], titled: true, crumb: say("card") + " · " + row[3],
               url: row[2], rule: "", snippet: "", marks: [] };
    });
  }

  function run() {
    if (!engine) { load(); return; }
    var query = input.value;
    if (query === lastQuery && !results.hidden) return;
    lastQuery = query;
    if (!query.trim()) { results.replaceChildren(); status.textContent = ""; open(false); return; }
    var t0 = performance.now();
    var hits = cardHits(query).concat(engine.search(query, 12, true));
    render(hits, query);
    var ms = performance.now() - t0;
    timings.push(ms);
    results.dataset.ms = ms.toFixed(2);
  }

  function options() { return results.querySelectorAll("[role=option]"); }

  function select(i) {
    var opts = options();
    if (!opts.length) return;
    selected = (i + opts.length) % opts.length;
    opts.forEach(function (o, j) { o.setAttribute("aria-selected", j === selected ? "true" : "false"); });
    input.setAttribute("aria-activedescendant", opts[selected].id);
    opts[selected].scrollIntoView({ block: "nearest" });
  }

  if (input && results) {
    ["focus", "pointerdown", "mouseenter"].forEach(function (ev) {
      input.addEventListener(ev, function () { load().catch(function () {}); }, { passive: true });
    });
    input.addEventListener("input", run);
    input.addEventListener("keydown", function (e) {
      if (e.key === "ArrowDown") { e.preventDefault(); if (results.hidden) run(); select(selected + 1); }
      else if (e.key === "ArrowUp") { e.preventDefault(); select(selected - 1); }
      else if (e.key === "Enter") {
        e.preventDefault();
        var opts = options();
        var target = opts[selected >= 0 ? selected : 0];
        if (target) { open(false); window.location.href = target.href; }
      } else if (e.key === "Escape") {
        if (!results.hidden) { e.preventDefault(); open(false); } else { input.blur(); }
      }
    });
    input.form.addEventListener("submit", function (e) { e.preventDefault(); });
    results.addEventListener("click", function (e) {
      if (e.target.closest("[role=option]")) open(false);
    });
    document.addEventListener("pointerdown", function (e) {
      if (!results.hidden && !e.target.closest(".search")) open(false);
    });
    var params = new URLSearchParams(window.location.search);
    if (params.get("q")) { input.value = params.get("q"); load().catch(function () {}); }
  }

  document.addEventListener("keydown", function (e) {
    if (e.key !== "/" || e.ctrlKey || e.metaKey || e.altKey || !input) return;
    var t = e.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
    e.preventDefault();
    input.focus();
    input.select();
  });

  /* ---- keyword cards ----------------------------------------------------------- */

  var defsEl = document.getElementById("term-defs");
  var defs = {};
  try { defs = defsEl ? JSON.parse(defsEl.textContent) : {}; } catch (err) { defs = {}; }
  var shownFor = null, hideTimer = null, lastPointer = "mouse";

  function showCard(link, withLink) {
    var d = defs[link.dataset.t];
    if (!d || !popover) return false;
    clearTimeout(hideTimer);
    popover.replaceChildren();
    var head = el("p");
    head.appendChild(el("span", "p-term", d.t));
    if (d.e) { var en = el("span", "p-en", d.e); en.lang = "en"; head.appendChild(en); }
    popover.appendChild(head);
    if (d.d) popover.appendChild(el("p", null, d.d));
    if (withLink) {
      var go = el("a", null, say("open_glossary"));
      go.href = link.href;
      popover.appendChild(el("p")).appendChild(go);
    }
    popover.hidden = false;
    var r = link.getBoundingClientRect();
    var width = popover.offsetWidth;
    var left = Math.max(8, Math.min(window.scrollX + r.left, window.scrollX + document.documentElement.clientWidth - width - 8));
    popover.style.left = left + "px";
    popover.style.top = (window.scrollY + r.bottom + 6) + "px";
    link.setAttribute("aria-describedby", "popover");
    shownFor = link;
    return true;
  }

  function hideCard(delay) {
    clearTimeout(hideTimer);
    hideTimer = setTimeout(function () {
      if (popover) popover.hidden = true;
      if (shownFor) shownFor.removeAttribute("aria-describedby");
      shownFor = null;
    }, delay || 0);
  }

  document.addEventListener("pointerover", function (e) {
    if (e.pointerType !== "mouse") return;
    var link = e.target.closest && e.target.closest("a.term");
    if (link) showCard(link, false);
    else if (popover && popover.contains(e.target)) clearTimeout(hideTimer);
  });
  document.addEventListener("pointerout", function (e) {
    if (e.pointerType !== "mouse") return;
    if (e.target.closest && (e.target.closest("a.term") || (popover && popover.contains(e.target)))) hideCard(250);
  });
  document.addEventListener("focusin", function (e) {
    var link = e.target.closest && e.target.closest("a.term");
    if (link && lastPointer !== "touch") showCard(link, false);
  });
  document.addEventListener("focusout", function (e) {
    if (e.target.closest && e.target.closest("a.term")) hideCard(150);
  });
  document.addEventListener("pointerdown", function (e) {
    lastPointer = e.pointerType || "mouse";
    if (popover && !popover.hidden && !popover.contains(e.target) && !(e.target.closest && e.target.closest("a.term"))) hideCard(0);
  }, true);
  document.addEventListener("click", function (e) {
    var link = e.target.closest && e.target.closest("a.term");
    if (!link || lastPointer !== "touch") return;
    if (shownFor === link && popover && !popover.hidden) return;   // second tap: follow it
    if (showCard(link, true)) e.preventDefault();                    // first tap: the card
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape" && popover && !popover.hidden) hideCard(0);
  });

  /* ---- copy a citation or a permalink ------------------------------------------ */

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).catch(function () { return fallbackCopy(text); });
    }
    return Promise.resolve(fallbackCopy(text));
  }

  function fallbackCopy(text) {
    var ta = el("textarea");
    ta.value = text;
    ta.setAttribute("readonly", "");
    ta.style.position = "fixed";
    ta.style.opacity = "0";
    document.body.appendChild(ta);
    ta.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (err) { ok = false; }
    ta.remove();
    if (!ok) throw new Error("copy failed");
  }

  function citation(article) {
    var id = article.dataset.id;
    var textEl = article.querySelector(":scope > .text");
    var titleEl = article.querySelector(":scope .rt");
    var body = textEl ? textEl.textContent : (titleEl ? titleEl.textContent : "");
    article.querySelectorAll(":scope > .items > li").forEach(function (li) { body += " " + li.textContent; });
    var prefix = document.body.dataset.citePrefix;
    var note = document.body.dataset.citeNote;       // project-made numbers say so
    var cite = ((prefix === undefined ? "CR" : prefix) + " " + id).trim() + (note ? " (" + note + ")" : "");
    return cite + " — " + body.replace(/\s+/g, " ").trim();
  }

  /* The link to share: the hosted address with --base-url; the page's own address when it
   * is served over http(s); from disk a link relative to the site (never file:///…). */
  function permalink(article) {
    var base = document.body.dataset.base, path = document.body.dataset.path || "";
    var hash = "#" + article.id;
    if (base) return base + path + hash;
    if (/^https?:$/.test(window.location.protocol)) return window.location.href.replace(/#.*$/, "") + hash;
    return path + hash;
  }

  window.__judgeCitation = citation;

  document.addEventListener("click", function (e) {
    var btn = e.target.closest && e.target.closest("button.copy");
    if (!btn) return;
    var article = btn.closest("[data-id]");
    if (!article) return;
    var text = btn.dataset.copy === "link" ? permalink(article) : citation(article);
    window.__judgeLastCopy = text;
    copyText(text).then(function () {
      btn.classList.add("done");
      if (status) status.textContent = say("copied") + text.slice(0, 80);
      setTimeout(function () { btn.classList.remove("done"); }, 1500);
    }).catch(function () {
      if (status) status.textContent = say("copy_failed");
    });
  });

  /* ---- quiet rule rows: a tap on a rule shows its actions (hover and focus do by CSS) */

  document.addEventListener("click", function (e) {
    if (!e.target.closest || e.target.closest("a, button")) return;
    var rule = e.target.closest(".rule");
    document.querySelectorAll(".rule.show-tools").forEach(function (r) { if (r !== rule) r.classList.remove("show-tools"); });
    if (rule) rule.classList.toggle("show-tools");
  });

  /* ---- light / dark: follows the system until the reader picks; the pick is kept ---- */

  var themeBtn = document.querySelector(".theme-btn");
  function currentTheme() {
    var set = document.documentElement.dataset.theme;
    if (set) return set;
    return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  function showTheme() {
    if (!themeBtn) return;
    var dark = currentTheme() === "dark";
    themeBtn.setAttribute("aria-pressed", dark ? "true" : "false");
    themeBtn.setAttribute("aria-label", dark ? themeBtn.dataset.light : themeBtn.dataset.dark);
    themeBtn.title = themeBtn.getAttribute("aria-label");
  }
  if (themeBtn) {
    showTheme();
    themeBtn.addEventListener("click", function () {
      var next = currentTheme() === "dark" ? "light" : "dark";
      document.documentElement.dataset.theme = next;
      try { localStorage.setItem("judge-theme", next); } catch (err) { /* private mode: this page only */ }
      showTheme();
    });
  }

  /* ---- contents drawer on phones --------------------------------------------------- */

  var menuBtn = document.querySelector(".menu-btn");
  var sidebar = document.getElementById("sidebar");
  var scrim = document.querySelector(".scrim");
  function drawer(openIt) {
    if (!sidebar || !menuBtn) return;
    sidebar.classList.toggle("open", openIt);
    menuBtn.setAttribute("aria-expanded", openIt ? "true" : "false");
    if (scrim) scrim.hidden = !openIt;
    if (openIt) {
      var first = sidebar.querySelector("[aria-current], a, button");
      if (first) first.focus();
    } else if (sidebar.contains(document.activeElement)) {
      menuBtn.focus();
    }
  }
  if (menuBtn && sidebar) {
    menuBtn.addEventListener("click", function () { drawer(!sidebar.classList.contains("open")); });
    var closeBtn = sidebar.querySelector(".drawer-close");
    if (closeBtn) closeBtn.addEventListener("click", function () { drawer(false); });
    if (scrim) scrim.addEventListener("click", function () { drawer(false); });
    sidebar.addEventListener("click", function (e) {
      if (e.target.closest && e.target.closest("a") && sidebar.classList.contains("open")) drawer(false);
    });
    document.addEventListener("keydown", function (e) {
      if (e.key === "Escape" && sidebar.classList.contains("open")) drawer(false);
    });
  }

  /* ---- "on this page": the section being read is marked ----------------------------- */

  var onpage = document.querySelectorAll(".onpage a");
  if (onpage.length && window.IntersectionObserver) {
    var byId = {};
    onpage.forEach(function (a) { byId[decodeURIComponent(a.hash.slice(1))] = a; });
    var observer = new IntersectionObserver(function (entries) {
      entries.forEach(function (en) {
        if (!en.isIntersecting || !byId[en.target.id]) return;
        onpage.forEach(function (a) { a.classList.remove("active"); });
        byId[en.target.id].classList.add("active");
      });
    }, { rootMargin: "-10% 0px -75% 0px" });
    Object.keys(byId).forEach(function (id) { var t = document.getElementById(id); if (t) observer.observe(t); });
  }

  /* ---- print buttons ------------------------------------------------------------------ */

  document.querySelectorAll("[data-print]").forEach(function (b) {
    b.addEventListener("click", function () { window.print(); });
  });

  /* ---- offline when hosted: manifest + service worker (never from disk) --------------- */

  var secure = window.location.protocol === "https:" ||
    (window.location.protocol === "http:" && /^(localhost|127\.0\.0\.1|\[::1\])$/.test(window.location.hostname));
  if (secure && "serviceWorker" in navigator) {
    var root = assets.replace(/assets\/$/, "") + (document.body.dataset.root || "");
    var link = document.createElement("link");
    link.rel = "manifest";
    link.href = root + "manifest.webmanifest";
    document.head.appendChild(link);
    navigator.serviceWorker.register(root + "sw.js", { scope: root }).catch(function () { /* offline use unavailable */ });
  }
})();
