"""A world with something on every page, for the test that reads the whole site
(tests/i18n/test_every_page_speaks.py), and what a person reads on a page.

The world is the demo (``tournaments.services.demo.load_demo``: the Circolo Tavolo,
an Italian club with a scorer, guests, teams, a Thursday Italian Whist in its third
round with a disputed table and a Sunday team whist open for entries, and casual
whist games), plus a finished three-handed whist cup of an English club (its report,
crosstable and prizes), one casual game of each of the nine games a few moves in,
a finished Briscola, and a casual Scopa waiting for its invited players.
"""

from __future__ import annotations

import random
import uuid
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

from django.contrib.auth import get_user_model
from django.test import override_settings

from tests.support.factories import threes_cup
from tests.support.ladder_data import ladder_of, rate
from tournaments.models import (
    Club,
    Entry,
    Game,
    Player,
    Season,
    SheetEntry,
    Team,
    Tournament,
)
from tournaments.services import casual
from tournaments.services.demo import DEMO_GAMES, demo_game_id, load_demo
from tournaments.services.demo_club import CLUB_SLUG, THURSDAY_SLUG
from tournaments.services.game_store import append_event, read_state
from tournaments.services.games import create_game, start_game
from tournaments.services.seats import seat_by_authority

DIRECTOR = "olga"
"""The username of the demo club's owner in this world."""

NINE_GAMES = [
    ("whist", 4),
    ("german_whist", 2),
    ("three_handed_whist", 3),
    ("italian_whist", 3),
    ("scopa", 2),
    ("briscola", 2),
    ("tresette", 4),
    ("burraco", 4),
    ("scala40", 2),
]
"""Every game of the site and a player count it is played with."""


@dataclass
class World:
    club: Club
    thursday: Tournament
    sunday: Tournament
    finished: Tournament
    director: Any
    scorer: Any
    alice: Any
    outsider: Any
    games: dict[str, Game]
    finished_game: Game
    waiting_game: Game
    invitation_token: str
    disputed_code: str
    disputed_deal: int
    disputed_entry: int
    guest_code: str
    alice_code: str
    typed: list[str] = field(default_factory=list)
    """What people typed (names, descriptions): not the site's words."""

    def user(self, name: str) -> Any:
        return get_user_model().objects.get(username=name)


def _play(game: Game, moves: int, seed: int) -> Game:
    rng = random.Random(seed)
    for _ in range(moves):
        game.refresh_from_db()
        if game.is_over:
            break
        event = read_state(game, lambda state: state.random_action(rng).to_event())
        append_event(game.pk, event, event_id=uuid.uuid4(), expected_version=game.version)
    game.refresh_from_db()
    return game


def _game(game_type: str, players: list[Player], moves: int, seed: int = 14) -> Game:
    game = create_game(game_type=game_type, players=len(players), options=None, mode="online")
    for seat, player in enumerate(players):
        seat_by_authority(game, seat, player)
    start_game(game.pk)
    return _play(game, moves, seed)


def _people(count: int) -> list[Player]:
    """The demo's players with logins (alice, bruno, carla, dario) and more if needed."""
    names = ["alice", "bruno", "carla", "dario"]
    people = [Player.objects.get(user__username=n) for n in names]
    return people[:count]


def build_world() -> World:
    with override_settings(DEBUG=True):
        load_demo()
    # The demo's director logs in as "director": a word of the English interface, and
    # what people typed is left out of the pages' text. Here she is Olga.
    get_user_model().objects.filter(username="director").update(
        username=DIRECTOR, first_name="Olga"
    )
    club = Club.objects.get(slug=CLUB_SLUG)
    thursday = club.tournaments.get(slug=THURSDAY_SLUG)
    sunday = club.tournaments.exclude(slug=THURSDAY_SLUG).get()
    _, _, finished, _ = threes_cup(6, 2)
    user = get_user_model().objects.get
    games = {game_type: _game(game_type, _people(players), 3) for game_type, players in NINE_GAMES}
    finished_game = _game("briscola", _people(2), 400)
    assert finished_game.is_over
    games.update(
        {f"demo-{n}": Game.objects.get(pk=demo_game_id(n)) for n in range(len(DEMO_GAMES))}
    )
    waiting_game, invitations = casual.new_casual_game(
        user=user(username="alice"), game_type="scopa", players=2, options=None, seat=0
    )
    # Ratings (issue 18): the Thursday's finished games rated, so that a person's page
    # draws a history, and a ladder of the club's regulars.
    rate(Game.objects.filter(table__round__tournament=thursday, status=Game.Status.FINISHED))
    ladder_of(club)
    outsider = get_user_model().objects.create_user("zeno", password="pw-zeno")
    return World(
        club=club,
        thursday=thursday,
        sunday=sunday,
        finished=finished,
        director=user(username=DIRECTOR),
        scorer=user(username="carla"),
        alice=user(username="alice"),
        outsider=outsider,
        games=games,
        finished_game=finished_game,
        waiting_game=waiting_game,
        invitation_token=invitations[0].token,
        **_sheets(thursday),
        typed=_typed(),
    )


def _sheets(thursday: Tournament) -> dict[str, Any]:
    """The sheet codes of round 3: the disputed table, a table of guests, alice's."""
    from tournaments.web.sheet_pages import table_code

    third = thursday.rounds.get(number=3)
    disputed = guest = alice = None
    for table in third.tables.order_by("number"):
        users = [s.player.user_id for s in table.game.seats.select_related("player")]
        kinds = SheetEntry.objects.filter(table=table)
        if disputed is None and kinds.values("deal").distinct().count() < kinds.count():
            disputed = table
        if guest is None and not any(users):
            guest = table
        if any(s.player.user and s.player.user.username == "alice" for s in table.game.seats.all()):
            alice = table
    assert disputed and guest and alice, (disputed, guest, alice)
    entry = SheetEntry.objects.filter(table=disputed, kind=SheetEntry.Kind.ENTRY).order_by("pk")
    chosen = entry.last()
    assert chosen is not None
    return {
        "disputed_code": table_code(disputed.pk),
        "disputed_deal": chosen.deal,
        "disputed_entry": chosen.pk,
        "guest_code": table_code(guest.pk),
        "alice_code": table_code(alice.pk),
    }


def _typed() -> list[str]:
    typed: list[str] = []
    for club in Club.objects.all():
        typed += [club.name, *club.description.splitlines()]
    for cup in Tournament.objects.all():
        typed += [cup.name, cup.venue, *cup.description.splitlines()]
    typed += list(Season.objects.values_list("name", flat=True))
    typed += list(Player.objects.values_list("name", flat=True))
    typed += list(Team.objects.values_list("name", flat=True))
    typed += [e.name for e in Entry.objects.all()]
    for user in get_user_model().objects.all():
        typed += [user.username, user.get_full_name()]
    return sorted({t.strip() for t in typed if len(t.strip()) > 1}, key=len, reverse=True)


# ---------------------------------------------------------------------- reading a page

READ_ATTRIBUTES = {"aria-label", "title", "alt", "placeholder"}
SHOWN_VALUES = {"submit", "button", "reset"}
HIDDEN_TAGS = {"script", "style", "code", "template"}
CARD_CLASSES = {"card", "inline-card", "rank", "suit", "suit-big"}
"""Cards are drawn by another part of the site (tests/i18n/test_italian_cards.py)."""
VOID = {"input", "img", "br", "meta", "link", "hr", "source", "area", "wbr", "col", "use"}


class VisibleText(HTMLParser):
    """The words a person reads or hears: text outside scripts, styles and cards, and
    the title, aria-label, alt and placeholder attributes and the value of a button."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.stack: list[tuple[str, bool]] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        classes = set((values.get("class") or "").split())
        zone = tag == "option" and "/" in (values.get("value") or "")  # Europe/Rome
        skip = tag in HIDDEN_TAGS or bool(classes & CARD_CLASSES) or zone
        if not self.hidden and not skip:
            self.parts += [v for n, v in attrs if n in READ_ATTRIBUTES and v]
            if tag == "input" and values.get("type") in SHOWN_VALUES and values.get("value"):
                self.parts.append(values["value"] or "")
        if tag not in VOID:
            self.stack.append((tag, skip))
            self.hidden += skip

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            self.handle_starttag(tag, attrs)
        # a self-closed non-void element (an SVG <path/>) opens nothing

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID or all(t != tag for t, _ in self.stack):
            return
        while self.stack:  # elements left open (<p>, <li>) close with their parent
            opened, skip = self.stack.pop()
            self.hidden -= skip
            if opened == tag:
                break

    def handle_data(self, data: str) -> None:
        if not self.hidden and data.strip():
            self.parts.append(data.strip())


def visible_text(html: str, typed: list[str]) -> str:
    parser = VisibleText()
    parser.feed(html)
    text = " | ".join(parser.parts)
    for name in typed:  # longest first: what people typed is not the site's words
        text = text.replace(name, " ")
    return " ".join(text.split())
