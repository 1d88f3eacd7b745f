"""A table's own acts (:mod:`tournaments.services.table_actions`): resign, concede,
adjourn, resume; who may send each, what is recorded, and that a refusal writes
nothing. Seating a bot is in test_bots_seating.py."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser

from engine import EngineError
from tests.support.factories import make_user, published
from tests.support.factories import unique_user as user
from tournaments.models import Game, GameEvent, Player
from tournaments.models.audit import AuditEntry
from tournaments.services import moves
from tournaments.services.audit_words import sentence
from tournaments.services.errors import Forbidden
from tournaments.services.game_store import read_state
from tournaments.services.games import create_game, start_game
from tournaments.services.moves import NotYourSeat, submit_move
from tournaments.services.seats import seat_by_authority

pytestmark = pytest.mark.django_db


def scopa(creator: Any) -> tuple[Game, list[Any]]:
    """A started two-seat online scopa game set up by ``creator`` (who does not play)."""
    game = create_game(game_type="scopa", players=2, mode="online", created_by=creator)
    users = [user(f"s{n}") for n in range(2)]
    for number, person in enumerate(users):
        seat_by_authority(game, number, Player.objects.create(name=f"S{number}", user=person))
    start_game(game.pk)
    game.refresh_from_db()
    return game, users


def assert_nothing_written(game: Game) -> None:
    fresh = Game.objects.get(pk=game.pk)
    assert fresh.version == game.version
    assert GameEvent.objects.filter(game=game).count() == game.version


# ---------------------------------------------------------------------- refusals


def test_a_player_may_not_resign_for_another_seat_and_nothing_is_written():
    game, users = scopa(user("creator"))
    with pytest.raises(NotYourSeat):
        moves.resign(game.pk, 1, user=users[0])
    assert_nothing_written(game)


@pytest.mark.parametrize("who", ["creator", "staff", "stranger", "anonymous"])
def test_nobody_but_the_seats_player_resigns_it(who):
    creator = user("creator")
    game, _ = scopa(creator)
    people = {
        "creator": creator,
        "staff": make_user(staff=True),
        "stranger": user("stranger"),
        "anonymous": AnonymousUser(),
    }
    with pytest.raises(Forbidden):
        moves.resign(game.pk, 0, user=people[who])
    with pytest.raises(Forbidden):
        moves.concede(game.pk, 0, user=people[who])
    assert_nothing_written(game)


@pytest.mark.parametrize("kind", ["adjourn", "resume"])
def test_a_player_may_not_adjourn_or_resume_the_table_through_any_door(kind):
    game, users = scopa(user("creator"))
    with pytest.raises(Forbidden, match="adjourn or resume"):
        moves.act(game.pk, {"type": kind}, user=users[0])
    with pytest.raises(Forbidden, match="adjourn or resume"):  # the events endpoint's door
        submit_move(
            game.pk, {"type": kind}, user=users[1], event_id=uuid.uuid4(), expected_version=None
        )
    assert_nothing_written(game)


def test_a_tournament_tables_player_and_its_games_creator_may_not_adjourn_it():
    setup = published("scopa", 2, mode="online")
    table = setup.tables[0]
    game = table.game
    for person in (*setup.seated[table.number], user("stranger")):
        with pytest.raises(Forbidden):
            moves.adjourn(game.pk, user=person, reason="lunch")
    assert_nothing_written(game)
    assert not AuditEntry.objects.filter(action="table-adjourned").exists()


def test_a_reason_too_long_is_refused_before_anything_is_written():
    creator = user("creator")
    game, _ = scopa(creator)
    with pytest.raises(Exception, match="300 characters"):
        moves.adjourn(game.pk, user=creator, reason="x" * 301)
    assert_nothing_written(game)


def test_only_the_acts_of_a_table_go_through_act():
    creator = user("creator")
    game, users = scopa(creator)
    with pytest.raises(Exception, match="not an act of the table"):
        moves.act(game.pk, {"type": "play", "seat": 0}, user=users[0])
    assert_nothing_written(game)


# ---------------------------------------------------------------------- the acts (engine: h1)


def test_a_player_resigns_their_own_seat_and_the_game_is_over():
    game, users = scopa(user("creator"))
    done = moves.resign(game.pk, 1, user=users[1])
    assert done.created and done.over
    assert done.event.payload == {"type": "resign", "seat": 1}
    assert done.event.actor is None and done.event.submitted_by == users[1]
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert read_state(game, lambda state: state.resigned) == 1
    assert read_state(game, lambda state: state.view(0)["resigned"]) == 1


def test_a_resignation_retried_with_its_event_id_is_not_written_twice():
    game, users = scopa(user("creator"))
    event_id = uuid.uuid4()
    first = moves.resign(game.pk, 0, user=users[0], event_id=event_id)
    again = moves.resign(game.pk, 0, user=users[0], event_id=event_id)
    assert first.created and not again.created
    assert again.event.pk == first.event.pk
    assert GameEvent.objects.filter(game=game, payload__type="resign").count() == 1


def test_the_creator_adjourns_and_resumes_a_casual_game_and_nobody_plays_meanwhile():
    creator = user("creator")
    game, users = scopa(creator)
    paused = moves.adjourn(game.pk, user=creator, reason="dinner")
    assert paused.created and paused.event.payload == {"type": "adjourn"}
    assert paused.event.actor is None  # a casual game's creator, not a director
    game.refresh_from_db()
    assert read_state(game, lambda state: state.adjourned) is True
    assert read_state(game, lambda state: state.view(None)["adjourned"]) is True
    move = read_state(game, lambda state: state.view(0))
    assert not AuditEntry.objects.exists()  # no club to log a casual game's pause in
    with pytest.raises(Exception):  # noqa: B017 - the engine's refusal, in words
        submit_move(
            game.pk,
            {"type": "play", "seat": 0, "card": (move.get("hand") or ["1D"])[0]},
            user=users[0],
            event_id=uuid.uuid4(),
            expected_version=None,
        )
    resumed = moves.resume(game.pk, user=creator)
    assert resumed.created
    game.refresh_from_db()
    assert read_state(game, lambda state: state.adjourned) is False


def test_a_directors_adjournment_is_marked_as_theirs_and_audited_with_the_reason():
    setup = published("scopa", 2, mode="online")
    table = setup.tables[0]
    paused = moves.adjourn(table.game.pk, user=setup.director, reason="power cut")
    assert paused.event.actor == GameEvent.Actor.DIRECTOR
    entry = AuditEntry.objects.get(action="table-adjourned")
    assert entry.actor_id == setup.director.pk
    assert entry.after["reason"] == "power cut" and entry.after["table"] == table.number
    assert sentence(entry.action, entry.subject, entry.before, entry.after) == (
        f"Adjourned table {table.number} of round {setup.round.number}"
    )
    moves.resume(table.game.pk, user=setup.director)
    assert AuditEntry.objects.filter(action="table-resumed").count() == 1
    assert GameEvent.objects.filter(game=table.game, actor=GameEvent.Actor.DIRECTOR).count() == 2


def test_a_player_concedes_the_deal_where_the_game_allows_it_and_only_for_their_seat():
    game, users = scopa(user("creator"))
    assert read_state(game, lambda state: state.can_concede(0))
    with pytest.raises(NotYourSeat):
        moves.concede(game.pk, 0, user=users[1])
    assert_nothing_written(game)
    deal = read_state(game, lambda state: state.deal_number)
    done = moves.concede(game.pk, 0, user=users[0])
    assert done.created and done.event.payload == {"type": "concede", "seat": 0}
    game.refresh_from_db()
    assert read_state(game, lambda state: state.deal_number) > deal or done.over


def test_a_deal_cannot_be_conceded_where_the_game_does_not_allow_it():
    creator = user("creator")
    game = create_game(game_type="burraco", players=2, mode="online", created_by=creator)
    people = [user(f"b{n}") for n in range(2)]
    for number, person in enumerate(people):
        seat_by_authority(game, number, Player.objects.create(name=f"B{number}", user=person))
    start_game(game.pk)
    game.refresh_from_db()
    with pytest.raises(EngineError, match="conceding a deal is not part of burraco"):
        moves.concede(game.pk, 0, user=people[0])
    assert_nothing_written(game)
