"""In Chromium: a director sets up a tournament and publishes round 1 through the
pages — log in, create the tournament on the setup page (the game's options swapped
in by htmx), enter guests, check them in (htmx, no reload), pair, look at the
preview, swap two entrants (htmx), publish — then anyone sees the public pairings,
on a desktop and on a 360 px phone, and the printable table cards.

Screenshots of every step go to test-artifacts/screenshots/.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

GUESTS = ["Ada Bassi", "Bea Conti", "Cris Donati", "Dino Esposito", "Enzo Ferri"]

# Run in the live site's database: a director (the club's owner) and an empty club.
MAKE_CLUB = """
import json
from django.contrib.auth import get_user_model
from tournaments.services.clubs import create_club
user = get_user_model().objects.create_user("USERNAME", password="PASSWORD")
club = create_club(name="Circolo SUFFIX", slug="circolo-SUFFIX", owner=user)
print(json.dumps({"club": club.slug}))
"""

# The round's seating as stored: [[entry name, …] per table], the byes, published?
ROUND = """
import json
from tournaments.models import Round
r = Round.objects.get(tournament__club__slug="CLUB", tournament__slug="TOURNAMENT", number=1)
tables = [[p.entry.name for p in t.places.order_by("position")] for t in r.tables.all()]
games = [str(t.game_id) if t.game_id else None for t in r.tables.all()]
byes = [b.entry.name for b in r.byes.all()]
print(json.dumps({"tables": tables, "games": games, "byes": byes, "published": r.is_published}))
"""


def _json_line(output: str) -> Any:
    return json.loads(output.strip().splitlines()[-1])


def _no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = page.evaluate("window.innerWidth")
    assert width <= viewport, f"the page scrolls sideways: {width} px wide in {viewport} px"


def _phone_sized(page: Any, snap: Any, name: str) -> None:
    """The same page at 360 px wide (a director at the venue has a phone): no
    sideways scrolling; screenshot; back to the desktop size."""
    page.set_viewport_size({"width": 360, "height": 740})
    _no_sideways_scroll(page)
    snap(page, name)
    page.set_viewport_size({"width": 1280, "height": 800})


# Slow (~50 s in CI): a director's whole set-up, page by page, in Chromium on a phone;
# it is often the first browser test, which also starts the live site.
def test_director_sets_up_a_tournament_and_publishes_round_one(
    live_site, page, phone_page, log_in, snap
):
    suffix = uuid.uuid4().hex[:6]
    username, password = f"director-{suffix}", f"pw-{suffix}-long"
    made = _json_line(
        live_site.shell(
            MAKE_CLUB.replace("USERNAME", username)
            .replace("PASSWORD", password)
            .replace("SUFFIX", suffix)
        )
    )
    club = made["club"]

    # 1. Log in; the club page offers a new tournament.
    log_in(page, username, password)
    page.goto(f"/clubs/{club}/")
    snap(page, "01-club")
    page.get_by_role("link", name="New tournament").click()
    expect(page.get_by_role("heading", name="New tournament")).to_be_visible()

    # 2. The setup page: choosing the game swaps in its seats and options (htmx).
    page.get_by_label("Name", exact=True).fill("Spring Whist Cup")
    page.evaluate("window.__tavoloSamePage = true")
    with page.expect_response(lambda r: "/t/game-fields" in r.url):
        page.get_by_label("Game", exact=True).select_option("german_whist")
    expect(page.locator('input[name="option_deals"]')).to_have_value("1")
    expect(page.locator('select[name="table_sizes"]')).to_have_value("2")
    assert page.evaluate("window.__tavoloSamePage === true"), "the page was reloaded"
    page.locator('input[name="option_deals"]').fill("2")
    page.get_by_label("Rounds", exact=True).fill("3")
    snap(page, "02-setup")
    # Placement points too few for a table of two: refused next to their field,
    # nothing created, what was typed kept.
    page.locator('select[name="points_method"]').select_option("placement")
    page.locator('input[name="placement_points"]').fill("1")
    page.get_by_role("button", name="Create the tournament").click()
    error = page.locator(".field--error", has=page.locator('input[name="placement_points"]'))
    expect(error.locator(".field-error")).to_contain_text("a table of 2 needs 2")
    expect(page.locator('input[name="option_deals"]')).to_have_value("2")  # kept
    snap(page, "02-setup-refused")
    page.locator('input[name="placement_points"]').fill("2, 0")
    page.get_by_role("button", name="Create the tournament").click()
    expect(page.get_by_role("heading", name="Entries")).to_be_visible()
    tournament = page.url.rstrip("/").split("/t/")[1].split("/")[0]

    # 3. Enter five guests.
    for n, name in enumerate(GUESTS):
        page.locator("#id_guest-name").fill(name)
        page.locator("#id_guest-rating").fill(str(1600 - 10 * n))
        page.locator("form", has=page.locator("#id_guest-name")).get_by_role(
            "button", name="Enter"
        ).click()
        expect(page.locator("p.notice").first).to_contain_text(f"{name} entered")
    expect(page.locator("li.entry")).to_have_count(5)
    snap(page, "03-entries")

    # 4. Check them in: each tap swaps its own row (htmx), no reload.
    page.evaluate("window.__tavoloSamePage = true")
    for n, name in enumerate(GUESTS):
        row = page.locator("li.entry", has_text=name)
        row.get_by_role("button", name="Check in").click()
        expect(page.locator("li.entry", has_text=name).locator("button.toggle--on")).to_be_visible()
        expect(page.locator("#checked-in-count")).to_have_text(str(n + 1))
    assert page.evaluate("window.__tavoloSamePage === true"), "the page was reloaded"
    snap(page, "04-checked-in")
    _phone_sized(page, snap, "04-checked-in-phone")

    # 5. Pair round 1: the preview of the draft.
    page.goto(f"/clubs/{club}/t/{tournament}/")
    snap(page, "05-tournament")
    page.get_by_role("button", name="Pair round 1").click()
    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()
    expect(page.locator("li.ptable")).to_have_count(2)
    expect(page.locator(".totals")).to_contain_text("Rematches")
    snap(page, "05-preview")
    before = _json_line(
        live_site.shell(ROUND.replace("CLUB", club).replace("TOURNAMENT", tournament))
    )
    assert not before["published"] and len(before["tables"]) == 2 and len(before["byes"]) == 1
    # The public cannot see a draft.
    draft = phone_page.goto(f"/clubs/{club}/t/{tournament}/rounds/1/")
    assert draft is not None and draft.status == 404

    # 6. Swap the second entrant of table 1 with the first of table 2 (tap, tap, Swap).
    (a, b), (c, d) = before["tables"]
    page.evaluate("window.__tavoloSamePage = true")
    page.locator("label.pick-entry", has_text=b).click()
    page.locator("label.pick-entry", has_text=c).click()
    snap(page, "06-two-ticked")
    _phone_sized(page, snap, "06-two-ticked-phone")
    with page.expect_response(lambda r: r.url.endswith("/swap")) as swapped:
        page.get_by_role("button", name="Swap the two ticked").click()
    assert swapped.value.status == 200
    expect(page.locator("#preview .notice")).to_have_text("Swapped.")
    tables = page.locator("li.ptable")
    expect(tables.nth(0)).to_contain_text(c)
    expect(tables.nth(1)).to_contain_text(b)
    assert page.evaluate("window.__tavoloSamePage === true"), "the page was reloaded"
    snap(page, "07-swapped")
    after = _json_line(
        live_site.shell(ROUND.replace("CLUB", club).replace("TOURNAMENT", tournament))
    )
    assert after["tables"] == [[a, c], [b, d]]

    # 7. Publish: the director lands on the public pairings.
    page.get_by_role("button", name="Publish round 1").click()
    expect(page.locator("p.notice").first).to_contain_text("Round 1 is published")
    snap(page, "08-published")

    # 8. Anyone sees the pairings, on a phone too, each table linked to its game.
    phone = phone_page
    phone.goto(f"/clubs/{club}/t/{tournament}/rounds/1/")
    expect(phone.get_by_role("heading", name="Round 1")).to_be_visible()
    published = _json_line(
        live_site.shell(ROUND.replace("CLUB", club).replace("TOURNAMENT", tournament))
    )
    assert published["published"] and all(published["games"])
    for number, (names, game) in enumerate(
        zip(published["tables"], published["games"], strict=True), start=1
    ):
        table = phone.locator(f"#table-{number}")
        for name in names:
            expect(table).to_contain_text(name)
        expect(table.locator(f'a[href="/games/{game}/"]')).to_be_visible()
    expect(phone.locator(".byes")).to_contain_text(published["byes"][0])
    _no_sideways_scroll(phone)
    snap(phone, "09-phone-pairings")

    # 9. The table cards: one per table, and a print layout of one card per page.
    phone.get_by_role("link", name="Table cards").click()
    expect(phone.locator("article.table-card")).to_have_count(2)
    _no_sideways_scroll(phone)
    snap(phone, "10-phone-cards")
    page.goto(f"/clubs/{club}/t/{tournament}/rounds/1/cards")
    # Printed for the room: in the club's language (Italian here), whatever the
    # director's browser asks for.
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.get_by_role("button", name="Stampa")).to_be_visible()
    snap(page, "11-cards")
    page.emulate_media(media="print")
    expect(page.get_by_role("button", name="Stampa")).to_be_hidden()
    assert page.locator("article.table-card").first.evaluate(
        "card => getComputedStyle(card).breakAfter"
    ) in ("page", "always")
    snap(page, "12-cards-print")

    # 10. A published round changes only by a recorded correction.
    page.emulate_media(media="screen")
    page.goto(f"/clubs/{club}/t/{tournament}/rounds/1/control")
    expect(page.get_by_role("heading", name="Correct this round")).to_be_visible()
    expect(page.locator('input[name="pick"]')).to_have_count(0)
    snap(page, "13-control-published")
