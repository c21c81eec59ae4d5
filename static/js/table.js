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
    // Escape closes the keypad and puts focus back on its "Count my hand".
    details.addEventListener("keydown", function (ev) {
      if (ev.key !== "Escape" || !details.open) { return; }
      ev.preventDefault();
      details.open = false;
      details.querySelector("summary").focus();
    });
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

  /* After a refused save the page says why at the top of the form: take focus
     there, so a keyboard or screen-reader user starts from the reasons. */
  function focusErrors() {
    var box = document.getElementById("score-errors");
    if (box) { box.focus(); }
  }
  document.addEventListener("htmx:afterSettle", function (ev) {
    var elt = ev.detail && ev.detail.elt;
    if (elt && elt.id === "sheet") { focusErrors(); }
  });
  focusErrors();

  document.addEventListener("click", function (ev) {
    var out = ev.target.closest && ev.target.closest("button.went-out");
    if (!out) { return; }
    ev.preventDefault();
    var input = document.getElementById(out.dataset.target);
    if (input) { input.value = "0"; input.focus(); }
  });

  /* Weak Wi-Fi. A save that can't reach the server is kept in this phone's
     storage (across a reload) and sent again by itself, with the same retry
     key, until the server answers; the banner at the top says where it stands.
     No service worker: a laptop's LAN address over http isn't a secure context. */
  var UNSENT = "rookery:unsent:" + location.pathname;
  var RETRY_MS = 5000;
  var retryTimer = null;
  var resending = false;

  function store(value) {
    try {
      if (value) { localStorage.setItem(UNSENT, JSON.stringify(value)); }
      else { localStorage.removeItem(UNSENT); }
    } catch (e) { /* private browsing or a full storage: the typed form still holds it */ }
  }
  function unsent() {
    try { return JSON.parse(localStorage.getItem(UNSENT) || "null"); } catch (e) { return null; }
  }

  function banner(kind, text) {
    var el = document.getElementById("send-failed");
    if (!el) { return; }
    if (!kind) { el.hidden = true; return; }
    el.className = "send-banner " + kind;
    el.querySelector(".send-text").textContent = text;
    el.querySelector(".send-retry").hidden = kind !== "bad";
    el.hidden = false;
  }

  function scoreForm() { return document.querySelector("form.score-form"); }
  function fieldsOf(form) {
    var pairs = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken") { pairs.push([name, String(value)]); }
    });
    return pairs;
  }
  function fill(form, pairs) {
    pairs.forEach(function (pair) {
      var input = form.querySelector('[name="' + pair[0] + '"]:not(button)');
      if (input) { input.value = pair[1]; }
      else {
        input = document.createElement("input");
        input.type = "hidden"; input.name = pair[0]; input.value = pair[1];
        form.appendChild(input);
      }
    });
  }

  function keep(form) {
    store({ fields: fieldsOf(form), at: Date.now() });
    banner("bad", "Not saved, will retry. This phone can't reach Rookery; your scores are kept here and sent as soon as it can.");
    schedule();
  }
  function schedule() {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(resend, RETRY_MS);
  }
  function csrfToken() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; }
    catch (e) { return ""; }
  }
  function showAnswer(html) {
    var sheet = document.getElementById("sheet");
    if (sheet) {
      sheet.outerHTML = html;
      sheet = document.getElementById("sheet");
      if (window.htmx && sheet) { window.htmx.process(sheet); }
      buildAll();
      focusErrors();
    }
    var refused = document.querySelector("form.score-form .errorlist-box");
    var notice = document.querySelector("#sheet .notice");
    var said = notice ? notice.textContent.trim() : "";
    if (refused) {
      banner("warn", "Your scores reached Rookery but weren't saved: fix what's marked below.");
    } else if (/not saved/i.test(said)) {
      banner("warn", said);
    } else {
      banner("ok", "Sent. " + (said || "Your scores reached Rookery."));
    }
  }
  // Send the kept scores exactly as they were typed: same fields, same retry key.
  function resend() {
    var pending = unsent();
    if (!pending || resending) { return; }
    if (navigator.onLine === false) { schedule(); return; }
    var body = new URLSearchParams();
    pending.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    resending = true;
    banner("wait", "Sending your kept scores again…");
    fetch(location.pathname, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "HX-Request": "true", "HX-Target": "sheet", "X-CSRFToken": csrfToken() }
    }).then(function (response) {
      if (response.status >= 500) { throw new Error("server unavailable"); }
      return response.text().then(function (html) {
        resending = false;
        store(null);
        clearTimeout(retryTimer);
        // A refusal (422, 409) is the sheet again with its reasons: shown like a save.
        if (response.ok || /^\s*<div id="sheet"/.test(html)) { showAnswer(html); }
        else { banner("warn", "Rookery refused these scores (" + response.status + "): reload the page and enter them again."); }
      });
    }).catch(function () {
      resending = false;
      banner("bad", "Not saved, will retry. Still no connection to Rookery; your scores are kept on this phone.");
      schedule();
    });
  }

  function fromScoreForm(ev) {
    var elt = ev.detail && ev.detail.elt;
    return elt && elt.matches && elt.matches("form.score-form");
  }
  function failed(ev) {
    if (fromScoreForm(ev)) { keep(ev.detail.elt); return; }
    var elt = ev.detail && ev.detail.elt;
    if (elt && elt.tagName === "FORM") {
      banner("bad", "Not sent: this phone couldn't reach Rookery. Check the Wi-Fi and tap the button again.");
    }
  }
  document.addEventListener("htmx:sendError", failed);
  document.addEventListener("htmx:timeout", failed);
  document.addEventListener("htmx:responseError", function (ev) {
    var status = ev.detail.xhr ? ev.detail.xhr.status : 0;
    // A proxy answering for a server that is down: the same as no connection.
    if (fromScoreForm(ev) && (status === 0 || status >= 500)) { keep(ev.detail.elt); return; }
    failed(ev);
  });
  document.addEventListener("htmx:beforeRequest", function (ev) {
    if (ev.detail && ev.detail.elt && ev.detail.elt.tagName === "FORM") { banner(null); }
  });
  document.addEventListener("htmx:afterRequest", function (ev) {
    // The player tapped Save again and it got through: nothing is waiting any more.
    if (fromScoreForm(ev) && ev.detail.successful) { store(null); clearTimeout(retryTimer); }
  });

  document.addEventListener("click", function (ev) {
    if (ev.target.closest && ev.target.closest(".send-retry")) { resend(); }
  });
  window.addEventListener("online", resend);
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) { resend(); }
  });

  // After a reload: put the unsent scores back in the form and try again.
  var pending = unsent();
  if (pending) {
    var form = scoreForm();
    if (form) { fill(form, pending.fields); }
    banner("bad", "Not saved, will retry. Your scores from before the reload are kept on this phone.");
    setTimeout(resend, 500);
  }
})();
