"""In Chromium: a whole small tournament as a club runs it. A director creates a
German whist tournament played with real cards, enters four club members, checks
them in, pairs round 1 and publishes it; the players, each on a 360 px phone, open
their table's score sheet from the public pairings, one enters the deal's tally and
the player across the table confirms it; the public standings page, open on a
desktop all along, shows the new points without a reload (htmx polling).

Screenshots of every step go to test-artifacts/screenshots/.
"""

from __future__ import annotations

import contextlib
import json
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}

# Run in the live site's database: a club owned by a director, and four members with
# logins (each with a player of the club), all with the same password.
MAKE_CLUB = """
import json
from django.contrib.auth import get_user_model
from tournaments.models import Membership, Player, Role
from tournaments.services.clubs import create_club
User = get_user_model()
director = User.objects.create_user("dir-SUFFIX", password="PASSWORD")
club = create_club(name="Circolo SUFFIX", slug="circolo-SUFFIX", owner=director)
players = []
for name in ["Ada", "Bea", "Cris", "Dino"]:
    user = User.objects.create_user(f"{name.lower()}-SUFFIX", password="PASSWORD")
    Player.objects.create(user=user, name=f"{name} SUFFIX")
    Membership.objects.create(club=club, user=user, role=Role.PLAYER)
    players.append({"username": user.username, "name": f"{name} SUFFIX"})
print(json.dumps({"club": club.slug, "director": director.username, "players": players}))
"""

# Round 1 as stored: each table's players (usernames, seat order).
SEATING = """
import json
from tournaments.models import Round
r = Round.objects.get(tournament__club__slug="CLUB", tournament__slug="TOURNAMENT", number=1)
print(json.dumps([
    [s.player.user.username for s in t.game.seats.order_by("number")]
    for t in r.tables.order_by("number")
]))
"""


def _json_line(output: str) -> Any:
    return json.loads(output.strip().splitlines()[-1])


def _no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = page.evaluate("window.innerWidth")
    assert width <= viewport, f"the page scrolls sideways: {width} px wide in {viewport} px"


@contextlib.contextmanager
def _phone(browser: Any, live_site: Any) -> Iterator[Any]:
    """Another player's phone: a fresh 360 px touch context."""
    context = browser.new_context(
        base_url=live_site.url, viewport=PHONE, screen=PHONE, device_scale_factor=2,
        is_mobile=True, has_touch=True, locale="en-US",
    )  # fmt: skip
    context.set_default_timeout(10_000)
    try:
        yield context.new_page()
    finally:
        context.close()


def _standings_row(page: Any, name: str) -> Any:
    return page.locator("table.standings tbody tr", has_text=name)


# Slow (~30 s in CI): a whole small tournament, from set-up to live standings, with
# several phones in Chromium.
def test_a_small_tournament_from_setup_to_live_standings(
    live_site, browser, page, phone_page, log_in, snap
):
    suffix = uuid.uuid4().hex[:6]
    password = f"pw-{suffix}-long"
    made = _json_line(
        live_site.shell(MAKE_CLUB.replace("SUFFIX", suffix).replace("PASSWORD", password))
    )
    club, players = made["club"], made["players"]
    name_of = {p["username"]: p["name"] for p in players}

    # 1. The director creates the tournament: German whist, one deal a game, real cards.
    log_in(page, made["director"], password)
    page.goto(f"/clubs/{club}/t/new")
    page.get_by_label("Name", exact=True).fill("Friday Whist")
    with page.expect_response(lambda r: "/t/game-fields" in r.url):
        page.get_by_label("Game", exact=True).select_option("german_whist")
    expect(page.locator('input[name="option_deals"]')).to_have_value("1")
    page.get_by_label("Played", exact=True).select_option("physical")
    snap(page, "01-setup")
    # (An action between the full-page screenshot of the long setup form and the
    # click: Chromium may drop a click that comes straight after one.)
    page.get_by_label("Rounds", exact=True).fill("2")
    page.get_by_role("button", name="Create the tournament").click()
    expect(page.get_by_role("heading", name="Entries")).to_be_visible()
    tournament = page.url.rstrip("/").split("/t/")[1].split("/")[0]
    base = f"/clubs/{club}/t/{tournament}/"

    # 2. Enter the four club members and check them in.
    form = page.locator("form", has=page.get_by_role("heading", name="A club player or member"))
    for n, player in enumerate(players):
        form.locator("select").first.select_option(label=player["name"])
        form.locator('input[name$="rating"]').fill(str(1600 - 10 * n))
        form.get_by_role("button", name="Enter").click()
        expect(page.locator("p.notice").first).to_contain_text(f"{player['name']} entered")
    for n, player in enumerate(players):
        row = page.locator("li.entry", has_text=player["name"])
        row.get_by_role("button", name="Check in").click()
        expect(page.locator("#checked-in-count")).to_have_text(str(n + 1))
    snap(page, "02-entries-checked-in")

    # 3. Pair round 1, look at the preview, publish.
    page.goto(base)
    page.get_by_role("button", name="Pair round 1").click()
    expect(page.locator("li.ptable")).to_have_count(2)
    snap(page, "03-preview")
    page.get_by_role("button", name="Publish round 1").click()
    expect(page.locator("p.notice").first).to_contain_text("Round 1 is published")
    snap(page, "04-published-pairings")
    page.goto(base + "rounds/1/control")
    expect(page.get_by_role("link", name="Score sheets (PDF)")).to_be_visible()
    snap(page, "05-control")
    tables = _json_line(
        live_site.shell(SEATING.replace("CLUB", club).replace("TOURNAMENT", tournament))
    )
    assert len(tables) == 2 and all(len(t) == 2 for t in tables)

    # 4. The public standings, open on a desktop (nobody logged in): round 1 under way.
    viewer = page.context.browser.new_context(base_url=live_site.url, locale="en-US")
    standings = viewer.new_page()
    standings.set_default_timeout(10_000)
    standings.goto(base + "standings/")
    expect(standings.locator("#standings")).to_contain_text("provisional")
    standings.evaluate("window.__tavoloSamePage = true")
    snap(standings, "06-standings-before")

    # 5. At each table, one player enters the deal on a phone, the other confirms it.
    for number, (first, second) in enumerate(tables, start=1):
        with contextlib.ExitStack() as stack:
            entering = (
                phone_page if number == 1 else stack.enter_context(_phone(browser, live_site))
            )
            log_in(entering, first, password)
            entering.goto(base + "rounds/1/")
            table = entering.locator(f"#table-{number}")
            expect(table.get_by_role("link", name="Your score sheet")).to_be_visible()
            _no_sideways_scroll(entering)
            snap(entering, f"{6 + 3 * number:02d}-table-{number}-pairings-phone")
            table.get_by_role("link", name="Your score sheet").click()
            expect(entering.get_by_role("heading", name=f"Table {number}")).to_be_visible()
            draft = entering.locator("form[data-sheet-draft]")
            counts = draft.locator('input[type="number"]')
            expect(counts).to_have_count(2)
            # German whist: the second phase's 13 tricks, the first seat wins 8 of them.
            counts.nth(0).fill("8")
            counts.nth(1).fill("5")
            _no_sideways_scroll(entering)
            snap(entering, f"{7 + 3 * number:02d}-table-{number}-tally-typed")
            draft.get_by_role("button", name="Enter deal 1").click()
            expect(entering.locator("#deal-1")).to_have_attribute("data-status", "pending")
            snap(entering, f"{7 + 3 * number:02d}-table-{number}-entered")

            confirming = stack.enter_context(_phone(browser, live_site))
            log_in(confirming, second, password)
            confirming.goto(base + "rounds/1/")
            confirming.locator(f"#table-{number}").get_by_role(
                "link", name="Your score sheet"
            ).click()
            expect(confirming.locator("#deal-1")).to_contain_text(name_of[first])
            snap(confirming, f"{8 + 3 * number:02d}-table-{number}-to-confirm")
            confirming.get_by_role("button", name="Confirm deal 1").click()
            expect(confirming.locator("#deal-1")).to_have_attribute("data-status", "counted")
            expect(confirming.get_by_text("The game is over.")).to_be_visible()
            _no_sideways_scroll(confirming)
            snap(confirming, f"{8 + 3 * number:02d}-table-{number}-counted")

        # 6. The standings page shows the winner's points, without a reload.
        winner = _standings_row(standings, name_of[first])
        expect(winner).to_contain_text("1-0-0", timeout=20_000)
        expect(_standings_row(standings, name_of[second])).to_contain_text("0-0-1")
        assert standings.evaluate("window.__tavoloSamePage === true"), "the page was reloaded"
        snap(standings, f"{9 + 3 * number:02d}-standings-after-table-{number}")

    expect(standings.locator("#standings")).not_to_contain_text("provisional", timeout=20_000)
    rows = standings.locator("table.standings tbody tr")
    expect(rows).to_have_count(4)
    top = {
        rows.nth(0).locator("td.name a").inner_text(),
        rows.nth(1).locator("td.name a").inner_text(),
    }
    assert top == {name_of[tables[0][0]], name_of[tables[1][0]]}  # the two winners lead
    snap(standings, "16-standings-final")

    # 7. A player's page from the standings: their game, opponent and points.
    standings.get_by_role("link", name=name_of[tables[0][0]]).click()
    expect(standings.get_by_role("heading", name=name_of[tables[0][0]])).to_be_visible()
    expect(standings.locator("table.standings")).to_contain_text(name_of[tables[0][1]])
    snap(standings, "17-player-page")
    viewer.close()
