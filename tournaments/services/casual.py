"""Casual online games: a player sets one up, takes a seat, and invites the others.

One link per empty seat (:class:`~tournaments.models.GameInvitation`): an unguessable
token, good once, withdrawn by the creator, dead when the game starts or after
``INVITATION_DAYS``. Taking the last empty seat starts the game (the server deals
the first hand), exactly as ``POST /api/games/{id}/start`` would.

The web page (``/games/new``) and the API (``POST /api/games/casual``) both call
:func:`new_casual_game`; both take seats with :func:`take_seat`. Seats are 0-based
indices here as everywhere below the pages; the messages, written for people, count
them from 1 ("seat 1 is already taken" for index 0), on the pages and in the API alike.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from engine import EngineError, InvalidOption, UnknownGame
from tournaments.models import Game, GameInvitation, Player, Seat
from tournaments.services import access, game_store, live, time_controls
from tournaments.services.errors import Conflict, Forbidden, NotFound, ServiceError
from tournaments.services.games import create_game, start_game
from tournaments.services.numbering import for_people
from tournaments.services.rule_words import in_words

INVITATION_DAYS = 7
"""How long an unused invitation link works (at most: it dies when the game starts)."""
TOKEN_BYTES = 24


def player_for(user: Any) -> Player:
    """The logged-in user's player, made (named after the user) if they have none."""
    name = (user.get_full_name() or user.get_username())[
        : Player._meta.get_field("name").max_length
    ]
    player, _created = Player.objects.get_or_create(user=user, defaults={"name": name})
    return player


def new_casual_game(
    *,
    user: Any,
    game_type: str,
    players: int,
    options: Mapping[str, Any] | None,
    seat: int,
    time_control: Mapping[str, Any] | None = None,
) -> tuple[Game, list[GameInvitation]]:
    """A new online game created by ``user``, who sits at ``seat``; one invitation per
    other seat. Nothing is written when anything is refused: a ``ServiceError`` whose
    ``field`` says what was wrong (``game``, ``players``, ``seat``, the option or
    ``time_control``: the clock, see :mod:`time_controls`)."""
    if not getattr(user, "is_authenticated", False):
        raise Forbidden(_("Log in to start a game."))
    with transaction.atomic():
        clock = time_controls.parse(time_control, game_type)
        try:
            game = create_game(
                game_type=game_type,
                players=players,
                options=options,
                mode=Game.Mode.ONLINE,
                created_by=user,
                time_control=None if clock is None else clock.to_json(),
            )
        except UnknownGame as error:
            raise ServiceError(in_words(error), field="game") from None
        except InvalidOption as error:
            raise ServiceError(in_words(error), field=error.option or "players") from None
        except EngineError as error:
            raise ServiceError(in_words(error), field="options") from None
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
            raise ServiceError(
                _("the seat must be a seat index from 0 to %(last)d, not %(seat)s")
                % {"last": game.players - 1, "seat": seat},
                field="seat",
            )
        Seat.objects.create(game=game, number=seat, player=player_for(user))
        invitations = [_invite(game, n, user) for n in range(game.players) if n != seat]
    return game, invitations


def _invite(game: Game, seat: int, user: Any) -> GameInvitation:
    return GameInvitation.objects.create(
        game=game,
        seat=seat,
        token=secrets.token_urlsafe(TOKEN_BYTES),
        created_by=user if getattr(user, "is_authenticated", False) else None,
        expires_at=timezone.now() + timedelta(days=INVITATION_DAYS),
    )


# ---------------------------------------------------------------------- the creator


def _managed(game: Game, user: Any) -> Game:
    if not access.can_manage(user, game):
        raise Forbidden(_("Only the player who set up this game may manage its invitations."))
    return game


def _empty_seat(game: Game, seat: int) -> None:
    if game.status != Game.Status.SETUP:
        raise Conflict(_("The game has started: its seats are all taken."))
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise ServiceError(
            _("the seat must be a seat index from 0 to %(last)d, not %(seat)s")
            % {"last": game.players - 1, "seat": seat},
            field="seat",
        )
    if Seat.objects.filter(game=game, number=seat).exists():
        raise Conflict(
            _("seat %(seat)d is already taken") % {"seat": for_people(seat)}, field="seat"
        )


def live_invitations(game: Game) -> dict[int, GameInvitation]:
    """Each empty seat's working invitation (seat index → invitation)."""
    if game.status != Game.Status.SETUP:
        return {}
    now = timezone.now()
    live: dict[int, GameInvitation] = {}
    for invitation in GameInvitation.objects.filter(
        game=game, used_at__isnull=True, revoked_at__isnull=True, expires_at__gt=now
    ).order_by("created_at"):
        live[invitation.seat] = invitation  # the newest wins
    return live


def invite(game: Game, seat: int, user: Any) -> GameInvitation:
    """A new link for an empty seat (the creator's); any older link for it stops working."""
    with transaction.atomic():
        game = _managed(game_store.get(game.pk, for_update=True), user)
        _empty_seat(game, seat)
        GameInvitation.objects.filter(
            game=game, seat=seat, used_at__isnull=True, revoked_at__isnull=True
        ).update(revoked_at=timezone.now())
        return _invite(game, seat, user)


def revoke(game: Game, seat: int, user: Any) -> int:
    """Withdraw the seat's working link(s); how many were withdrawn (404 if none)."""
    with transaction.atomic():
        game = _managed(game_store.get(game.pk, for_update=True), user)
        withdrawn = GameInvitation.objects.filter(
            game=game, seat=seat, used_at__isnull=True, revoked_at__isnull=True
        ).update(revoked_at=timezone.now())
    if not withdrawn:
        raise NotFound(
            _("seat %(seat)d has no invitation to withdraw") % {"seat": for_people(seat)}
        )
    return withdrawn


# ---------------------------------------------------------------------- the invited


@dataclass(frozen=True)
class Invitation:
    """An invitation as its holder sees it: whether it still works, and why not."""

    invitation: GameInvitation
    problem: str | None

    @property
    def game(self) -> Game:
        return self.invitation.game

    @property
    def seat(self) -> int:
        return self.invitation.seat


def _problem(invitation: GameInvitation, game: Game) -> str | None:
    if invitation.revoked_at is not None:
        return _("This invitation was withdrawn by the player who sent it.")
    if invitation.used_at is not None:
        return _("This invitation has already been used.")
    if game.status != Game.Status.SETUP:
        return _("This game has already started.")
    if invitation.expires_at <= timezone.now():
        return _("This invitation has expired. Ask for a new link.")
    if any(seat.number == invitation.seat for seat in game.seats.all()):
        return _("seat %(seat)d is already taken") % {"seat": for_people(invitation.seat)}
    return None


def invitation(token: str) -> Invitation:
    """The invitation ``token`` names (NotFound for a token that names none)."""
    found = (
        GameInvitation.objects.select_related("game", "created_by")
        .filter(token=str(token)[:64])
        .first()
    )
    if found is None or not secrets.compare_digest(found.token, str(token)):
        raise NotFound(_("This invitation link is not valid. Check that it was copied whole."))
    return Invitation(found, _problem(found, found.game))


def take_seat(token: str, user: Any) -> Game:
    """``user`` takes the seat ``token`` invites to; the last seat taken starts the game.
    Refused (nothing changed) for a forged, used, withdrawn or expired link, a game
    that has started, a seat already taken, or a user already seated at this game."""
    if not getattr(user, "is_authenticated", False):
        raise Forbidden(_("Log in to take your seat."))
    with transaction.atomic():
        looked_up = invitation(token).invitation
        game = game_store.get(looked_up.game_id, for_update=True)
        found = GameInvitation.objects.select_for_update().get(pk=looked_up.pk)
        problem = _problem(found, game)
        if problem is not None:
            raise Conflict(problem)
        if Seat.objects.filter(game=game, player__user=user).exists():
            raise Conflict(_("You already have a seat at this game."))
        Seat.objects.create(game=game, number=found.seat, player=player_for(user))
        found.used_at = timezone.now()
        found.used_by = user
        found.save(update_fields=["used_at", "used_by"])
        if game.seats.count() == game.players:
            game = start_game(game.pk)
        else:  # the invitations page shows the seat taken (a start announces itself)
            transaction.on_commit(lambda: live.announce_game(looked_up.game_id))
    return game
