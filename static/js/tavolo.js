/* Tavolo's pages work without this file; it only makes the Italian Whist split
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
