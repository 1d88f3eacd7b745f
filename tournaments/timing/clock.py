"""Game clocks: a time control and the clock state derived from event timestamps.

Pure Python (no Django). A :class:`TimeControl` is one of

- ``{"kind": "move", "seconds": N}``: each move (each action of a seat) has N seconds;
- ``{"kind": "deal", "seconds": N}``: each seat has N seconds for each deal;
- ``{"kind": "bank", "seconds": N, "increment": I}``: each seat has N seconds for the
  whole game, plus I after each of its moves (a chess clock);

each with ``"on_timeout"``: ``"auto"`` (an automatic legal move), ``"forfeit_deal"``
(the seat concedes the deal) or ``"forfeit_game"`` (the seat resigns).

:func:`replay` derives the clocks from the game's history only: for each event, when
it was stored, which seat made it, which seats are to act after it, which deal is
being played and whether the table is adjourned. It never reads the time of day, so
replaying the same history gives the same clocks; :meth:`ClockState.remaining_at`
says what is left at a given moment. Times are whole milliseconds since the epoch.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, cast

Kind = Literal["move", "deal", "bank"]
OnTimeout = Literal["auto", "forfeit_deal", "forfeit_game"]

KINDS: tuple[Kind, ...] = ("move", "deal", "bank")
ON_TIMEOUT: tuple[OnTimeout, ...] = ("auto", "forfeit_deal", "forfeit_game")
MIN_SECONDS = 5
MAX_SECONDS = 2 * 60 * 60
MAX_INCREMENT = 60
FIELDS = frozenset({"kind", "seconds", "increment", "on_timeout"})


class TimeControlError(ValueError):
    """A time control that cannot be used: ``code`` names the problem (see
    :data:`ERROR_CODES`), ``params`` fill in its message."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code, params)
        self.code = code
        self.params = params


ERROR_CODES = (
    "not_an_object",
    "unknown_fields",
    "kind",
    "seconds",
    "increment",
    "increment_not_bank",
    "on_timeout",
    "no_concede",
)


def _whole(value: object) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value


@dataclass(frozen=True)
class TimeControl:
    """A validated time control (see the module docstring)."""

    kind: Kind
    seconds: int
    on_timeout: OnTimeout = "auto"
    increment: int = 0

    @classmethod
    def parse(cls, data: object, *, concede_possible: bool = True) -> TimeControl:
        """The time control ``data`` describes, or :class:`TimeControlError`.
        ``concede_possible``: whether the game allows conceding a deal at all (else
        ``"forfeit_deal"`` is refused)."""
        if not isinstance(data, Mapping):
            raise TimeControlError("not_an_object")
        extra = sorted(str(key) for key in data if key not in FIELDS)
        if extra:
            raise TimeControlError("unknown_fields", fields=", ".join(extra))
        kind = data.get("kind")
        if kind not in KINDS:
            raise TimeControlError("kind", kinds=", ".join(KINDS))
        seconds = _whole(data.get("seconds"))
        if seconds is None or not MIN_SECONDS <= seconds <= MAX_SECONDS:
            raise TimeControlError("seconds", low=MIN_SECONDS, high=MAX_SECONDS)
        increment = _whole(data.get("increment", 0))
        if increment is None or not 0 <= increment <= MAX_INCREMENT:
            raise TimeControlError("increment", high=MAX_INCREMENT)
        if increment and kind != "bank":
            raise TimeControlError("increment_not_bank")
        on_timeout = data.get("on_timeout", "auto")
        if on_timeout not in ON_TIMEOUT:
            raise TimeControlError("on_timeout", choices=", ".join(ON_TIMEOUT))
        if on_timeout == "forfeit_deal" and not concede_possible:
            raise TimeControlError("no_concede")
        return cls(cast(Kind, kind), seconds, cast(OnTimeout, on_timeout), increment)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "kind": self.kind,
            "seconds": self.seconds,
            "on_timeout": self.on_timeout,
        }
        if self.kind == "bank":
            data["increment"] = self.increment
        return data


@dataclass(frozen=True)
class Step:
    """One stored event as the clock sees it."""

    at_ms: int
    """When it was stored (ms since the epoch)."""
    to_act: tuple[int, ...]
    """The seats to act after it (empty when the game is over or waits for a deal)."""
    deal: int = 0
    """The deal being played after it (the per-deal allowance restarts when it changes)."""
    mover: int | None = None
    """The seat that made it (``None`` for a deal or a table event)."""
    adjourned: bool = False
    """Whether the table is adjourned after it (every clock stops)."""


@dataclass(frozen=True)
class ClockState:
    """Each seat's time left at ``as_of_ms`` (the last event), who is running, and
    when each running seat's time runs out."""

    control: TimeControl
    remaining_ms: tuple[int, ...]
    running: tuple[int, ...]
    as_of_ms: int

    def deadline_of(self, seat: int) -> int:
        """When ``seat`` (running) runs out of time (ms since the epoch)."""
        return self.as_of_ms + self.remaining_ms[seat]

    @property
    def deadline_ms(self) -> int | None:
        """The first moment a running seat runs out of time (``None``: nobody runs)."""
        if not self.running:
            return None
        return min(self.deadline_of(seat) for seat in self.running)

    def due(self, now_ms: int) -> list[int]:
        """The running seats out of time at ``now_ms``, the first to run out first."""
        late = [seat for seat in self.running if self.deadline_of(seat) <= now_ms]
        return sorted(late, key=lambda seat: (self.deadline_of(seat), seat))

    def remaining_at(self, now_ms: int) -> tuple[int, ...]:
        """Each seat's time left at ``now_ms`` (never below zero)."""
        spent = max(0, now_ms - self.as_of_ms)
        return tuple(
            max(0, left - spent) if seat in self.running else left
            for seat, left in enumerate(self.remaining_ms)
        )


def replay(control: TimeControl, players: int, steps: Iterable[Step]) -> ClockState:
    """The clocks after ``steps`` (the game's events, oldest first).

    A running seat spends the time between one event and the next. A seat's move
    allowance (``"move"``) starts again when it becomes to act or has just moved; the
    deal allowance (``"deal"``) starts again for every seat when the deal changes; a
    bank (``"bank"``) gains the increment after each of the seat's moves. While the
    table is adjourned nobody runs. Time left never goes below zero."""
    full = control.seconds * 1000
    remaining = [full] * players
    running: tuple[int, ...] = ()
    to_act_before: tuple[int, ...] = ()
    deal: int | None = None
    as_of = 0
    for step in steps:
        spent = max(0, step.at_ms - as_of) if running else 0
        for seat in running:
            remaining[seat] = max(0, remaining[seat] - spent)
        as_of = max(as_of, step.at_ms)
        if step.mover is not None and control.kind == "bank":
            remaining[step.mover] = min(
                remaining[step.mover] + control.increment * 1000, MAX_SECONDS * 1000 * 2
            )
        if control.kind == "deal" and step.deal != deal:
            remaining = [full] * players
        if control.kind == "move":
            for seat in step.to_act:
                if seat not in to_act_before or seat == step.mover:
                    remaining[seat] = full
        deal = step.deal
        if not step.adjourned:  # a resumed seat goes on with the time it had left
            to_act_before = step.to_act
        running = () if step.adjourned else tuple(sorted(set(step.to_act)))
    return ClockState(control, tuple(remaining), running, as_of)
