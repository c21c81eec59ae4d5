/* The projector board pages through a field too long for the screen, on a
   timer, and keeps its page when htmx swaps in fresh scores. */
(function () {
  "use strict";
  var SECONDS = 8;
  var page = 0;

  function layout() {
    var board = document.getElementById("board");
    if (!board) { return; }
    var rows = Array.prototype.slice.call(board.querySelectorAll(".board-row"));
    var list = board.querySelector(".board-rows");
    if (!rows.length || !list) { return; }
    rows.forEach(function (r) { r.hidden = false; });
    var top = list.getBoundingClientRect().top;
    var room = window.innerHeight - top - 8;
    var height = rows[0].getBoundingClientRect().height || 1;
    var per = Math.max(1, Math.floor(room / height));
    var pages = Math.ceil(rows.length / per);
    if (page >= pages) { page = 0; }
    rows.forEach(function (r, i) { r.hidden = Math.floor(i / per) !== page; });
    var label = board.querySelector(".board-page-no");
    if (label) { label.textContent = pages > 1 ? " · page " + (page + 1) + " of " + pages : ""; }
    return pages;
  }

  function tick() {
    var pages = layout() || 1;
    page = (page + 1) % pages;
  }

  document.addEventListener("DOMContentLoaded", function () { layout(); setInterval(tick, SECONDS * 1000); });
  document.addEventListener("htmx:afterSwap", layout);
  window.addEventListener("resize", layout);
})();
