/* The desk screen: after a table's block comes back, the cursor goes where the desk
   types next. Saved: the next table's first score (or "Back to round" after the
   last). Refused: the first score named by a problem, with what was typed kept. */
(function () {
  "use strict";
  function firstField(block) {
    return block.querySelector("input[aria-invalid=true]") ||
      block.querySelector("input[type=text]:not([readonly])");
  }
  document.addEventListener("htmx:afterSettle", function (ev) {
    var old = ev.detail.target;
    var block = old && old.id ? document.getElementById(old.id) : null;
    if (!block || !block.classList.contains("desk-table")) { return; }
    if (block.dataset.saved) {
      var all = Array.prototype.slice.call(document.querySelectorAll(".desk-table"));
      var next = all[all.indexOf(block) + 1];
      var target = next ? firstField(next) : document.getElementById("desk-done");
      if (target) { target.focus(); if (target.select) { target.select(); } }
      return;
    }
    var field = firstField(block);
    if (field) { field.focus(); }
  });
})();
