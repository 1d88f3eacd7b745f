"""Schemathesis against the published OpenAPI schema: no request is ever a 500, and
the schema tells the truth (issue 15).

The schema is read from ``/api/schema/`` of the WSGI application, in-process, and
every operation (reads and writes) is called with generated requests (valid and
invalid ones) in two roles, each with an API token: the *director*, who has games in
every state (in set-up, in play as their manager, and as a player seated at
another's table, finished) and owns the club below; and a *player*, seated at a game
and entered in the club's tournament, with no role in any club. Anonymous requests
are sent too. Path parameters are
drawn from those games (and from random ids), the ``seat`` from real seat numbers,
so requests reach deep into the views rather than stopping at a 404. The club API
is called the same way: as the owner of a club with a tournament in play (round 1
published, round 2 a draft), its entries, forbidden pair and members, and on a
club where the user has no role.

Every one of schemathesis's checks runs (``call_and_validate`` with its default set):
no server error; documented status codes, content types, headers and bodies; a
request the schema calls invalid is refused (``negative_data_rejection``: the schema
is no stricter than the server); an operation that needs a login refuses a missing or
wrong token (``ignored_auth``); and a request the schema calls valid is accepted
(``positive_data_acceptance``: the schema is no looser than the server) - except
where a rule of the game or tournament refuses it (a seat the schema allows but this
table does not have, an illegal card): see :func:`schema_valid_requests_pass_the_shape`.

``TAVOLO_SCHEMATHESIS_EXAMPLES`` sets the number of examples per operation for the
director (default 10; the player gets half, anonymous requests a fifth, posted events
three times as many). With the defaults the module runs 235 cases (about 80
operations for each of the three roles, and the events) in 2m40s with ``-n 2`` on two
cores (SQLite; 7m50s when they were shared with other runs); some checks re-send a
request (without the token, with a wrong one: once per operation), which is why it is
not faster.
"""

from __future__ import annotations

import datetime as dt
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
from schemathesis.openapi.checks import RejectedPositiveData
from schemathesis.specs.openapi.checks import positive_data_acceptance

from tavolo.wsgi import application
from tournaments.models import Game, Player, Role
from tournaments.services import clubs, rounds, seasons, tournaments
from tournaments.services.game_store import append_event, read_state
from tournaments.services.games import create_game, start_game
from tournaments.services.seats import seat_by_authority

EXAMPLES = int(os.environ.get("TAVOLO_SCHEMATHESIS_EXAMPLES", "10"))


def schema_valid_requests_pass_the_shape(ctx: Any, response: Any, case: Any) -> bool | None:
    """``positive_data_acceptance``, less the refusals by a rule of the game or the
    tournament: a request the schema allows may still be refused for what it asks
    (a seat this table does not have, a card not in the hand, two entries that are
    one) with a 400 that says so in ``detail`` (and ``code`` for an engine rule). A
    400 naming its fields in ``errors`` means the request's *shape* was refused,
    which the schema should have said: that stays a failure. Likewise a 412 answers
    an ``If-Match`` naming another version than the record's (RFC 9110): a refusal of
    the state asked for, with the current state, not of the request's shape."""
    try:
        return positive_data_acceptance(ctx, response, case)
    except RejectedPositiveData:
        headers = {k.lower() for k in (case.headers or {})}
        if response.status_code == 412 and "if-match" in headers:
            body = response.json()
            if isinstance(body, dict) and body.get("detail") and "current" in body:
                return None
        if response.status_code == 400:
            body = response.json()
            if isinstance(body, dict) and body.get("detail") and "errors" not in body:
                return None
        raise


def check(case: Any) -> None:
    """Call ``case`` as the current role and run every check on the answer."""
    case.call_and_validate(
        excluded_checks=[positive_data_acceptance],
        additional_checks=[schema_valid_requests_pass_the_shape],
    )


def _games_for(user: User, player: Player) -> list[str]:
    """Games of every kind that ``user`` can reach (their ids); ``player`` (of the
    player role) sits at one of them."""
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
    seat_by_authority(seated, 1, player)
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
        player_user = User.objects.create_user("fuzz-player", password="player-password")
        player = Player.objects.create(name="Fuzz player", user=player_user)
        world = {
            "fuzzer": user,
            "token": Token.objects.create(user=user).key,
            "player_token": Token.objects.create(user=player_user).key,
            "games": _games_for(user, player),
            "clubs": _clubs_for(user, player),
        }
        yield world
        transaction.set_rollback(True)


@pytest.fixture
def fuzzer(fuzz_world: dict[str, Any], db: None) -> User:
    return fuzz_world["fuzzer"]


TOKEN: list[str | None] = [None]
"""The current role's API token (None: anonymous), set by the role fixtures."""


@pytest.fixture
def token(fuzz_world: dict[str, Any], db: None) -> Iterator[str]:
    """Requests go as the director."""
    TOKEN[0] = fuzz_world["token"]
    yield fuzz_world["token"]
    TOKEN[0] = None


@pytest.fixture
def player_token(fuzz_world: dict[str, Any], db: None) -> Iterator[str]:
    """Requests go as the player (no role in any club)."""
    TOKEN[0] = fuzz_world["player_token"]
    yield fuzz_world["player_token"]
    TOKEN[0] = None


GAME_IDS: list[str] = []
"""The ids of the current test's games (filled by the ``games`` fixture)."""

# Loaded once, at collection: the schema endpoint reads no data. (The lazy
# ``schemathesis.pytest.from_fixture`` loader does not work with pytest 9: it sets
# ``Function._nodeid``, which pytest 9 no longer has.)
# /api/health/ is left out: its 503 when no Celery worker answers is by design (and
# with REDIS_URL set, as in CI, each call waits for the worker); tests/site/test_site.py
# covers it.
schema = schemathesis.openapi.from_wsgi("/api/schema/", application).exclude(path="/api/health/")


@schema.auth(refresh_interval=None)
class RoleToken:
    """The current role's token on every generated request (none when anonymous), so
    that schemathesis knows the credentials are real (``ignored_auth`` then checks
    that leaving them out, or sending a wrong one, is refused)."""

    def get(self, case: Any, context: Any) -> str | None:
        return TOKEN[0]

    def set(self, case: Any, data: str, context: Any) -> None:
        case.headers = {**(case.headers or {}), "Authorization": f"Token {data}"}


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
fixture fills it): club slugs, tournament slugs, round numbers, entry, pair ids, people."""


def _clubs_for(user: User, player: Player) -> dict[str, list[Any]]:
    """A club ``user`` owns with a tournament in play (round 1 published, round 2 a
    draft, a forbidden pair, a team; ``player`` entered), and another club where
    ``user`` has no role."""
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
    entries.append(tournaments.check_in(tournaments.register(cup, by=user, player=player), by=user))
    guests = clubs.club_players(own)
    clubs.create_team(own, by=user, name="Fuzz team", players=guests[:2])
    rounds.publish(rounds.pair_next_round(cup, by=user), by=user)
    pair = tournaments.forbid(cup, by=user, first=entries[0], second=entries[1])
    rounds.pair_next_round(cup, by=user, confirm_unfinished=True)
    tournaments.create_tournament(
        other, by=other_owner, settings={"name": "Other Cup", "game_type": "german_whist"}
    )
    chosen = [cup.pk]
    spring = dt.date(2026, 3, 1), dt.date(2026, 5, 31)
    season = seasons.create_season(
        own,
        by=user,
        settings=seasons.SeasonSettings("Fuzz season", *spring, tournaments=chosen),
    )
    seasons.create_season(
        other,
        by=other_owner,
        settings=seasons.SeasonSettings("Private season", *spring, public=False),
    )
    return {
        "slug": [own.slug, other.slug],
        "tournament": [cup.slug, "other-cup"],
        "number": [1, 2],
        "entry_id": [e.pk for e in entries],
        "pair_id": [pair.pk],
        "season": [season.slug, "private-season"],
        "username": [user.get_username(), "fuzz-member", "other-owner", "fuzz-player"],
        # People with games and a tournament (the people API), and guests (claim codes).
        "player_id": [player.pk, *(g.pk for g in guests[:3])],
        "other_id": [player.pk, *(g.pk for g in guests[:3])],
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


# Slow in sum (~80 operations for each role): each case sends its examples.
@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_the_director_finds_no_server_error_and_no_mismatch(
    case: Any, token: str, games: list[str], club_data: dict[str, list[Any]]
) -> None:
    check(case)


@schema.parametrize()
@settings(
    max_examples=max(EXAMPLES // 2, 3),
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_a_player_finds_no_server_error_and_no_mismatch(
    case: Any, player_token: str, games: list[str], club_data: dict[str, list[Any]]
) -> None:
    check(case)


@schema.parametrize()
@settings(
    max_examples=max(EXAMPLES // 5, 3),
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_no_anonymous_request_is_a_server_error_or_a_mismatch(
    case: Any, games: list[str], club_data: dict[str, list[Any]]
) -> None:
    check(case)


@schema.include(method="POST", path_regex=r"/events$").parametrize()
@settings(
    max_examples=EXAMPLES * 3,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_posting_events_is_never_a_server_error(case: Any, token: str, games: list[str]) -> None:
    """The busiest endpoint gets more examples: appends succeed, conflict and fail."""
    check(case)
