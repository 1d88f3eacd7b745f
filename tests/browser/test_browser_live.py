"""In Chromium: moves pushed over the websocket (static/js/live.js, tournaments/live/).

Two browsers at one German whist table (seat 1 on a desktop, seat 2 on a 360 px
phone) see each other's moves without a reload and without polling while their
sockets are open; then the phone's socket is dropped and refused (Playwright's
``route_web_socket``): its board falls back to polling and still shows the moves,
and once the socket is let through again polling stops."""

from __future__ import annotations

import json
import time
import uuid
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PASSWORD = "tavolo-live"
QUIET = 2.5
"""Seconds without a move in which a page with an open socket must not poll (the
boards poll every second without one)."""

MAKE_GAME = """
import json
from django.contrib.auth import get_user_model
from tournaments.models import Player
from tournaments.services.games import create_game, start_game
from tournaments.services.seats import seat_by_authority
game = create_game(game_type="german_whist", players=2)
for seat, name in enumerate(NAMES):
    user = get_user_model().objects.create_user(name, password="PASSWORD")
    seat_by_authority(game, seat, Player.objects.create(name=name.split("-")[0].title(), user=user))
start_game(game.pk)
print(json.dumps(str(game.pk)))
"""


def _game(live_site: Any) -> tuple[str, list[str]]:
    names = [f"{n}-{uuid.uuid4().hex[:6]}" for n in ("anna", "bruno")]
    code = MAKE_GAME.replace("NAMES", repr(names)).replace("PASSWORD", PASSWORD)
    game_id = json.loads(live_site.shell(code).strip().splitlines()[-1])
    return game_id, names


class BoardRequests:
    """The board requests a page sends (polls and pushed fetches alike)."""

    def __init__(self, page: Any) -> None:
        self.urls: list[str] = []
        page.on("request", lambda r: self.urls.append(r.url) if "/board" in r.url else None)

    def since(self, mark: int) -> list[str]:
        return self.urls[mark:]


def _version(page: Any) -> int:
    return int(page.locator("#board").get_attribute("data-version"))


def _play(page: Any) -> None:
    """The seat to act plays its first playable card (htmx posts it)."""
    expect(page.locator("#board .turn--mine")).to_be_visible()
    with page.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/act")):
        page.locator("#board form.hand button[name=card]:enabled").first.click()


def _to_act(pages: list[Any]) -> tuple[Any, Any]:
    """(the page whose seat is to act, the other one)."""
    for _ in range(50):
        for i, page in enumerate(pages):
            if page.locator("#board .turn--mine").count():
                return page, pages[1 - i]
        time.sleep(0.1)
    raise AssertionError("neither seat is to act")


def _quiet(requests: BoardRequests) -> list[str]:
    mark = len(requests.urls)
    time.sleep(QUIET)
    return requests.since(mark)


def test_two_browsers_see_each_others_moves_pushed_then_polled_when_the_socket_drops(
    live_site, page, phone_page, log_in, snap
):
    game_id, (anna, bruno) = _game(live_site)
    desktop, phone = page, phone_page

    # The phone's socket goes through this route: let through, or closed at once.
    refused = {"now": False}
    routes: list[Any] = []

    def route(ws: Any) -> None:
        if refused["now"]:
            ws.close()
            return
        ws.connect_to_server()
        routes.append(ws)

    phone.route_web_socket("**/ws/games/**", route)
    log_in(desktop, anna, PASSWORD)
    log_in(phone, bruno, PASSWORD)
    desktop.goto(f"/games/{game_id}/seat/0/")
    phone.goto(f"/games/{game_id}/seat/1/")
    for p in (desktop, phone):
        expect(p.locator("#board")).to_have_attribute("data-live-state", "open")
        p.evaluate("window.__tavoloSamePage = true")
    requests = {id(p): BoardRequests(p) for p in (desktop, phone)}

    # Pushed: each move reaches the other browser without a reload.
    for _ in range(2):
        actor, watcher = _to_act([desktop, phone])
        before = _version(watcher)
        _play(actor)
        expect(watcher.locator("#board")).not_to_have_attribute("data-version", str(before))
        assert _version(watcher) > before
    snap(phone, "pushed-phone")
    # No polling while the sockets are open.
    for p in (desktop, phone):
        assert _quiet(requests[id(p)]) == [], "a page polled its board with its socket open"

    # The phone's socket drops and is refused: the board polls, moves still arrive.
    refused["now"] = True
    routes[-1].close()
    expect(phone.locator("#board")).to_have_attribute("data-live-state", "polling")
    mark = len(requests[id(phone)].urls)
    actor, watcher = _to_act([desktop, phone])
    if actor is phone:  # the phone plays; then the desktop's move must reach it by polling
        _play(phone)
        actor, watcher = desktop, phone
    before = _version(phone)
    _play(desktop)
    expect(phone.locator("#board")).not_to_have_attribute(
        "data-version", str(before), timeout=5_000
    )
    assert any("?v=" in url for url in requests[id(phone)].since(mark)), "no poll while down"
    snap(phone, "polling-phone")

    # Let the socket through again: it reconnects (backoff), fetches once, stops polling.
    refused["now"] = False
    expect(phone.locator("#board")).to_have_attribute("data-live-state", "open", timeout=20_000)
    time.sleep(0.5)  # the one fetch after reconnecting
    assert _quiet(requests[id(phone)]) == [], "the page kept polling after reconnecting"
    actor, watcher = _to_act([desktop, phone])
    before = _version(watcher)
    _play(actor)
    expect(watcher.locator("#board")).not_to_have_attribute("data-version", str(before))
    for p in (desktop, phone):
        assert p.evaluate("window.__tavoloSamePage === true"), "the page was reloaded"
    snap(phone, "reconnected-phone")


MAKE_ROUND = """
import json
from tests.support.factories import published
setup = published()
cup = setup.round.tournament
print(json.dumps(f"/clubs/{setup.club.slug}/t/{cup.slug}/rounds/1/"))
"""


def test_a_round_page_refreshes_its_tables_when_its_tournaments_socket_speaks(
    live_site, phone_page, snap
):
    """The round page's tables (#pairings) are fetched again, in place, when the
    tournament's socket says something (here Playwright stands in for the server,
    after the real greeting): the part is swapped, the page is not reloaded."""
    page = phone_page
    path = json.loads(live_site.shell(MAKE_ROUND).strip().splitlines()[-1])
    sockets: list[Any] = []

    def route(ws: Any) -> None:
        ws.connect_to_server()
        sockets.append(ws)

    page.route_web_socket("**/ws/clubs/**", route)
    page.goto(path)
    pairings = page.locator("#pairings")
    expect(pairings).to_have_attribute("data-live-state", "open")
    page.evaluate("document.getElementById('pairings').dataset.old = 'yes'")
    page.evaluate("window.__tavoloSamePage = true")
    with page.expect_response(lambda r: r.url.endswith(path) and r.request.method == "GET"):
        sockets[-1].send(json.dumps({"kind": "standings", "version": 999}))
    expect(pairings).not_to_have_attribute("data-old", "yes")  # a new element, swapped in
    expect(page.locator("#pairings .pairing").first).to_be_visible()
    expect(page.locator("#pairings")).to_have_count(1)
    expect(page.locator("h1")).to_have_count(1)  # only the tables were swapped, not a page
    assert page.evaluate("window.__tavoloSamePage === true"), "the page was reloaded"
    snap(page, "round-refreshed")
