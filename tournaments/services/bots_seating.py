"""Seating a bot in an empty seat (issue 16). One place: the web's invitation page and
the API (``POST /api/games/{id}/bots``) both call :func:`seat_bot`.

Who: the casual game's creator (or staff), while the game is being set up and the
seat is empty. Not at a tournament's table: a round's tables are seated whole when
the round is published (there is no empty seat to fill), and a bot's results would
enter the tournament's standings.

What: a new :class:`~tournaments.models.Player` (``is_bot``, no login, named "Bot" in
the creator's language) per seated bot (a player holds one seat of a game), the
seat's working invitation withdrawn, and, when it was the last empty seat, the game
started as when the last invited player takes their seat. The table driver
(:mod:`tournaments.services.table_driver`) plays the bot's moves, marked as a bot's;
the bot sees only its own seat's view. A game with a bot counts for no rating
(:mod:`tournaments.services.rated_games`).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Game, GameInvitation, Player, Seat
from tournaments.services import access, game_store, table_actions
from tournaments.services.casual import _empty_seat
from tournaments.services.errors import Forbidden
from tournaments.services.games import start_game


def bot_name() -> str:
    """A bot's name, in the current language."""
    return _("Bot")


def seat_bot(game: Game, seat: int, *, by: Any) -> Game:
    """Seat a bot at the empty seat ``seat`` (0-based) of ``game``; the game (started
    if that was its last empty seat). Refused, nothing written: 403 for anyone but
    the creator or at a tournament's table, 409 once the game started or for a seat
    taken, 400 for a seat the table does not have."""
    if not getattr(by, "is_authenticated", False):
        raise Forbidden(_("Log in to seat a bot."))
    with transaction.atomic():
        game = game_store.get(game.pk, for_update=True)
        table = table_actions.table_of(game)
        if not access.may_seat_bot(by, game, table):
            if table is not None:
                raise Forbidden(
                    _(
                        "A bot cannot play at a tournament's table: its results would "
                        "count in the standings."
                    )
                )
            raise Forbidden(_("Only the player who set up this game may seat a bot."))
        _empty_seat(game, seat)
        bot = Player.objects.create(name=bot_name(), is_bot=True)
        Seat.objects.create(game=game, number=seat, player=bot)
        GameInvitation.objects.filter(
            game=game, seat=seat, used_at__isnull=True, revoked_at__isnull=True
        ).update(revoked_at=timezone.now())
        access.forget_seats(game.pk)
        if game.seats.count() == game.players:
            game = start_game(game.pk)
    return game
