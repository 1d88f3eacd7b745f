"""In Chromium: the director's evening. On the demo club (its Thursday Italian Whist
is in round 3, one table disputed, one still at play) the director logs in, lands on
the dashboard and sees the disputed table; asks to pair round 4 and is shown the
unfinished tables before anything is paired. Then, on a 360 px phone, a director
imports entrants from a CSV file with one bad line: the line is named, nothing is
imported; fixed, the file goes in.

Screenshots of every step go to test-artifacts/screenshots/.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

DEMO_CUP = "/clubs/circolo-tavolo/t/thursday-italian-whist/"

ROUNDS = """
import json
from tournaments.models import Tournament
t = Tournament.objects.get(club__slug="circolo-tavolo", slug="thursday-italian-whist")
print(json.dumps(sorted(t.rounds.values_list("number", flat=True))))
"""

MAKE_CUP = """
import json
from django.contrib.auth import get_user_model
from tournaments.services.clubs import create_club
from tournaments.services.tournaments import create_tournament, set_status
user = get_user_model().objects.create_user("USERNAME", password="PASSWORD")
club = create_club(name="Circolo SUFFIX", slug="circolo-SUFFIX", owner=user)
cup = create_tournament(club, by=user, settings={"name": "Friday Cup", "game_type": "german_whist"})
set_status(cup, by=user, status="open")
from tournaments.services.clubs import add_guest
for name in ("Gina Villa", "Hugo Sala"):
    add_guest(club, by=user, name=name)
print(json.dumps({"club": club.slug, "cup": cup.slug}))
"""

ENTRIES = """
import json
from tournaments.models import Entry
rows = Entry.objects.filter(tournament__club__slug="CLUB").order_by("number")
print(json.dumps([[e.name, e.rating] for e in rows]))
"""


def _json_line(output: str) -> Any:
    return json.loads(output.strip().splitlines()[-1])


def _no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = page.evaluate("window.innerWidth")
    assert width <= viewport, f"the page scrolls sideways: {width} px wide in {viewport} px"


def test_the_director_lands_on_the_dashboard_and_is_asked_before_pairing_round_four(
    live_site, page, log_in, snap
):
    live_site.manage("load_demo")
    log_in(page, "director")
    # 1. After logging in: the dashboard, with the running round and its dispute.
    assert page.url.endswith("/dashboard/"), page.url
    expect(page.get_by_role("heading", name="Your evening")).to_be_visible()
    evening = page.get_by_role("region", name="Thursday Italian Whist")
    expect(evening.get_by_text("Round 3")).to_be_visible()
    expect(evening.get_by_role("heading", name="Disputes to rule")).to_be_visible()
    disputed = evening.locator(".table-state--disputed")
    expect(disputed).to_have_count(1)
    expect(disputed.get_by_role("link", name="Rule deal")).to_be_visible()
    snap(page, "1-dashboard")

    # 2. Pair round 4 from the tournament page: not paired, the unfinished tables listed.
    page.goto(DEMO_CUP)
    with page.expect_navigation():
        page.get_by_role("button", name="Pair round 4").click()
    expect(page.get_by_role("heading", name="Pair round 4?")).to_be_visible()
    listed = page.get_by_role("list", name="Unfinished tables").locator("li")
    assert listed.count() >= 2
    expect(listed.filter(has_text="disputed")).to_have_count(1)
    expect(page.get_by_role("button", name="Pair round 4 anyway")).to_be_visible()
    snap(page, "2-confirm-pairing")
    page.set_viewport_size({"width": 360, "height": 740})
    _no_sideways_scroll(page)
    snap(page, "2b-confirm-pairing-phone")
    page.set_viewport_size({"width": 1280, "height": 800})
    assert _json_line(live_site.shell(ROUNDS)) == [1, 2, 3]  # nothing paired

    # 3. Back to round 3's control page: each table's state and its score sheet.
    with page.expect_navigation():
        page.get_by_role("link", name="Back to round 3").click()
    expect(page.locator('[data-state="disputed"]')).to_have_count(1)
    expect(page.locator(".ptable-sheet a").first).to_be_visible()
    snap(page, "3-control-states")

    # 4. The same confirmation on a phone-sized window: no sideways scrolling.
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto("/dashboard/")
    _no_sideways_scroll(page)
    snap(page, "4-dashboard-phone")


def test_a_csv_import_with_one_bad_line_on_a_phone(live_site, phone_page, log_in, snap, tmp_path):
    suffix = uuid.uuid4().hex[:6]
    username, password = f"director-{suffix}", f"pw-{suffix}-long"
    made = _json_line(
        live_site.shell(
            MAKE_CUP.replace("USERNAME", username)
            .replace("PASSWORD", password)
            .replace("SUFFIX", suffix)
        )
    )
    page = phone_page
    log_in(page, username, password)
    page.goto(f"/clubs/{made['club']}/t/{made['cup']}/entries")
    bad = tmp_path / "entrants.csv"
    bad.write_text(
        "name;rating;household\nAda Bassi;1500;Bassi\nBea Conti;tall;\nCris Donati;1300;\n"
    )
    form = page.locator("form.import-form")
    form.get_by_label("CSV file").set_input_files(str(bad))
    with page.expect_navigation():
        form.get_by_role("button", name="Import").click()
    problems = page.get_by_role("alert", name="Lines to fix")
    expect(problems).to_contain_text("Line 3")
    expect(problems).to_contain_text("the rating “tall” is not a whole number")
    expect(page.locator(".import-form .field-error")).to_contain_text("Nothing was imported")
    _no_sideways_scroll(page)
    page.locator("form.import-form").scroll_into_view_if_needed()
    snap(page, "1-bad-line-phone")
    assert _json_line(live_site.shell(ENTRIES.replace("CLUB", made["club"]))) == []

    good = tmp_path / "fixed.csv"
    good.write_text(
        "name;rating;household\nAda Bassi;1500;Bassi\nBea Conti;1400;\nCris Donati;1300;\n"
    )
    form = page.locator("form.import-form")
    form.get_by_label("CSV file").set_input_files(str(good))
    with page.expect_navigation():
        form.get_by_role("button", name="Import").click()
    expect(page.get_by_text("3 entrants imported.")).to_be_visible()
    expect(page.get_by_role("list", name="Entrants").locator("li.entry")).to_have_count(3)
    _no_sideways_scroll(page)
    snap(page, "2-imported-phone")
    assert _json_line(live_site.shell(ENTRIES.replace("CLUB", made["club"]))) == [
        ["Ada Bassi", 1500],
        ["Bea Conti", 1400],
        ["Cris Donati", 1300],
    ]

    # Two club players ticked and a new guest typed: three entrants in one go.
    several = page.locator("form.several-form")
    several.get_by_label("Gina Villa").check()
    several.get_by_label("Hugo Sala").check()
    several.get_by_label("New guests, one name per line").fill("Zeno Neri\n")
    several.scroll_into_view_if_needed()
    _no_sideways_scroll(page)
    snap(page, "3-several-phone")
    with page.expect_navigation():
        several.get_by_role("button", name="Enter them all").click()
    expect(page.get_by_text("3 entrants added: Gina Villa, Hugo Sala, Zeno Neri.")).to_be_visible()

    # Check them all in with one tap.
    with page.expect_navigation():
        page.get_by_role("button", name="Check in all 6 entrants not here yet").click()
    expect(page.get_by_text("6 entrants checked in.")).to_be_visible()
    snap(page, "4-checked-in-phone")

    # Archive the tournament, after a confirmation page: read-only, off the club's list.
    page.goto(f"/clubs/{made['club']}/t/{made['cup']}/")
    with page.expect_navigation():
        page.get_by_role("link", name="Archive").click()
    expect(page.get_by_role("heading", name="Archive Friday Cup?")).to_be_visible()
    _no_sideways_scroll(page)
    snap(page, "5-archive-confirm-phone")
    with page.expect_navigation():
        page.get_by_role("button", name="Archive it").click()
    expect(page.get_by_text("Friday Cup is archived.")).to_be_visible()
    expect(page.locator(".archived-note")).to_contain_text("read-only")
    snap(page, "6-archived-phone")
