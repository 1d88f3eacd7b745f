"""Tournament pairing engine (pure Python; no Django).

``pair_round(round_)`` pairs one round by its method (the optimal Swiss by default,
danese puro/modificato, Mitchell, round robin); ``python -m tournaments.pairing`` is the
same from the command line (JSON in, JSON out). See :mod:`.model` for the input
(:mod:`.parsing` reads it), and :mod:`.objective` for the rules a Swiss pairing is
judged by.
"""

from __future__ import annotations

from .danese import pair_danese
from .head_to_head import pair_head_to_head
from .model import (
    METHODS,
    Entrant,
    Pairing,
    PairingInputError,
    Round,
)
from .movement import pair_movement
from .multi_seat import pair_multi_seat
from .objective import Objective, evaluate
from .parsing import load_round, parse_round
from .scheduled import pair_mitchell, pair_round_robin

__all__ = [
    "METHODS",
    "Entrant",
    "Objective",
    "Pairing",
    "PairingInputError",
    "Round",
    "evaluate",
    "load_round",
    "pair_json",
    "pair_round",
    "parse_round",
]


def pair_round(round_: Round) -> Pairing:
    """Pair one round by its ``method``.

    Swiss: head-to-head, multi-seat tables, or a partnership movement; danese puro and
    modificato (:mod:`.danese`); Mitchell and round robin (:mod:`.scheduled`).
    """
    method = round_.method
    if method in ("danese_puro", "danese_modificato"):
        return pair_danese(round_)
    if method == "mitchell":
        return pair_mitchell(round_)
    if method == "round_robin":
        return pair_round_robin(round_)
    if method != "swiss":
        raise PairingInputError(
            "method", f"unknown method {method!r} (one of: {', '.join(METHODS)})"
        )
    if round_.movement:
        return pair_movement(round_)
    if round_.head_to_head:
        return pair_head_to_head(round_)
    return pair_multi_seat(round_)


def pair_json(text: str | bytes) -> str:
    """Pair a round given as JSON text; the result as JSON text (raises PairingInputError)."""
    return pair_round(load_round(text)).dumps()
