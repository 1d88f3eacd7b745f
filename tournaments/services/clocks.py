"""A game's clocks, derived from its stored events (issue 16).

:func:`clock_of` replays the game's events through the engine to learn, after each,
who is to act, which deal is played, whether the table is adjourned and who moved;
with each event's stored ``created_at`` that is the history
:func:`tournaments.timing.clock.replay` turns into each seat's time left. Nothing
about the clock is stored: replaying gives the same clocks.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from django.utils import timezone

from tournaments.models import Game, GameEvent
from tournaments.services import game_store, time_controls
from tournaments.services.numbering import for_people
from tournaments.timing.clock import ClockState, Step, replay


def epoch_ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def from_epoch_ms(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, tz=UTC)


def now_ms() -> int:
    return epoch_ms(timezone.now())


def clock_of(game: Game) -> ClockState | None:
    """The game's clocks after its last event (``None``: an untimed game, or one not
    played online)."""
    control = time_controls.stored(game.time_control)
    if control is None or game.mode != Game.Mode.ONLINE:
        return None
    state = game_store.fresh_engine_game(game)
    steps: list[Step] = []
    rows = GameEvent.objects.filter(game_id=game.pk, sequence__lt=game.version).order_by("sequence")
    for created_at, seat, kind, payload in rows.values_list(
        "created_at", "seat", "kind", "payload"
    ):
        state.apply(payload)
        mover = seat if kind == GameEvent.Kind.PLAYER else None
        steps.append(
            Step(
                at_ms=epoch_ms(created_at),
                to_act=() if state.over else tuple(state.seats_to_act()),
                deal=state.deal_number,
                mover=mover,
                adjourned=bool(getattr(state, "adjourned", False)),
            )
        )
    return replay(control, game.players, steps)


def clock_json(game: Game, clock: ClockState | None = None) -> dict[str, Any] | None:
    """The API's ``clock``: ``None`` for an untimed game; else the control, each seat's
    time left now in ms (seat indices from 0), the running seats, the next deadline."""
    if clock is None:
        clock = clock_of(game)
    if clock is None:
        return None
    now = now_ms()
    deadline = clock.deadline_ms
    return {
        "control": clock.control.to_json(),
        "remaining_ms": list(clock.remaining_at(now)),
        "running": list(clock.running),
        "deadline": None if deadline is None else from_epoch_ms(deadline).isoformat(),
        "now": from_epoch_ms(now).isoformat(),
    }


def mm_ss(ms: int) -> str:
    """Time left as people read it on a clock: ``4:05``, ``1:02:30`` over an hour."""
    seconds = max(0, -(-ms // 1000))  # a clock shows 0:01 until the last ms is gone
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


def clock_context(game: Game, names: Mapping[int, str] | None = None) -> dict[str, Any] | None:
    """What ``games/_clock.html`` shows (``None``: no clock); ``names``: the seats'
    players (seat index → name)."""
    clock = clock_of(game)
    if clock is None:
        return None
    now = now_ms()
    left = clock.remaining_at(now)
    return {
        "description": time_controls.in_words(clock.control),
        "now_ms": now,
        "seats": [
            {
                "number": for_people(seat),
                "name": (names or {}).get(seat, ""),
                "left_ms": left[seat],
                "left": mm_ss(left[seat]),
                "running": seat in clock.running,
                "deadline_ms": clock.deadline_of(seat) if seat in clock.running else None,
            }
            for seat in range(game.players)
        ],
    }
