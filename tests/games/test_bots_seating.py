"""Seating a bot in an empty seat (:mod:`tournaments.services.bots_seating`) and the
one query ratings will read (:func:`tournaments.services.rated_games.rated_games`)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.factories import make_user, published
from tests.support.factories import unique_user as user
from tournaments.models import Game, Player, Seat
from tournaments.services import casual
from tournaments.services.bots_seating import seat_bot
from tournaments.services.errors import Conflict, Forbidden, ServiceError
from tournaments.services.rated_games import rated_games
from tournaments.services.table_driver import bot_seats

pytestmark = pytest.mark.django_db


def casual_game(creator: Any, players: int = 3) -> Game:
    game, _ = casual.new_casual_game(
        user=creator, game_type="briscola", players=players, options={}, seat=0
    )
    return game


def test_the_creator_seats_a_bot_and_its_invitation_stops_working():
    creator = user("creator")
    game = casual_game(creator)
    link = casual.live_invitations(game)[2]
    game = seat_bot(game, 2, by=creator)
    assert game.status == Game.Status.SETUP  # seat 1 (index 1) is still empty
    seat = Seat.objects.select_related("player").get(game=game, number=2)
    assert seat.player.is_bot and seat.player.user_id is None
    assert seat.player.name == "Bot"
    assert bot_seats(game) == {2}
    assert 2 not in casual.live_invitations(game)
    assert casual.invitation(link.token).problem is not None
    with pytest.raises(Conflict):
        casual.take_seat(link.token, user("late"))


def test_a_started_games_bot_seats_are_read_once_per_process(django_assert_num_queries):
    creator = user("creator")
    game = casual_game(creator)
    seat_bot(game, 1, by=creator)
    assert bot_seats(game) == {1}  # still being set up: read each time
    game = seat_bot(game, 2, by=creator)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    with django_assert_num_queries(1):
        assert bot_seats(game) == {1, 2}
    with django_assert_num_queries(0):  # in play, bots can no longer be seated: kept
        assert bot_seats(game) == {1, 2}


def test_a_bot_in_the_last_empty_seat_starts_the_game_one_bot_player_per_seat():
    creator = user("creator")
    game = casual_game(creator)
    seat_bot(game, 1, by=creator)
    game = seat_bot(game, 2, by=creator)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.version > 0  # the server dealt
    bots = Player.objects.filter(seats__game=game, is_bot=True)
    assert bots.count() == 2 and len({b.pk for b in bots}) == 2


@pytest.mark.parametrize("who", ["stranger", "player"])
def test_nobody_but_the_creator_seats_a_bot_and_nothing_is_written(who):
    creator = user("creator")
    game = casual_game(creator)
    person = user("stranger")
    if who == "player":
        casual.take_seat(casual.live_invitations(game)[1].token, person)
    with pytest.raises(Forbidden):
        seat_bot(game, 2, by=person)
    assert not Player.objects.filter(is_bot=True).exists()
    assert 2 in casual.live_invitations(game)


def test_a_taken_seat_a_seat_outside_the_table_and_a_started_game_are_refused():
    creator = user("creator")
    game = casual_game(creator, players=2)
    with pytest.raises(Conflict, match="seat 1 is already taken"):
        seat_bot(game, 0, by=creator)
    with pytest.raises(ServiceError, match="from 0 to 1"):
        seat_bot(game, 2, by=creator)
    seat_bot(game, 1, by=creator)
    with pytest.raises(Conflict):
        seat_bot(game, 1, by=creator)
    assert Player.objects.filter(is_bot=True).count() == 1


def test_no_bot_at_a_tournament_table_even_for_its_director():
    setup = published("scopa", 2, mode="online")
    game = setup.tables[0].game
    for person in (setup.director, make_user(staff=True)):
        with pytest.raises(Forbidden):
            seat_bot(game, 0, by=person)
    assert not Player.objects.filter(is_bot=True).exists()


def test_rated_games_leave_out_every_game_a_bot_sat_at():
    creator = user("creator")
    with_bot = casual_game(creator, players=2)
    seat_bot(with_bot, 1, by=creator)
    without = casual_game(creator, players=2)
    casual.take_seat(casual.live_invitations(without)[1].token, user("friend"))
    Game.objects.filter(pk__in=[with_bot.pk, without.pk]).update(status=Game.Status.FINISHED)
    assert list(rated_games().filter(pk__in=[with_bot.pk, without.pk])) == [
        Game.objects.get(pk=without.pk)
    ]
    Game.objects.filter(pk=without.pk).update(status=Game.Status.ACTIVE)
    assert not rated_games().filter(pk__in=[with_bot.pk, without.pk]).exists()
