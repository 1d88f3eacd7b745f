"""How a tournament scores, in one sentence for its players (pure Python; no Django).

The standings page prints it above the byes note, so nobody has to ask the director
what a win is worth::

    >>> from scoring.points import PointsSettings
    >>> describe_points(PointsSettings.from_json({}), [2])
    'Points: win 2, draw 1, loss 0; a bye 2.'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .numbers import gettext_noop
from .numbers import shown as number
from .points import PointsSettings

__all__ = ["describe_points", "number"]

Say = Callable[[str], str]
Number = Callable[..., str]


def _unplayed(settings: PointsSettings, say: Say, num: Number) -> str:
    parts = [say(gettext_noop("a bye %(points)s")) % {"points": num(settings.bye)}]
    if settings.forfeit_win != settings.bye:
        parts.append(
            say(gettext_noop("a win by forfeit %(points)s")) % {"points": num(settings.forfeit_win)}
        )
    if settings.forfeit_loss:
        parts.append(
            say(gettext_noop("a forfeit %(points)s")) % {"points": num(settings.forfeit_loss)}
        )
    if settings.absence_points:
        parts.append(
            say(gettext_noop("an announced absence %(points)s"))
            % {"points": num(settings.absence_points)}
        )
    return ", ".join(parts)


def describe_points(
    settings: PointsSettings,
    sides: Sequence[int],
    translate: Say = str,
    shown: Number = number,
) -> str:
    """One sentence: the points method and its numbers for tables of ``sides`` sides,
    then what byes, forfeits and absences score. ``translate`` translates each template
    (Django's ``gettext``; English when none is given), ``shown`` writes a number."""
    say, num = translate, shown
    method = settings.method
    if method == "win_draw_loss":
        head = say(gettext_noop("Points: win %(win)s, draw %(draw)s, loss %(loss)s")) % {
            "win": num(settings.win),
            "draw": num(settings.draw),
            "loss": num(settings.loss),
        }
    elif method == "placement":
        tables = []
        for size in sorted(set(sides)):
            places = ", ".join(num(p) for p in settings.places(size)[:size])
            tables.append(
                say(gettext_noop("%(places)s at a table of %(size)s"))
                % {"places": places, "size": size}
            )
        head = say(
            gettext_noop(
                "Points by place at the table, best game score first (%(tables)s; tied "
                "players share their places' points)"
            )
        ) % {"tables": "; ".join(tables)}
    elif method == "raw_score":
        head = say(gettext_noop("Points: each game's own score"))
    elif method == "victory_points_fibur":
        head = say(
            gettext_noop(
                "Victory points from the FIBUR %(table)s table (20 shared by the two sides "
                "of a table)"
            )
        ) % {"table": settings.fibur_table}
    else:
        head = say(
            gettext_noop(
                "Victory points on the WBF continuous scale for %(deals)s deals (20 shared "
                "by the two sides of a table)"
            )
        ) % {"deals": settings.wbf_deals}
    return say(gettext_noop("%(points)s; %(unplayed)s.")) % {
        "points": head,
        "unplayed": _unplayed(settings, say, num),
    }
