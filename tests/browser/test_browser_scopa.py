"""In Chromium, on a phone-sized page: a Scopa player taps a card that can capture in
several ways, sees the captures offered, taps one, and the board updates in place
with exactly that capture in the game's log. Also screenshots of the Briscola and
Tresette boards at 360 px and on a desktop, with no sideways scrolling."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PASSWORD = "tavolo-italian"

# Run in the live site's database: a game of GAME for PLAYERS users, played at random
# until WANTED holds for the seat to act (Scopa: a card with several captures).
SET_UP = """
import json, random, uuid
from django.contrib.auth import get_user_model
from tournaments.models import Game, Player
from tournaments.services.game_store import append_event
from tournaments.services.games import create_game, start_game
from tournaments.services.game_store import read_state
from tournaments.services.seats import seat_by_authority
User = get_user_model()
organiser = User.objects.create_user("org-" + uuid.uuid4().hex[:6], password="x")

def new_game():
    made = create_game(game_type="GAME", players=PLAYERS, options=None, mode="online",
                       created_by=organiser)
    for n in range(PLAYERS):
        seat_by_authority(made, n, Player.objects.create(
            name=["Alice", "Bruno", "Chiara", "Dario"][n], user=users[n]))
    start_game(made.pk)
    return made

names = [f"GAME{n}-" + uuid.uuid4().hex[:5] for n in range(PLAYERS)]
users = [User.objects.create_user(name, password="PASSWORD") for name in names]
game = new_game()
rng = random.Random(SEED)

def wanted(legal):
    cards = [e["card"] for e in legal]
    return WANTED

# The deals are the server's own random ones: a game that ends before the position
# wanted (rarely: random play can go out early) is replaced by a new one.
step, games = 0, 1
while step < 400:
    game = Game.objects.get(pk=game.pk)
    to_act = read_state(game, lambda s: s.seats_to_act())
    if not to_act and game.status != Game.Status.ACTIVE and games < 5:
        game, step, games = new_game(), 0, games + 1
        continue
    seat = to_act[0]
    legal = read_state(game, lambda s: [a.to_event() for a in s.legal_actions(seat)])
    if wanted(legal):
        break
    event = read_state(game, lambda s: s.random_action(rng).to_event())
    append_event(game.pk, event, event_id=uuid.uuid4(), expected_version=game.version)
    step += 1
print(json.dumps({"game": str(game.pk), "seat": seat, "username": names[seat],
                  "version": game.version, "legal": legal}))
"""

EVENT_AT = """
import json
from tournaments.models import Game, GameEvent
game = Game.objects.get(pk="GAME_ID")
event = GameEvent.objects.filter(game=game, sequence=VERSION).first()
print(json.dumps({"version": game.version, "event": event.payload if event else None}))
"""


def _json_line(output: str) -> Any:
    return json.loads(output.strip().splitlines()[-1])


def _set_up(live_site: Any, game: str, players: int, wanted: str, seed: int = 1) -> Any:
    code = (
        SET_UP.replace("GAME", game)
        .replace("PLAYERS", str(players))
        .replace("PASSWORD", PASSWORD)
        .replace("SEED", str(seed))
        .replace("WANTED", wanted)
    )
    return _json_line(live_site.shell(code))


def _no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width} px wide"


# Slow (~10 s in CI): sets up a Scopa game in the live site until a card has two captures,
# then chooses one in Chromium on a phone.
def test_a_scopa_capture_is_chosen_on_a_phone(live_site, phone_page, log_in, snap):
    page = phone_page
    turn = _set_up(live_site, "scopa", 2, "any(cards.count(c) > 1 for c in cards)")
    cards = [e["card"] for e in turn["legal"]]
    card = next(c for c in cards if cards.count(c) > 1)
    choices = [e for e in turn["legal"] if e["card"] == card]
    assert len(choices) > 1, turn

    log_in(page, turn["username"], PASSWORD)
    page.goto(f"/games/{turn['game']}/seat/{turn['seat']}/")
    board = page.locator("#board")
    expect(board).to_have_attribute("data-version", str(turn["version"]))
    expect(page.locator('#board [aria-label="Cards on the table"]')).to_be_visible()
    panel = page.locator(f"#choices-{card}")
    expect(panel).to_be_hidden()
    _no_sideways_scroll(page)
    snap(page, "scopa-before")

    page.evaluate("window.__tavoloSamePage = true")
    page.locator(f'#board button[data-choices="choices-{card}"]').click()
    expect(panel).to_be_visible()
    options = panel.locator("button[name=move]")
    expect(options).to_have_count(len(choices))
    for option in options.all():  # every choice is a thumb-sized target
        box = option.bounding_box()
        assert box and box["height"] >= 44 and box["width"] <= 360
    _no_sideways_scroll(page)
    snap(page, "scopa-choices")

    chosen = choices[-1]
    value = " ".join([chosen["card"], *chosen["capture"]])
    with page.expect_response(
        lambda r: r.request.method == "POST" and r.url.endswith("/act")
    ) as posted:
        panel.locator(f'button[value="{value}"]').click()
    assert posted.value.status == 200
    expect(board).to_have_attribute("data-version", str(turn["version"] + 1))
    expect(page.locator("#board .banner")).to_have_count(0)
    expect(page.locator("#board .turn--mine")).to_have_count(0)
    assert page.evaluate("window.__tavoloSamePage === true"), "the page was reloaded"
    expect(page.locator("#board .log li").first).to_contain_text("and takes")
    snap(page, "scopa-after")

    after = _json_line(
        live_site.shell(
            EVENT_AT.replace("GAME_ID", turn["game"]).replace("VERSION", str(turn["version"]))
        )
    )
    assert after["event"] == chosen


@pytest.mark.parametrize(
    ("game", "players", "wanted"),
    [
        ("briscola", 3, "step >= 4 and len(legal) == 3"),
        ("tresette", 4, "step >= 4 and any(e.get('signal') for e in legal)"),
    ],
)
def test_briscola_and_tresette_boards_fit_a_phone_and_a_desktop(
    live_site, phone_page, page, log_in, snap, game, players, wanted
):
    turn = _set_up(live_site, game, players, f"{wanted} and len(cards) > 1", seed=7)
    for name, tab in (("phone", phone_page), ("desktop", page)):
        log_in(tab, turn["username"], PASSWORD)
        tab.goto(f"/games/{turn['game']}/seat/{turn['seat']}/")
        expect(tab.locator("#board .turn--mine")).to_be_visible()
        _no_sideways_scroll(tab)
        if game == "tresette":
            first = tab.locator("#board button[data-choices]").first
            first.click()
            expect(tab.locator("#board .move-choices:visible")).to_have_count(1)
        snap(tab, f"{game}-{name}")
