/* Small helpers every page may use; loaded as a file because the
   Content-Security-Policy allows no inline script. */
(function () {
  "use strict";
  document.addEventListener("click", function (ev) {
    var button = ev.target.closest && ev.target.closest("[data-print]");
    if (button) { window.print(); }
  });

  /* A page that opens with an error summary (a refused save without htmx) starts
     there, so a keyboard or screen-reader user hears the reasons first. */
  function focusSummary() {
    var box = document.querySelector("[data-error-summary]");
    if (box && !box.contains(document.activeElement)) { box.focus(); }
  }
  /* A summary's link to a field puts the cursor in that field, not only scrolls to it. */
  document.addEventListener("click", function (ev) {
    var link = ev.target.closest && ev.target.closest("[data-error-summary] a[href^='#']");
    var field = link && document.getElementById(link.getAttribute("href").slice(1));
    if (field) { ev.preventDefault(); field.focus(); }
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", focusSummary);
  } else {
    focusSummary();
  }

  /* An answer that sends the page elsewhere (HX-Redirect, HX-Refresh: a seating done,
     or ended without a plan) stops this page's polls: the next page may take seconds to
     load (a 2,500-player night's movement cards), and each poll meanwhile answered
     with the redirect again, starting the load over, so none ever finished. */
  var leaving = false;
  document.addEventListener("htmx:beforeOnLoad", function (ev) {
    var xhr = ev.detail && ev.detail.xhr;
    if (xhr && (xhr.getResponseHeader("HX-Redirect") || xhr.getResponseHeader("HX-Refresh") === "true")) {
      leaving = true;
    }
  });
  document.addEventListener("htmx:beforeRequest", function (ev) {
    if (leaving) { ev.preventDefault(); }
  });
  /* Back to this page from the browser's cache: it polls again. */
  window.addEventListener("pageshow", function (ev) {
    if (ev.persisted) { leaving = false; }
  });

  /* Refused htmx requests (4xx) say why. htmx drops error answers, so a host who
     moved a player to table 9 saw nothing at all. Two kinds of answer come back:
     - the region again, holding the form with its errors and what was typed: it is
       swapped in as if it had succeeded;
     - a short message (includes/refusal.html, or an error page): it goes into a
       role=alert area at the top of the form that asked, which keeps what was typed. */
  var GENERIC = {
    400: "Rookery could not read that request. Reload the page and try again.",
    403: "Not allowed: your sign-in may have ended. Reload the page and sign in again.",
    404: "That is no longer there. Reload the page.",
    409: "Something changed meanwhile. Reload the page and try again.",
    413: "Too much to send at once: nothing was saved.",
    429: "Too many tries: wait a minute and try again."
  };

  function parse(html) {
    return new DOMParser().parseFromString(html || "", "text/html");
  }

  function messageOf(doc, status) {
    var alert = doc.querySelector("[role=alert], .errorlist-box, .message.error, .notice.bad");
    var text = alert ? alert.textContent : "";
    if (!text.trim() && GENERIC[status]) { return GENERIC[status]; }
    if (!text.trim()) {
      var main = doc.querySelector("main");
      var heading = main && main.querySelector("h1");
      var para = main && main.querySelector("h1 ~ p");
      text = [heading, para].filter(Boolean).map(function (el) { return el.textContent; }).join(": ");
    }
    text = text.replace(/\s+/g, " ").trim();
    return text || GENERIC[status] || "Not done (" + status + "). Reload the page and try again.";
  }

  function messageArea(elt, target) {
    var form = elt && elt.closest ? elt.closest("form") : null;
    var home = form || target || elt;
    var area = home.querySelector(":scope > .htmx-refusal");
    if (!area && !form && home.previousElementSibling &&
        home.previousElementSibling.classList.contains("htmx-refusal")) {
      area = home.previousElementSibling;
    }
    if (!area) {
      area = document.createElement("div");
      area.className = "htmx-refusal message error";
      area.setAttribute("role", "alert");
      area.tabIndex = -1;
      if (form) { form.insertBefore(area, form.firstChild); }
      else { home.parentNode.insertBefore(area, home); }  // a polled region: beside it, not in it
    }
    return area;
  }

  var refusedTarget = null;
  document.addEventListener("htmx:beforeSwap", function (ev) {
    var d = ev.detail;
    var status = d.xhr ? d.xhr.status : 0;
    var elt = (d.requestConfig && d.requestConfig.elt) || d.elt;
    if (status >= 200 && status < 300) {
      var stale = elt && elt.closest && !elt.closest("form") && d.target &&
        d.target.previousElementSibling;
      if (stale && stale.classList.contains("htmx-refusal")) { stale.remove(); }
      return;
    }
    if (status < 400 || status >= 500) { return; }
    var doc = parse(d.serverResponse);
    var id = d.target && d.target.id;
    if (id && doc.getElementById(id)) {
      d.shouldSwap = true;
      d.isError = false;
      refusedTarget = id;
      return;
    }
    d.shouldSwap = false;
    d.isError = false;  // said below; not a lost connection
    var area = messageArea(elt, d.target);
    var p = document.createElement("p");
    p.textContent = messageOf(doc, status);
    area.replaceChildren(p);
    if (elt && elt.tagName === "FORM") { area.focus(); }
  });

  /* After a refused form came back in its region, focus its error summary: the
     button pressed was swapped away, which would leave focus on the page body. */
  document.addEventListener("htmx:afterSettle", function (ev) {
    if (!refusedTarget) { return; }
    var region = document.getElementById(refusedTarget);
    refusedTarget = null;
    if (!region || (document.activeElement && document.activeElement !== document.body &&
                    region !== document.activeElement && document.body.contains(document.activeElement))) {
      return;
    }
    var box = region.querySelector("[role=alert]");
    if (box) {
      if (!box.hasAttribute("tabindex")) { box.tabIndex = -1; }
      box.focus();
    }
  });
})();
