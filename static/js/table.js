/* The table page's small helpers: "went out", "count my hand", and saying
   plainly when a submit did not reach the server. The page works without it. */
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  if (window.htmx) {
    window.htmx.config.timeout = 15000;
  }

  function cardValues() {
    var el = document.getElementById("card-values");
    return el ? JSON.parse(el.textContent) : {};
  }

  function buildCounter(details) {
    var values = cardValues();
    var cards = [];
    var keys = document.createElement("div");
    keys.className = "counter-keys";
    Object.keys(values).forEach(function (card) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "card-key";
      b.dataset.card = card;
      b.textContent = card === "rook" ? "Rook" : card;
      keys.appendChild(b);
    });
    var line = document.createElement("p");
    line.className = "counter-line";
    line.setAttribute("aria-live", "polite");
    var actions = document.createElement("div");
    actions.className = "counter-actions";
    var undo = document.createElement("button");
    undo.type = "button";
    undo.textContent = "Undo";
    var use = document.createElement("button");
    use.type = "button";
    use.className = "primary";
    actions.appendChild(undo);
    actions.appendChild(use);
    details.appendChild(keys);
    details.appendChild(line);
    details.appendChild(actions);

    function total() {
      return cards.reduce(function (sum, c) { return sum + values[c]; }, 0);
    }
    function show() {
      var names = cards.map(function (c) { return c === "rook" ? "Rook" : c; });
      line.textContent = cards.length ? names.join(" + ") + " = " + total() : "Tap each card left in the hand.";
      use.textContent = "Use " + total();
      use.disabled = !cards.length;
    }
    keys.addEventListener("click", function (ev) {
      var key = ev.target.closest(".card-key");
      if (key) { cards.push(key.dataset.card); show(); }
    });
    undo.addEventListener("click", function () { cards.pop(); show(); });
    use.addEventListener("click", function () {
      var input = document.getElementById(details.dataset.for);
      if (input) { input.value = String(total()); input.focus(); }
      cards = [];
      show();
      details.open = false;
    });
    show();
  }

  function buildAll() {
    var counters = document.querySelectorAll("details.counter:not([data-built])");
    Array.prototype.forEach.call(counters, function (d) {
      d.dataset.built = "1";
      buildCounter(d);
    });
  }
  buildAll();
  document.addEventListener("htmx:afterSettle", buildAll);

  document.addEventListener("click", function (ev) {
    var out = ev.target.closest && ev.target.closest("button.went-out");
    if (!out) { return; }
    ev.preventDefault();
    var input = document.getElementById(out.dataset.target);
    if (input) { input.value = "0"; input.focus(); }
  });

  function banner(show) {
    var el = document.getElementById("send-failed");
    if (el) { el.hidden = !show; }
  }
  function failed(ev) {
    if (ev.detail && ev.detail.elt && ev.detail.elt.tagName === "FORM") { banner(true); }
  }
  document.addEventListener("htmx:sendError", failed);
  document.addEventListener("htmx:timeout", failed);
  document.addEventListener("htmx:responseError", failed);
  document.addEventListener("htmx:beforeRequest", function (ev) {
    if (ev.detail && ev.detail.elt && ev.detail.elt.tagName === "FORM") { banner(false); }
  });
})();
