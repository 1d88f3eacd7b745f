"""In Chromium, on a phone-sized page: log in, open a demo game, play a card, and see
the board update in place (htmx), not by reloading the page."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# Run in the live site's database (live_site.shell): who is to act in the demo's
# "Partnership whist, mid-deal" game, and the game's version.
WHOSE_TURN = """
import json
from tournaments.models import Game
from tournaments.services.demo import demo_game_id
from tournaments.services.game_store import read_state
game = Game.objects.get(pk=demo_game_id(0))
seat = read_state(game, lambda state: state.seats_to_act())[0]
print(json.dumps({
    "game": str(game.pk),
    "seat": seat,
    "username": game.seats.get(number=seat).player.user.username,
    "version": game.version,
    "status": game.status,
}))
"""

# The game's version now, and the first event after VERSION.
EVENT_AFTER = """
import json
from tournaments.models import Game, GameEvent
from tournaments.services.demo import demo_game_id
game = Game.objects.get(pk=demo_game_id(0))
events = GameEvent.objects.filter(game=game).order_by("sequence")[VERSION:]
print(json.dumps({"version": game.version, "event": events[0].payload if events else None}))
"""


def _json_line(output: str) -> Any:
    return json.loads(output.strip().splitlines()[-1])


# Slow (~25 s in CI): plays cards in Chromium and waits for the boards to update in
# place; when it runs first, it also starts the live site.
def test_playing_a_card_updates_the_board_in_place(live_site, phone_page, log_in, snap):
    page = phone_page
    live_site.manage("load_demo")
    turn = _json_line(live_site.shell(WHOSE_TURN))
    assert turn["status"] == "active", turn
    version = turn["version"]

    log_in(page, turn["username"])
    page.goto(f"/games/{turn['game']}/seat/{turn['seat']}/")
    board = page.locator("#board")
    expect(board).to_have_attribute("data-version", str(version))
    expect(page.locator("#board .turn--mine")).to_be_visible()
    hand = page.locator('#board section[aria-label="Your hand"] [data-card]')
    cards_before = hand.count()
    playable = page.locator("#board form.hand button[name=card]:enabled")
    assert playable.count() >= 1, "no playable card on the seat's page"
    card = playable.first.get_attribute("value")
    assert card
    snap(page, "before")

    # A full page load would forget this; an htmx swap of #board keeps it.
    page.evaluate("window.__tavoloSamePage = true")
    with page.expect_response(
        lambda r: r.request.method == "POST" and r.url.endswith("/act")
    ) as posted:
        page.locator(f'#board form.hand button[value="{card}"]').click()
    assert posted.value.status == 200
    assert posted.value.request.header_value("HX-Request") == "true"

    # The board now shows the game one event later (mid-deal: no new deal follows).
    expect(board).to_have_attribute("data-version", str(version + 1))
    expect(page.locator("#board .banner")).to_have_count(0)
    expect(hand).to_have_count(cards_before - 1)
    expect(
        page.locator(f'#board section[aria-label="Your hand"] [data-card="{card}"]')
    ).to_have_count(0)
    # On the table: in the trick, or in the last trick if it completed one.
    on_table = page.locator(
        f'#board .trick [data-card="{card}"], #board .last-trick [data-card="{card}"]'
    )
    expect(on_table.first).to_be_visible()
    expect(page.locator("#board .turn--mine")).to_have_count(0)  # the next seat's turn
    assert page.evaluate("window.__tavoloSamePage === true"), "the page was reloaded"
    snap(page, "after")

    # The move reached the server's database, as this seat's play of that card.
    after = _json_line(live_site.shell(EVENT_AFTER.replace("VERSION", str(version))))
    assert after["version"] == version + 1
    assert after["event"] == {"type": "play", "seat": turn["seat"], "card": card}
