"""Score-sheet tallies as forms: which inputs a game's tally has, the tally event a
submitted form describes, and a tally in words.

A game's tally is declared by its engine class (``tally_spec``, an
:class:`engine.tally.TallySpec`, read through the game's profile), and serves the game
pages' tally form, the score sheet's phone page and its printable PDF: rows of
whole-number inputs (one row per side or seat) and choices (who took the dummy, the
settebello, the last trick). Whether the numbers make a legal tally is the engine's
business: the form only turns typed text into the event, so an engine refusal is shown
with the engine's reason.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext, ngettext

from engine.tally import Choice, Count, Flag, Plural, TallySpec
from tournaments.games import profile_for
from tournaments.models import Game
from tournaments.services.dispute_words import field_words
from tournaments.services.errors import ServiceError
from tournaments.services.numbering import for_people
from tournaments.web.engine_words import italian_deck, say


class FormProblem(ServiceError):
    """The form itself is incomplete or garbled (not a rule of the game)."""


def spec_of(game: Game) -> TallySpec | None:
    """The game's tally (``None``: it has no tally form)."""
    return profile_for(game.game_type).tally_spec


def rows_of(game: Game, names: Mapping[int, str]) -> list[tuple[int, str]]:
    """The tally's rows of ``game``: (index, label), a team as "Ann & Carla"."""
    spec = spec_of(game)
    assert spec is not None, f"{game.game_type} has no tally"
    teams = spec.per == "teams" or (spec.per == "sides" and _team_game(game))
    if teams:
        return [
            (t, " & ".join(_name(names, s) for s in range(game.players) if s % 2 == t))
            for t in (0, 1)
        ]
    return [(s, _name(names, s)) for s in range(game.players)]


def _name(names: Mapping[int, str], seat: int) -> str:
    """A seat's player, else "seat 1", "seat 2" … (people count from 1)."""
    return names.get(seat, gettext("seat %(n)s") % {"n": for_people(seat)})


def _team_game(game: Game) -> bool:
    from engine import game_class

    return bool(game_class(game.game_type)(game.players).team_game)


def tally_fields(game: Game, names: Mapping[int, str]) -> dict[str, Any] | None:
    """The inputs of the tally form for ``game`` (``None``: no form for this game):
    ``rows`` (label, inputs: name, label, max), ``choices`` (name, label, options)
    and ``note``."""
    spec = spec_of(game)
    if spec is None:
        return None
    rows = rows_of(game, names)
    italian = italian_deck(game.game_type)
    return {
        "rows": [
            {
                "label": label,
                "inputs": [
                    {"name": f"{c.key}_{index}", "label": say(c.label), "max": c.top}
                    for c in spec.counts
                ]
                + [
                    {"name": f"{flag.key}_{index}", "label": say(flag.label), "flag": True}
                    for flag in spec.flags
                ],
            }
            for index, label in rows
        ],
        "choices": [
            {
                "name": choice.key,
                "label": say(choice.label, italian_cards=italian),
                "required": not choice.optional,
                "options": [("", gettext("nobody") if choice.optional else gettext("choose…"))]
                + [(str(index), row) for index, row in rows],
            }
            for choice in spec.choices
        ],
        "max": max(c.top for c in spec.counts),
        "note": say(spec.note, italian_cards=italian),
    }


def tally_from_form(game: Game, data: Any) -> dict[str, Any]:
    """The tally event a submitted form describes (FormProblem when garbled)."""
    spec = spec_of(game)
    if spec is None:
        raise FormProblem(
            gettext("Tallies of %(game)s cannot be entered on this page yet.")
            % {"game": game.game_type}
        )
    rows = [index for index, _ in rows_of(game, {})]
    event: dict[str, Any] = {"type": "tally"}
    for choice in spec.choices:
        raw = (data.get(choice.key) or "").strip()
        if raw == "" and choice.optional:
            event[choice.key] = None
            continue
        if raw not in [str(r) for r in rows]:
            raise FormProblem(_say_who(choice))
        event[choice.key] = int(raw)
    for flag in spec.flags:
        event[flag.key] = [bool(data.get(f"{flag.key}_{r}")) for r in rows]
    if spec.nested:
        event[spec.nested] = [[_count(data, f"{c.key}_{r}") for c in spec.counts] for r in rows]
    else:
        for c in spec.counts:
            event[c.key] = [_count(data, f"{c.key}_{r}") for r in rows]
    return event


def _say_who(choice: Choice) -> str:
    """A choice left empty: the game's instruction, else its question as one."""
    if choice.instruction:
        return say(choice.instruction)
    return say(choice.label).replace("Who took", "Say who took").rstrip("?") + "."


def _count(data: Any, key: str) -> int:
    raw = (data.get(key) or "").strip()
    try:
        return int(raw)
    except ValueError:
        raise FormProblem(
            gettext("Every count on the score sheet must be a whole number.")
        ) from None


# ---------------------------------------------------------------------- in words


def tally_words(tally: Mapping[str, Any], label: Callable[[int], str]) -> str:
    """A tally in words ("Ann & Carla 22 cards, 6 coins …"), ``label(i)`` naming row
    ``i``; works from the event's own keys and the words every game gives its tally
    fields (:func:`~tournaments.services.dispute_words.field_words`), so any game's
    tally is worded."""
    parts: list[str] = []
    rows = _row_values(tally)
    for index, values in enumerate(rows):
        parts.append(f"{label(index)} " + ", ".join(values))
    for key, choice in field_words().choices.items():
        if key not in tally or not choice.chosen:
            continue
        who = tally[key]
        if choice.nobody_said:
            shown = label(who) if isinstance(who, int) else gettext("nobody")
        elif isinstance(who, int) and not isinstance(who, bool):
            shown = label(who)
        else:
            continue
        parts.append(gettext(choice.chosen) % {"who": shown})
    return " · ".join(parts)


def _row_values(tally: Mapping[str, Any]) -> list[list[str]]:
    """Per row, its numbers in words, in the order the games give their fields."""
    rows: list[list[str]] = []
    fields = field_words()
    units = {key: "" for key in fields.nested} | {
        key: field.unit if isinstance(field, Count) else "" for key, field in fields.rows.items()
    }
    for key, unit in units.items():
        values = tally.get(key)
        if not isinstance(values, list):
            continue
        field = fields.rows.get(key)
        for index, value in enumerate(values):
            while len(rows) <= index:
                rows.append([])
            shown = "/".join(map(str, value)) if isinstance(value, list) else str(value)
            if isinstance(value, bool):
                words = _flag_words(field, value)
            elif isinstance(unit, Plural):
                words = ngettext(unit.singular, unit.plural, value) % {"n": shown}
            elif unit:
                words = gettext(unit) % {"n": shown}
            else:
                words = shown
            rows[index].append(words)
    return rows


def _flag_words(field: Count | Flag | None, value: bool) -> str:
    if isinstance(field, Flag) and field.yes and field.no:
        return gettext(field.yes if value else field.no)
    return gettext("yes") if value else gettext("no")
