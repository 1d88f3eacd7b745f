"""Tiebreaks: what each one means, and an entrant's record of a round (pure Python).

Every entrant has one :class:`Record` per round (built from the rounds' results by
:mod:`scoring.round_records`). An entrant's *score* is the sum of its records'
tournament points. Each tiebreak gives every entrant an exact value, higher is better;
:mod:`scoring.carried` computes them all, round after round, on integers scaled by the
least common denominator. ``tests/support/reference_tiebreaks.py`` states each one
again as a plain function over every entrant's records, which the tests compare the
standings with.

**Kinds of round** (``Record.kind``):

- ``game``: the entrant played at a table. Its *opponents* are everyone else at the
  table, in seat order (partners are one entrant: a partnership is entered as a team);
  ``results`` holds, per opponent, the share of the game the entrant took from them: 1
  if its game score was higher, ½ if equal, 0 if lower.
- ``bye``, ``forfeit_win``, ``forfeit_loss``, ``absent``: an *unplayed round*. As
  SCORING.md says, Buchholz-type tiebreaks count it as a game against oneself: the
  entrant's own current score stands in for the opponent's, once per opponent the
  entrant would have had (``virtual_opponents``: 1 head-to-head; at multi-seat tables
  the standings module uses the round's largest table minus one).
- ``not_entered`` (a late entry's rounds before it joined, carrying any starting
  score the tournament credits) and ``withdrawn`` (every round after a withdrawal, 0
  points): these are *absent*, not byes. They add points (the credit) but never an
  opponent, real or virtual, and they are not rounds played for the MTG percentages.

**Definitions** (``S(x)`` is x's current score):

- ``buchholz``: ΣS(opponent) over every opponent of every game, plus the virtual ones.
  ``buchholz_cut1`` drops the single lowest of those terms, ``buchholz_median`` the
  lowest and the highest (0 when nothing is left).
- ``sonneborn_berger``: Σ S(opponent) × share taken from that opponent (1 / ½ / 0; at a
  multi-seat table 1 for each opponent ranked below, ½ tied, 0 above). A virtual
  opponent counts with share 1 for a bye or forfeit win and 0 for a forfeit loss or an
  absence.
- ``opponents_match_win`` (MTG): the mean over opponents (one term per game against
  them; byes and virtual opponents are not opponents) of ``max(1/3, MP / (3 × rounds
  they played))``; match points are 3 for a win or a bye or a forfeit win, 1 for a
  draw, 0 otherwise; a game is a win when the entrant's game score is the highest at
  the table alone, a draw when the highest is shared. Rounds played = games + byes +
  forfeits. An entrant without opponents gets 1/3.
- ``game_win``: ``max(1/3, (3 × wins + draws) / (3 × games))`` over games actually
  played (MTG game points: a draw is worth a third of a win); 1/3 with no games.
- ``progressive``: the sum of the entrant's running score after each round.
- ``game_score``: the sum of the entrant's game scores; ``score_margin``: the sum over
  games of the entrant's game score minus the mean of its opponents' game scores.
- ``direct_encounter`` (*classifica avulsa*): for a group of tied entrants, the
  tournament points each scored in games whose opponents all belong to the group.
  At a multi-seat table a game counts only when everyone at it is in the group.
- ``lot``: the first 8 bytes of ``sha256("{seed}\\x1f{id}")`` as an integer; a
  deterministic draw from the tournament's seed (the same key as the pairing engine).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

__all__ = [
    "GROUP_TIEBREAKS",
    "PLAYED_KINDS",
    "TIEBREAKS",
    "UNPLAYED_KINDS",
    "Kind",
    "Record",
    "lot_number",
]

Kind = Literal["game", "bye", "forfeit_win", "forfeit_loss", "absent", "not_entered", "withdrawn"]
UNPLAYED_KINDS: frozenset[str] = frozenset({"bye", "forfeit_win", "forfeit_loss", "absent"})
"""Rounds that count as a game against oneself."""
PLAYED_KINDS: frozenset[str] = frozenset({"game", "bye", "forfeit_win", "forfeit_loss"})
"""Rounds that count as played for the MTG percentages."""
_HALF = Fraction(1, 2)


@dataclass(frozen=True, slots=True)
class Record:
    """One entrant's round (see the module docstring for the kinds).

    ``outcome`` (games only) is ``win`` (beat everyone at the table), ``draw`` (the best
    score, shared) or ``loss``; left out, it is derived from ``results``. ``place`` is
    the place at the table (1-based, shared places as 1, 1, 3); left out, it is derived
    from ``results`` as well."""

    kind: Kind
    points: Fraction = Fraction(0)
    opponents: tuple[str, ...] = ()
    results: tuple[Fraction, ...] = ()
    game_score: Fraction = Fraction(0)
    margin: Fraction = Fraction(0)
    virtual_opponents: int = 1
    outcome: Literal["win", "draw", "loss"] | None = None
    place: int = 0
    """Games only: the entrant's place at its table (1 = the best game score; sides tied
    on game score share the best place they cover, as in 1, 1, 3). 0 = not known."""

    def __post_init__(self) -> None:
        if self.kind == "game" and self.outcome is None:
            outcome = "loss" if 0 in self.results else "draw" if _HALF in self.results else "win"
            object.__setattr__(self, "outcome", outcome)
        if self.kind == "game" and not self.place:
            object.__setattr__(self, "place", 1 + sum(1 for r in self.results if r == 0))


def lot_number(seed: int, entrant: str) -> int:
    """The entrant's draw: 64 bits of ``sha256("{seed}\\x1f{entrant}")``."""
    digest = hashlib.sha256(f"{seed}\x1f{entrant}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


TIEBREAKS: frozenset[str] = frozenset(
    {
        "buchholz",
        "buchholz_cut1",
        "buchholz_median",
        "sonneborn_berger",
        "opponents_match_win",
        "game_win",
        "progressive",
        "game_score",
        "score_margin",
        "lot",
    }
)
"""Every tiebreak computed over the whole field at once, by its settings name."""
GROUP_TIEBREAKS = frozenset({"direct_encounter"})
"""Tiebreaks that depend on the group of tied entrants (computed per group)."""
