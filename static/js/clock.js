/* A round's clock, counted down on the page from the server's times: data-ends is when
   the round runs out (ms), data-now the server's clock when the page was made. The
   difference between the server's clock and this device's is taken once per render,
   so a phone or projector with a wrong clock still counts right. No requests. */
(function () {
  "use strict";

  function show(el) {
    var now = Number(el.dataset.now);
    if (el._seenNow !== now) {  // a fresh render (or a morph that changed the time)
      el._seenNow = now;
      el._skew = now - Date.now();
    }
    var left = Math.max(0, Math.round((Number(el.dataset.ends) - (Date.now() + el._skew)) / 1000));
    var text = left > 0 ? Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0")
                        : (el.dataset.upText || "0:00");
    if (el.textContent !== text) { el.textContent = text; }
    var box = el.closest("[data-clock]");
    if (box) { box.classList.toggle("time-up", left === 0); }
  }

  function tick() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-ends][data-now]"), show);
  }

  document.addEventListener("DOMContentLoaded", function () { tick(); setInterval(tick, 1000); });
  document.addEventListener("htmx:afterSwap", tick);
})();
