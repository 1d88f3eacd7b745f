"""What two (or more) tallies of one deal disagree on, in words a player reads.

A dispute on the score sheet is two entries of a deal that differ. The machine
view names the fields (``tricks[1][0]``, see :func:`differing_fields`); people read
:func:`differences`: one sentence per thing that differs, naming the row (a seat's
player, or a team as "Ann & Carla") and what the number means in the game's tally:

    Carla's first-hand tricks: 2 or 3
    Ann & Carla's coins: 6 or 5
    Who took the settebello: Ann & Carla or Bruno & Dario

Every game's tally fields and their words are the game's own, declared by its engine
class (``tally_spec``, see :mod:`engine.tally`) and found here through the engine's
registry (:func:`field_words`); a field no game declares is still worded, by its name.
Pure: no database, no request, no Django: the caller passes the translation function
(Django's ``gettext``; English when none is given).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from engine import available_games, game_class
from engine.tally import Choice, Count, Flag

_translate: ContextVar[Callable[[str], Any]] = ContextVar("translate", default=str)
"""The translation function of the :func:`differences` call under way."""


def _(message: str) -> str:
    """The message translated by the caller's function (see :func:`differences`)."""
    return str(_translate.get()(message))


@dataclass(frozen=True)
class TallyFields:
    """Every game's tally fields by their key in a tally event (games that share a key
    share its words: the three whists' ``tricks``)."""

    rows: dict[str, Count | Flag]
    """A list with one value per row (side, team or seat), in the order the games say
    them."""
    nested: dict[str, tuple[Count, ...]]
    """A list of lists per row (Italian Whist: each seat's tricks in its two hands)."""
    choices: dict[str, Choice]
    """A single row index (or nobody): who did something."""


@functools.cache
def field_words() -> TallyFields:
    """The tally fields of every game of the engine's registry (``ValueError`` if two
    games give one key different words)."""
    found = TallyFields({}, {}, {})
    for name in available_games():
        spec = game_class(name).tally_spec
        if spec is None:
            continue
        rows: list[Count | Flag] = [] if spec.nested else list(spec.counts)
        for field in (*rows, *spec.flags):
            _add(found.rows, field.key, field, _words_of)
        if spec.nested:
            _add(found.nested, spec.nested, spec.counts, lambda c: [_words_of(x) for x in c])
        for choice in spec.choices:
            _add(found.choices, choice.key, choice, _words_of)
    return found


def _words_of(field: Count | Flag | Choice) -> tuple[Any, ...]:
    if isinstance(field, Count):
        return (field.said, field.unit)
    if isinstance(field, Flag):
        return (field.said, field.yes, field.no)
    return (field.asked, field.chosen, field.nobody_said)


def _add(table: dict[str, Any], key: str, field: Any, words: Callable[[Any], Any]) -> None:
    if key in table and words(table[key]) != words(field):
        raise ValueError(f"two games word the tally field {key!r} differently")
    table.setdefault(key, field)


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
        choice = field_words().choices.get(key)
        if choice is not None:
            if _differ(values):
                shown = [_who(v, label) for v in values]
                found.append(f"{_(choice.asked)}: {_either(shown)}")
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
            names = [part.said for part in field_words().nested.get(key, ())]
            for part in range(parts):
                inner = [c[part] if part < len(c) else None for c in nested]
                if _differ(inner):
                    what = names[part] if part < len(names) else f"{key} {part + 1}"
                    found.append(_sentence(label(row), _(what), inner))
        elif _differ(cells):
            field = field_words().rows.get(key)
            found.append(_sentence(label(row), _(field.said if field else key), cells))
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
