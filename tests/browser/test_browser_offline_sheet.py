"""In Chromium, on a 360 px phone: a score-sheet entry made while the network is down
is kept on the phone and sent once when the network returns (issue 5: "keeps what was
typed when the network drops and submits it once when it returns")."""

from __future__ import annotations

import json
import uuid

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SETUP = """
import json
from django.contrib.auth import get_user_model
from tournaments.models import Player
from tournaments.services import clubs, rounds, tournaments
from tournaments.web.sheet_pages import sheet_path
User = get_user_model()
director = User.objects.create_user("dir-SUFFIX", password="PASSWORD")
club = clubs.create_club(name="Offline SUFFIX", slug="offline-SUFFIX", owner=director)
cup = tournaments.create_tournament(club, by=director, settings={
    "name": "Offline", "game_type": "german_whist", "options": {"deals": 1}, "mode": "physical",
})
for name in ("ada", "bea"):
    user = User.objects.create_user(f"{name}-SUFFIX", password="PASSWORD")
    player = Player.objects.create(user=user, name=f"{name} SUFFIX")
    tournaments.check_in(tournaments.register(cup, by=director, player=player), by=director)
table = rounds.publish(rounds.pair_next_round(cup, by=director), by=director).tables.get()
seat0 = table.game.seats.get(number=0).player.user.username
print(json.dumps({"path": sheet_path(table), "user": seat0, "table": table.pk}))
"""

LINES = """
from tournaments.models import SheetEntry
print(SheetEntry.objects.filter(table_id=TABLE).count())
"""

QUEUED = (
    "JSON.parse(localStorage.getItem('tavolo-sheet-queue:' +"
    " document.querySelector('[data-sheet]').getAttribute('data-sheet')) || '[]').length"
)


# Slow (~15 s in CI): Chromium goes offline and back online, and the test waits for the
# page to send the kept entry.
def test_an_entry_typed_offline_is_kept_and_sent_once_when_the_network_returns(
    live_site, phone_page, log_in, snap
):
    suffix = uuid.uuid4().hex[:6]
    password = f"pw-{suffix}-long"
    made = json.loads(
        live_site.shell(SETUP.replace("SUFFIX", suffix).replace("PASSWORD", password))
        .strip()
        .splitlines()[-1]
    )

    def lines() -> int:
        return int(live_site.shell(LINES.replace("TABLE", str(made["table"]))).split()[-1])

    log_in(phone_page, made["user"], password)
    phone_page.goto(made["path"])
    draft = phone_page.locator("form[data-sheet-draft]")
    counts = draft.locator('input[type="number"]')
    counts.nth(0).fill("8")
    counts.nth(1).fill("5")

    phone_page.context.set_offline(True)
    draft.get_by_role("button", name="Enter deal 1").click()
    expect(phone_page.locator("[data-sheet-queue]")).to_be_visible()
    snap(phone_page, "offline-kept-on-the-phone")
    assert phone_page.evaluate(QUEUED) == 1
    assert lines() == 0, "nothing reached the server while offline"

    phone_page.context.set_offline(False)
    # The browser announces it is back online; a second announcement (or the 15 s
    # retry) must not store the entry twice.
    phone_page.evaluate("window.dispatchEvent(new Event('online'))")
    phone_page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(phone_page.locator("#deal-1")).to_have_attribute(
        "data-status", "pending", timeout=20_000
    )
    snap(phone_page, "online-sent-once")
    assert phone_page.evaluate(QUEUED) == 0
    assert lines() == 1
