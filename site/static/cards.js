/* judge_tool rules site: the card index filter (type, colour, keyword). Without
 * JavaScript the whole list shows; nothing here is fetched. */
(function () {
  "use strict";
  var form = document.querySelector(".card-filter");
  var rows = Array.prototype.slice.call(document.querySelectorAll("table.cards tbody tr"));
  if (!form || !rows.length) return;
  var count = form.querySelector(".card-count");
  function apply() {
    var type = form.elements.type.value, color = form.elements.color.value, kw = form.elements.keyword.value;
    var shown = 0;
    rows.forEach(function (row) {
      var ok = (!type || row.dataset.type === type) && (!color || row.dataset.color === color) &&
        (!kw || (" " + row.dataset.keywords + " ").indexOf(" " + kw + " ") >= 0);
      row.hidden = !ok;
      if (ok) shown++;
    });
    count.textContent = shown + " kart";
  }
  form.hidden = false;
  form.addEventListener("change", apply);
  form.addEventListener("submit", function (e) { e.preventDefault(); });
  var params = new URLSearchParams(window.location.search);
  ["type", "color", "keyword"].forEach(function (k) { if (params.get(k)) form.elements[k].value = params.get(k); });
  apply();
})();
