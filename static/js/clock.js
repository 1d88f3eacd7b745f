/* Game clocks (templates/games/_clock.html): the running seats count down.
 *
 * The server renders every figure, so the page is right without this script. Each
 * running seat carries data-deadline (ms since the epoch, the server's clock) and
 * its clock section data-now (the server's time when it rendered): the difference
 * between data-now and this device's time when the section first appears is the
 * device's error, so a phone whose clock is wrong still counts down correctly.
 * Boards are swapped in by polling (or pushed), so every tick looks the clocks up
 * afresh.
 */
(function () {
  "use strict";

  function mmss(ms) {
    var seconds = Math.max(0, Math.ceil(ms / 1000));
    var hours = Math.floor(seconds / 3600);
    var minutes = Math.floor((seconds % 3600) / 60);
    var rest = seconds % 60;
    var two = function (n) { return (n < 10 ? "0" : "") + n; };
    return hours ? hours + ":" + two(minutes) + ":" + two(rest) : minutes + ":" + two(rest);
  }

  function tick() {
    var sections = document.querySelectorAll(".clock[data-now]");
    for (var i = 0; i < sections.length; i++) {
      var section = sections[i];
      if (!section.hasAttribute("data-skew")) {
        section.setAttribute("data-skew", String(Number(section.getAttribute("data-now")) - Date.now()));
      }
      var serverNow = Date.now() + Number(section.getAttribute("data-skew"));
      var running = section.querySelectorAll(".clock-seat[data-deadline]");
      for (var j = 0; j < running.length; j++) {
        var left = Number(running[j].getAttribute("data-deadline")) - serverNow;
        var time = running[j].querySelector("[data-clock-time]");
        var shown = mmss(left);
        if (time && time.textContent !== shown) {
          time.textContent = shown;
        }
        running[j].classList.toggle("clock-seat--low", left <= 10000);
      }
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    tick();
    window.setInterval(tick, 250);
  });
})();
