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

from engine.tally import TallySpec
from tournaments.games import profile_for
from tournaments.models import Game
from tournaments.services.errors import ServiceError


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
    return names.get(seat, f"seat {seat + 1}")


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
    return {
        "rows": [
            {
                "label": label,
                "inputs": [
                    {"name": f"{c.key}_{index}", "label": c.label, "max": c.top}
                    for c in spec.counts
                ]
                + [
                    {"name": f"{flag.key}_{index}", "label": flag.label, "flag": True}
                    for flag in spec.flags
                ],
            }
            for index, label in rows
        ],
        "choices": [
            {
                "name": choice.key,
                "label": choice.label,
                "required": not choice.optional,
                "options": [("", "nobody" if choice.optional else "choose\u2026")]
                + [(str(index), row) for index, row in rows],
            }
            for choice in spec.choices
        ],
        "max": max(c.top for c in spec.counts),
        "note": spec.note,
    }


def tally_from_form(game: Game, data: Any) -> dict[str, Any]:
    """The tally event a submitted form describes (FormProblem when garbled)."""
    spec = spec_of(game)
    if spec is None:
        raise FormProblem(f"Tallies of {game.game_type} cannot be entered on this page yet.")
    rows = [index for index, _ in rows_of(game, {})]
    event: dict[str, Any] = {"type": "tally"}
    for choice in spec.choices:
        raw = (data.get(choice.key) or "").strip()
        if raw == "" and choice.optional:
            event[choice.key] = None
            continue
        if raw not in [str(r) for r in rows]:
            raise FormProblem(choice.label.replace("Who took", "Say who took").rstrip("?") + ".")
        event[choice.key] = int(raw)
    for flag in spec.flags:
        event[flag.key] = [bool(data.get(f"{flag.key}_{r}")) for r in rows]
    if spec.nested:
        event[spec.nested] = [[_count(data, f"{c.key}_{r}") for c in spec.counts] for r in rows]
    else:
        for c in spec.counts:
            event[c.key] = [_count(data, f"{c.key}_{r}") for r in rows]
    return event


def _count(data: Any, key: str) -> int:
    raw = (data.get(key) or "").strip()
    try:
        return int(raw)
    except ValueError:
        raise FormProblem("Every count on the score sheet must be a whole number.") from None


# ---------------------------------------------------------------------- in words


def tally_words(tally: Mapping[str, Any], label: Callable[[int], str]) -> str:
    """A tally in words ("Ann & Carla 22 cards, 6 coins …"), ``label(i)`` naming row
    ``i``; works from the event's own keys, so any game's tally is worded."""
    parts: list[str] = []
    rows = _row_values(tally)
    for index, values in enumerate(rows):
        parts.append(f"{label(index)} " + ", ".join(values))
    for key, word in (
        ("settebello", "settebello"),
        ("last_trick", "last trick"),
        ("closed", "closed"),
    ):
        if isinstance(tally.get(key), int) and not isinstance(tally.get(key), bool):
            parts.append(f"{word}: {label(tally[key])}")
    if "dummy" in tally:
        dummy = tally["dummy"]
        parts.append("dummy: " + (label(dummy) if isinstance(dummy, int) else "nobody"))
    return " · ".join(parts)


UNITS = {
    "tricks": "",
    "cards": " cards",
    "coins": " coins",
    "scope": " scope",
    "primiera": " primiera",
    "points": " points",
    "thirds": " thirds",
    "declared": " declared",
    "melded": " melded",
    "clean": " clean",
    "dirty": " dirty",
    "hand": " in hand",
    "pozzetto": "",
}


def _row_values(tally: Mapping[str, Any]) -> list[list[str]]:
    """Per row, its numbers in words, in the order of :data:`UNITS`."""
    rows: list[list[str]] = []
    for key, unit in UNITS.items():
        values = tally.get(key)
        if not isinstance(values, list):
            continue
        for index, value in enumerate(values):
            while len(rows) <= index:
                rows.append([])
            shown = "/".join(map(str, value)) if isinstance(value, list) else str(value)
            if isinstance(value, bool):
                shown = "pozzetto" if value else "no pozzetto"
            if key == "scope" and value == 1:
                unit = " scopa"
            elif key == "scope":
                unit = " scope"
            rows[index].append(f"{shown}{unit}")
    return rows
