/* judge_tool rules site: the search engine (no UI).
 *
 * Mirrors judge_tool/search (Python) so the site answers like `judge search`:
 *  - analysis: the folding tables, suffix list, keep list and stopwords come from the
 *    Python modules through assets/search-data.js (generated at build time);
 *  - ranking: per query word the best of its field clauses (exact, stem, 5-letter prefix,
 *    title, breadcrumb, English name) with BM25 weights precomputed by the builder, fuzzy
 *    matching for a word that matches nothing, glossary names lifting their defining rule,
 *    and the coverage factor of the CLI;
 *  - added for typing: the last word, while still being typed, also completes to the words
 *    of the index that start with it.
 * Hand-written for this project; no third-party code.
 */
(function (global) {
  "use strict";

  var WORD_RE = /[\p{L}\p{N}]+(?:['\u2019][\p{L}\p{N}]+)*/gu;
  var APOS_RE = /['\u2019]/g;
  var MARK_RE = /\p{M}/gu;
  var DIGITS_RE = /^\p{Nd}+$/u;
  var ALPHA_RE = /^\p{L}+$/u;
  var ASCII_RE = /^[\x00-\x7f]*$/;
  var CONTROL_RE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/g;
  var RULE_NUMBER_RE = /^(?:cr|kural|rule|r)?\s*[:#]?\s*(\d+(?:\.(?:\d+|[a-z]))*[a-z]?)\.?$/i;
  var LETTER_GLUED_RE = /^(\d+(?:\.(?:\d+|[a-zA-Z]))*\.\d+)([a-zA-Z])$/;
  var ID_PREFIX_RE = /^(?:cr|kural|rule|r)\s*[:#]?\s*/i;
  var ID_RE = /^\d+(?:\.(?:\d+|[a-z]))*$/;
  var INLINE_NUMBER_RE = /\b\d+(?:\.\d+)+\b/g;
  var CANDIDATES = 60;

  var HAS = Object.prototype.hasOwnProperty;
  function own(obj, key) { return obj && HAS.call(obj, key) ? obj[key] : undefined; }

  function translate(text, table) {
    var out = "";
    for (var ch of text) {
      var r = own(table, ch);
      out += r === undefined ? ch : r;
    }
    return out;
  }

  /* ---- analysis ------------------------------------------------------------------ */

  function Analyzer(spec) {
    this.spec = spec;
    this.prefixLen = spec.prefixLen;
    this.minStem = spec.minStem;
    this.suffixes = spec.suffixes || [];
    this.keep = new Set(spec.keep || []);
    this.stop = new Set(spec.stop || []);
    this.queryStop = new Set(spec.queryStop || []);
    this.stems = spec.stems || {};
    this._stemCache = new Map();
  }

  /* turkish.fold: typographic punctuation, Turkish I/İ lower case, then ASCII. */
  Analyzer.prototype.fold = function (text) {
    if (this.spec.fold === "generic") {     // Analysis.fold: casefold, the language's table, marks stripped
      var low = text.toLowerCase().replace(/[ßς]/g, function (c) { return c === "ß" ? "ss" : "σ"; });
      var table = this.spec.table || {}, out = "";
      for (var ch of low) {
        var mapped = own(table, ch);
        if (mapped !== undefined) out += mapped;
        else if (ch.charCodeAt(0) < 128) out += ch;
        else out += ch.normalize("NFKD").replace(MARK_RE, "");
      }
      var after = this.spec.after || [];
      for (var i = 0; i < after.length; i++) out = out.split(after[i][0]).join(after[i][1]);
      return out;
    }
    var s = translate(text, this.spec.punct);
    s = translate(s, this.spec.lower).toLowerCase();
    s = translate(s, this.spec.ascii);
    if (ASCII_RE.test(s)) return s;
    return s.normalize("NFKD").replace(MARK_RE, "");
  };

  Analyzer.prototype.words = function (text) {
    var out = [];
    WORD_RE.lastIndex = 0;
    var m;
    while ((m = WORD_RE.exec(text)) !== null) {
      var cut = this.elided(m[0]);
      var key = this.fold(m[0].slice(cut).replace(APOS_RE, ""));
      if (key) out.push({ key: key, start: m.index + cut, end: m.index + m[0].length });
    }
    return out;
  };

  /* Analysis.elided: the length of a leading elided word and its apostrophe ("l'état"). */
  Analyzer.prototype.elided = function (token) {
    var el = this.spec.elisions || [];
    if (!el.length) return 0;
    var low = token.toLowerCase();
    for (var i = 0; i < el.length; i++) {
      var w = el[i];
      if (low.startsWith(w) && low.length > w.length + 1 && (low[w.length] === "'" || low[w.length] === "\u2019")) return w.length + 1;
    }
    return 0;
  };

  Analyzer.prototype.keys = function (text) {
    return this.words(text).map(function (w) { return w.key; });
  };

  Analyzer.prototype.stem = function (key) {
    var hit = this._stemCache.get(key);
    if (hit !== undefined) return hit;
    var word = key;
    if (this.spec.kind === "tr-suffix") {
      if (!(this.keep.has(key) || DIGITS_RE.test(key) || !ALPHA_RE.test(key))) {
        for (var round = 0; round < 6; round++) {
          var stripped = false;
          for (var i = 0; i < this.suffixes.length; i++) {
            var suf = this.suffixes[i];
            if (word.endsWith(suf) && word.length - suf.length >= this.minStem) {
              word = word.slice(0, word.length - suf.length);
              stripped = true;
              break;
            }
          }
          if (!stripped || this.keep.has(word)) break;
        }
      }
    } else if (own(this.stems, key) !== undefined) {
      word = own(this.stems, key);
    }
    this._stemCache.set(key, word);
    return word;
  };

  Analyzer.prototype.prefix = function (key) {
    return ASCII_RE.test(key) ? key.slice(0, this.prefixLen) : Array.from(key).slice(0, this.prefixLen).join("");
  };

  Analyzer.prototype.isQueryStopword = function (key) {
    return this.stop.has(key) || this.queryStop.has(key);
  };

  /* ---- helpers --------------------------------------------------------------------- */

  /* Optimal-string-alignment distance (adjacent swaps count 1), or limit+1 once over limit. */
  function editDistance(a, b, limit) {
    var n = a.length, m = b.length;
    if (Math.abs(n - m) > limit) return limit + 1;
    var prev2 = null, prev = new Array(m + 1), cur;
    for (var j = 0; j <= m; j++) prev[j] = j;
    for (var i = 1; i <= n; i++) {
      cur = new Array(m + 1);
      cur[0] = i;
      var rowMin = cur[0];
      for (j = 1; j <= m; j++) {
        var cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
        var v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
        if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
            a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
          v = Math.min(v, prev2[j - 2] + 1);
        }
        cur[j] = v;
        if (v < rowMin) rowMin = v;
      }
      if (rowMin > limit) return limit + 1;
      prev2 = prev;
      prev = cur;
    }
    return prev[m];
  }

  function lowerBound(sorted, key) {
    var lo = 0, hi = sorted.length;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (sorted[mid] < key) lo = mid + 1; else hi = mid;
    }
    return lo;
  }

  function normalizeId(text) {
    // as rulebook.normalize_id: NFKC, prefix, trailing punctuation, leading zeros, 6.5.F -> 6.5.f
    var t = text.normalize("NFKC").trim().replace(ID_PREFIX_RE, "").trim().replace(/[.,;:)\]]+$/, "").trim();
    t = t.replace(LETTER_GLUED_RE, "$1.$2");            // 6.5a -> 6.5.a, as printed in some rulebooks
    if (/^\d+(?:\.(?:\d+|[a-zA-Z]))*$/.test(t)) {
      t = t.split(".").map(function (p) { return /^\d+$/.test(p) ? String(parseInt(p, 10)) : p.toLowerCase(); }).join(".");
    }
    return t;
  }

  function clean(text, maxChars) {
    var t = String(text).slice(0, maxChars * 4).normalize("NFC").replace(CONTROL_RE, " ");
    return t.slice(0, maxChars);
  }

  /* ---- the engine ------------------------------------------------------------------ */

  function Engine(data) {
    this.data = data;
    this.a = new Analyzer(data.analysis);
    this.q = data.query;
    this.docs = data.docs;
    this.n = data.n;
    this.postings = this.buildPostings(data);
    this.clauses = this.q.clauses;
    this.weight = {};
    for (var c of this.clauses) if (this.weight[c.field] === undefined) this.weight[c.field] = c.w;
    this.byId = new Map();
    this.missing = data.missing || {};
    this.ruleIds = [];
    for (var i = 0; i < this.docs.length; i++) {
      var d = this.docs[i];
      d.key = d.k === "term" ? "term:" + d.id : d.id;
      this.byId.set(d.key, i);
      if (d.k === "rule") this.ruleIds.push(d.id);
    }
    this.vocab = {};          // field -> sorted term list (for completion and fuzzy)
    for (var f of ["exact", "head"]) {
      this.vocab[f] = Object.keys(this.postings[f] || {}).sort();
    }
    var self = this;
    this.names = (data.names || []).map(function (n) {
      return { words: n[0], slug: n[1], rule: n[2], turkish: n[3] };
    });
    this.heads = data.heads || {};
    this.nameVocab = new Set();
    this.byFirst = new Map();
    for (var name of this.names) {
      for (var w of name.words) { this.nameVocab.add(w); this.nameVocab.add(this.enStem(w)); }
      new Set([name.words[0], this.enStem(name.words[0])]).forEach(function (form) {
        if (!self.byFirst.has(form)) self.byFirst.set(form, []);
        self.byFirst.get(form).push(name);
      });
    }
    this.g = data.grammar || null;
    if (this.g) { this.chainsV = new Set(this.g.chainsV); this.chainsC = new Set(this.g.chainsC); }
    this._docWords = new Map();
  }

  /* Decode the fields of search-data.js into {field: {term: [doc, bm25, doc, bm25, ...]}}:
     BM25 with whoosh's idf, as `judge search` scores; derived fields (stems, prefixes of
     another field's words) are rebuilt here with the same analysis. */
  Engine.prototype.buildPostings = function (data) {
    var F = data.fields, N = data.n, k1 = data.bm25.k1, b = data.bm25.b, a = this.a, self = this;
    var tfs = {}, lens = {}, f, term;
    for (f in F) {
      if (!F[f].post) continue;
      var byTerm = new Map();
      for (term in F[f].post) {
        var flat = F[f].post[term], m = new Map(), cur = -1;
        for (var i = 0; i < flat.length; i++) {
          if (flat[i] >= 0) { cur = flat[i]; m.set(cur, 1); } else m.set(cur, -flat[i]);
        }
        byTerm.set(term, m);
      }
      tfs[f] = byTerm;
      lens[f] = F[f].len;
    }
    for (f in F) {
      if (!F[f].from || !tfs[F[f].from]) continue;
      var derived = new Map(), form = F[f].form;
      tfs[F[f].from].forEach(function (docs, key) {
        var t = form === "stem" ? a.stem(key) : form === "pre" ? a.prefix(key) : key.slice(0, +form.slice(4));
        var m = derived.get(t);
        if (!m) { m = new Map(); derived.set(t, m); }
        docs.forEach(function (tf, d) { m.set(d, (m.get(d) || 0) + tf); });
      });
      tfs[f] = derived;
      lens[f] = lens[F[f].from];
    }
    var out = {};
    Object.keys(tfs).forEach(function (field) {
      var L = lens[field], total = 0;
      for (var i = 0; i < L.length; i++) total += L[i];
      var avg = total ? total / N : 1, post = Object.create(null);
      tfs[field].forEach(function (docs, t) {
        var idf = Math.log(N / (docs.size + 1)) + 1, flat = [];
        Array.from(docs.keys()).sort(function (x, y) { return x - y; }).forEach(function (d) {
          var tf = docs.get(d);
          flat.push(d, idf * (tf * (k1 + 1)) / (tf + k1 * ((1 - b) + b * L[d] / avg)));
        });
        post[t] = flat;
      });
      out[field] = post;
    });
    return out;
  };

  /* [doc, bm25, ...] of one term in one field */
  Engine.prototype.post = function (field, term) {
    var p = this.postings[field];
    return p ? p[term] : undefined;   // p has no prototype: any word is safe
  };

  function addInto(acc, flat, weight, mode) {
    for (var i = 0; i < flat.length; i += 2) {
      var d = flat[i], s = flat[i + 1] * weight;
      var old = acc.get(d);
      if (mode === "max") acc.set(d, old === undefined || s > old ? s : old);
      else acc.set(d, (old || 0) + s);
    }
  }

  /* English stemming as judge_tool.search.analysis.EnglishAnalysis: plural, -ing, -ed */
  function englishStem(key) {
    if (key.length <= 3 || !ALPHA_RE.test(key)) return key;
    var rules = [["ies", "y"], ["ing", ""], ["ed", ""], ["es", ""], ["s", ""]];
    for (var r of rules) {
      var suf = r[0];
      if (key.endsWith(suf) && key.length - suf.length >= 3) {
        if (suf === "s" && key.endsWith("ss")) return key;
        if (suf === "es" && !/(s|x|z|ch|sh)$/.test(key.slice(0, -2))) continue;
        return key.slice(0, key.length - suf.length) + r[1];
      }
    }
    return key;
  }

  Engine.prototype.enStem = function (key) {
    var known = own(this.data.enStems, key);
    if (known !== undefined) return known;
    return this.data.enRules ? englishStem(key) : key;
  };

  Engine.prototype.form = function (form, w) {
    if (form === "key") return w.key;
    if (form === "stem") return w.stem;
    if (form === "pre") return w.pre;
    if (form === "en") return this.enStem(w.key);
    if (form.startsWith("pre:")) return w.key.slice(0, +form.slice(4));
    return null;
  };

  function maxInto(acc, scores) {
    scores.forEach(function (v, d) { var o = acc.get(d); if (o === undefined || v > o) acc.set(d, v); });
  }

  /* fuzzy matching of a word no field knows: Levenshtein-like distance 1 (2 from 7
     letters), same first letter; exact and title words, as the CLI's FuzzyTerm */
  Engine.prototype.fuzzy = function (key) {
    var maxdist = key.length <= 6 ? 1 : 2;
    var first = key[0];
    var acc = new Map(), expanded = new Set();
    var fields = [["exact", this.q.fuzzy], ["head", this.q.fuzzy * 1.3]];
    for (var fw of fields) {
      var f = fw[0], vocab = this.vocab[f] || [];
      var part = new Map();
      for (var i = lowerBound(vocab, first); i < vocab.length && vocab[i][0] === first; i++) {
        var t = vocab[i];
        if (Math.abs(t.length - key.length) > maxdist) continue;
        if (editDistance(key, t, maxdist) <= maxdist) {
          expanded.add(t);
          addInto(part, this.post(f, t), fw[1], "sum");
        }
      }
      maxInto(acc, part);
    }
    return { scores: acc, terms: expanded };
  };

  /* added for typing: the words of the index that start with the unfinished last word */
  Engine.prototype.complete = function (key) {
    var acc = new Map(), terms = new Set();
    for (var f of ["exact", "head"]) {
      var vocab = this.vocab[f] || [], w = (this.weight[f] || 0) * this.q.complete;
      var count = 0;
      for (var i = lowerBound(vocab, key); i < vocab.length && count < 200; i++, count++) {
        var t = vocab[i];
        if (!t.startsWith(key)) break;
        if (t === key) continue;
        terms.add(t);
        addInto(acc, this.post(f, t), w, "max");
      }
    }
    return { scores: acc, terms: terms };
  };

  /* ---- glossary names and the English lexicon (mirrors query.NameIndex) ------------ */

  Engine.prototype.isChain = function (suffix, afterVowel) {
    if (!suffix) return true;
    return (afterVowel ? this.chainsV : this.chainsC).has(translate(suffix, this.g.arch));
  };

  /* turkish.split_inflected(word, stems, ascii_only=True, min_stem=3): the stems */
  Engine.prototype.splitInflected = function (word, stems) {
    var vowels = "aeiou", hard = this.g.harden, found = [];
    for (var cut = word.length; cut >= 3; cut--) {
      var head = word.slice(0, cut), rest = word.slice(cut), last = head[head.length - 1];
      if (stems.has(head) && this.isChain(rest, vowels.indexOf(last) >= 0)) found.push(head);
      var hardened = own(hard, last);
      if (rest && vowels.indexOf(rest[0]) >= 0 && hardened !== undefined) {
        var stem = head.slice(0, -1) + hardened;
        if (stems.has(stem) && this.isChain(rest, false)) found.push(stem);
      }
    }
    return found;
  };

  Engine.prototype.wordLemmas = function (key) {
    var out = new Set([key]);
    if (this.g) for (var st of this.splitInflected(key, this.nameVocab)) out.add(st);
    var en = this.enStem(key);
    if (en !== key && this.nameVocab.has(en)) out.add(en);
    return out;
  };

  Engine.prototype.findNames = function (keys) {
    var self = this;
    var lemmas = keys.map(function (k) { return self.wordLemmas(k); });
    var found = new Map();
    lemmas.forEach(function (forms, i) {
      forms.forEach(function (form) {
        for (var name of (self.byFirst.get(form) || [])) {
          var n = name.words.length;
          if (i + n > keys.length || found.has(name)) continue;
          var ok = name.words.every(function (w, j) {
            return lemmas[i + j].has(w) || lemmas[i + j].has(self.enStem(w));
          });
          if (ok) found.set(name, [name, i, i + n]);
        }
      });
    });
    // a lone word that heads one term's name ("ikame" -> ikame etkisi), as query.py's
    // NameIndex.find does (the heads come from Glossary.head_words)
    var covered = new Set();
    found.forEach(function (f) { for (var j = f[1]; j < f[2]; j++) covered.add(j); });
    lemmas.forEach(function (forms, i) {
      if (covered.has(i)) return;
      var sorted = Array.from(forms).sort();
      for (var form of sorted) {
        var slug = self.heads[form];
        if (!slug) continue;
        var named = (self.byFirst.get(form) || []).filter(function (n) {
          return n.slug === slug && n.words.length > 1;
        });
        if (!named.length) continue;
        named.sort(function (x, y) {
          if (x.words.length !== y.words.length) return x.words.length - y.words.length;
          var p = x.words.join(" "), q = y.words.join(" ");
          return p < q ? -1 : p > q ? 1 : 0;
        });
        found.set(named[0], [named[0], i, i + 1]);
        break;
      }
    });
    var ordered = Array.from(found.values()).sort(function (x, y) {
      return ((y[2] - y[1]) - (x[2] - x[1])) || (x[1] - y[1]);
    });
    var kept = [];
    for (var f of ordered) {
      var inside = kept.some(function (k) {
        return k[1] <= f[1] && f[2] <= k[2] && (k[2] - k[1]) > (f[2] - f[1]);
      });
      if (!inside) kept.push(f);
    }
    return kept;
  };

  Engine.prototype.lexiconMatches = function (keys, taken) {
    var lex = this.data.lexicon || {}, out = [], used = new Set(taken);
    for (var n = 4; n >= 1; n--) {
      for (var i = 0; i + n <= keys.length; i++) {
        var clash = false;
        for (var k = i; k < i + n; k++) if (used.has(k)) { clash = true; break; }
        if (clash) continue;
        var tr = own(lex, keys.slice(i, i + n).join(" "));
        if (tr) {
          out.push([i, i + n, tr]);
          for (k = i; k < i + n; k++) used.add(k);
        }
      }
    }
    return out;
  };

  Engine.prototype.ruleHits = function (rid, limit) {
    var out = [], seen = new Set();
    var self = this;
    function push(id) {
      if (seen.has(id) || out.length >= limit) return;
      seen.add(id);
      out.push(self.hit(self.byId.get(id), 1, null));
    }
    if (this.byId.has(rid)) push(rid);
    else if (this.missing[rid]) {
      // an official rule the Turkish text does not include: its own permalink (issue 12)
      out.push({ id: rid, kind: "official", title: "CR " + rid + " — Türkçe metinde yok", titled: true,
                 crumb: [], url: this.missing[rid], rule: rid, score: 1, snippet: "", marks: [] });
    }
    var pre = rid + ".";       // sub-rules only: "9.2" never opens 9.20
    for (var id of this.ruleIds) if (id.startsWith(pre)) push(id);
    return out;
  };

  /* rulebook.strip_citation: leading citation words ("Берсерк 517.1.1", "Altered 6.5.a",
   * "règle 5.1.2.b"), from data.idWords (the rulebook's prefix, name and the catalogues). */
  Engine.prototype.stripCitation = function (text) {
    var t = text.normalize("NFKC").trim(), words = this.data.idWords || [];
    for (var round = 0; round < 3; round++) {
      var low = t.toLowerCase(), cut = false;
      for (var i = 0; i < words.length; i++) {
        var w = words[i].normalize("NFKC");
        if (w && low.startsWith(w) && (low.length === w.length || !/[\p{L}\p{N}]/u.test(low[w.length]) || w.endsWith("."))) {
          t = t.slice(w.length).replace(/^[\s:#,\u00a0]+/, "").trim();
          cut = true;
          break;
        }
      }
      if (!cut) break;
    }
    return t;
  };

  /* The ranked hits for what was typed. `typing`: the last word may be unfinished. */
  Engine.prototype.search = function (query, limit, typing) {
    limit = limit === undefined ? 10 : limit;
    var text = clean(query, this.q.maxChars);
    if (!text.trim() || limit <= 0) return [];
    var m = RULE_NUMBER_RE.exec(this.stripCitation(text).replace(/[,;:)\]]+$/, ""));
    if (m) {
      var rid = normalizeId(m[1]);
      if (ID_RE.test(rid)) {
        var hits = this.ruleHits(rid, limit);
        if (hits.length || rid.indexOf(".") >= 0) return hits;
      }
    }
    return this.textSearch(text, limit, typing !== false && !/\s$/.test(query));
  };

  /* a document's words for coverage: title, text, examples, breadcrumb (a term: its
     names, English names and definition), as keys, stems and prefixes; cached */
  Engine.prototype.docTerms = function (d) {
    var got = this._docWords.get(d);
    if (got) return got;
    var doc = this.docs[d], a = this.a;
    var keys = new Set(a.keys([doc.h || "", doc.e || "", doc.b].concat(doc.x || [], [doc.c || ""]).join(" ")));
    var stems = new Set(), pres = new Set();
    keys.forEach(function (k) { stems.add(a.stem(k)); pres.add(a.prefix(k)); });
    got = { keys: keys, stems: stems, pres: pres,
            body: a.keys([doc.b].concat(doc.x || []).join(" ")), head: a.keys(doc.h || "") };
    this._docWords.set(d, got);
    return got;
  };

  function hasRun(seq, run, slop) {
    for (var i = 0; i < seq.length; i++) {
      if (seq[i] !== run[0]) continue;
      var pos = i, ok = true;
      for (var j = 1; j < run.length && ok; j++) {
        var found = -1;
        for (var k = pos + 1; k <= pos + 1 + slop && k < seq.length; k++) {
          if (seq[k] === run[j]) { found = k; break; }
        }
        if (found < 0) ok = false; else pos = found;
      }
      if (ok) return true;
    }
    return false;
  }

  /* phrase clause: documents holding the run of words (slop as in the CLI), scored with
     the words' BM25 in that field (an approximation of whoosh's phrase score) */
  Engine.prototype.phrase = function (run, field, seqName, slop, weight) {
    var flats = run.map(function (k) { return this.post(field, k); }, this);
    if (flats.some(function (f) { return !f; })) return null;
    var acc = new Map(), self = this;
    for (var i = 0; i < flats[0].length; i += 2) {
      var d = flats[0][i], total = flats[0][i + 1], ok = true;
      for (var j = 1; j < flats.length && ok; j++) {
        var f = flats[j], s = null;
        for (var k = 0; k < f.length; k += 2) if (f[k] === d) { s = f[k + 1]; break; }
        if (s === null) ok = false; else total += s;
      }
      if (ok && hasRun(self.docTerms(d)[seqName], run, slop)) acc.set(d, weight * total / run.length);
    }
    return acc.size ? acc : null;
  };

  Engine.prototype.textSearch = function (text, limit, typing) {
    var a = this.a, q = this.q, self = this;
    var seen = new Set(), words = [];
    for (var w of a.words(text)) {
      if (!seen.has(w.key)) { seen.add(w.key); words.push(w); }
    }
    words = words.slice(0, q.maxWords);
    var keys = words.map(function (w) { return w.key; });
    var content = [];
    keys.forEach(function (k, i) { if (!a.isQueryStopword(k)) content.push(i); });
    if (!content.length && keys.length) content = keys.map(function (_, i) { return i; });
    var plan = { exact: new Set(), stem: new Set(), pre: new Set(), fuzzy: new Set(), tokens: [] };
    var defining = new Map();

    // translations: glossary names first, then the English lexicon for the rest
    var alts = new Map(), group = new Map(), namedSpans = new Set();
    var nContent = Math.max(1, content.length);
    function altsAt(i) { var s = alts.get(i); if (!s) { s = new Set(); alts.set(i, s); } return s; }
    for (var found of this.findNames(keys)) {
      var name = found[0], start = found[1], end = found[2], covered = [];
      for (var i = start; i < end; i++) if (content.indexOf(i) >= 0) covered.push(i);
      if (!covered.length) continue;
      var cov = Math.min(1, covered.length / nContent);
      for (var docId of [name.rule, "term:" + name.slug]) {
        if (docId && docId !== "term:") defining.set(docId, Math.max(defining.get(docId) || 0, cov));
      }
      var mine = new Set(keys.slice(start, end).concat(name.words));
      var fresh = name.turkish.filter(function (k) { return !mine.has(k); });
      if (fresh.length) {
        fresh.forEach(function (k) { altsAt(covered[0]).add(k); });
        covered.slice(1).forEach(function (j) { if (!group.has(j)) group.set(j, covered[0]); });
      }
      for (i = start; i < end; i++) namedSpans.add(i);
    }
    for (var lm of this.lexiconMatches(keys, namedSpans)) {
      var span = [];
      for (i = lm[0]; i < lm[1]; i++) if (content.indexOf(i) >= 0) span.push(i);
      if (!span.length) span = [lm[0]];
      if (content.indexOf(span[0]) < 0) content.push(span[0]);
      lm[2].forEach(function (k) { altsAt(span[0]).add(k); });
      span.slice(1).forEach(function (j) { if (!group.has(j)) group.set(j, span[0]); });
    }
    content.sort(function (x, y) { return x - y; });
    var stems = keys.map(function (k) { return a.stem(k); });
    var syn = this.data.synonyms || {};
    content.forEach(function (i) {
      var s = own(syn, stems[i]);
      if (!alts.has(i) && !group.has(i) && s) alts.set(i, new Set(s));
    });

    var clauses = [], tokenAt = new Map(), lastWord = keys.length - 1;
    for (i of content) {
      var key = keys[i];
      var tok = { key: key, stem: stems[i], pre: a.prefix(key), idf: 0, fuzzy: new Set(),
                  altKeys: new Set(), altStems: new Set(), group: group.has(i) ? group.get(i) : null,
                  strong: false, extra: new Set() };
      (alts.get(i) || new Set()).forEach(function (alt) {
        if (alt !== key) { tok.altKeys.add(alt); tok.altStems.add(a.stem(alt)); }
      });
      var sub = new Map(), any = false;
      for (var c of this.clauses) {
        if (!(c.w > 0)) continue;
        var flat = this.post(c.field, this.form(c.form, tok));
        if (flat) { addInto(sub, flat, c.w, "max"); any = true; if (!c.weak) tok.strong = true; }
      }
      Array.from(tok.altKeys).sort().forEach(function (alt) {
        var altStem = a.stem(alt);
        for (var ef of q.expandFields) {
          var fl = self.post(ef[0], ef[1] === "key" ? alt : altStem);
          if (fl) { addInto(sub, fl, ef[2] * q.expand, "max"); any = true; }
        }
      });
      var dfs = [this.post("exact", key), this.post("stem", tok.stem)];
      tok.altStems.forEach(function (s) { dfs.push(self.post("stem", s)); });
      dfs = dfs.filter(Boolean).map(function (p) { return p.length / 2; });
      var df = dfs.length ? Math.min.apply(null, dfs) : 0;
      tok.idf = df ? Math.log(1 + (this.n - df + 0.5) / (df + 0.5)) : Math.log(1 + this.n);
      var completes = false;
      if (typing && i === lastWord && key.length >= 2 && !DIGITS_RE.test(key)) {
        var comp = this.complete(key);
        if (comp.terms.size) {
          completes = true;
          tok.extra = comp.terms;
          comp.terms.forEach(function (t) { plan.fuzzy.add(t); });
          maxInto(sub, comp.scores);
          any = true;
        }
      }
      if (!tok.strong && !completes && !tok.altKeys.size && tok.group === null &&
          key.length >= 4 && !DIGITS_RE.test(key)) {
        var fz = this.fuzzy(key);
        if (fz.terms.size) {
          tok.fuzzy = fz.terms;
          fz.terms.forEach(function (t) { plan.fuzzy.add(t); });
          maxInto(sub, fz.scores);
          any = true;
        }
      }
      if (tok.strong) {
        plan.exact.add(key); plan.stem.add(tok.stem);
        if (key.length >= a.prefixLen) plan.pre.add(tok.pre);
      }
      tok.altKeys.forEach(function (k) { plan.exact.add(k); });
      tok.altStems.forEach(function (k) { plan.stem.add(k); });
      plan.tokens.push(tok);
      tokenAt.set(i, tok);
      if (any) clauses.push(sub);
    }
    for (tok of plan.tokens) {        // words covered by another word's translation
      if (tok.group !== null && tokenAt.has(tok.group)) {
        var lead = tokenAt.get(tok.group);
        lead.altKeys.forEach(function (k) { tok.altKeys.add(k); });
        lead.altStems.forEach(function (k) { tok.altStems.add(k); });
      }
    }
    // phrases: runs of 2-3 adjacent words that start and end with a content word
    for (var n = 2; n <= 3; n++) {
      for (var s0 = 0; s0 + n <= keys.length; s0++) {
        var run = keys.slice(s0, s0 + n);
        if (a.isQueryStopword(run[0]) || a.isQueryStopword(run[n - 1])) continue;
        var ph = this.phrase(run, "exact", "body", 1, q.phrase);
        if (ph) clauses.push(ph);
        ph = this.phrase(run, "head", "head", 1, q.phrase * 1.5);
        if (ph) clauses.push(ph);
      }
    }
    var quotedRe = /"([^"]+)"/g, qm;
    var plain = text.replace(/[\u201c\u201d]/g, '"');
    while ((qm = quotedRe.exec(plain)) !== null) {
      var qrun = a.keys(qm[1]);
      if (qrun.length >= 2) { var qp = this.phrase(qrun, "exact", "body", 0, q.quoted); if (qp) clauses.push(qp); }
    }
    // the defining rules of named terms are candidates even if their text differs
    defining.forEach(function (_, docId) {
      if (self.byId.has(docId)) { var one = new Map(); one.set(self.byId.get(docId), 0.01); clauses.push(one); }
    });
    var ids = new Set((text.match(INLINE_NUMBER_RE) || []));
    ids.forEach(function (rid) {
      if (self.byId.has(rid)) { var one = new Map(); one.set(self.byId.get(rid), 0.01); clauses.push(one); }
    });
    if (!clauses.length) return [];

    var raw = new Map();
    for (var cl of clauses) cl.forEach(function (v, d) { raw.set(d, (raw.get(d) || 0) + v); });
    var cands = Array.from(raw.entries()).sort(function (x, y) { return y[1] - x[1]; })
      .slice(0, Math.max(q.candidates, limit * 4));
    var top = cands.length ? cands[0][1] : 0;
    var scored = cands.map(function (e) {
      var d = e[0], doc = self.docs[d], isTerm = doc.k === "term";
      var cover = self.coverage(plan, d);
      var named = defining.get(doc.key) || 0;
      if (isTerm && named < 0.99) named = 0;              // an entry leads only when the query is its name
      else if (named && named < 0.99 && doc.hd) named *= q.subtreeShare;   // a bare heading
      if (!named && !isTerm) {                             // inside a named term's defining rule
        var parent = doc.id.slice(0, Math.max(0, doc.id.lastIndexOf(".")));
        while (parent && !named) {
          named = (defining.get(parent) || 0) * q.subtreeShare;
          parent = parent.slice(0, Math.max(0, parent.lastIndexOf(".")));
        }
      }
      var bonus = named * q.definingBonus * top;
      if (ids.has(doc.key)) bonus += 0.5 * top;
      var base = e[1] * (q.coordFloor + (1 - q.coordFloor) * cover);
      if (isTerm && !named) base *= q.termDamp;            // the rule comes first
      return [base + bonus, d];
    });
    scored.sort(function (x, y) {
      if (y[0] !== x[0]) return y[0] - x[0];
      var ka = self.docs[x[1]].key, kb = self.docs[y[1]].key;
      return ka < kb ? -1 : ka > kb ? 1 : 0;
    });
    var hits = [], shown = new Set();
    for (var sc of scored) {
      if (sc[0] <= 0.02 * Math.max(top, 1e-9) && hits.length) break;
      var hit = this.hit(sc[1], sc[0], plan);
      if (shown.has(hit.rule)) continue;
      if (hit.kind === "term" && hit.rule) {   // the entry stands for its defining rule
        hits = hits.filter(function (h) { return !(h.kind === "rule" && h.id === hit.rule); });
      }
      shown.add(hit.rule);
      hits.push(hit);
      if (hits.length >= limit) break;
    }
    return hits;
  };

  function intersects(a, b) {
    for (var x of a) if (b.has(x)) return true;
    return false;
  }

  /* the idf-weighted share of the query's content words that document d contains */
  Engine.prototype.coverage = function (plan, d) {
    var t = this.docTerms(d), q = this.q, total = 0, got = 0;
    for (var tok of plan.tokens) {
      total += tok.idf;
      if (t.keys.has(tok.key) ||
          (q.useStem && t.stems.has(tok.stem)) ||
          (q.usePrefix && tok.key.length >= this.a.prefixLen && t.pres.has(tok.pre)) ||
          intersects(tok.fuzzy, t.keys) || intersects(tok.extra, t.keys) ||
          intersects(tok.altKeys, t.keys) || (q.useStem && intersects(tok.altStems, t.stems))) {
        got += tok.idf;
      }
    }
    return total ? got / total : 1;
  };

  Engine.prototype.wordMatches = function (key, plan) {
    if (plan.exact.has(key) || plan.fuzzy.has(key)) return true;
    if (this.a.isQueryStopword(key)) return false;
    if (plan.stem.has(this.a.stem(key))) return true;
    return key.length >= this.a.prefixLen && plan.pre.has(this.a.prefix(key));
  };

  /* the best window of `text` and the [start, end] spans of matched words in it */
  Engine.prototype.snippet = function (text, plan) {
    var size = this.q.snippetWords;
    var words = this.a.words(text);
    if (!words.length) return { text: text.slice(0, 200), marks: [] };
    var self = this;
    var hits = words.map(function (w) { return plan ? self.wordMatches(w.key, plan) : false; });
    var best = 0, bestScore = -1;
    if (words.length > size) {
      for (var start = 0; start + size <= words.length; start++) {
        var keys = [];
        for (var j = start; j < start + size; j++) if (hits[j]) keys.push(words[j].key);
        var score = new Set(keys).size + 0.01 * keys.length - 0.001 * start;
        if (score > bestScore) { best = start; bestScore = score; }
      }
    }
    var lo = best, hi = Math.min(words.length, best + size);
    var startChar = lo === 0 ? 0 : words[lo].start;
    var endChar = hi === words.length ? text.length : words[hi - 1].end;
    var prefix = startChar === 0 ? "" : "… ";
    var suffix = endChar >= text.length ? "" : " …";
    var marks = [];
    for (var k = lo; k < hi; k++) {
      if (hits[k]) marks.push([prefix.length + words[k].start - startChar, prefix.length + words[k].end - startChar]);
    }
    return { text: prefix + text.slice(startChar, endChar) + suffix, marks: marks };
  };

  Engine.prototype.hit = function (d, score, plan) {
    var doc = this.docs[d];
    var source = doc.b;
    if (plan && doc.x && doc.x.length) {
      var self = this;
      var inText = this.a.words(source).some(function (w) { return self.wordMatches(w.key, plan); });
      if (!inText) {
        for (var ex of doc.x) {
          if (this.a.words(ex).some(function (w) { return self.wordMatches(w.key, plan); })) { source = ex; break; }
        }
      }
    }
    var snip = this.snippet(source, plan);
    return { id: doc.id, kind: doc.k, title: doc.t, titled: doc.k === "term" || !!doc.h,
             crumb: doc.c, url: doc.u, rule: doc.r,
             score: score, snippet: snip.text, marks: snip.marks };
  };

  global.JudgeSearch = {
    Analyzer: Analyzer,
    Engine: Engine,
    editDistance: editDistance,
    create: function (data) { return new Engine(data || global.JUDGE_SEARCH_DATA); }
  };
})(typeof window !== "undefined" ? window : this);
