"""In Chromium at 360 px: an Italian player's Scopa and Briscola boards draw the
Italian deck (denari, coppe, spade, bastoni from the page's SVG sprite, Italian card
names for screen readers), fit the phone without sideways scrolling, and the small
form switches to French cards and back without JavaScript's help."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.test_browser_scopa import PASSWORD, _no_sideways_scroll, _set_up

pytestmark = pytest.mark.browser

ITALIAN_NAME = re.compile(r"\b(Asso|[2-7]|Fante|Cavallo|Re) di (denari|coppe|spade|bastoni)\b")


def _icons_are_drawn(page: Any) -> None:
    """Every suit icon of the board has a size and points at a symbol of the sprite."""
    icons = page.locator("#board svg.suit-icon:visible")
    assert icons.count() > 0
    for icon in icons.all()[:12]:
        box = icon.bounding_box()
        assert box and box["width"] >= 12 and box["height"] >= 12, box
    missing = page.evaluate(
        """() => [...document.querySelectorAll('#board svg.suit-icon use')]
              .map(u => u.getAttribute('href'))
              .filter(h => !document.querySelector(h + ' path, ' + h + ' circle'))"""
    )
    assert missing == []


def _hand_labels(page: Any) -> list[str]:
    return page.locator("#board .hand [data-card]").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))"
    )


@pytest.mark.parametrize(
    ("game", "players", "wanted"), [("scopa", 2, "len(cards) > 1"), ("briscola", 2, "step >= 2")]
)
def test_italian_cards_on_a_phone(live_site, phone_page, log_in, snap, game, players, wanted):
    page = phone_page
    turn = _set_up(live_site, game, players, wanted, seed=3)
    log_in(page, turn["username"], PASSWORD)  # (the log-in page in English)
    page.context.add_cookies([{"name": "django_language", "value": "it", "url": live_site.url}])
    page.goto(f"/games/{turn['game']}/seat/{turn['seat']}/")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.locator("#board .hand [data-card]").first).to_be_visible()
    labels = _hand_labels(page)
    assert labels and all(ITALIAN_NAME.search(label or "") for label in labels), labels
    board_text = page.locator("#board").inner_text()
    assert not re.search("[\u2660\u2665\u2666\u2663]", board_text)
    _icons_are_drawn(page)
    _no_sideways_scroll(page)
    snap(page, f"{game}-italian")

    # French cards, with the form at the foot of the board, then back.
    page.get_by_role("button", name="Mostra le carte francesi").click()
    expect(page.locator("#board svg.suit-icon")).to_have_count(0)
    assert re.search("[\u2660\u2665\u2666\u2663]", page.locator("#board .hand").inner_text())
    _no_sideways_scroll(page)
    snap(page, f"{game}-french")
    page.get_by_role("button", name=re.compile("Mostra le carte italiane")).click()
    expect(page.locator("#board .hand svg.suit-icon").first).to_be_visible()
