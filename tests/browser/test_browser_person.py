"""A person's page, the head-to-head page and the club ladder on a 360 px phone
(Chromium): the rating history drawn fits the screen with labels one can read, its
numbers open as a table, nothing scrolls sideways, the Content-Security-Policy
refuses nothing (the picture has no style attribute and no script)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# The demo club, its Thursday's finished games rated, a ladder of regulars, and Anna
# and Bruno's twelve weekly games (a history over three months).
MAKE = """
import json
from tournaments.models import Club, Game, Player
from tournaments.services.demo_club import CLUB_SLUG
from tests.support.factories import make_players
from tests.support.ladder_data import ladder_of, played_casually, rate
club = Club.objects.get(slug=CLUB_SLUG)
rate(Game.objects.filter(table__round__tournament__club=club, status="finished"))
ladder_of(club)
anna, bruno = make_players(2)
Player.objects.filter(pk=anna.pk).update(name="Anna Rossi")
Player.objects.filter(pk=bruno.pk).update(name="Bruno Bianchi")
rate(played_casually(anna, bruno, [(8, 5)] * 7 + [(5, 8)] * 5))
print(json.dumps({"club": club.slug, "anna": anna.pk, "bruno": bruno.pk}))
"""


@pytest.fixture(scope="module")
def world(live_site: Any) -> dict[str, Any]:
    live_site.manage("load_demo")
    out: dict[str, Any] = json.loads(live_site.shell(MAKE).strip().splitlines()[-1])
    return out


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    wide = page.evaluate(
        "() => [...document.querySelectorAll('main *')].filter(e =>"
        " e.getBoundingClientRect().right > window.innerWidth && !e.closest('.standings-wrap'))"
        ".slice(0, 5).map(e => e.tagName + '.' + e.className + ': ' + e.textContent.slice(0, 40))"
    )
    assert width <= page.viewport_size["width"], f"the page is {width} px wide: {wide}"


def test_a_persons_page_reads_on_a_phone(phone_page: Any, world: dict[str, Any], snap: Any) -> None:
    phone_page.goto(f"/players/{world['anna']}/")
    expect(phone_page.get_by_role("heading", name="Anna Rossi")).to_be_visible()
    plot = phone_page.get_by_role(
        "img", name="Rating history: Two-player whist with drafting, all clubs"
    )
    expect(plot).to_be_visible()
    box = plot.bounding_box()
    assert box is not None and 300 <= box["width"] <= 360, box
    # Every label of the picture reads at 10 px or more, inside the screen.
    sizes = phone_page.evaluate(
        "() => [...document.querySelectorAll('svg.rating-plot text')].map(t => {"
        " const r = t.getBoundingClientRect(); return [r.height, r.left, r.right]; })"
    )
    assert sizes and all(h >= 10 and left >= 0 and right <= 360 for h, left, right in sizes), sizes
    no_sideways_scroll(phone_page)
    snap(phone_page, "person-phone")
    phone_page.get_by_text("The numbers of the plot").click()
    numbers = phone_page.locator(".plot-numbers table tbody tr")
    expect(numbers).to_have_count(12)
    no_sideways_scroll(phone_page)
    snap(phone_page, "person-numbers-phone")
    # In Italian the words are longer: still nothing sideways.
    phone_page.get_by_role("button", name="Italiano").click()
    expect(
        phone_page.get_by_role("heading", name="Andamento dell’Elo", exact=False)
    ).to_be_visible()
    no_sideways_scroll(phone_page)
    snap(phone_page, "person-phone-italian")


def test_head_to_head_and_the_ladder_read_on_a_phone(
    phone_page: Any, world: dict[str, Any], snap: Any
) -> None:
    phone_page.goto(f"/players/{world['anna']}/")
    phone_page.locator("#people").get_by_role("link", name="head-to-head").first.click()
    expect(phone_page.get_by_role("heading", name="Anna Rossi and Bruno Bianchi")).to_be_visible()
    expect(phone_page.locator("main")).to_contain_text("12 games: Anna Rossi won 7, drew 0, lost 5")
    no_sideways_scroll(phone_page)
    snap(phone_page, "versus-phone")
    phone_page.goto(f"/clubs/{world['club']}/")
    phone_page.get_by_role("link", name="The club's ladder: its players' ratings").click()
    expect(phone_page.locator("table.ladder tbody tr").first).to_be_visible()
    phone_page.get_by_label("Provisional ratings").select_option("hide")
    phone_page.get_by_role("button", name="Show").click()
    expect(phone_page.locator("table.ladder .badge--provisional")).to_have_count(0)
    no_sideways_scroll(phone_page)
    snap(phone_page, "ladder-phone")
