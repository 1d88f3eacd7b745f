"""In Chromium, on a 360 px phone: a director makes a season of the club's finished
tournaments from the club's page (a refused form explained next to its field, then
fixed), and the season table opens each player's results without sideways scrolling;
the season's PDF is rendered for a person to look at (test-artifacts/screenshots/)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.test_browser_printing import _json_line, _no_sideways_scroll, _render

pytestmark = pytest.mark.browser

# Two finished one-round German whist evenings of four guests in March 2026, in the
# live site's database; prints the club's address.
MAKE_CLUB = """
import json, uuid
from django.contrib.auth import get_user_model
from scoring import store
from tournaments.models import Tournament
from tournaments.services import clubs, game_store, rounds, tournaments
user = get_user_model().objects.create_user("USERNAME", password="PASSWORD")
club = clubs.create_club(name="Circolo SUFFIX", slug="circolo-SUFFIX", owner=user)
names = ["Maria Annunziata Bartolomei-Castiglioni", "Dario Esposito", "Carla Ferri", "Ada Rossi"]
people = [clubs.add_guest(club, by=user, name=n) for n in names]
for k in range(2):
    t = tournaments.create_tournament(club, by=user, settings={
        "name": f"Giovedì {k + 1}", "game_type": "german_whist", "rounds_planned": 1,
        "mode": "physical", "starts_on": f"2026-03-0{k + 5}"})
    t.status = Tournament.Status.OPEN
    t.save(update_fields=["status"])
    for n, person in enumerate(people):
        tournaments.check_in(tournaments.register(t, by=user, player=person, rating=900 - n),
                             by=user)
    r = rounds.publish(rounds.pair_next_round(t, by=user), by=user)
    for table in r.tables.all():
        game_store.append_event(table.game_id, {"type": "tally", "tricks": [8, 5]},
            event_id=uuid.uuid4(), expected_version=None, user=user)
    store.recompute(t.pk)
    tournaments.set_status(t, by=user, status=Tournament.Status.FINISHED)
print(json.dumps({"club": f"/clubs/{club.slug}/"}))
"""


@pytest.fixture(scope="module")
def evenings(live_site) -> dict[str, Any]:
    suffix = uuid.uuid4().hex[:6]
    username, password = f"director-{suffix}", f"pw-{suffix}-long"
    made = _json_line(
        live_site.shell(
            MAKE_CLUB.replace("USERNAME", username)
            .replace("PASSWORD", password)
            .replace("SUFFIX", suffix)
        )
    )
    return {**made, "username": username, "password": password}


# About a minute, most of it the live site's start and the two evenings played through
# the services in its database (module fixtures); the page steps take seconds.
def test_a_director_makes_a_season_on_a_phone_and_its_table_reads_there(
    evenings, phone_page, log_in, snap
):
    page = phone_page
    log_in(page, evenings["username"], evenings["password"])
    page.goto(evenings["club"])
    page.get_by_role("link", name="New season").click()
    page.get_by_label("Name", exact=True).fill("Primavera 2026")
    page.get_by_label("First day", exact=True).fill("2026-03-31")
    page.get_by_label("Last day", exact=True).fill("2026-03-01")
    page.get_by_label("Points by final place", exact=True).check()
    page.get_by_label("Points by place (optional)", exact=True).fill("10 6 3 1")
    page.get_by_role("button", name="Create the season").click()
    expect(page.locator(".field--error")).to_contain_text("cannot end before it starts")
    _no_sideways_scroll(page)
    snap(page, "refused")

    page.get_by_label("First day", exact=True).fill("2026-03-01")
    page.get_by_label("Last day", exact=True).fill("2026-03-31")
    page.get_by_role("button", name="Create the season").click()
    expect(page.get_by_role("heading", name="Primavera 2026")).to_be_visible()
    table = page.locator("table.season-table")
    expect(table.locator("tbody tr")).to_have_count(4)
    first = table.locator("tbody tr").first
    first.locator("summary").click()
    expect(first.locator("details li")).to_have_count(2)
    expect(first.locator("details li").first).to_contain_text("1. Giovedì 1")
    _no_sideways_scroll(page)
    snap(page, "table")

    answer = page.request.get(page.url + "table.pdf")
    assert answer.ok and answer.body().startswith(b"%PDF")
    _render(answer.body(), "season")
