"""In Chromium: a casual online game from the web. On a desktop a player creates a
Scopa game on the "new game" page and copies the invitation link for the other seat;
on a 360 px phone a second player (logged in) opens the link and takes the seat; the
game starts and both see the board, with seats numbered from 1. Also the new-game
page and the grouped game list on a phone, with no sideways scrolling."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PASSWORD = "tavolo-casual"

MAKE_USERS = """
from django.contrib.auth import get_user_model
from tournaments.models import Player
for name, shown in NAMES:
    user = get_user_model().objects.create_user(name, password="PASSWORD")
    Player.objects.create(name=shown, user=user)
print("ok")
"""


def _users(live_site: Any, *shown: str) -> list[str]:
    names = [f"{s.lower()}-{uuid.uuid4().hex[:6]}" for s in shown]
    code = MAKE_USERS.replace("NAMES", repr(list(zip(names, shown, strict=True)))).replace(
        "PASSWORD", PASSWORD
    )
    live_site.shell(code)
    return names


def _no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width} px wide"


def _text(page: Any) -> str:
    return str(page.locator("main").inner_text())


def _no_seat_zero(page: Any) -> None:
    found = re.search(r"\bseats?\s+0\b", _text(page), re.I)
    assert found is None, f"{page.url} shows {found.group(0)!r}"


def test_a_game_made_on_a_desktop_is_joined_by_link_on_a_phone(
    live_site, page, phone_page, log_in, snap
):
    olga, bruno = _users(live_site, "Olga", "Bruno")

    # Desktop: Olga makes a Scopa game for two and sits in seat 1.
    log_in(page, olga, PASSWORD)
    page.goto("/games/")
    page.get_by_role("link", name="New game").click()
    expect(page.get_by_role("heading", name="New game")).to_be_visible()
    page.get_by_label("Game", exact=True).select_option(label="Scopa")
    page.get_by_label("Players").select_option("2")
    page.get_by_label("Your seat").select_option(label="Seat 1")
    page.get_by_label("Points to win").fill("11")
    new_cards = page.get_by_label("New cards")
    expect(new_cards.locator("option")).to_have_text(
        [
            "Three more cards each when every hand is empty",
            "Draw a card from the stock after each play",
        ]
    )
    snap(page, "new-game-desktop")
    page.get_by_role("button", name="Create the game").click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f-]{36}/invite$"))
    game_id = page.url.split("/games/")[1].split("/")[0]
    expect(page.get_by_text("Seat 1: Olga")).to_be_visible()
    expect(page.get_by_role("heading", name="Seat 2")).to_be_visible()

    # Copy the link for seat 2 (the clipboard, as a person would paste it).
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_site.url)
    link = page.get_by_label("Link for seat 2")
    url = link.input_value()
    assert url.startswith(f"{live_site.url}/games/join/"), url
    copy = page.locator('button[data-copy="invite-link-1"]')
    expect(copy).to_have_text("Copy")
    copy.click()
    expect(copy).to_have_text("Copied ✓")
    assert page.evaluate("navigator.clipboard.readText()") == url
    page.get_by_text("Show the QR code").click()
    expect(page.get_by_role("img", name="QR code of the link for seat 2")).to_be_visible()
    _no_seat_zero(page)
    snap(page, "invite-desktop")

    # Phone: Bruno, logged in, opens the link and takes seat 2.
    log_in(phone_page, bruno, PASSWORD)
    phone_page.goto(url)
    expect(
        phone_page.get_by_text("Olga invites you to play Scopa (2 players), in seat 2.")
    ).to_be_visible()
    _no_sideways_scroll(phone_page)
    snap(phone_page, "join-phone")
    take = phone_page.get_by_role("button", name="Take seat 2")
    box = take.bounding_box()
    assert box and box["height"] >= 44
    take.click()
    expect(phone_page).to_have_url(re.compile(rf"/games/{game_id}/seat/1/$"))
    expect(phone_page.get_by_text("Everyone is here: the game has started.")).to_be_visible()
    expect(phone_page.locator("#board")).to_be_visible()
    expect(phone_page.locator('#board [aria-label="Your hand"] h2')).to_contain_text("3 cards")
    seats = phone_page.locator("#board .seats .who")
    expect(seats).to_have_text(
        [re.compile(r"^Olga\s+seat 1$"), re.compile(r"^Bruno\s+seat 2 · you$")]
    )
    _no_seat_zero(phone_page)
    _no_sideways_scroll(phone_page)
    snap(phone_page, "board-phone")

    # Desktop: Olga's invitation page notices and sends her to her seat.
    expect(page).to_have_url(re.compile(rf"/games/{game_id}/seat/0/$"), timeout=10_000)
    expect(page.locator("#board")).to_be_visible()
    expect(page.locator("#board .seats .who").first).to_have_text(
        re.compile(r"^Olga\s+seat 1 · you$")
    )
    _no_seat_zero(page)
    snap(page, "board-desktop")

    # The link is used: opening it again (someone else, here logged out) says so in words.
    page.context.clear_cookies()
    page.goto(url)
    expect(page.get_by_role("alert")).to_contain_text("already been used")


def test_the_new_game_page_and_the_game_list_fit_a_phone(live_site, phone_page, log_in, snap):
    (chiara,) = _users(live_site, "Chiara")
    log_in(phone_page, chiara, PASSWORD)
    phone_page.goto("/games/new")
    phone_page.get_by_label("Game", exact=True).select_option(label="Tresette")
    expect(phone_page.get_by_text("Seats 1 and 3 play together")).to_be_visible()
    expect(phone_page.get_by_label("Your seat").locator("option")).to_have_count(4)
    _no_sideways_scroll(phone_page)
    snap(phone_page, "new-game-phone")
    phone_page.get_by_label("Your seat").select_option(label="Seat 3")
    phone_page.get_by_role("button", name="Create the game").click()
    expect(phone_page.get_by_text("Seat 3: Chiara")).to_be_visible()
    _no_sideways_scroll(phone_page)
    snap(phone_page, "invite-phone")
    phone_page.goto("/games/")
    expect(phone_page.get_by_role("heading", name="Your games")).to_be_visible()
    expect(phone_page.get_by_text("waiting for 3 players")).to_be_visible()
    footer = phone_page.locator("body > footer")
    expect(footer).to_contain_text("For developers")
    expect(phone_page.locator("body > header")).not_to_contain_text("API")
    _no_sideways_scroll(phone_page)
    _no_seat_zero(phone_page)
    snap(phone_page, "games-phone")


def test_the_demo_directors_game_list_is_grouped_on_a_phone(live_site, phone_page, log_in, snap):
    live_site.manage("load_demo")
    log_in(phone_page, "director")
    phone_page.goto("/games/")
    rounds = phone_page.locator("main h3", has_text=re.compile(r" — round \d+$"))
    expect(rounds.first).to_be_visible()
    expect(phone_page.get_by_role("heading", name="Tournament games")).to_be_visible()
    tables = rounds.first.locator("xpath=following-sibling::ul[1]/li")
    assert tables.count() >= 1
    expect(tables.first).to_contain_text("Table 1 · ")
    _no_sideways_scroll(phone_page)
    _no_seat_zero(phone_page)
    snap(phone_page, "demo-director-games-phone")
