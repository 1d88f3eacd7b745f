/* Live updates pushed over a websocket, with polling as the fallback.

   An element with data-live="/ws/…/" (a seat's board, the public board, the
   invitations' seats, the standings) also carries hx-get and
   hx-trigger="every Ns, live": htmx alone polls it, as before, and the page works
   without this file. With it:

   - one websocket per data-live address (shared by the elements that name it); a
     message carries public facts only ({"kind": "game", "version": 12, "status":
     "active"}); when it says something newer than the element's data-version (or
     data-status), the element is refreshed at once: htmx.trigger(el, "live"), and
     the endpoint decides what this viewer sees;
   - while that socket is open, the element's polls are cancelled
     (htmx:beforeRequest without a triggering event is htmx's "every" timer);
   - when the socket drops, polling resumes as it was; the socket is opened again
     with a growing pause (0.5 s, 1 s, 2 s … at most 15 s), and once it is back,
     polling stops and the element is fetched once (the server answers 204 when
     nothing changed). */
(function () {
  "use strict";
  var sockets = {}; // address -> {socket, open, wait, timer, opened}
  var MAX_WAIT = 15000;
  // Set once a form is sent the old way (not by htmx): the page is on its way to the
  // form's answer, so it refreshes nothing more. A refresh answered after that could
  // navigate too (a started game's redirect) and load the next page a second time,
  // without the notice the form's answer carried.
  var leaving = false;

  function url(address) {
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    return scheme + window.location.host + address;
  }

  function elementsOf(address) {
    return Array.prototype.filter.call(
      document.querySelectorAll("[data-live]"),
      function (el) { return el.getAttribute("data-live") === address; }
    );
  }

  function newer(el, message) {
    var shown = el.getAttribute("data-version");
    if (typeof message.version !== "number" || !/^\d+$/.test(shown || "")) return true;
    if (message.version > parseInt(shown, 10)) return true;
    var status = el.getAttribute("data-status");
    return !!(message.status && status && message.status !== status);
  }

  function refresh(el) {
    if (window.htmx && !leaving) window.htmx.trigger(el, "live");
  }

  function setState(address, state) {
    elementsOf(address).forEach(function (el) { el.setAttribute("data-live-state", state); });
  }

  function open(address) {
    var entry = sockets[address];
    if (!("WebSocket" in window)) return; // polling alone
    var socket;
    try {
      socket = new WebSocket(url(address));
    } catch (error) {
      retry(address);
      return;
    }
    entry.socket = socket;
    socket.onopen = function () {
      var again = entry.opened;
      entry.open = true;
      entry.opened = true;
      entry.wait = 500;
      setState(address, "open");
      // Back after a drop: fetch once, whatever the greeting says.
      if (again) elementsOf(address).forEach(refresh);
    };
    socket.onmessage = function (event) {
      var message;
      try { message = JSON.parse(event.data); } catch (error) { return; }
      elementsOf(address).forEach(function (el) {
        if (newer(el, message)) refresh(el);
      });
    };
    socket.onclose = function () {
      entry.open = false;
      entry.socket = null;
      setState(address, "polling");
      retry(address);
    };
  }

  function retry(address) {
    var entry = sockets[address];
    if (entry.timer) return;
    if (!elementsOf(address).length) { delete sockets[address]; return; }
    entry.timer = window.setTimeout(function () {
      entry.timer = null;
      open(address);
    }, entry.wait);
    entry.wait = Math.min(entry.wait * 2, MAX_WAIT);
  }

  function watch(root) {
    var found = [];
    if (root.matches && root.matches("[data-live]")) found.push(root);
    if (root.querySelectorAll) {
      Array.prototype.push.apply(found, root.querySelectorAll("[data-live]"));
    }
    found.forEach(function (el) {
      var address = el.getAttribute("data-live");
      if (!address) return;
      if (sockets[address]) {
        el.setAttribute("data-live-state", sockets[address].open ? "open" : "polling");
        return;
      }
      sockets[address] = { socket: null, open: false, wait: 500, timer: null, opened: false };
      open(address);
    });
  }

  // A poll of an element whose socket is open is not needed: cancel it.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var el = event.detail && event.detail.elt;
    if (!el || !el.getAttribute || !el.getAttribute("data-live")) return;
    var entry = sockets[el.getAttribute("data-live")];
    var triggering = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
    if (leaving || (entry && entry.open && !triggering)) event.preventDefault();
  });

  // tavolo.js's handler runs first: a form whose question was answered "no" is
  // defaultPrevented and goes nowhere.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (event.defaultPrevented || !form || !form.hasAttribute) return;
    if (form.hasAttribute("hx-post") || form.hasAttribute("hx-get")) return;
    leaving = true;
  });
  // Back to this page from the history cache: it is live again.
  window.addEventListener("pageshow", function () { leaving = false; });

  // Boards are replaced as they refresh: pick up each new one (and the first page).
  document.addEventListener("htmx:load", function (event) { watch(event.target); });
  document.addEventListener("DOMContentLoaded", function () { watch(document); });
})();
