"""How a tournament scores, in one sentence for its players (pure Python; no Django).

The standings page prints it above the byes note, so nobody has to ask the director
what a win is worth::

    >>> from scoring.points import PointsSettings
    >>> describe_points(PointsSettings.from_json({}), [2])
    'Points: win 2, draw 1, loss 0; a bye 2.'
"""

from __future__ import annotations

from collections.abc import Sequence

from .numbers import shown as number
from .points import PointsSettings

__all__ = ["describe_points", "number"]


def _unplayed(settings: PointsSettings) -> str:
    parts = [f"a bye {number(settings.bye)}"]
    if settings.forfeit_win != settings.bye:
        parts.append(f"a win by forfeit {number(settings.forfeit_win)}")
    if settings.forfeit_loss:
        parts.append(f"a forfeit {number(settings.forfeit_loss)}")
    if settings.absence_points:
        parts.append(f"an announced absence {number(settings.absence_points)}")
    return ", ".join(parts)


def describe_points(settings: PointsSettings, sides: Sequence[int]) -> str:
    """One sentence: the points method and its numbers for tables of ``sides`` sides,
    then what byes, forfeits and absences score."""
    method = settings.method
    if method == "win_draw_loss":
        head = (
            f"Points: win {number(settings.win)}, draw {number(settings.draw)}, "
            f"loss {number(settings.loss)}"
        )
    elif method == "placement":
        tables = []
        for size in sorted(set(sides)):
            places = ", ".join(number(p) for p in settings.places(size)[:size])
            tables.append(f"{places} at a table of {size}")
        head = (
            "Points by place at the table, best game score first ("
            + "; ".join(tables)
            + "; tied players share their places' points)"
        )
    elif method == "raw_score":
        head = "Points: each game's own score"
    elif method == "victory_points_fibur":
        head = (
            f"Victory points from the FIBUR {settings.fibur_table} table "
            "(20 shared by the two sides of a table)"
        )
    else:
        head = (
            f"Victory points on the WBF continuous scale for {settings.wbf_deals} deals "
            "(20 shared by the two sides of a table)"
        )
    return f"{head}; {_unplayed(settings)}."
