"""Tournament points from one table's result (pure Python; no Django).

A *table result* (:class:`TableResult`) is what one table reports for one round: the
entrants in seat (or side) order, each one's game score, and which of them forfeited.
:func:`table_points` turns it into tournament points, one per entrant in the same order,
by the method a :class:`PointsSettings` names:

``win_draw_loss`` (head-to-head only)
    ``win`` / ``draw`` / ``loss`` points (default 2 / 1 / 0) by comparing the two game
    scores. Chess-style 1 / ½ / 0 and MTG-style 3 / 1 / 0 are a setting away.
``placement`` (any table of 2 or more)
    Points by place at the table, best game score first. Entrants tied on game score
    share the *average* of the places they cover (two tied for 2nd of [3, 1, 0] get
    ``(1 + 0) / 2 = ½`` each), so a table always hands out the same total. The default,
    when ``placement_points`` is not set, gives a table of ``n`` seats ``n-1, n-2, ..., 0``:
    one point per opponent beaten and ½ per opponent tied, the multi-seat analogue of a
    win. ``placement_points`` is either one list used for every table size (a table
    larger than the list is refused) or an object ``{"3": [...], "4": [...]}`` by size.
``raw_score``
    The game score itself.
``victory_points_fibur`` (head-to-head only)
    The FIBUR Burraco tables (SCORING.md): the point difference, a multiple of 5, is
    looked up in the ``"3-hand"`` or ``"4-hand"`` table (``fibur_table``, default
    ``"4-hand"``) and the 20 VP are split winner–loser. Band edges are inclusive: with
    the 3-hand table a difference of 50 is 10–10 and 55 is 11–9.
``victory_points_wbf`` (head-to-head only)
    The WBF continuous scale: ``B = 15·√n`` for ``n = wbf_deals`` (required),
    ``τ = (√5 − 1)/2``, the margin ``M`` is the score difference divided by
    ``wbf_margin_unit`` (the game points that play the part of one IMP; default 1), and
    the winner gets ``min(20, 10 + 10·(1 − τ^(3M/B)) / (1 − τ³))`` rounded half-up to
    two decimals (as WBF publishes its scales), the loser exactly ``20`` minus that.

Byes score ``bye_points``; at a forfeited table those who forfeited score
``forfeit_loss_points`` and everyone else ``forfeit_win_points`` (game scores are then
ignored); an announced absence scores ``absence_points``. Their defaults depend on the
method (see :data:`UNPLAYED_DEFAULTS`): a bye or forfeit win is a win (``win`` points) for
``win_draw_loss``, 12 VP for both VP methods (the usual bridge and Burraco bye), and 0 for
``placement`` and ``raw_score``, whose organisers should set them.

**Exact numbers.** Every score and point is a :class:`fractions.Fraction`, so that sums
over a tournament are exact and ties are real ties (never an artefact of binary floats).
JSON floats are read through their shortest decimal form (``0.1`` is ``1/10``). WBF
victory points are computed with :mod:`decimal` at 40 significant digits (the same
result on every platform) and rounded to hundredths, then held as a Fraction such as
``1061/100``.

Every problem is a :class:`ScoringError` (a :class:`ValueError`) whose ``key`` names the
bad setting or field, e.g. ``points.placement_points[2]`` or ``scores[1]``.

**Where the code lives.** :mod:`.table_result` holds :class:`TableResult` and the
comparisons of game scores, :mod:`.points_settings` the :class:`PointsSettings`; this
module scores a table (:func:`table_points`) and re-exports them, where callers import
them.
"""

from __future__ import annotations

from fractions import Fraction
from typing import cast

from .errors import ResultError, ScoringError, SettingsError, to_fraction
from .points_settings import (
    HEAD_TO_HEAD_METHODS,
    METHODS,
    UNPLAYED_DEFAULTS,
    Method,
    PointsSettings,
)
from .table_result import TableResult, outcomes, pairwise_results, placement_points
from .victory_points import FIBUR_TABLES, VP_TOTAL, fibur_victory_points, wbf_victory_points

__all__ = [
    "FIBUR_TABLES",
    "HEAD_TO_HEAD_METHODS",
    "METHODS",
    "UNPLAYED_DEFAULTS",
    "Method",
    "PointsSettings",
    "ResultError",
    "ScoringError",
    "SettingsError",
    "TableResult",
    "fibur_victory_points",
    "outcomes",
    "pairwise_results",
    "placement_points",
    "table_points",
    "to_fraction",
    "wbf_victory_points",
]


def table_points(settings: PointsSettings, table: TableResult) -> tuple[Fraction, ...]:
    """Tournament points for each entrant at ``table``, in its seat order. Partners (one
    side) score what their side scores."""
    size = len(table.side_order)
    if settings.method in HEAD_TO_HEAD_METHODS and size != 2:
        raise ResultError(
            "entrants", f"the method {settings.method!r} scores tables of 2 sides, not {size}"
        )
    if table.forfeit:
        return tuple(
            settings.forfeit_loss if e in table.forfeited else settings.forfeit_win
            for e in table.entrants
        )
    per_side = _side_points(settings, table.side_scores)
    if not table.partners:
        return per_side
    return tuple(per_side[k] for k in table.side_index)


def _side_points(settings: PointsSettings, scores: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
    size = len(scores)
    method = settings.method
    if method == "raw_score":
        return scores
    if method == "placement":
        return tuple(placement_points(scores, settings.places(size)))
    if method == "win_draw_loss":
        a, b = scores
        if a == b:
            return settings.draw, settings.draw
        return (settings.win, settings.loss) if a > b else (settings.loss, settings.win)
    a, b = scores
    if method == "victory_points_fibur":
        high, low = fibur_victory_points(abs(a - b), settings.fibur_table)
        winner_vp, loser_vp = Fraction(high), Fraction(low)
    else:
        deals = cast(int, settings.wbf_deals)
        winner_vp = wbf_victory_points(abs(a - b) / settings.wbf_margin_unit, deals)
        loser_vp = VP_TOTAL - winner_vp
    return (winner_vp, loser_vp) if a >= b else (loser_vp, winner_vp)
