/* Partnership: typing one side's points fills the other's as the hand's points (data-total) minus, unless
   that box was typed in by hand. The server does the same when the box is left blank.
   A refused save comes back (htmx swap or a whole page) without the marks this script
   left: there, a box not typed in since and that added up with this one to the hand's
   points before this edit is still in step, so it keeps following (issue 26: it stayed
   at 170 and the next save was refused for "280 in all"). */
(function () {
  "use strict";
  function whole(text) {
    text = (text || "").trim();
    return /^[0-9]+$/.test(text) ? parseInt(text, 10) : null;
  }
  document.addEventListener("focusin", function (ev) {
    var el = ev.target;
    if (el.dataset && el.dataset.pair) { el.dataset.before = el.value; }
  });
  document.addEventListener("input", function (ev) {
    var el = ev.target;
    if (!el.dataset || !el.dataset.pair) { return; }
    delete el.dataset.auto;
    el.dataset.typed = "1";
    var before = whole(el.dataset.before);
    el.dataset.before = el.value;
    var other = document.getElementById(el.dataset.pair);
    if (!other) { return; }
    var total = parseInt(el.dataset.total, 10);
    var theirs = whole(other.value);
    var inStep = other.value.trim() === "" || other.dataset.auto === "1" ||
      (!other.dataset.typed && before !== null && theirs !== null && before + theirs === total);
    if (!inStep) { return; }
    var mine = whole(el.value);
    if (mine !== null && mine <= total) {
      other.value = String(total - mine);
      other.dataset.auto = "1";
    } else if (el.value.trim() === "") {
      other.value = "";
      other.dataset.auto = "1";
    }
  });
})();
