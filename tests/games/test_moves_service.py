"""The move service's rule (:mod:`tournaments.services.moves`): a seat acts only as
itself; nobody else acts for it, the game's creator and staff included (issue 15:
acting would show them its hand); and a refused move writes nothing."""

from __future__ import annotations

import random
import uuid
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser

from tests.support.factories import unique_user as user
from tournaments.models import Game, GameEvent, Player
from tournaments.services.errors import Conflict, Forbidden
from tournaments.services.game_store import read_state
from tournaments.services.games import create_game, start_game
from tournaments.services.moves import BadSeat, NotYourSeat, submit_move
from tournaments.services.seats import seat_by_authority

pytestmark = pytest.mark.django_db


def whist(creator: Any, *, creator_plays: bool = False, mode: str = "online") -> tuple[Game, list]:
    """A started four-seat whist game; seat 0 is the creator's when ``creator_plays``."""
    game = create_game(game_type="whist", players=4, mode=mode, created_by=creator)
    users = [creator if creator_plays and n == 0 else user(f"p{n}") for n in range(4)]
    for number, person in enumerate(users):
        seat_by_authority(game, number, Player.objects.create(name=f"P{number}", user=person))
    start_game(game.pk)
    game.refresh_from_db()
    return game, users


def next_event(game: Game) -> dict[str, Any]:
    return read_state(game, lambda state: state.random_action(random.Random(1)).to_event())


def submit(game: Game, event: dict[str, Any], who: Any, **kwargs: Any) -> Any:
    return submit_move(
        game.pk,
        event,
        user=who,
        event_id=kwargs.pop("event_id", uuid.uuid4()),
        expected_version=kwargs.pop("expected_version", game.version),
        **kwargs,
    )


def assert_nothing_written(game: Game) -> None:
    fresh = Game.objects.get(pk=game.pk)
    assert fresh.version == game.version
    assert GameEvent.objects.filter(game=game).count() == game.version


def test_a_player_acts_as_their_own_seat_and_sees_only_their_next_legal_actions():
    game, users = whist(user("creator"))
    event = next_event(game)
    moved = submit(game, event, users[event["seat"]])
    assert moved.created and not moved.over
    assert moved.version == game.version + 1
    assert moved.event.payload == event
    assert moved.next["version"] == moved.version
    mine = {entry["seat"] for entry in moved.next["legal"]}
    assert mine <= {event["seat"]}
    assert moved.next["to_act"] is not None


def test_a_player_may_not_act_as_another_seat_and_nothing_is_written():
    game, users = whist(user("creator"))
    event = next_event(game)
    other = (event["seat"] + 1) % 4
    with pytest.raises(NotYourSeat) as refused:
        submit(game, event, users[other])
    assert refused.value.status == 403
    assert f"you play seat {other}" in str(refused.value)
    assert_nothing_written(game)


@pytest.mark.parametrize("who", ["creator", "staff"])
def test_the_creator_or_staff_not_at_the_table_act_for_no_seat(who):
    creator = user("creator")
    game, _ = whist(creator)
    person = creator if who == "creator" else user("staff", is_staff=True)
    with pytest.raises(Forbidden) as refused:
        submit(game, next_event(game), person)
    assert "only its player may" in str(refused.value)
    assert_nothing_written(game)


def test_the_creator_playing_at_the_table_acts_only_as_their_seat():
    creator = user("creator")
    game, _ = whist(creator, creator_plays=True)
    event = next_event(game)
    if event["seat"] == 0:
        pytest.skip("the seed put seat 0 first")  # pragma: no cover
    with pytest.raises(NotYourSeat):
        submit(game, event, creator)
    assert_nothing_written(game)


@pytest.mark.parametrize("who", ["stranger", "anonymous"])
def test_anyone_else_is_forbidden_and_nothing_is_written(who):
    game, _ = whist(user("creator"))
    person = AnonymousUser() if who == "anonymous" else user("stranger")
    with pytest.raises(Forbidden) as refused:
        submit(game, next_event(game), person)
    assert not isinstance(refused.value, NotYourSeat)
    assert "only its player may" in str(refused.value)
    assert_nothing_written(game)


@pytest.mark.parametrize("seat", [4, -1, True, "0"])
def test_a_seat_outside_the_table_is_bad_input_and_nothing_is_written(seat):
    creator = user("creator")
    game, _ = whist(creator)
    with pytest.raises(BadSeat) as refused:
        submit(game, {**next_event(game), "seat": seat}, creator)
    assert refused.value.status == 400
    assert "from 0 to 3" in str(refused.value)
    assert_nothing_written(game)


def test_an_event_without_a_seat_needs_a_player_or_a_manager():
    game, users = whist(user("creator"), mode="physical")
    tally = {"type": "tally", "tricks": [8, 5]}
    with pytest.raises(Forbidden) as refused:
        submit(game, tally, user("stranger"))
    assert "without a seat" in str(refused.value)
    assert_nothing_written(game)
    assert submit(game, tally, users[2]).created


def test_a_stale_version_is_a_conflict_with_the_current_version_and_writes_nothing():
    game, users = whist(user("creator"))
    event = next_event(game)
    with pytest.raises(Conflict) as refused:
        submit(game, event, users[event["seat"]], expected_version=game.version - 1)
    assert refused.value.details["version"] == game.version
    assert "someone else acted first" in str(refused.value)
    assert_nothing_written(game)


def test_a_retry_returns_the_original_event_and_what_is_to_be_done_now():
    game, users = whist(user("creator"))
    event = next_event(game)
    event_id = uuid.uuid4()
    first = submit(game, event, users[event["seat"]], event_id=event_id)
    again = submit(game, dict(event), users[event["seat"]], event_id=event_id)
    assert not again.created
    assert again.event.pk == first.event.pk
    assert again.next["version"] == first.version


def test_without_legal_the_next_says_only_who_is_to_act():
    game, users = whist(user("creator"))
    event = next_event(game)
    moved = submit(game, event, users[event["seat"]], legal=False)
    assert moved.next["legal"] == []
    assert moved.next["to_act"] is not None


@pytest.mark.parametrize("game_type", ["burraco", "scala40", "italian_whist"])
def test_legal_of_is_the_count_and_the_list_or_the_hint(game_type):
    """``legal_of`` lists once (issue 17) and answers what counting and listing apart
    answer: the whole list up to the limit, the game's hint above it."""
    from engine import new_game
    from tournaments.services.moves import LEGAL_LIST_LIMIT, legal_of

    rng = random.Random(5)
    players = 3 if game_type == "italian_whist" else 4
    state = new_game(game_type, players)
    seen = {"complete": 0, "hint": 0}
    for _ in range(300):
        if state.over:
            break
        if state.awaiting == "deal" or not state.seats_to_act():
            state.apply(state.random_deal_event(rng))
            continue
        seat = state.seats_to_act()[0]
        count = state.legal_count(seat)
        if count <= LEGAL_LIST_LIMIT:
            listed = [action.to_event() for action in state.legal_actions(seat)]
            expected = {"count": count, "complete": True, "legal": listed}
            seen["complete"] += 1
        else:
            expected = {"count": count, "complete": False, "legal": state.view(seat)["legal"]}
            seen["hint"] += 1
        assert legal_of(state, seat) == expected
        state.push(state.random_action(rng, seat))
    assert seen["complete"] > 50
    assert seen["hint"] > 0 or game_type != "italian_whist"
