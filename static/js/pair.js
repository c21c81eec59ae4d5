/* Partnership: typing one side's points fills the other's as the hand's points (data-total) minus, unless
   that box was typed in by hand. The server does the same when the box is left blank. */
(function () {
  "use strict";
  document.addEventListener("input", function (ev) {
    var el = ev.target;
    if (!el.dataset || !el.dataset.pair) { return; }
    delete el.dataset.auto;
    var other = document.getElementById(el.dataset.pair);
    if (!other || (other.value.trim() !== "" && other.dataset.auto !== "1")) { return; }
    var text = el.value.trim();
    var total = parseInt(el.dataset.total, 10);
    if (/^[0-9]+$/.test(text) && parseInt(text, 10) <= total) {
      other.value = String(total - parseInt(text, 10));
      other.dataset.auto = "1";
    } else if (text === "") {
      other.value = "";
      other.dataset.auto = "1";
    }
  });
})();
