"""What two (or more) tallies of one deal disagree on, in words a player reads.

A dispute on the score sheet is two entries of a deal that differ. The machine
view names the fields (``tricks[1][0]``, see :func:`differing_fields`); people read
:func:`differences`: one sentence per thing that differs, naming the row (a seat's
player, or a team as "Ann & Carla") and what the number means in the game's tally:

    Carla's first-hand tricks: 2 or 3
    Ann & Carla's coins: 6 or 5
    Who took the settebello: Ann & Carla or Bruno & Dario

Every game's tally field is known here (the tallies of ``tournaments.web.tallies``:
tricks, Italian Whist's two hands, Scopa's cards, coins, scope, primiera and
settebello, Briscola's card points, Tresette's thirds, declarations and last trick,
Burraco's melded points, burraco, points in hand, pozzetto and closing, Scala 40's
points in hand and closing, three-handed whist's dummy); a field it does not know is
still worded, by its name. Pure: no database, no request, no Django: the caller
passes the translation function (Django's ``gettext``; English when none is given).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextvars import ContextVar
from typing import Any

_translate: ContextVar[Callable[[str], Any]] = ContextVar("translate", default=str)
"""The translation function of the :func:`differences` call under way."""


def gettext_noop(message: str) -> str:
    """Marks a string for translation (Django's ``makemessages`` collects it); the
    words are translated when said, by :func:`_`."""
    return message


def _(message: str) -> str:
    """The message translated by the caller's function (see :func:`differences`)."""
    return str(_translate.get()(message))


PER_ROW: dict[str, str] = {
    "tricks": gettext_noop("tricks"),
    "cards": gettext_noop("cards"),
    "coins": gettext_noop("coins"),
    "scope": gettext_noop("scope"),
    "primiera": gettext_noop("primiera"),
    "points": gettext_noop("card points"),
    "thirds": gettext_noop("thirds"),
    "declared": gettext_noop("declarations"),
    "melded": gettext_noop("melded points"),
    "clean": gettext_noop("clean burraco"),
    "dirty": gettext_noop("dirty burraco"),
    "hand": gettext_noop("points in hand"),
    "pozzetto": gettext_noop("pozzetto taken"),
}
"""A list with one value per row (side, team or seat): what the value counts."""
NESTED: dict[str, tuple[str, ...]] = {
    "tricks": (gettext_noop("first-hand tricks"), gettext_noop("second-hand tricks"))
}
"""A list of lists per row (Italian Whist: each seat's tricks in its two hands)."""
CHOICES: dict[str, str] = {
    "settebello": gettext_noop("Who took the settebello"),
    "last_trick": gettext_noop("Who took the last trick"),
    "closed": gettext_noop("Who closed"),
    "dummy": gettext_noop("Who took the dummy"),
}
"""A single row index (or nobody): who did something."""


def differences(
    tallies: Sequence[Mapping[str, Any]],
    label: Callable[[int], str],
    translate: Callable[[str], Any] = str,
) -> list[str]:
    """One sentence per value the ``tallies`` do not agree on, in the order of the
    tally's fields; ``label(i)`` names row ``i`` (a player, or a team); ``translate``
    translates each message (Django's ``gettext``)."""
    token = _translate.set(translate)
    try:
        return _differences(tallies, label)
    finally:
        _translate.reset(token)


def _differences(tallies: Sequence[Mapping[str, Any]], label: Callable[[int], str]) -> list[str]:
    keys: list[str] = []
    for tally in tallies:
        keys += [k for k in tally if k not in keys and k != "type"]
    found: list[str] = []
    for key in keys:
        values = [tally.get(key) for tally in tallies]
        if key in CHOICES:
            if _differ(values):
                shown = [_who(v, label) for v in values]
                found.append(f"{_(CHOICES[key])}: {_either(shown)}")
            continue
        if all(isinstance(v, list) for v in values):
            found += _rows(key, values, label)
        elif _differ(values):
            found.append(f"{key}: {_either([_value(v) for v in values])}")
    return found


def _rows(key: str, values: list[Any], label: Callable[[int], str]) -> list[str]:
    found: list[str] = []
    lists: list[list[Any]] = [list(v) for v in values]
    rows = max(len(v) for v in lists)
    for row in range(rows):
        cells = [v[row] if row < len(v) else None for v in lists]
        if all(isinstance(c, list) for c in cells):
            nested: list[list[Any]] = [c for c in cells if isinstance(c, list)]
            parts = max(len(c) for c in nested)
            names = NESTED.get(key, ())
            for part in range(parts):
                inner = [c[part] if part < len(c) else None for c in nested]
                if _differ(inner):
                    what = names[part] if part < len(names) else f"{key} {part + 1}"
                    found.append(_sentence(label(row), _(what), inner))
        elif _differ(cells):
            found.append(_sentence(label(row), _(PER_ROW.get(key, key)), cells))
    return found


def _sentence(name: str, what: str, values: list[Any]) -> str:
    return _("%(name)s's %(what)s: %(values)s") % {
        "name": name,
        "what": what,
        "values": _either([_value(v) for v in values]),
    }


def _differ(values: list[Any]) -> bool:
    return len({repr(v) for v in values}) > 1


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if value is None:
        return _("nothing")
    return str(value)


def _who(value: Any, label: Callable[[int], str]) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return label(value)
    return _("nobody")


def _either(shown: list[str]) -> str:
    """ "2 or 3"; "2, 3 or 4" (each value once, in the order entered)."""
    distinct: list[str] = []
    for item in shown:
        if item not in distinct:
            distinct.append(item)
    if len(distinct) == 1:
        return distinct[0]
    return _("%(some)s or %(last)s") % {"some": ", ".join(distinct[:-1]), "last": distinct[-1]}


def differing_fields(tallies: list[dict[str, Any]]) -> list[str]:
    """The fields (``tricks[1]``, ``tricks[0][1]``, ``dummy``) whose values are not the
    same in all of ``tallies`` (the API's machine view of a dispute)."""
    flat = [dict(_flatten(t)) for t in tallies]
    keys: list[str] = []
    for one in flat:
        keys += [k for k in one if k not in keys]
    return [k for k in keys if len({repr(one.get(k)) for one in flat}) > 1]


def _flatten(value: Any, prefix: str = "") -> list[tuple[str, Any]]:
    if isinstance(value, Mapping):
        out: list[tuple[str, Any]] = []
        for key, item in value.items():
            if key == "type":
                continue
            out += _flatten(item, f"{prefix}.{key}" if prefix else str(key))
        return out
    if isinstance(value, list):
        out = []
        for index, item in enumerate(value):
            out += _flatten(item, f"{prefix}[{index}]")
        return out
    return [(prefix, value)]
