/* The score-sheet page, offline-resilient (no framework).

   - What is typed in the next deal's form is kept in localStorage (per sheet and
     deal), so a reload or a dropped page does not lose it.
   - A submission gets a client_id once (crypto.randomUUID) and goes into a queue in
     localStorage before it is sent. It leaves the queue only when the server
     answered (saved, or refused with a reason); when the network is down it stays,
     and is sent again when the browser comes back online (and every 15 s). The
     server stores a client_id once, so sending it twice never doubles a deal.
   Without this file the forms post and redirect as usual.
   Its words come from Django's JavaScript catalogue (/jsi18n/, loaded by base.html);
   without it they stay in English. */
(function () {
  "use strict";
  var page = document.querySelector("[data-sheet]");
  if (!page) return;
  var code = page.getAttribute("data-sheet");
  var queueKey = "tavolo-sheet-queue:" + code;
  var draftKey = "tavolo-sheet-draft:" + code + ":";
  var noteKey = "tavolo-sheet-note:" + code;
  var sending = false;

  function gettext(text) {
    return window.gettext ? window.gettext(text) : text;
  }
  function interpolate(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (all, name) { return String(values[name]); });
  }

  function uuid() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return "xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx".replace(/[xy]/g, function (c) {
      var r = (Math.random() * 16) | 0;
      return (c === "x" ? r : (r & 0x3) | 0x8).toString(16);
    });
  }
  function load(key, fallback) {
    try { return JSON.parse(localStorage.getItem(key)) || fallback; } catch (e) { return fallback; }
  }
  function save(key, value) {
    try { localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* full or private */ }
  }
  function showQueue() {
    var box = page.querySelector("[data-sheet-queue]");
    if (box) box.hidden = load(queueKey, []).length === 0;
  }
  function showNote() {
    // A saved form's answer shows in the page's note; a refused one's as an error,
    // next to its form when it was the next deal's (whose typed values are kept).
    var note = null;
    try { note = JSON.parse(sessionStorage.getItem(noteKey)); } catch (e) { note = null; }
    sessionStorage.removeItem(noteKey);
    if (!note || !note.text) return;
    var box = page.querySelector("[data-sheet-message]");
    if (note.error) {
      var form = note.draft && page.querySelector('[data-sheet-draft="' + note.draft + '"]');
      box = (form && form.querySelector("[data-sheet-form-error]")) ||
        page.querySelector("[data-sheet-error]");
      if (form) {
        form.querySelectorAll('input[type="number"]').forEach(function (input) {
          input.setAttribute("aria-invalid", "true");
        });
      }
    }
    if (box) { box.textContent = note.text; box.hidden = false; }
  }

  function csrf() {
    var field = page.querySelector('input[name="csrfmiddlewaretoken"]');
    return field ? field.value : "";
  }

  function flush() {
    var queue = load(queueKey, []);
    if (sending || !queue.length) { showQueue(); return; }
    sending = true;
    var item = queue[0];
    fetch(page.getAttribute("data-act"), {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-CSRFToken": csrf(),
        "X-Tavolo-Queue": "1"
      },
      body: item.body
    }).then(function (response) {
      if (response.status >= 500) throw new Error("server " + response.status);
      return response.json().catch(function () { return {}; }).then(function (answer) {
        var rest = load(queueKey, []).filter(function (q) { return q.id !== item.id; });
        save(queueKey, rest);
        // Saved: the typed draft goes. Refused: it stays, to be corrected.
        if (item.draft && response.ok) localStorage.removeItem(draftKey + item.draft);
        sessionStorage.setItem(noteKey, JSON.stringify({
          text: answer.message ||
            interpolate(gettext("HTTP %(status)s"), { status: response.status }),
          error: !response.ok,
          draft: item.draft
        }));
        sending = false;
        if (rest.length) { flush(); } else { window.location.reload(); }
      });
    }).catch(function () {
      sending = false; // offline or the server is down: keep it for later
      showQueue();
    });
  }

  page.querySelectorAll("form[data-sheet-form]").forEach(function (form) {
    var draft = form.getAttribute("data-sheet-draft");
    if (draft) {
      var kept = load(draftKey + draft, {});
      Object.keys(kept).forEach(function (name) {
        var input = form.querySelector('[name="' + name + '"]');
        if (!input || input.type === "hidden") return;
        if (input.type === "checkbox") { input.checked = !!kept[name]; } else { input.value = kept[name]; }
      });
      form.addEventListener("input", function () {
        var values = {};
        form.querySelectorAll("input, select").forEach(function (input) {
          if (input.type === "checkbox") { values[input.name] = input.checked; }
          else if (input.type !== "hidden" && input.name) { values[input.name] = input.value; }
        });
        save(draftKey + draft, values);
      });
    }
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var id = form.querySelector('input[name="client_id"]');
      id.value = uuid(); // once per submission; the queue resends it with this id
      var data = new URLSearchParams(new FormData(form));
      data.delete("csrfmiddlewaretoken");
      var queue = load(queueKey, []);
      if (!queue.some(function (q) { return q.id === id.value; })) {
        queue.push({ id: id.value, body: data.toString(), draft: draft });
        save(queueKey, queue);
      }
      form.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
      showQueue();
      flush();
    });
  });

  window.addEventListener("online", flush);
  setInterval(flush, 15000);
  showNote();
  flush();
})();
