"""In Chromium: a table's own acts (issue 16). A player on a 360 px phone leaves and
comes back (logged out, logged in again) to the same seat and the same hand; then
resigns, asked first (saying no changes nothing), and the other seat's page, never
reloaded, shows the result. A creator seats a bot in the last empty seat from the
invitation page: the game starts, the bot's seat is marked on the board, and the bot
plays its moves by itself."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PASSWORD = "tavolo-acts"

SET_UP = """
from django.contrib.auth import get_user_model
from tournaments.models import Player
from tournaments.services import casual
users = []
for name, shown in NAMES:
    user = get_user_model().objects.create_user(name, password="PASSWORD")
    Player.objects.create(name=shown, user=user)
    users.append(user)
game, invitations = casual.new_casual_game(
    user=users[0], game_type="GAME", players=2, options={}, seat=0
)
if len(users) > 1:
    casual.take_seat(invitations[0].token, users[1])
print(game.pk)
"""


def _game(live_site: Any, game: str, *shown: str) -> tuple[str, list[str]]:
    names = [f"{s.lower()}-{uuid.uuid4().hex[:6]}" for s in shown]
    code = (
        SET_UP.replace("NAMES", repr(list(zip(names, shown, strict=True))))
        .replace("PASSWORD", PASSWORD)
        .replace("GAME", game)
    )
    return live_site.shell(code).strip().splitlines()[-1], names


def _hand(page: Any) -> list[str]:
    cards = page.locator('#board [aria-label="Your hand"] .hand > [data-card]')
    expect(cards.first).to_be_visible()
    return [str(card.get_attribute("data-card")) for card in cards.all()]


def _no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width} px wide"


def test_a_player_comes_back_to_the_same_hand_then_resigns_and_the_other_seat_sees_it(
    live_site, page, phone_page, log_in, snap
):
    game_id, (olga, bruno) = _game(live_site, "scopa", "Olga", "Bruno")
    log_in(page, olga, PASSWORD)
    page.goto(f"/games/{game_id}/seat/0/")
    expect(page.locator("#board")).to_be_visible()

    log_in(phone_page, bruno, PASSWORD)
    phone_page.goto(f"/games/{game_id}/seat/1/")
    before = _hand(phone_page)
    assert len(before) == 3, before

    # Bruno leaves (logs out), comes back on the same phone, finds his seat from the
    # game list: the same seat, the same cards.
    phone_page.context.clear_cookies()
    phone_page.goto(f"/games/{game_id}/seat/1/")
    expect(phone_page).to_have_url(re.compile(r"/accounts/login/"))
    log_in(phone_page, bruno, PASSWORD)
    phone_page.goto("/games/")
    phone_page.locator(f'a[href="/games/{game_id}/seat/1/"]').first.click()
    expect(phone_page).to_have_url(re.compile(rf"/games/{game_id}/seat/1/$"))
    assert _hand(phone_page) == before

    # Resign, asked first: "no" changes nothing, "yes" ends the game.
    phone_page.get_by_text("Resign or concede").click()
    resign = phone_page.get_by_role("button", name="Resign", exact=True)
    _no_sideways_scroll(phone_page)
    snap(phone_page, "resign-phone")
    questions: list[str] = []
    phone_page.once("dialog", lambda dialog: (questions.append(dialog.message), dialog.dismiss()))
    resign.click()
    expect(phone_page.locator("#board")).not_to_contain_text("resigned")
    assert questions and questions[0].startswith("Resign the whole game?")
    phone_page.once("dialog", lambda dialog: dialog.accept())
    resign.click()
    expect(phone_page.get_by_text("Bruno (seat 2) resigned: the game is over.")).to_be_visible()

    # Olga's page was never reloaded: it shows the result by itself.
    expect(page.get_by_text("Bruno (seat 2) resigned: the game is over.")).to_be_visible(
        timeout=10_000
    )
    expect(page.locator("#board .log")).to_contain_text("Bruno resigns: the game is over.")
    snap(page, "resigned-desktop")


def test_the_creator_seats_a_bot_in_the_last_seat_and_the_game_starts(
    live_site, phone_page, log_in, snap
):
    game_id, (olga,) = _game(live_site, "briscola", "Olga")
    log_in(phone_page, olga, PASSWORD)
    phone_page.goto(f"/games/{game_id}/invite")
    _no_sideways_scroll(phone_page)
    phone_page.get_by_role("button", name="Seat a bot").click()
    expect(phone_page).to_have_url(re.compile(rf"/games/{game_id}/seat/0/$"))
    expect(
        phone_page.get_by_text("A bot took the last seat: the game has started.")
    ).to_be_visible()
    seats = phone_page.locator("#board .seats li")
    expect(seats.nth(1)).to_contain_text("Bot")
    expect(seats.nth(1).locator(".badge", has_text="bot")).to_be_visible()
    _no_sideways_scroll(phone_page)
    snap(phone_page, "bot-seated-phone")

    # The bot plays by itself (the table driver, on a timer in this eager site), and
    # answers each of Olga's cards: two of its moves in the log, whoever led.
    bot_moves = phone_page.locator("#board .log li", has_text="played by the bot")
    for _ in range(2):
        expect(phone_page.locator("#board .turn--mine")).to_be_visible(timeout=10_000)
        with phone_page.expect_response(
            lambda r: r.request.method == "POST" and r.url.endswith("/act")
        ):
            phone_page.locator("#board form.hand button[name=card]:enabled").first.click()
    expect(bot_moves.nth(1)).to_be_attached(timeout=10_000)  # in the folded "Latest moves"
    snap(phone_page, "bot-played-phone")


def test_the_creator_adjourns_on_a_phone_and_the_other_seat_sees_it_then_resumes(
    live_site, page, phone_page, log_in, snap
):
    game_id, (olga, bruno) = _game(live_site, "scopa", "Olga", "Bruno")
    log_in(page, bruno, PASSWORD)
    page.goto(f"/games/{game_id}/seat/1/")
    expect(page.locator("#board")).to_be_visible()

    log_in(phone_page, olga, PASSWORD)
    phone_page.goto(f"/games/{game_id}/")
    phone_page.get_by_text("Adjourn the table").first.click()
    phone_page.get_by_label("Reason").fill("dinner")
    _no_sideways_scroll(phone_page)
    snap(phone_page, "adjourn-phone")
    phone_page.get_by_role("button", name="Adjourn the table").click()
    adjourned = "The table is adjourned (by the player who set up the game)"
    expect(phone_page.get_by_text(adjourned)).to_be_visible()

    # Bruno's seat page, never reloaded, says so; then Olga resumes and it goes away.
    expect(page.get_by_text(adjourned)).to_be_visible(timeout=10_000)
    phone_page.get_by_text("Resume the table").click()
    phone_page.get_by_role("button", name="Resume", exact=True).click()
    expect(phone_page.locator("#board .log")).to_contain_text("Play resumes.")
    expect(page.get_by_text(adjourned)).to_have_count(0, timeout=10_000)
