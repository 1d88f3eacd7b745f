"""In Chromium on a 360 px phone: a director sets up a tournament with no JSON —
date and start time, venue, entry limit, the game from a list, the points method and
tiebreaks picked from lists — and one bad combination (win/draw/loss at tables of
three) is refused next to its field; then a player of the club enters themselves
from the tournament page, which shows the start on the club's clock and "1 of 8".

Screenshots go to test-artifacts/screenshots/.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# Run in the live site's database: a director (the club's owner), a player member.
MAKE_CLUB = """
import json
from django.contrib.auth import get_user_model
from tournaments.models import Membership
from tournaments.services.clubs import create_club
users = get_user_model().objects
director = users.create_user("director-SUFFIX", password="PASSWORD")
player = users.create_user("pia-SUFFIX", password="PASSWORD", first_name="Pia", last_name="Rossi")
club = create_club(name="Circolo SUFFIX", slug="circolo-SUFFIX", owner=director)
Membership.objects.create(club=club, user=player, role="player")
print(json.dumps({"club": club.slug}))
"""

STORED = """
import json
from tournaments.models import Tournament
t = Tournament.objects.get(club__slug="CLUB")
print(json.dumps({"scoring": t.scoring, "tiebreaks": t.tiebreaks, "start": str(t.starts_at),
                  "entries": [e.name for e in t.entries.all()]}))
"""


def _json_line(output: str) -> Any:
    return json.loads(output.strip().splitlines()[-1])


def _no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = page.evaluate("window.innerWidth")
    assert width <= viewport, f"the page scrolls sideways: {width} px wide in {viewport} px"


def test_a_director_sets_up_on_a_phone_and_a_player_enters(live_site, phone_page, log_in, snap):
    page = phone_page
    suffix = uuid.uuid4().hex[:6]
    password = f"pw-{suffix}-long"
    club = _json_line(
        live_site.shell(MAKE_CLUB.replace("SUFFIX", suffix).replace("PASSWORD", password))
    )["club"]

    # 1. The director fills in the details and picks the game from the list.
    log_in(page, f"director-{suffix}", password)
    page.goto(f"/clubs/{club}/t/new")
    page.get_by_label("Name", exact=True).fill("Friday Trio")
    page.get_by_label("Date").fill("2026-12-05")
    page.get_by_label("Start time").fill("20:30")
    page.get_by_label("Venue").fill("Sala Verdi, via Roma 3")
    page.get_by_label("Entry limit").fill("8")
    with page.expect_response(lambda r: "/t/game-fields" in r.url):
        page.get_by_label("Game", exact=True).select_option("italian_whist")
    expect(page.locator('select[name="table_sizes"]')).to_have_value("3")
    assert "JSON" not in page.content()
    _no_sideways_scroll(page)
    snap(page, "01-details-and-game")

    # 2. Points and tiebreaks from lists; only the chosen method's numbers show.
    method = page.locator('select[name="points_method"]')
    method.select_option(label="Win, draw or loss")
    expect(page.locator("#id_win")).to_be_visible()
    expect(page.locator("#id_placement_points")).to_be_hidden()
    page.locator('select[name="tiebreak_1"]').select_option(label="Sonneborn-Berger")
    page.locator('select[name="tiebreak_2"]').select_option(label="Buchholz")
    page.locator('select[name="tiebreak_3"]').select_option(label="— none —")
    page.locator("details.tiebreak-legend summary").click()
    expect(page.locator("details.tiebreak-legend")).to_contain_text(
        "The points of all your opponents added up"
    )
    snap(page, "02-points-and-tiebreaks")
    page.locator('select[name="tiebreak_4"]').select_option(label="— none —")

    # 3. Win/draw/loss cannot score tables of three players: refused next to the
    #    points method, in words; nothing created; what was typed is kept.
    page.get_by_role("button", name="Create the tournament").click()
    error = page.locator(".field--error", has=page.locator('select[name="points_method"]'))
    expect(error.locator(".field-error")).to_contain_text("scores tables where two sides meet")
    expect(page.get_by_label("Venue")).to_have_value("Sala Verdi, via Roma 3")
    expect(page.locator('select[name="tiebreak_1"]')).to_have_value("sonneborn_berger")
    _no_sideways_scroll(page)
    error.scroll_into_view_if_needed()
    snap(page, "03-refused-next-to-the-field")

    # 4. By place at the table instead, with its own points.
    method.select_option(label="By place at the table")
    expect(page.locator("#id_win")).to_be_hidden()
    page.locator("#id_placement_points").fill("3, 1, 0")
    page.get_by_role("button", name="Create the tournament").click()
    expect(page.get_by_role("heading", name="Entries")).to_be_visible()
    stored = _json_line(live_site.shell(STORED.replace("CLUB", club)))
    assert stored["scoring"] == {"method": "placement", "placement_points": [3, 1, 0]}
    assert stored["tiebreaks"] == ["sonneborn_berger", "buchholz"]
    assert stored["start"] == "2026-12-05 20:30:00+01:00"
    tournament = page.url.rstrip("/").split("/t/")[1].split("/")[0]

    # 5. A player of the club enters themselves from the tournament page.
    page.context.clear_cookies()
    log_in(page, f"pia-{suffix}", password)
    page.goto(f"/clubs/{club}/t/{tournament}/")
    expect(page.locator(".tournament-details .when")).to_have_text(
        "Saturday 5 December 2026, 20:30"
    )
    _no_sideways_scroll(page)
    snap(page, "04-before-entering")
    expect(page.locator(".tournament-details")).to_contain_text("Entries: 0 of 8")
    page.get_by_role("button", name="Enter", exact=True).click()
    expect(page.locator("p.notice").first).to_contain_text("entered as number 1")
    expect(page.locator(".tournament-details")).to_contain_text("Entries: 1 of 8")
    expect(page.get_by_role("button", name="Withdraw my entry")).to_be_visible()
    _no_sideways_scroll(page)
    snap(page, "05-entered")
    assert _json_line(live_site.shell(STORED.replace("CLUB", club)))["entries"] == ["Pia Rossi"]

    # 6. The club page lists it with its day, time, venue and entries, at 360 px.
    page.goto(f"/clubs/{club}/")
    row = page.locator(".tournament-when")
    expect(row).to_contain_text("Sat 5 Dec 2026, 20:30")
    expect(row).to_contain_text("entries 1 of 8")
    _no_sideways_scroll(page)
    snap(page, "06-club-page")
