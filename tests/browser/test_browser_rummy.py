"""In Chromium: the Burraco and Scala 40 boards at 360 px and on a desktop (no
sideways scrolling), cards selected by tapping with the server's meld check shown
under the selection, and a meld tapped to aim an addition at it."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.test_browser_scopa import PASSWORD, SET_UP, _json_line, _no_sideways_scroll

pytestmark = pytest.mark.browser


def _set_up(live_site: Any, game: str, players: int, wanted: str, seed: int) -> Any:
    code = (
        SET_UP.replace(
            'cards = [e["card"] for e in legal]', 'cards = [e.get("card") for e in legal]'
        )
        .replace("GAME", game)
        .replace("PLAYERS", str(players))
        .replace("PASSWORD", PASSWORD)
        .replace("SEED", str(seed))
        .replace("WANTED", wanted)
    )
    return _json_line(live_site.shell(code))


# Slow (~12-20 s a game in CI): loads a game into the live site and checks its board in
# Chromium at phone and desktop width.
@pytest.mark.parametrize(("game", "players"), [("burraco", 4), ("scala40", 3)])
def test_rummy_boards_fit_a_phone_and_a_desktop_and_check_a_selection(
    live_site, phone_page, page, log_in, snap, game, players
):
    # The deal is the server's own random one, so wait for a turn whose hand holds at
    # least two distinct cards to discard: a hand down to its last card has one pick.
    wanted = "step >= 45 and len({e.get('card') for e in legal if e['type'] == 'discard'}) >= 2"
    turn = _set_up(live_site, game, players, wanted, seed=5)
    for name, tab in (("phone", phone_page), ("desktop", page)):
        log_in(tab, turn["username"], PASSWORD)
        tab.goto(f"/games/{turn['game']}/seat/{turn['seat']}/")
        expect(tab.locator("#board .turn--mine")).to_be_visible()
        expect(tab.locator("#board .rummy-table")).to_be_visible()
        _no_sideways_scroll(tab)
        snap(tab, f"{game}-{name}")
        picks = tab.locator("#board form[data-rummy] label.pick")
        assert picks.count() >= 2
        picks.nth(0).click()
        picks.nth(1).click()
        # Two cards are never a meld: the engine's reason shows under the selection.
        expect(tab.locator("#board .meld-check")).to_contain_text("at least 3 cards")
        expect(tab.locator("#board form[data-rummy] label.pick.is-picked")).to_have_count(2)
        aimable = tab.locator("#board button[data-meld]")
        if aimable.count():
            aimable.first.click()
            # (A burraco also carries meld--burraco: the deal is random, so match one class.)
            expect(aimable.first).to_have_class(re.compile(r"\bis-aimed\b"))
        _no_sideways_scroll(tab)
        snap(tab, f"{game}-{name}-selected")
