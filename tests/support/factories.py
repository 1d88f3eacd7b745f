"""The one place where the tests make what they need: users, clubs and roles,
tournaments and their entries, players and started games, published rounds, played
tournaments, and users as sign-up makes them.

Users made here have the password ``pw-<username>`` (tests log in with it)."""

from __future__ import annotations

import datetime as dt
import random
import uuid
from collections.abc import Mapping
from typing import Any

from django.contrib.auth import get_user_model

from scoring import store
from tests.support.accounts import GOOD_PASSWORD
from tests.support.games import play
from tests.support.printing import DEALS, finish_three
from tests.support.sheets import Setup
from tests.support.standings import finish, play_round, tables_of
from tournaments.models import Club, Entry, Game, Membership, Player, Role, Tournament
from tournaments.services import accounts, clubs, game_store, rounds, tournaments
from tournaments.services.games import create_game, export_record, import_record, start_game
from tournaments.services.seats import seat_by_authority

# ---------------------------------------------------------------------- users and clubs


def make_user(name: str | None = None, *, staff: bool = False, **extra: Any) -> Any:
    """A user called ``name`` (a unique name without one); ``extra`` goes to the model,
    e.g. ``is_staff=True`` or ``first_name``."""
    name = name or f"user-{uuid.uuid4().hex[:8]}"
    extra.setdefault("is_staff", staff)
    return get_user_model().objects.create_user(name, password="pw-" + name, **extra)


def unique_user(prefix: str, **extra: Any) -> Any:
    """A user whose name starts with ``prefix`` and ends in a random tag."""
    return make_user(f"{prefix}-{uuid.uuid4().hex[:6]}", **extra)


def signed_up(username: str = "carla", *, verified: bool = True, name: str = "") -> Any:
    """A user made as sign-up makes them (their player, an account), verified or not."""
    user = accounts.sign_up(
        username=username,
        display_name=name or username.title(),
        email=f"{username}@example.org",
        password=GOOD_PASSWORD,
    )
    if verified:
        accounts.verify(accounts.verification_token(user))
    return user


def make_club(owner: Any = None, name: str | None = None, language: str = "") -> Club:
    """A new club (Italian, the default, unless ``language`` is given)."""
    owner = owner or make_user()
    return clubs.create_club(
        name=name or f"Club {uuid.uuid4().hex[:6]}", owner=owner, language=language
    )


TOURNAMENT_CLUB_LANGUAGE = "en"
"""The language of the clubs the tournament factories below make: English, so that
their printed PDFs (which speak the club's language) read as the English pages do
(tests/conftest.py makes the test client an English browser); a test of the Italian
PDFs makes an Italian club (``language="it"``)."""


def member(club: Club, role: Role, name: str | None = None) -> Any:
    """A new user holding ``role`` in ``club``."""
    user = make_user(name)
    Membership.objects.create(club=club, user=user, role=role)
    return user


def director_of(club: Club) -> Any:
    return member(club, Role.DIRECTOR)


def role_user(club: Club, role: Role) -> Any:
    return member(club, role)


# ---------------------------------------------------------------------- tournaments


def make_tournament(
    club: Club, director: Any, settings: Mapping[str, Any] | None = None
) -> Tournament:
    base: dict[str, Any] = {"name": f"Cup {uuid.uuid4().hex[:6]}", "game_type": "german_whist"}
    base.update(settings or {})
    return tournaments.create_tournament(club, by=director, settings=base)


def enter_guests(
    tournament: Tournament, director: Any, count: int, *, check_in: bool = True, **kw: Any
) -> list[Entry]:
    """``count`` guests entered (and checked in) with ratings count, count-1, …"""
    entries = []
    for n in range(count):
        guest = clubs.add_guest(tournament.club, by=director, name=f"Guest {n + 1}")
        entry = tournaments.register(
            tournament, by=director, player=guest, rating=1000 + count - n, **kw
        )
        if check_in:
            entry = tournaments.check_in(entry, by=director)
        entries.append(entry)
    return entries


def guests(club: Club, director: Any, count: int) -> list[Player]:
    return [clubs.add_guest(club, by=director, name=f"P{n}") for n in range(count)]


def published(
    game_type: str = "german_whist",
    players: int = 4,
    options: dict[str, Any] | None = None,
    language: str = TOURNAMENT_CLUB_LANGUAGE,
    **settings: Any,
) -> Setup:
    """A tournament of ``game_type`` with ``players`` logged-in entrants, round 1
    published (tables of the game's first player count)."""
    club = make_club(language=language)
    director = director_of(club)
    cup = make_tournament(
        club, director, {"game_type": game_type, "options": options or {}, **settings}
    )
    users = {}
    for n in range(players):
        user = make_user(f"p{n}-{uuid.uuid4().hex[:6]}")
        player = Player.objects.create(name=f"Player {n + 1}", user=user)
        entry = tournaments.register(cup, by=director, player=player, rating=2000 - n)
        tournaments.check_in(entry, by=director)
        users[player.pk] = user
    round_ = rounds.publish(rounds.pair_next_round(cup, by=director), by=director)
    tables = list(round_.tables.order_by("number"))
    seated = {
        t.number: [users[s.player_id] for s in t.game.seats.order_by("number")] for t in tables
    }
    return Setup(club, director, round_, tables, seated)


def german_whist_cup(
    count: int,
    settings: dict[str, Any] | None = None,
    language: str = TOURNAMENT_CLUB_LANGUAGE,
) -> tuple[Any, ...]:
    """A Swiss of ``count`` checked-in guests (German whist, one deal, real cards)."""
    club = make_club(language=language)
    director = director_of(club)
    tournament = make_tournament(
        club, director, {"rounds_planned": 5, "mode": "physical", **(settings or {})}
    )
    tournament.status = Tournament.Status.OPEN
    tournament.save(update_fields=["status"])
    entries = enter_guests(tournament, director, count)
    return club, director, tournament, entries


def threes_cup(count: int = 6, rounds: int = 2) -> tuple[Any, ...]:
    """``count`` guests at tables of three (three-handed whist, placement points),
    ``rounds`` rounds played to the end."""
    club = make_club(language=TOURNAMENT_CLUB_LANGUAGE)
    director = director_of(club)
    t = make_tournament(
        club,
        director,
        {
            "game_type": "three_handed_whist",
            "table_sizes": [3],
            "options": {"deals": DEALS, "target_score": 21},
            "rounds_planned": 4,
            "mode": "physical",
        },
    )
    t.status = Tournament.Status.OPEN
    t.save(update_fields=["status"])
    entries = enter_guests(t, director, count)
    for _ in range(rounds):
        r = play_round(t, director)
        for table, _seated in tables_of(r):
            finish_three(table, director, (6, 4, 3))
    store.recompute(t.pk)
    return club, director, t, entries


# ---------------------------------------------------------------------- games


def make_players(count: int, prefix: str = "player") -> list[Player]:
    tag = uuid.uuid4().hex[:8]
    return [Player.objects.create(name=f"{prefix}-{tag}-{n}") for n in range(count)]


def started_game(
    game_type: str = "whist",
    players: int = 4,
    options: Mapping[str, Any] | None = None,
    mode: str = Game.Mode.ONLINE,
    first_dealer: int = 0,
) -> Game:
    """A game with every seat filled, started (an online one has its first deal)."""
    game = create_game(
        game_type=game_type, players=players, options=options, mode=mode, first_dealer=first_dealer
    )
    for number, player in enumerate(make_players(players)):
        seat_by_authority(game, number, player)
    start_game(game.pk)
    game.refresh_from_db()
    return game


SEAT_NAMES = ["alice", "bruno", "chiara", "dario", "elena", "fabio"]
"""The usernames of the seats of ``make_game`` (password ``pw``), seat 0 first."""


def make_game(
    game_type: str, players: int, organiser: Any, mode: str = "online", options: Any = None
) -> tuple[Game, list[Any]]:
    """A started game with one user per seat (seat n is SEAT_NAMES[n])."""
    game = create_game(
        game_type=game_type, players=players, options=options, mode=mode, created_by=organiser
    )
    users = []
    for number in range(players):
        user = get_user_model().objects.create_user(SEAT_NAMES[number], password="pw")
        seat_by_authority(
            game, number, Player.objects.create(name=SEAT_NAMES[number].title(), user=user)
        )
        users.append(user)
    start_game(game.pk)
    game.refresh_from_db()
    return game, users


def finished_casual_game(
    players: list[Player], tricks: tuple[int, int], game_type: str = "german_whist"
) -> Game:
    """A casual German whist game with real cards (one deal), seated with ``players``
    and finished by its one tally: no club, so it counts only for the all-clubs rating."""
    game = create_game(game_type=game_type, players=len(players), mode=Game.Mode.PHYSICAL)
    for number, player in enumerate(players):
        seat_by_authority(game, number, player)
    start_game(game.pk)
    game_store.append_event(
        game.pk, {"type": "tally", "tricks": list(tricks)}, event_id=uuid.uuid4(),
        expected_version=None,
    )  # fmt: skip
    game.refresh_from_db()
    return game


def games_in_every_phase() -> dict[str, Game]:
    """One game of each kind the store holds, each as the services leave it: being set
    up, online in play (dealt, a few plays made), online finished (played to the end at
    random), with real cards in play and finished, imported from a finished game's
    record, voided (as a correction voids a table's game), and adjourned."""
    rng = random.Random(34)
    setup = create_game(game_type="whist", players=4)
    online = started_game("whist", 4, {"target": 2})
    play(online.pk, rng, max_events=6)
    finished = started_game("german_whist", 2)
    play(finished.pk, rng)
    physical = started_game("three_handed_whist", 3, {"deals": 3}, mode=Game.Mode.PHYSICAL)
    game_store.append_event(
        physical.pk, {"type": "tally", "dummy": None, "tricks": [6, 4, 3]}, event_id=uuid.uuid4(),
        expected_version=None,
    )  # fmt: skip
    casual = finished_casual_game(make_players(2), (8, 5))
    imported = import_record(export_record(Game.objects.get(pk=finished.pk)))
    void = started_game("german_whist", 2)
    play(void.pk, rng, max_events=3)
    Game.objects.filter(pk=void.pk).update(status=Game.Status.VOID)
    adjourned = started_game("italian_whist", 3, {"score_limit": 3})
    game_store.append_event(
        adjourned.pk, {"type": "adjourn"}, event_id=uuid.uuid4(), expected_version=None
    )
    made = {
        "setup": setup, "online": online, "finished": finished, "physical": physical,
        "casual": casual, "imported": imported, "void": void, "adjourned": adjourned,
    }  # fmt: skip
    return {name: Game.objects.get(pk=game.pk) for name, game in made.items()}


# ---------------------------------------------------------------------- seasons


def season_club(
    count: int = 2, players: int = 4, language: str = TOURNAMENT_CLUB_LANGUAGE
) -> tuple[Any, ...]:
    """A club whose ``players`` guests played ``count`` finished one-round German whist
    tournaments (of two rounds planned), on 1, 8, 15 … March 2026; at each table the
    guest named first wins 8 tricks to 5. Returns (club, director, [tournaments],
    [players])."""
    club = make_club(language=language)
    director = director_of(club)
    people = [clubs.add_guest(club, by=director, name=f"Season {n + 1}") for n in range(players)]
    played = []
    for k in range(count):
        day = dt.date(2026, 3, 1) + dt.timedelta(days=7 * k)
        t = make_tournament(
            club,
            director,
            {"name": f"Thursday {k + 1}", "rounds_planned": 2, "starts_on": day.isoformat()},
        )
        t.status = Tournament.Status.OPEN
        t.save(update_fields=["status"])
        for n, person in enumerate(people):
            tournaments.check_in(
                tournaments.register(t, by=director, player=person, rating=1000 - n), by=director
            )
        r = play_round(t, director)
        for table, seated in tables_of(r):
            first_wins = seated[0].number < seated[1].number
            finish(table, director, (8, 5) if first_wins else (5, 8))
        store.recompute(t.pk)
        played.append(tournaments.set_status(t, by=director, status=Tournament.Status.FINISHED))
    return club, director, played, people
