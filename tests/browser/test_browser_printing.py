"""In Chromium: standings people understand, and printing. On a 360 px phone the
standings page shows its legend and does not scroll sideways (a wide table scrolls in
its own box), nor does a player's page; the director defines a prize and downloads the
crosstable PDF and the final report PDF (rendered with pdftoppm when it is installed,
for a person to look at: test-artifacts/screenshots/).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import uuid
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import SCREENSHOTS

pytestmark = pytest.mark.browser

# A finished two-round Three-handed whist tournament (tables of three, placement
# points) with long names, in the live site's database; prints the addresses.
MAKE_CUP = """
import json, uuid
from django.contrib.auth import get_user_model
from scoring import store
from tournaments.models import Tournament
from tournaments.services import clubs, game_store, rounds, tournaments
user = get_user_model().objects.create_user("USERNAME", password="PASSWORD")
club = clubs.create_club(name="Circolo SUFFIX", slug="circolo-SUFFIX", owner=user)
t = tournaments.create_tournament(club, by=user, settings={
    "name": "Coppa SUFFIX", "game_type": "three_handed_whist", "table_sizes": [3],
    "options": {"deals": 3, "target_score": 21}, "rounds_planned": 3, "mode": "physical"})
t.status = Tournament.Status.OPEN
t.save(update_fields=["status"])
names = ["Maria Annunziata Bartolomei-Castiglioni", "Dario Esposito", "Carla Ferri",
         "Giovanni Battista Lombardi", "Ada Rossi", "Bea Conti"]
for n, name in enumerate(names):
    guest = clubs.add_guest(club, by=user, name=name)
    tournaments.check_in(tournaments.register(t, by=user, player=guest, rating=1500 - n), by=user)
for _ in range(2):
    r = rounds.publish(rounds.pair_next_round(t, by=user), by=user)
    for table in r.tables.all():
        for _deal in range(3):
            game_store.append_event(table.game_id, {"type": "tally", "dummy": None,
                "tricks": [6, 4, 3]}, event_id=uuid.uuid4(), expected_version=None, user=user)
store.recompute(t.pk)
entry = t.entries.get(number=1)
print(json.dumps({"base": f"/clubs/{club.slug}/t/{t.slug}/", "entry": entry.pk}))
"""


def _json_line(output: str) -> Any:
    return json.loads(output.strip().splitlines()[-1])


def _no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page scrolls sideways: {width} px wide at 360 px"


def _render(pdf: bytes, name: str) -> None:
    """The PDF's pages as PNGs at 70 dpi next to the screenshots, to look at."""
    if not shutil.which("pdftoppm"):
        return
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    stem = SCREENSHOTS / f"test_browser_printing--{name}"
    subprocess.run(["pdftoppm", "-png", "-r", "70", "-", str(stem)], input=pdf, check=True)
    assert list(SCREENSHOTS.glob(f"{stem.name}-*.png"))


@pytest.fixture(scope="module")
def cup(live_site):
    suffix = uuid.uuid4().hex[:6]
    username, password = f"director-{suffix}", f"pw-{suffix}-long"
    made = _json_line(
        live_site.shell(
            MAKE_CUP.replace("USERNAME", username)
            .replace("PASSWORD", password)
            .replace("SUFFIX", suffix)
        )
    )
    return {**made, "username": username, "password": password}


def test_the_standings_and_player_pages_fit_a_phone_and_explain_their_columns(
    cup, phone_page, snap
):
    page = phone_page
    page.goto(cup["base"] + "standings/")
    expect(page.get_by_role("heading", name="Standings", exact=True)).to_be_visible()
    # Places, not won-drawn-lost, at tables of three; and a legend below the table.
    expect(page.locator("table.standings thead")).to_contain_text("2nd")
    expect(page.locator("table.standings thead")).not_to_contain_text("W-D-L")
    legend = page.locator("section.legend")
    expect(legend).to_contain_text("Buchholz cut-1")
    expect(legend).to_contain_text("without your weakest opponent")
    legend.scroll_into_view_if_needed()
    box = legend.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    _no_sideways_scroll(page)
    snap(page, "standings-phone")

    page.goto(f"{cup['base']}players/{cup['entry']}/")
    expect(page.locator("table.rounds")).to_contain_text("Running score")
    _no_sideways_scroll(page)
    snap(page, "player-phone")

    page.goto(cup["base"] + "crosstable/")
    expect(page.locator("table.crosstable")).to_contain_text("Round 2")
    _no_sideways_scroll(page)  # the crosstable scrolls inside its own box
    snap(page, "crosstable-phone")


def test_the_director_defines_a_prize_and_prints_the_crosstable_and_report(
    cup, phone_page, log_in, snap
):
    page = phone_page
    log_in(page, cup["username"], cup["password"])
    page.goto(cup["base"] + "prizes/")
    page.get_by_label("Prize name").fill("Best guest")
    page.get_by_label("Who may win it").select_option("guests")
    page.get_by_role("button", name="Add the prize").click()
    expect(page.locator("ol.prize-list")).to_contain_text("Best guest")
    _no_sideways_scroll(page)
    snap(page, "prizes-phone")

    page.goto(cup["base"] + "standings/")
    with page.expect_download() as download:
        page.evaluate(
            "href => { const a = document.createElement('a'); a.href = href;"
            " a.download = 'crosstable.pdf'; document.body.appendChild(a); a.click(); }",
            cup["base"] + "crosstable.pdf",
        )
    path = download.value.path()
    pdf = open(path, "rb").read()  # noqa: SIM115 (a short read)
    assert pdf.startswith(b"%PDF-") and b"/MediaBox [ 0 0 841.8898 595.2756 ]" in pdf
    _render(pdf, "crosstable-pdf")

    page.goto(cup["base"] + "report/")
    expect(page.locator("ul.prize-list")).to_contain_text("Best guest")
    _no_sideways_scroll(page)
    snap(page, "report-phone")
    answer = page.request.get(cup["base"] + "report.pdf")
    assert answer.ok and answer.headers["content-type"] == "application/pdf"
    assert answer.body().startswith(b"%PDF-")
    _render(answer.body(), "report-pdf")
