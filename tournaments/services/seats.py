"""Who sits where: seats are consented (issue 15).

A player is seated only

- by themself (:func:`seat_requested` with their own username or player, the casual
  game's creator taking their seat, :func:`tournaments.services.casual.take_seat`
  with an invitation link), or
- by a director of the tournament the game belongs to, through its pairing and
  seating (:func:`tournaments.services.rounds.publish`, a correction): the trusted
  path :func:`seat_by_authority`, which the demo loader also takes.

Naming another user does not seat them: the request is refused and says to send them
an invitation link (the web's new-game page has no such field; the API refuses it).
A guest (a player without a login) may be seated only at a game played with real
cards: online, nobody could see their cards to play them.

In every path one account (one player) holds at most one seat of a game: the check
here names the seat already held, and the database's ``seat_one_per_player``
constraint is the second line.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Game, Player, Seat
from tournaments.services import game_store
from tournaments.services import players as player_service
from tournaments.services.errors import Conflict, Forbidden, ServiceError
from tournaments.services.numbering import for_people


def _place(game: Game, number: int, player: Player) -> Seat:
    """Bind seat ``number`` to ``player``: in set-up only, in range, one seat each."""
    if game.status != Game.Status.SETUP:
        raise Conflict(_("seats can only change before the game starts"))
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < game.players:
        raise ServiceError(
            _("the seat must be a seat index from 0 to %(last)d, not %(seat)s")
            % {"last": game.players - 1, "seat": number},
            field="seat",
        )
    held = (
        Seat.objects.filter(game_id=game.pk, player_id=player.pk)
        .exclude(number=number)
        .values_list("number", flat=True)
        .first()
    )
    if held is not None:
        raise Conflict(
            _("%(name)s already holds seat %(seat)d of this game: one person plays one seat")
            % {"name": player.name, "seat": for_people(held)},
            field="seat",
        )
    seat, _created = Seat.objects.update_or_create(
        game_id=game.pk, number=number, defaults={"player": player}
    )
    return seat


def seat_by_authority(game: Game, number: int, player: Player) -> Seat:
    """Seat ``player`` without asking them: for callers whose authority is already
    checked (a tournament director publishing or correcting a round, the demo
    loader). The one-seat-each rule still holds."""
    return _place(game, number, player)


def seat_requested(
    game: Game,
    number: int,
    *,
    by: Any,
    player: int | None = None,
    name: str | None = None,
    username: str | None = None,
) -> Seat:
    """A manager's request to seat someone (the API's ``PUT …/seats/{n}``): ``by``
    may seat themself (their own username or player id) or, at a game played with
    real cards, a guest without a login (a new one by ``name``, or an existing one by
    id). Another user is never seated this way: refused (403), with the way to
    invite them. Nothing is written when refused."""
    if not getattr(by, "is_authenticated", False):
        raise Forbidden(_("Log in to take a seat."))
    if name is not None and not name.strip():
        raise ServiceError(_("a guest needs a name"), field="name")
    with transaction.atomic():
        game = game_store.get(game.pk, for_update=True)
        if username is not None:
            if username != by.get_username():
                raise Forbidden(_refusal(game))
            chosen = player_service.player_of_user(username)
        elif player is not None:
            chosen = player_service.player_by_id(player)
            if chosen.user_id is not None and chosen.user_id != by.pk:
                raise Forbidden(_refusal(game))
        else:
            chosen = None
        if chosen is None or chosen.user_id is None:
            if game.mode == Game.Mode.ONLINE:
                raise Forbidden(
                    _(
                        "A guest without a login cannot play an online game: nobody could "
                        "see their cards to play them. Invite them with a link, or play "
                        "with real cards."
                    )
                )
            if chosen is None:
                chosen = player_service.guest(name or "")
        return _place(game, number, chosen)


def _refusal(game: Game) -> str:
    return _(
        "You may seat only yourself: other players take their seats themselves. Send "
        "them an invitation link (POST /api/games/%(game)s/invitations with the seat)."
    ) % {"game": game.pk}
