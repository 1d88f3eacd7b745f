"""In Chromium at 360 px, with an Italian browser (issue 14): an Italian player opens a
Scopa table's score sheet (Segnapunti) of a published tournament in an Italian club,
enters a deal's tally (cards, denari, scope, primiera, settebello) on the phone form and
sees it recorded in Italian; then a Scopa board draws the Italian deck. No sideways
scrolling."""

from __future__ import annotations

import json
import re
import uuid

import pytest
from playwright.sync_api import expect

from tests.browser.test_browser_italian_cards import ITALIAN_NAME, _hand_labels, _icons_are_drawn
from tests.browser.test_browser_scopa import PASSWORD, _no_sideways_scroll, _set_up

pytestmark = pytest.mark.browser

SETUP = """
import json
from django.contrib.auth import get_user_model
from tournaments.services import clubs, rounds, tournaments
from tournaments.web.sheet_pages import sheet_path
User = get_user_model()
director = User.objects.create_user("dir-SUFFIX", password="pw-SUFFIX-long")
club = clubs.create_club(name="Circolo SUFFIX", slug="circolo-SUFFIX", owner=director,
                         language="it")
cup = tournaments.create_tournament(club, by=director, settings={
    "name": "Scopa del giovedi", "game_type": "scopa", "options": {}, "mode": "physical",
})
for name in ("Ada Rossi", "Bea Neri"):
    guest = clubs.add_guest(club, by=director, name=name)
    tournaments.check_in(tournaments.register(cup, by=director, player=guest), by=director)
table = rounds.publish(rounds.pair_next_round(cup, by=director), by=director).tables.get()
names = [s.player.name for s in table.game.seats.order_by("number")]
print(json.dumps({"path": sheet_path(table), "table": table.pk, "names": names}))
"""

LINES = """
from tournaments.models import SheetEntry
print(SheetEntry.objects.filter(table_id=TABLE).count())
"""

TALLY = {
    "cards_0": "22",
    "coins_0": "6",
    "scope_0": "1",
    "primiera_0": "78",
    "cards_1": "18",
    "coins_1": "4",
    "scope_1": "0",
    "primiera_1": "70",
}


def test_an_italian_player_scores_a_scopa_deal_and_sees_italian_cards(live_site, browser, snap):
    suffix = uuid.uuid4().hex[:6]
    made = json.loads(live_site.shell(SETUP.replace("SUFFIX", suffix)).strip().splitlines()[-1])
    first = made["names"][0]
    phone_size = {"width": 360, "height": 740}
    context = browser.new_context(
        base_url=live_site.url,
        locale="it-IT",
        viewport=phone_size,
        screen=phone_size,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        extra_http_headers={"Accept-Language": "it"},
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    try:
        page.goto(made["path"])
        expect(page.locator("html")).to_have_attribute("lang", "it")
        page.get_by_role("button", name=re.compile(f"Posto 1 {first}")).click()
        body = page.locator("body")
        expect(page).to_have_title(re.compile("segnapunti", re.I))
        expect(body).to_contain_text(re.compile("smazzata", re.I))
        expect(body).to_contain_text("denari")
        _no_sideways_scroll(page)
        snap(page, "sheet-italian")

        form = page.locator("form[data-sheet-draft]")
        for name, value in TALLY.items():
            form.locator(f'[name="{name}"]').fill(value)
        form.get_by_label(re.compile("Chi ha preso il settebello")).select_option(label=first)
        form.get_by_role("button", name="Registra la smazzata 1").click()
        expect(page.locator("#deal-1")).to_have_attribute("data-status", "pending")
        expect(page.locator("#deal-1")).to_contain_text("22")
        expect(body).not_to_contain_text("Enter deal")
        _no_sideways_scroll(page)
        snap(page, "deal-entered-italian")
        lines = live_site.shell(LINES.replace("TABLE", str(made["table"]))).split()[-1]
        assert int(lines) >= 1

        # A Scopa board: the Italian deck.
        turn = _set_up(live_site, "scopa", 2, "len(cards) > 1", seed=3)
        page.goto("/accounts/login/")  # the log-in form in Italian
        page.locator('input[name="username"]').fill(turn["username"])
        page.locator('input[name="password"]').fill(PASSWORD)
        with page.expect_navigation():
            page.locator('form:has(input[name="password"]) button').first.click()
        assert "/accounts/login/" not in page.url
        page.goto(f"/games/{turn['game']}/seat/{turn['seat']}/")
        expect(page.locator("html")).to_have_attribute("lang", "it")
        expect(page.locator("#board .hand [data-card]").first).to_be_visible()
        labels = _hand_labels(page)
        assert labels and all(ITALIAN_NAME.search(label or "") for label in labels), labels
        assert not re.search("[\u2660\u2665\u2666\u2663]", page.locator("#board").inner_text())
        _icons_are_drawn(page)
        _no_sideways_scroll(page)
        snap(page, "scopa-board-italian")
    finally:
        context.close()
