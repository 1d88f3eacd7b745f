"""Submitting a move: who may act, the append, and what comes back. One place.

The API's events view (:class:`tournaments.api.play.views.EventsView`) and the web's seat
forms (:func:`tournaments.web.actions.submit`) are thin adapters over
:func:`submit_move`: they turn a request into an event, call it, and turn its
:class:`MoveResult` or its error into JSON or a page.

The rule (:func:`check_may_act`), checked on the game row that
:func:`~tournaments.services.game_store.append_event` has just read, so it costs
no read of its own beyond :mod:`access`'s (cached) seats:

- a seat's player acts only as that seat (:class:`NotYourSeat` otherwise);
- nobody else acts for a seat, not even the game's managers (its creator, staff, its
  club's directors: acting would show them the seat's hand) —
  :class:`~tournaments.services.errors.Forbidden`;
- an event without a seat (a tally) needs a manager or a player of the game;
- adjourning and resuming the table (``adjourn`` / ``resume``, no seat) need a
  director of the game's tournament, or a casual game's creator
  (:func:`tournaments.services.table_actions.may_pause`): its players may not;
- resigning and conceding a deal name a seat: its own player only, as any move;
- a seat outside the table is bad input (:class:`BadSeat`, 400).

A refused move writes nothing. A stale expected version, a reused event id or a game
not in play is a :class:`~tournaments.services.errors.Conflict` (carrying the current
``version``); an illegal event an :class:`engine.EngineError`. Every message is for
people.

The table's own acts (resign, concede, adjourn, resume: :func:`act`) come here too,
with :mod:`~tournaments.services.table_actions`'s rules of who may send them.

The score sheets (:mod:`tournaments.services.sheets`) still call ``append_event`` for
their tallies directly: they are the physical-play adapter, with their own access
rules (the table's scorer, the director's corrections); moving them here belongs to
the sheets' split.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from engine import Game as EngineGame
from tournaments.models import Game, GameEvent
from tournaments.services import game_store, table_actions
from tournaments.services.access import User, can_act_as, can_manage, seats_of
from tournaments.services.errors import Forbidden, ServiceError

LEGAL_LIST_LIMIT = 1000
"""Above this many legal actions (an Italian Whist split has 48620), a seat's legal
actions are given as the game's compact hint instead of the list."""


class NotYourSeat(Forbidden):
    """A player asked to act as a seat other than their own."""


class BadSeat(ServiceError):
    """The event names a seat the table does not have."""


@dataclass(frozen=True)
class MoveResult:
    """What a submitted move did: the event row (the original one on an idempotent
    retry), the game's version after it, whether this call wrote it, whether the game
    is over, and what is to be done next (:func:`next_to_act`, as the submitter may
    see it)."""

    event: GameEvent
    version: int
    created: bool
    over: bool
    next: dict[str, Any]


def legal_of(state: EngineGame, seat: int) -> dict[str, Any]:
    """A seat's legal actions: the list, or the game's compact hint when it is long."""
    # One collection counted then listed: a game that counts by listing (Burraco's and
    # Scala 40's melds) lists once, not twice.
    legal = state.legal_actions(seat)
    count = legal.count()
    if count <= LEGAL_LIST_LIMIT:
        return {
            "count": count,
            "complete": True,
            "legal": [action.to_event() for action in legal],
        }
    return {"count": count, "complete": False, "legal": state.view(seat).get("legal", [])}


def next_to_act(state: EngineGame, may_act: Callable[[int], bool]) -> dict[str, Any]:
    """Who is to act now and, for each of those seats that the requester may act as
    (``may_act(seat)``, i.e. :func:`access.can_act_as`), its legal actions. The legal
    actions of a seat the requester may not act as are never included: they would
    show its hand."""
    return {
        "to_act": state.to_act,
        "legal": [
            {"seat": seat, **legal_of(state, seat)}
            for seat in state.seats_to_act()
            if may_act(seat)
        ],
    }


def check_may_act(user: User, game: Game, event: Mapping[str, Any]) -> None:
    """Raise unless ``user`` may submit ``event`` in ``game`` (see the module's rule)."""
    seat = event.get("seat")
    if seat is None and event.get("type") in table_actions.PAUSES:
        table_actions.check_may_pause(user, game)
        return
    if seat is None:
        if not (can_manage(user, game) or seats_of(user, game)):
            raise Forbidden(
                "only the game's players and managers may submit an event without a seat"
            )
        return
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise BadSeat(f"'seat' must be a seat number from 0 to {game.players - 1}, not {seat!r}")
    if can_act_as(user, game, seat):
        return
    own = seats_of(user, game)
    if own:
        raise NotYourSeat(
            f"you play seat {', '.join(map(str, own))} and may act only as "
            f"{'itself' if len(own) == 1 else 'those'}, not as seat {seat}"
        )
    raise Forbidden(f"you may not act as seat {seat}: only its player may")


def submit_move(
    game_id: uuid.UUID,
    event: Mapping[str, Any],
    *,
    user: User,
    event_id: uuid.UUID,
    expected_version: int | None,
    legal: bool = True,
) -> MoveResult:
    """Check that ``user`` may submit ``event``, append it, and say what comes next.

    The game row is read once, by ``append_event`` (``Game.DoesNotExist`` if there is
    none); the rule is checked on it before anything else happens, and what is to be
    done next is read from the state just appended, under the row's lock. Only
    an idempotent retry (which wrote nothing) reads the game again for it.

    ``legal=False`` leaves out the legal actions of the next seats (a page that is
    re-rendered anyway does not need them): ``next`` then says only who is to act."""

    def may_act(game: Game) -> Callable[[int], bool]:
        if not legal:
            return lambda seat: False
        return lambda seat: can_act_as(user, game, seat)

    if event.get("type") in table_actions.PAUSES:
        appended = _pause(game_id, event, user, event_id, expected_version, may_act)
    else:
        appended = game_store.append_event(
            game_id,
            event,
            event_id=event_id,
            expected_version=expected_version,
            user=user,
            authorize=lambda game: check_may_act(user, game, event),
            observe=lambda game, state: next_to_act(state, may_act(game)),
        )
    if appended.observed is not None:
        next_move = {"version": appended.version, **appended.observed}
    else:  # an idempotent retry: what is to be done now
        current = game_store.get(game_id)
        next_move = {
            "version": current.version,
            **(
                game_store.read_state(
                    current,
                    lambda state: next_to_act(state, may_act(current)),
                )
                if current.status == Game.Status.ACTIVE
                else {"to_act": None, "legal": []}
            ),
        }
    return MoveResult(
        event=appended.event,
        version=appended.version,
        created=appended.created,
        over=appended.over,
        next=next_move,
    )


def _pause(
    game_id: uuid.UUID,
    event: Mapping[str, Any],
    user: User,
    event_id: uuid.UUID,
    expected_version: int | None,
    may_act: Callable[[Game], Callable[[int], bool]],
) -> Any:
    """An adjournment or a resumption: its reason (kept in the audit log, not in the
    event), a director's ``actor``, and a director's audit row, with the event in one
    transaction."""
    reason = table_actions.clean_reason(event.get("reason"))
    payload = {key: value for key, value in event.items() if key != "reason"}
    found = game_store.get(game_id)
    with transaction.atomic():
        appended = game_store.append_event(
            game_id,
            payload,
            event_id=event_id,
            expected_version=expected_version,
            user=user,
            authorize=lambda game: check_may_act(user, game, payload),
            observe=lambda game, state: next_to_act(state, may_act(game)),
            actor=table_actions.actor_for(user, found, payload),
        )
        if appended.created:
            table_actions.record_pause(user, found, payload, reason)
    return appended


# ---------------------------------------------------------------------- the table's acts


def act(
    game_id: uuid.UUID,
    event: Mapping[str, Any],
    *,
    user: User,
    event_id: uuid.UUID | None = None,
    expected_version: int | None = None,
    reason: str = "",
) -> MoveResult:
    """Submit one table act (``event``: resign, concede, adjourn, resume) for
    ``user`` (who may: :mod:`~tournaments.services.table_actions`). Refusals raise and
    write nothing."""
    if event.get("type") not in (*table_actions.PAUSES, *table_actions.SEAT_ACTS):
        raise ServiceError(_("That is not an act of the table."))
    with transaction.atomic():
        return submit_move(
            game_id,
            {**event, "reason": reason} if event.get("type") in table_actions.PAUSES else event,
            user=user,
            event_id=event_id or uuid.uuid4(),
            expected_version=expected_version,
            legal=False,
        )


def resign(game_id: uuid.UUID, seat: int, *, user: User, **kwargs: Any) -> MoveResult:
    """``user`` resigns seat ``seat`` (their own): the game ends, the other side(s) win."""
    return act(game_id, {"type": "resign", "seat": seat}, user=user, **kwargs)


def concede(game_id: uuid.UUID, seat: int, *, user: User, **kwargs: Any) -> MoveResult:
    """``user`` concedes the current deal for their seat, where the game allows it."""
    return act(game_id, {"type": "concede", "seat": seat}, user=user, **kwargs)


def adjourn(game_id: uuid.UUID, *, user: User, reason: str = "", **kwargs: Any) -> MoveResult:
    """A director (or a casual game's creator) adjourns the table: nobody plays."""
    return act(game_id, {"type": "adjourn"}, user=user, reason=reason, **kwargs)


def resume(game_id: uuid.UUID, *, user: User, **kwargs: Any) -> MoveResult:
    """A director (or a casual game's creator) resumes an adjourned table."""
    return act(game_id, {"type": "resume"}, user=user, **kwargs)
