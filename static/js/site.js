/* Small helpers every page may use; loaded as a file because the
   Content-Security-Policy allows no inline script. */
(function () {
  "use strict";
  document.addEventListener("click", function (ev) {
    var button = ev.target.closest && ev.target.closest("[data-print]");
    if (button) { window.print(); }
  });
})();
