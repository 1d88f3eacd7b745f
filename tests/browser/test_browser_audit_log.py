"""In Chromium, on a 360 px phone: a club's owner reads the audit log of what they and
a director did (a member named and re-roled, a tournament changed), newest first, in
English and in Italian, with no sideways scrolling; filters it to one tournament; and
a scorer is refused the page.

Screenshots go to test-artifacts/screenshots/.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# Run in the live site's database: an owner, a director and a scorer of a new club,
# and a few acts for the log.
MAKE_CLUB = """
import json
from django.contrib.auth import get_user_model
from tournaments.services import clubs, tournaments
users = get_user_model().objects
owner = users.create_user("OWNER", password="tavolo-demo")
for name in ("DIRECTOR", "SCORER"):
    users.create_user(name, password="tavolo-demo")
club = clubs.create_club(name="Circolo SUFFIX", slug="circolo-SUFFIX", owner=owner)
clubs.set_role(club, by=owner, username="DIRECTOR", role="director")
clubs.set_role(club, by=owner, username="SCORER", role="player")
clubs.set_role(club, by=owner, username="SCORER", role="scorer")
director = users.get(username="DIRECTOR")
cup = tournaments.create_tournament(
    club, by=director,
    settings={"name": "Coppa d'autunno del Circolo SUFFIX", "game_type": "german_whist"},
)
tournaments.update_tournament(cup, by=director, settings={"rounds_planned": 6})
print(json.dumps({"club": club.slug, "cup": cup.pk}))
"""


def _no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = page.evaluate("window.innerWidth")
    assert width <= viewport, f"the page scrolls sideways: {width} px wide in {viewport} px"


def test_an_owner_reads_the_audit_log_on_a_phone(live_site, phone_page, log_in, snap):
    suffix = uuid.uuid4().hex[:6]
    names = {w: f"{w.lower()}-{suffix}" for w in ("OWNER", "DIRECTOR", "SCORER")}
    script = MAKE_CLUB.replace("SUFFIX", suffix)
    for word, name in names.items():
        script = script.replace(f'"{word}"', f'"{name}"')
    made = json.loads(live_site.shell(script).strip().splitlines()[-1])
    club = made["club"]
    page = phone_page

    log_in(page, names["OWNER"])
    page.goto(f"/clubs/{club}/")
    with page.expect_navigation():
        page.get_by_role("link", name="Audit log").click()
    rows = page.locator(".audit-row")
    expect(rows.first).to_contain_text("Changed the settings of Coppa d'autunno")
    expect(rows.first).to_contain_text("the number of rounds:")
    expect(page.get_by_text(f"Changed the role of {names['SCORER']}")).to_be_visible()
    expect(page.get_by_text("the role: Player → Scorer")).to_be_visible()
    _no_sideways_scroll(page)
    snap(page, "audit-log-phone")

    page.get_by_label("Tournament").select_option(str(made["cup"]))
    with page.expect_navigation():
        page.get_by_role("button", name="Show").click()
    expect(rows).to_have_count(2)  # created, then changed
    _no_sideways_scroll(page)

    # In Italian (the language cookie the site's switch sets): the same acts, in words.
    cookie = {"name": "django_language", "value": "it", "url": live_site.url}
    page.context.add_cookies([cookie])
    page.goto(f"/clubs/{club}/audit/")
    expect(page.locator("h1")).to_contain_text("registro delle attività")
    expect(page.get_by_text(f"Ha cambiato il ruolo di {names['SCORER']}")).to_be_visible()
    _no_sideways_scroll(page)
    snap(page, "audit-log-phone-italian")

    # A scorer is refused.
    page.context.clear_cookies()
    log_in(page, names["SCORER"])
    response = page.goto(f"/clubs/{club}/audit/")
    assert response is not None and response.status == 403
