"""Flow events: the table's own events, the same in every game (RECORDS.md lists the
game's events; these come on top of them).

- ``{"type": "resign", "seat": s}``: seat ``s`` gives up the game. Accepted at any
  moment while the game is not over (whoever's turn, between deals, while adjourned).
  The game ends; the winner is the other side in a two-side game, otherwise the best
  of the others (:meth:`FlowEvents._resign_winner`). ``resigned`` is the seat.
- ``{"type": "concede", "seat": s}``: seat ``s``'s side gives up the rest of the
  current deal, where the game allows it (:meth:`FlowEvents.can_concede`); the game
  says what the other side gets (:meth:`FlowEvents._concede`). Refused elsewhere.
- ``{"type": "adjourn"}`` and ``{"type": "resume"}``: a director stops the table and
  starts it again. While adjourned nobody is to act, nothing is legal and every event
  but ``resume`` and ``resign`` is refused (deals and tallies too).

None of them is among :meth:`~engine.legal.LegalQueries.legal_actions` (a bot choosing
from that list never resigns); :meth:`FlowEvents.can_resign` and
:meth:`FlowEvents.can_concede` answer whether one would be accepted. They are public
events: every seat sees them in the log.

>>> from engine import new_game
>>> import random
>>> game = new_game("whist", 4)
>>> _ = game.apply(game.random_deal_event(random.Random(1)))
>>> _ = game.apply({"type": "adjourn"})
>>> game.to_act is None and game.adjourned and not game.legal_actions()
True
>>> _ = game.apply({"type": "resume"})
>>> game.to_act
1
>>> _ = game.apply({"type": "resign", "seat": 1})
>>> game.over, game.winner, game.resigned
(True, 0, 1)
"""

from __future__ import annotations

import random
from typing import ClassVar

from engine.actions import Action
from engine.dispatch import applier, parser
from engine.errors import RuleViolation, WrongPhase
from engine.events import Event, parse_seat
from engine.legal import LegalQueries
from engine.messages import Message, message

RESIGN = "resign"
CONCEDE = "concede"
ADJOURN = "adjourn"
RESUME = "resume"

FLOW_EVENTS: frozenset[str] = frozenset({RESIGN, CONCEDE, ADJOURN, RESUME})
"""The flow event types, accepted by every game."""
ALLOWED_WHILE_ADJOURNED: frozenset[str] = frozenset({RESUME, RESIGN})
"""What an adjourned table accepts."""

_OVER = "over"  # engine.game.OVER (not imported: engine.game imports this module)
_DEAL = "deal"  # engine.game.DEAL


class FlowEvents(LegalQueries):
    """Resign, concede, adjourn and resume, for :class:`~engine.game.Game`.

    ``adjourned`` and ``resigned`` are class defaults too, so a game pickled before
    these events existed (a cached snapshot) reads as neither."""

    name: ClassVar[str]
    players: int
    phase: str
    totals: list[int]
    winner: int | list[int] | None
    adjourned: bool = False
    """Whether a director has adjourned the table (until a ``resume``)."""
    resigned: int | None = None
    """The seat that resigned the game (``None`` when nobody did)."""
    over: bool
    awaiting: str | None
    CHANCE_PHASES: ClassVar[frozenset[str]] = frozenset({_DEAL})
    """The phases in which a chance event (or a tally) is awaited: ``awaiting`` is
    ``"deal"`` in them (unless the table is adjourned)."""

    def _set_phase(self, phase: str) -> None:
        """Move to ``phase``: every change of phase goes through here, so that ``over``
        and ``awaiting`` (plain values, read before every step) follow it."""
        self.phase = phase
        # _refresh_flags's body, without a second call: twice a turn in random play.
        self.over = phase == _OVER
        self.awaiting = _DEAL if phase in self.CHANCE_PHASES and not self.adjourned else None

    def _refresh_flags(self) -> None:
        """``over`` and ``awaiting`` from the phase and ``adjourned``."""
        phase = self.phase
        self.over = phase == _OVER
        self.awaiting = _DEAL if phase in self.CHANCE_PHASES and not self.adjourned else None

    @property
    def sides(self) -> int:
        raise NotImplementedError

    def side_of(self, seat: int) -> int:
        raise NotImplementedError

    # ------------------------------------------------------------------ asking

    def can_resign(self, seat: int) -> bool:
        """Whether ``seat`` may resign now: whenever the game is not over (and the seat
        still plays in it: :meth:`_resign_refusal`)."""
        if self.phase == _OVER or not 0 <= seat < self.players:
            return False
        return self._resign_refusal(seat) is None

    def _resign_refusal(self, seat: int) -> Message | None:
        """Hook: why ``seat`` may not resign a game that is on (Scala 40: a player
        already out), or ``None``."""
        return None

    def can_concede(self, seat: int) -> bool:
        """Whether ``seat`` may concede the current deal now (never while adjourned)."""
        if self.phase == _OVER or self.adjourned or not 0 <= seat < self.players:
            return False
        return self._concede_refusal(seat) is None

    def _concede_refusal(self, seat: int) -> Message | None:
        """Hook: ``None`` when ``seat`` may concede the deal now, else why not. The
        base class: conceding a deal is not part of the game."""
        return message("concede.not_in_game", game=self.name)

    def _two_sides_refusal(self, seat: int, in_deal: bool) -> Message | None:
        """Why ``seat`` may not concede in a game that allows it with two sides: no
        deal being played (``in_deal`` false), or more than two sides."""
        if not in_deal:
            return message("concede.no_deal", seat=seat)
        if self.sides != 2:
            return message("concede.two_sides", game=self.name)
        return None

    def _concede(self, seat: int) -> None:
        """Hook: give the rest of the deal to the side(s) other than ``seat``'s and
        score the deal (called only when :meth:`_concede_refusal` says yes)."""
        raise NotImplementedError

    def _to_act_in_play(self) -> int | list[int] | None:
        """Hook: who is to act when the table is not adjourned (each game's rule)."""
        return None

    @property
    def to_act(self) -> int | list[int] | None:
        """The seat whose action is awaited; a list when several may act; ``None``
        when a chance event is awaited, the game is over or the table is adjourned."""
        if self.adjourned:
            return None
        return self._to_act_in_play()

    def random_action(self, rng: random.Random, seat: int | None = None) -> Action:
        """A legal action chosen at random; none while the table is adjourned."""
        if self.adjourned:
            raise WrongPhase(message("phase.nobody"))
        return self._random_action(rng, seat)

    # ------------------------------------------------------------------ applying

    def _refuse_while_halted(self, action: Action, event: Event | None = None) -> None:
        """Raise :class:`WrongPhase` for ``action`` when the game is over, or adjourned
        and ``action`` is neither a resume nor a resignation."""
        shown = dict(event) if event is not None else action.to_event()
        if self.phase == _OVER:
            raise WrongPhase(
                message("phase.over", event=action.type), seat=action.seat, event=shown
            )
        if self.adjourned and action.type not in ALLOWED_WHILE_ADJOURNED:
            raise WrongPhase(message("adjourned", event=action.type), seat=action.seat, event=shown)

    @parser(RESIGN)
    def _parse_resign(self, event: Event) -> Action:
        return Action(RESIGN, parse_seat(event, self.players))

    @applier(RESIGN)
    def _apply_resign(self, action: Action) -> None:
        self._refuse_while_halted(action)
        assert action.seat is not None
        refusal = self._resign_refusal(action.seat)
        if refusal is not None:
            raise RuleViolation(refusal, seat=action.seat, event=action.to_event(), rule="resign")
        self.winner = self._resign_winner(action.seat)
        self.resigned = action.seat
        self.adjourned = False
        self._set_phase(_OVER)

    def _resign_winner(self, seat: int) -> int | list[int] | None:
        """The winner when ``seat`` resigns: the other side of two; with more, the
        others' best total (a list of sides when tied)."""
        mine = self.side_of(seat)
        others = [side for side in range(self.sides) if side != mine]
        return best_of(others, self.totals, highest=True)

    @parser(CONCEDE)
    def _parse_concede(self, event: Event) -> Action:
        return Action(CONCEDE, parse_seat(event, self.players))

    @applier(CONCEDE)
    def _apply_concede(self, action: Action) -> None:
        self._refuse_while_halted(action)
        assert action.seat is not None
        refusal = self._concede_refusal(action.seat)
        if refusal is not None:
            raise RuleViolation(refusal, seat=action.seat, event=action.to_event(), rule="concede")
        self._concede(action.seat)

    @parser(ADJOURN)
    def _parse_adjourn(self, event: Event) -> Action:
        return Action(ADJOURN)

    @applier(ADJOURN)
    def _apply_adjourn(self, action: Action) -> None:
        self._refuse_while_halted(action)
        self.adjourned = True
        self._refresh_flags()

    @parser(RESUME)
    def _parse_resume(self, event: Event) -> Action:
        return Action(RESUME)

    @applier(RESUME)
    def _apply_resume(self, action: Action) -> None:
        self._refuse_while_halted(action)
        if not self.adjourned:
            raise WrongPhase(message("resume.not_adjourned"), event=action.to_event())
        self.adjourned = False
        self._refresh_flags()


def best_of(sides: list[int], totals: list[int], highest: bool) -> int | list[int] | None:
    """The side of ``sides`` with the best total (the highest, or the lowest when
    ``highest`` is false); a list of sides when several share it; ``None`` when
    ``sides`` is empty."""
    if not sides:
        return None
    pick = max if highest else min
    best = pick(totals[side] for side in sides)
    leaders = [side for side in sides if totals[side] == best]
    return leaders[0] if len(leaders) == 1 else leaders
