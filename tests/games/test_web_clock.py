"""The clock on the game pages (templates/games/_clock.html): every seat's time,
the running one marked with its deadline for static/js/clock.js."""

from __future__ import annotations

import re

from tests.support.tables import table_game
from tournaments.services import clocks


def test_a_timed_games_pages_show_every_seats_clock(client, db):
    game = table_game(time_control={"kind": "move", "seconds": 90, "on_timeout": "auto"})
    page = client.get(f"/games/{game.pk}/").content.decode()
    section = re.search(r'<section class="clock".*?</section>', page, re.S)
    assert section, page
    html = section.group(0)
    assert "1 min 30 s" not in html  # figures as a clock shows them
    assert "Seat 1" in html and "Seat 2" in html
    assert re.search(r'data-now="\d{13}"', html)
    running = re.findall(r'clock-seat--running" data-deadline="(\d+)"', html)
    clock = clocks.clock_of(game)
    assert clock is not None and [int(d) for d in running] == [
        clock.deadline_of(s) for s in clock.running
    ]
    assert re.findall(r"data-clock-time>(\d+:\d\d)<", html)[0] in ("1:30", "1:29")
    assert "a move" in html


def test_an_untimed_game_shows_no_clock(client, db):
    game = table_game()
    assert 'class="clock"' not in client.get(f"/games/{game.pk}/").content.decode()


def test_mm_ss_reads_like_a_clock():
    assert clocks.mm_ss(0) == "0:00"
    assert clocks.mm_ss(1) == "0:01"
    assert clocks.mm_ss(65_000) == "1:05"
    assert clocks.mm_ss(3_723_000) == "1:02:03"


def test_the_log_says_which_move_the_clock_made(client, db, monkeypatch):
    from tournaments.services import table_driver

    monkeypatch.setattr(table_driver, "dispatch", lambda plan: None)
    game = table_game(time_control={"kind": "move", "seconds": 5, "on_timeout": "auto"})
    real = clocks.now_ms
    monkeypatch.setattr(clocks, "now_ms", lambda: real() + 6000)
    assert table_driver.run("timeout", game.pk, game.version)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "(time ran out: played automatically)" in page
    api = client.get(f"/api/games/{game.pk}/events").json()
    assert [e["actor"] for e in api["events"]][-1] == "clock"
    assert {e["actor"] for e in api["events"][:-1]} == {None}
