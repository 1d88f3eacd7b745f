/* Tavolo's pages work without this file. Its few words come from Django's JavaScript
   catalogue (/jsi18n/, loaded first by base.html), and stay English without it.
   It makes the Italian Whist split
   nicer: a live "n / 9" count, the submit button enabled at exactly 9, and the
   cards already picked kept when the board refreshes (another seat split) while
   this player is still choosing. */
(function () {
  "use strict";
  var kept = {}; // data-split key -> codes picked before a refresh

  function splitForm(root) {
    return (root || document).querySelector("form[data-split]");
  }

  function update(form) {
    var picked = form.querySelectorAll('input[name="first"]:checked');
    var choose = parseInt(form.getAttribute("data-choose"), 10) || 0;
    var count = form.querySelector("[data-split-count]");
    var submit = form.querySelector("[data-split-submit]");
    if (count) count.textContent = String(picked.length);
    if (submit) submit.disabled = picked.length !== choose;
    form.querySelectorAll("label.pick").forEach(function (label) {
      var box = label.querySelector("input");
      label.classList.toggle("is-picked", !!(box && box.checked));
    });
    var codes = [];
    picked.forEach(function (box) { codes.push(box.value); });
    kept[form.getAttribute("data-split")] = codes;
  }

  function restore(root) {
    var form = splitForm(root);
    if (!form) return;
    var codes = kept[form.getAttribute("data-split")] || [];
    form.querySelectorAll('input[name="first"]').forEach(function (box) {
      if (codes.indexOf(box.value) !== -1) box.checked = true;
    });
    update(form);
  }

  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form[data-split]");
    if (form) update(form);
  });
  // After htmx swaps in a new board (a poll or a move), put the picks back.
  document.addEventListener("htmx:afterSettle", function () { restore(document); });
  document.addEventListener("DOMContentLoaded", function () { restore(document); });
})();

/* Scopa and Tresette: a card with several legal plays opens its choices (the
   captures it may make, the signals it may carry) at once, without asking the
   server; tapping it again closes them. Without this script the card is sent as
   "choose" and the server answers with the choices open. */
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var card = event.target.closest && event.target.closest("button[data-choices]");
    if (!card) return;
    event.preventDefault();
    var form = card.closest("form");
    var panel = document.getElementById(card.getAttribute("data-choices"));
    if (!form || !panel) return;
    var opening = panel.hidden;
    form.querySelectorAll(".move-choices").forEach(function (other) { other.hidden = true; });
    form.querySelectorAll("button[data-choices]").forEach(function (other) {
      other.classList.remove("is-chosen");
      other.setAttribute("aria-expanded", "false");
    });
    if (opening) {
      panel.hidden = false;
      card.classList.add("is-chosen");
      card.setAttribute("aria-expanded", "true");
      var first = panel.querySelector("button");
      if (first && panel.scrollIntoView) panel.scrollIntoView({ block: "nearest" });
    }
  });
})();

/* Burraco and Scala 40: tapping a meld on the table aims the selected cards at it
   ("Add to meld" is set, and the meld check asked again); the selected cards look
   picked. Without this script the "Add to meld" list does the same. */
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var meld = event.target.closest && event.target.closest("button[data-meld]");
    if (!meld) return;
    var board = meld.closest(".board");
    var form = board && board.querySelector("form[data-rummy]");
    var select = form && form.querySelector('select[name="meld"]');
    if (!select) return;
    var aimed = select.value === meld.getAttribute("data-meld");
    select.value = aimed ? "" : meld.getAttribute("data-meld");
    board.querySelectorAll("button[data-meld]").forEach(function (other) {
      other.classList.toggle("is-aimed", !aimed && other === meld);
    });
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form[data-rummy]");
    if (!form) return;
    form.querySelectorAll("label.pick").forEach(function (label) {
      var box = label.querySelector("input");
      label.classList.toggle("is-picked", !!(box && box.checked));
    });
  });
})();

/* Invitation links: "Copy" puts the link on the clipboard (and selects it, so a
   long press works too where the clipboard is not allowed), then says "Copied ✓". */
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-copy]");
    if (!button) return;
    var input = document.getElementById(button.getAttribute("data-copy"));
    if (!input) return;
    input.focus();
    input.select();
    var done = function () {
      if (!button.hasAttribute("data-label")) button.setAttribute("data-label", button.textContent);
      button.textContent = button.getAttribute("data-copied") ||
        (window.gettext ? window.gettext("Copied") : "Copied");
      setTimeout(function () { button.textContent = button.getAttribute("data-label"); }, 2500);
    };
    var copied = false;
    try { copied = document.execCommand("copy"); } catch (error) { copied = false; }
    if (copied) {
      done();
    } else if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(input.value).then(done, function () {});
    }
  });

  // No inline handlers (the Content-Security-Policy forbids them): a button marked
  // data-print prints the page, a form marked data-confirm asks before it is sent.
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-print]");
    if (button) window.print();
  });
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var ask = form && form.getAttribute && form.getAttribute("data-confirm");
    if (ask && !window.confirm(ask)) event.preventDefault();
  });
})();
