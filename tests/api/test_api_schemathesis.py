"""Schemathesis against the published OpenAPI schema: no request is ever a 500.

The schema is read from ``/api/schema/`` of the WSGI application, in-process, and
every operation is called with generated requests (valid and invalid ones), as a
user with an API token who has games in every state: in set-up, in play (as their
manager, and as a player seated at another's table), finished. Path parameters are
drawn from those games (and from random ids), the ``seat`` from real seat numbers,
so requests reach deep into the views rather than stopping at a 404. The club API
is called the same way: as the owner of a club with a tournament in play (round 1
published, round 2 a draft), its entries, forbidden pair and members, and on a
club where the user has no role.

Every response must not be a server error, must have a documented status code and
content type, and must match its documented schema.

``TAVOLO_SCHEMATHESIS_EXAMPLES`` raises the number of examples per operation
(default 15, which keeps the run well under a minute on PostgreSQL too).
"""

from __future__ import annotations

import os
import random
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.contrib.auth.models import User
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tavolo.wsgi import application
from tournaments.models import Game, Player, Role
from tournaments.services import clubs, rounds, tournaments
from tournaments.services.event_store import append_event
from tournaments.services.games import create_game, read_state, start_game
from tournaments.services.seats import seat_by_authority

EXAMPLES = int(os.environ.get("TAVOLO_SCHEMATHESIS_EXAMPLES", "15"))
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


def _games_for(user: User) -> list[str]:
    """Games of every kind that ``user`` can reach (their ids)."""
    other = User.objects.create_user("other-director")
    fuzz_player = Player.objects.create(name="Fuzzer", user=user)
    guests = [Player.objects.create(name=f"Guest {n}") for n in range(4)]

    in_setup = create_game(game_type="whist", players=4, created_by=user)
    seat_by_authority(in_setup, 0, guests[0])

    managed = create_game(game_type="whist", players=4, options={"target": 1}, created_by=user)
    for number, guest in enumerate(guests):
        seat_by_authority(managed, number, guest)
    start_game(managed.pk)

    seated = create_game(game_type="german_whist", players=2, created_by=other)
    seat_by_authority(seated, 0, fuzz_player)
    seat_by_authority(seated, 1, guests[1])
    start_game(seated.pk)

    split = create_game(game_type="italian_whist", players=3, created_by=user)
    for number in range(3):
        seat_by_authority(split, number, guests[number])
    start_game(split.pk)

    finished = create_game(
        game_type="whist", players=4, options={"target": 1}, mode="physical", created_by=user
    )
    for number, guest in enumerate(guests):
        seat_by_authority(finished, number, guest)
    start_game(finished.pk)
    append_event(
        finished.pk, {"type": "tally", "tricks": [13, 0]}, event_id=uuid.uuid4(), expected_version=0
    )
    assert Game.objects.get(pk=finished.pk).is_over
    return [str(game.pk) for game in (in_setup, managed, seated, split, finished)]


@pytest.fixture(autouse=True)
def keep_the_test_connection() -> Iterator[None]:
    """Requests through the WSGI handler close "old" database connections when they
    start and finish; inside the test's transaction (not autocommit) that closes the
    very connection the test holds, which PostgreSQL then refuses to use. Django's own
    test client disconnects the same handler around each request: so does this, for
    the test."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@pytest.fixture(scope="module")
def fuzz_world(django_db_setup: None, django_db_blocker: Any) -> Iterator[dict[str, Any]]:
    """The fuzzing user, their API token, games and clubs: made once for the module, in
    a transaction rolled back after it (each case's own writes, the events it appends,
    are rolled back after the case as usual, so every case starts from the same games).
    Building them for each of the ~120 cases took about half of the module's time."""
    with django_db_blocker.unblock(), transaction.atomic():
        user = User.objects.create_user("fuzzer", password="fuzzer-password")
        world = {
            "fuzzer": user,
            "token": Token.objects.create(user=user).key,
            "games": _games_for(user),
            "clubs": _clubs_for(user),
        }
        yield world
        transaction.set_rollback(True)


@pytest.fixture
def fuzzer(fuzz_world: dict[str, Any], db: None) -> User:
    return fuzz_world["fuzzer"]


@pytest.fixture
def token(fuzz_world: dict[str, Any], db: None) -> str:
    return fuzz_world["token"]


GAME_IDS: list[str] = []
"""The ids of the current test's games (filled by the ``games`` fixture)."""

# Loaded once, at collection: the schema endpoint reads no data. (The lazy
# ``schemathesis.pytest.from_fixture`` loader does not work with pytest 9: it sets
# ``Function._nodeid``, which pytest 9 no longer has.)
# /api/health/ is left out: its 503 when no Celery worker answers is by design (and
# with REDIS_URL set, as in CI, each call waits for the worker); tests/site/test_site.py
# covers it.
schema = schemathesis.openapi.from_wsgi("/api/schema/", application).exclude(path="/api/health/")


@schema.hook("flatmap_path_parameters")
def real_games(context: Any, path_parameters: dict[str, Any] | None) -> Any:
    """Mostly one of the user's games (else the generated id: a 404)."""
    if not path_parameters or "game_id" not in path_parameters or not GAME_IDS:
        return st.just(path_parameters)
    ids = list(GAME_IDS)
    return st.sampled_from([*ids, None]).map(
        lambda game_id: {**path_parameters, "game_id": game_id} if game_id else path_parameters
    )


@schema.hook("flatmap_query")
def real_seats(context: Any, query: dict[str, Any] | None) -> Any:
    """Mostly a real seat number."""
    if not query or "seat" not in query:
        return st.just(query)
    return st.sampled_from([0, 1, 2, 3, None]).map(
        lambda seat: {**query, "seat": seat} if seat is not None else query
    )


@schema.hook("flatmap_case")
def plausible_events(context: Any, case: Any) -> Any:
    """Events posted to a real game: often at its current version, sometimes a legal one
    (so that appends succeed, and what follows them is exercised too)."""
    operation = context.operation
    game_id = (case.path_parameters or {}).get("game_id")
    if (
        operation is None
        or operation.method.upper() != "POST"
        or not operation.path.endswith("/events")
        or game_id not in GAME_IDS
        or not isinstance(case.body, dict)
    ):
        return st.just(case)
    game = Game.objects.get(pk=game_id)

    def adjust(choice: tuple[str, int]) -> Any:
        how, seed = choice
        if how == "keep":
            return case
        body = {**case.body, "expected_version": game.version}
        if how == "legal" and game.status == Game.Status.ACTIVE:
            body["event"] = read_state(
                game, lambda state: state.random_action(random.Random(seed)).to_event()
            )
            body["event_id"] = str(uuid.UUID(int=random.Random(seed).getrandbits(128)))
        case.body = body
        return case

    return st.tuples(st.sampled_from(["keep", "version", "legal"]), st.integers(0, 2**32)).map(
        adjust
    )


@pytest.fixture
def games(fuzz_world: dict[str, Any], db: None) -> Iterator[list[str]]:
    GAME_IDS[:] = fuzz_world["games"]
    yield GAME_IDS
    GAME_IDS.clear()


CLUB_PATHS: dict[str, list[Any]] = {}
"""Real path parameters of the club API for the current test (the ``club_data``
fixture fills it): club slugs, tournament slugs, round numbers, entry, pair ids."""


def _clubs_for(user: User) -> dict[str, list[Any]]:
    """A club ``user`` owns with a tournament in play (round 1 published, round 2 a
    draft, a forbidden pair, a team), and another club where ``user`` has no role."""
    own = clubs.create_club(name="Fuzz Club", owner=user)
    other_owner = User.objects.create_user("other-owner")
    other = clubs.create_club(name="Other Club", owner=other_owner)
    User.objects.create_user("fuzz-member")
    clubs.set_role(own, by=user, username="fuzz-member", role=Role.SCORER)
    cup = tournaments.create_tournament(
        own, by=user, settings={"name": "Fuzz Cup", "game_type": "german_whist"}
    )
    entries = []
    for n in range(5):
        guest = clubs.add_guest(own, by=user, name=f"Fuzz guest {n}")
        entry = tournaments.register(cup, by=user, player=guest, rating=1000 - n)
        entries.append(tournaments.check_in(entry, by=user))
    guests = clubs.club_players(own)
    clubs.create_team(own, by=user, name="Fuzz team", players=guests[:2])
    rounds.publish(rounds.pair_next_round(cup, by=user), by=user)
    pair = tournaments.forbid(cup, by=user, first=entries[0], second=entries[1])
    rounds.pair_next_round(cup, by=user, confirm_unfinished=True)
    tournaments.create_tournament(
        other, by=other_owner, settings={"name": "Other Cup", "game_type": "german_whist"}
    )
    return {
        "slug": [own.slug, other.slug],
        "tournament": [cup.slug, "other-cup"],
        "number": [1, 2],
        "entry_id": [e.pk for e in entries],
        "pair_id": [pair.pk],
        "username": [user.get_username(), "fuzz-member", "other-owner"],
    }


@pytest.fixture
def club_data(fuzz_world: dict[str, Any], db: None) -> Iterator[dict[str, list[Any]]]:
    CLUB_PATHS.update(fuzz_world["clubs"])
    yield CLUB_PATHS
    CLUB_PATHS.clear()


@schema.hook("flatmap_path_parameters")
def real_clubs(context: Any, path_parameters: dict[str, Any] | None) -> Any:
    """Mostly the real club, tournament, round, entry, pair and member (else the
    generated value: most often a 404)."""
    names = [name for name in CLUB_PATHS if path_parameters and name in path_parameters]
    if not names:
        return st.just(path_parameters)
    choices = [st.sampled_from([*CLUB_PATHS[name], None]) for name in names]

    def merge(values: tuple[Any, ...]) -> dict[str, Any]:
        chosen = {name: value for name, value in zip(names, values, strict=True) if value}
        return {**(path_parameters or {}), **chosen}

    return st.tuples(*choices).map(merge)


# Slow in sum (~120 cases, ~250 s in CI before the games and clubs were shared by the
# module, see ``fuzz_world``): each case sends EXAMPLES generated requests.
@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_no_request_is_a_server_error(
    case: Any, token: str, games: list[str], club_data: dict[str, list[Any]]
) -> None:
    case.call_and_validate(headers={"Authorization": f"Token {token}"}, checks=CHECKS)


@schema.parametrize()
@settings(
    max_examples=max(EXAMPLES // 5, 3),
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_no_anonymous_request_is_a_server_error(
    case: Any, games: list[str], club_data: dict[str, list[Any]]
) -> None:
    case.call_and_validate(checks=CHECKS)


@schema.include(method="POST", path_regex=r"/events$").parametrize()
@settings(
    max_examples=EXAMPLES * 3,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_posting_events_is_never_a_server_error(case: Any, token: str, games: list[str]) -> None:
    """The busiest endpoint gets more examples: appends succeed, conflict and fail."""
    case.call_and_validate(headers={"Authorization": f"Token {token}"}, checks=CHECKS)
