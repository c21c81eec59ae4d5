/* "Tick all" on the players page's roster list: one box ticks or clears every
   person below; ticking people one by one keeps it true to what is ticked. Without
   JavaScript the box still works: sent ticked, the server adds everyone listed. */
(function () {
  "use strict";
  function group(el) {
    var set = el.closest && el.closest(".roster-pick");
    if (!set) { return null; }
    return {
      all: set.querySelector("input[name=tick_all]"),
      boxes: Array.prototype.slice.call(set.querySelectorAll("input[name=roster]"))
    };
  }
  function follow(g, changed) {
    if (changed === g.all) {
      g.boxes.forEach(function (box) { box.checked = g.all.checked; });
      g.all.indeterminate = false;
      return;
    }
    var ticked = g.boxes.filter(function (box) { return box.checked; }).length;
    g.all.checked = ticked === g.boxes.length;
    g.all.indeterminate = ticked > 0 && ticked < g.boxes.length;
  }
  document.addEventListener("change", function (ev) {
    var g = group(ev.target);
    if (g && g.all) { follow(g, ev.target); }
  });
  /* A page sent back with "tick all" on (a question to answer first) shows it ticked. */
  document.addEventListener("DOMContentLoaded", function () {
    var all = document.querySelector(".roster-pick input[name=tick_all]");
    var g = all && group(all);
    if (g && all.checked) { follow(g, all); }
  });
})();
