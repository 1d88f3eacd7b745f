"""In Chromium, on a 360 px phone: guests with no account score their own table through
its link (issue 12). A guest opens the sheet link, says which seat they are, enters a
deal (a refused tally keeps what was typed, shown as an error), hands the phone over,
and a player of the other side confirms. Then the two sides enter different tallies
of a deal, and the director reads what differs in words and rules after a
confirmation page, and closes the round, which ends the guests' right."""

from __future__ import annotations

import json
import re
import uuid

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SETUP = """
import json
from django.contrib.auth import get_user_model
from tournaments.services import clubs, rounds, tournaments
from tournaments.web.sheet_pages import sheet_path
User = get_user_model()
director = User.objects.create_user("dir-SUFFIX", password="PASSWORD")
club = clubs.create_club(name="Guests SUFFIX", slug="guests-SUFFIX", owner=director)
cup = tournaments.create_tournament(club, by=director, settings={
    "name": "Guest night", "game_type": "german_whist", "options": {"deals": 3},
    "mode": "physical",
})
for name in ("Ada Rossi", "Bea Neri"):
    guest = clubs.add_guest(club, by=director, name=name)
    tournaments.check_in(tournaments.register(cup, by=director, player=guest), by=director)
table = rounds.publish(rounds.pair_next_round(cup, by=director), by=director).tables.get()
names = [s.player.name for s in table.game.seats.order_by("number")]
control = f"/clubs/{club.slug}/t/{cup.slug}/rounds/1/control"
print(json.dumps({"path": sheet_path(table), "table": table.pk, "names": names,
                  "director": director.username, "control": control}))
"""

LINES = """
from tournaments.models import SheetEntry
print(SheetEntry.objects.filter(table_id=TABLE).count())
"""

WIDTH = "document.documentElement.scrollWidth"


def test_a_guest_enters_hands_over_and_the_other_side_confirms(
    live_site, phone_page, page, log_in, snap
):
    suffix = uuid.uuid4().hex[:6]
    password = f"pw-{suffix}-long"
    made = json.loads(
        live_site.shell(SETUP.replace("SUFFIX", suffix).replace("PASSWORD", password))
        .strip()
        .splitlines()[-1]
    )
    first, second = made["names"]

    def lines() -> int:
        return int(live_site.shell(LINES.replace("TABLE", str(made["table"]))).split()[-1])

    phone = phone_page
    phone.goto(made["path"])
    expect(phone.get_by_role("heading", name="Who are you?")).to_be_visible()
    snap(phone, "who-are-you")
    assert phone.evaluate(WIDTH) <= 360
    phone.get_by_role("button", name=re.compile(f"Seat 1 {first}")).click()
    expect(phone.locator(".sheet-you")).to_contain_text(f"You are {first} (seat 1)")

    # A refused tally: the error is shown as an error, next to the form, and what
    # was typed stays.
    form = phone.locator("form[data-sheet-draft]")
    counts = form.locator('input[type="number"]')
    counts.nth(0).fill("8")
    counts.nth(1).fill("8")
    form.get_by_role("button", name="Enter deal 1").click()
    error = phone.locator("[data-sheet-form-error]")
    expect(error).to_be_visible()
    expect(error).to_contain_text("13")
    expect(counts.nth(0)).to_have_value("8")
    expect(counts.nth(1)).to_have_value("8")
    snap(phone, "refused-tally-kept")
    assert lines() == 0

    counts.nth(1).fill("5")
    form.get_by_role("button", name="Enter deal 1").click()
    handover = phone.locator(".handover")
    expect(handover).to_contain_text("Hand the phone to a player of the other side")
    expect(phone.locator("#deal-1")).to_have_attribute("data-status", "pending")
    snap(phone, "hand-the-phone-over")
    assert phone.evaluate(WIDTH) <= 360
    handover.get_by_role("button", name=re.compile(f"Seat 2 {second}")).click()
    expect(phone.locator(".sheet-you")).to_contain_text(f"You are {second} (seat 2)")
    phone.get_by_role("button", name="Confirm deal 1").click()
    expect(phone.locator("#deal-1")).to_have_attribute("data-status", "counted")
    snap(phone, "confirmed-by-the-other-side")
    assert lines() == 2

    # Deal 2: the sides disagree.
    form = phone.locator("form[data-sheet-draft]")
    form.locator('input[type="number"]').nth(0).fill("7")
    form.locator('input[type="number"]').nth(1).fill("6")
    form.get_by_role("button", name="Enter deal 2").click()
    expect(phone.locator("#deal-2")).to_have_attribute("data-status", "pending")
    phone.locator(".handover").get_by_role("button", name=re.compile(first)).click()
    phone.get_by_text("Our tally of deal 2 differs").click()
    answer = phone.locator("tr.sheet-detail form.sheet-form")
    answer.locator('input[type="number"]').nth(0).fill("6")
    answer.locator('input[type="number"]').nth(1).fill("7")
    answer.get_by_role("button", name=re.compile("Enter our tally")).click()
    expect(phone.locator("#deal-2")).to_have_attribute("data-status", "disputed")
    differs = phone.locator(".sheet-differs")
    expect(differs).to_contain_text(f"{first}'s tricks: 7 or 6")
    expect(differs).not_to_contain_text("tricks[")
    snap(phone, "dispute-in-words")
    assert phone.evaluate(WIDTH) <= 360

    # The director, on a phone too, rules after a confirmation page.
    director = page
    director.set_viewport_size({"width": 360, "height": 740})
    log_in(director, made["director"], password)
    director.goto(made["path"])
    expect(director.locator(".sheet-differs")).to_contain_text(f"{second}'s tricks: 6 or 7")
    snap(director, "director-sees-the-dispute")
    assert director.evaluate(WIDTH) <= 360
    director.get_by_role("link", name=f"Count {first}'s tally…").click()
    expect(director.get_by_role("heading", name=f"Count {first}'s tally?")).to_be_visible()
    snap(director, "ruling-confirmation")
    assert director.evaluate(WIDTH) <= 360
    assert lines() == 4, "looking at the ruling rules nothing"
    director.get_by_role("button", name="Yes, count it").click()
    expect(director.locator("#deal-2")).to_have_attribute("data-status", "counted")
    director.get_by_text(re.compile("Sheet history")).click()
    history = director.locator(".sheet-history")
    expect(history).to_contain_text(f"seat 1 {first}")
    expect(history).to_contain_text("as a guest, through the table link")
    snap(director, "history-attributed")
    assert lines() == 5

    # The director closes the round: the guests' link no longer takes entries.
    director.goto(made["control"])
    director.get_by_role("button", name="Close round 1").click()
    expect(director.locator(".notice").first).to_contain_text("Round 1 is closed")
    snap(director, "round-closed")
    assert director.evaluate(WIDTH) <= 360
    phone.goto(made["path"])
    expect(phone.get_by_role("alert")).to_contain_text("Round 1 is closed")
    expect(phone.get_by_role("button", name=re.compile("Enter deal"))).to_have_count(0)
    snap(phone, "closed-for-guests")
