"""Two browsers at one timed table (issue 16): both see the clock; when a seat's time
runs out, the clock's move appears on both pages without a reload.

The game is made in the site's database (live_site.shell) with a per-move clock of
5 seconds (the shortest allowed). The site runs Celery eagerly, so the deadline is
kept by a timer in the server process, planned when the first card is played there.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

MAKE_GAME = """
import json, uuid
from django.contrib.auth import get_user_model
from tournaments.models import Player
from tournaments.services.games import create_game, start_game
from tournaments.services.game_store import read_state
from tournaments.services.seats import seat_by_authority
tag = uuid.uuid4().hex[:6]
game = create_game(game_type="briscola", players=2,
                   time_control={"kind": "move", "seconds": 5, "on_timeout": "auto"})
names = []
for seat in range(2):
    user = get_user_model().objects.create_user(f"clock{seat}-{tag}", password="tavolo-demo")
    seat_by_authority(game, seat, Player.objects.create(name=f"Clock {seat + 1} {tag}", user=user))
    names.append(user.username)
game = start_game(game.pk)
game.refresh_from_db()
seat = read_state(game, lambda state: state.seats_to_act())[0]
print(json.dumps({"game": str(game.pk), "seat": seat, "users": names, "version": game.version}))
"""

ACTOR_OF = """
from tournaments.models import GameEvent
print(GameEvent.objects.get(game_id="GAME", sequence=SEQUENCE).actor)
"""


def _json_line(output: str) -> Any:
    return json.loads(output.strip().splitlines()[-1])


def _version_at_least(page: Any, version: int, timeout: float) -> None:
    page.wait_for_function(
        "v => Number(document.querySelector('#board').dataset.version) >= v",
        arg=version,
        timeout=timeout,
    )


# Slow (~15 s): waits for a 5-second clock to run out, on two pages.
def test_a_clock_runs_out_and_its_move_appears_on_both_pages(
    live_site, page, phone_page, log_in, snap
):
    made = _json_line(live_site.shell(MAKE_GAME))
    first, version = made["seat"], made["version"]
    other = 1 - first
    log_in(page, made["users"][first])
    log_in(phone_page, made["users"][other])
    page.goto(f"/games/{made['game']}/seat/{first}/")
    phone_page.goto(f"/games/{made['game']}/seat/{other}/")
    for each in (page, phone_page):
        clock = each.locator("#board .clock")
        expect(clock).to_be_visible()
        expect(clock.locator(".clock-seat")).to_have_count(2)
        expect(clock.locator(".clock-seat--running")).to_contain_text(f"Seat {first + 1}")
    # The running clock counts down in the browser.
    running = page.locator("#board .clock-seat--running [data-clock-time]")
    expect(running).not_to_have_text("0:05", timeout=3000)
    snap(phone_page, "clock-phone")

    page.locator("#board form.hand button[name=card]:enabled").first.click()
    for each in (page, phone_page):
        _version_at_least(each, version + 1, 5000)
    expect(phone_page.locator("#board .clock-seat--running")).to_contain_text(f"Seat {other + 1}")

    # Nobody plays for the other seat: after 5 s the clock plays for it, on both pages.
    for each in (page, phone_page):
        _version_at_least(each, version + 2, 12_000)
    actor = live_site.shell(
        ACTOR_OF.replace("GAME", made["game"]).replace("SEQUENCE", str(version + 1))
    )
    assert actor.strip().splitlines()[-1] == "clock"
    snap(page, "after-timeout")
