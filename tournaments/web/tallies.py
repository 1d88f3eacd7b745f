"""Score-sheet tallies as forms: which inputs a game's tally has, the tally event a
submitted form describes, and a tally in words.

One description per game (:data:`TALLIES`) serves the game pages' tally form, the
score sheet's phone page and its printable PDF: rows of whole-number inputs (one row
per side or seat) and choices (who took the dummy, the settebello, the last trick).
Whether the numbers make a legal tally is the engine's business: the form only turns
typed text into the event, so an engine refusal is shown with the engine's reason.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tournaments.models import Game
from tournaments.services.errors import ServiceError


class FormProblem(ServiceError):
    """The form itself is incomplete or garbled (not a rule of the game)."""


@dataclass(frozen=True)
class Count:
    """One whole number per row: ``key`` in the event, ``label`` on the form."""

    key: str
    label: str
    top: int


@dataclass(frozen=True)
class Tally:
    """A game's tally: ``per`` is ``"teams"`` (two), ``"sides"`` (the engine's sides:
    teams in a team game, else seats) or ``"seats"``; ``counts`` the numbers per row
    (several make a list per row, as Italian Whist's two hands); ``choices`` the keys
    naming one row (``None`` allowed when ``optional``); ``note`` how to count."""

    per: str
    counts: tuple[Count, ...]
    choices: tuple[tuple[str, str, bool], ...] = ()
    nested: str | None = None
    """When set, the counts make one list per row under this key (Italian Whist)."""
    note: str = ""
    flags: tuple[tuple[str, str], ...] = ()
    """Yes/no per row (a checkbox), a list of true/false in the event (Burraco's
    pozzetto taken)."""


TRICKS = Count("tricks", "tricks", 13)
TALLIES: dict[str, Tally] = {
    "whist": Tally("teams", (TRICKS,)),
    "german_whist": Tally("seats", (TRICKS,)),
    "three_handed_whist": Tally("seats", (TRICKS,), (("dummy", "Who took the dummy?", True),)),
    "italian_whist": Tally(
        "seats", (Count("first", "1st hand", 9), Count("second", "2nd hand", 9)), nested="tricks"
    ),
    "scopa": Tally(
        "sides",
        (
            Count("cards", "cards", 40),
            Count("coins", "coins \u2666", 10),
            Count("scope", "scope", 36),
            Count("primiera", "primiera", 84),
        ),
        (("settebello", "Who took the settebello (7\u2666)?", False),),
        note="Primiera: add each suit's best card (7 = 21, 6 = 18, A = 16, 5 = 15, 4 = 14, "
        "3 = 13, 2 = 12, J Q K = 10). Cards add up to 40, coins to 10.",
    ),
    "briscola": Tally(
        "sides",
        (Count("points", "card points", 120),),
        note="A = 11, 3 = 10, K = 4, Q = 3, J = 2, the rest 0: the points add up to 120.",
    ),
    "burraco": Tally(
        "sides",
        (
            Count("melded", "melded points", 1100),
            Count("clean", "clean burraco", 15),
            Count("dirty", "dirty burraco", 12),
            Count("hand", "points in hand", 1100),
        ),
        (("closed", "Who closed? (nobody: the stock ran out)", True),),
        note="Melded: the values of the side's melded cards (joker 30, 2 = 20, A = 15, "
        "8 to K = 10, 3 to 7 = 5); in hand: the values left in its hands. Bonuses (200 a "
        "clean burraco, 100 a dirty one, 100 for closing, -100 without the pozzetto) are "
        "added by Tavolo.",
        flags=(("pozzetto", "took its pozzetto"),),
    ),
    "scala40": Tally(
        "seats",
        (Count("hand", "points in hand", 198),),
        (("closed", "Who closed? (nobody: a void hand)", True),),
        note="Points in hand: 2 to 10 as marked, J Q K 10, A 11, joker 25; the closer and "
        "players already out have 0; a void hand is 0 for everyone.",
    ),
    "tresette": Tally(
        "teams",
        (Count("thirds", "thirds", 32), Count("declared", "declared", 21)),
        (("last_trick", "Who took the last trick?", False),),
        note="Thirds in the cards, without the last trick (A = 3; 3, 2, K, Q, J = 1): "
        "they add up to 32. Declared: the team's declarations (accuse) in points.",
    ),
}
TALLY_SHAPES = {name: tally.per for name, tally in TALLIES.items()}
"""What a tally holds per row, per game (kept for callers that only ask which games
have a tally form)."""


def rows_of(game: Game, names: Mapping[int, str]) -> list[tuple[int, str]]:
    """The tally's rows of ``game``: (index, label), a team as "Ann & Carla"."""
    spec = TALLIES[game.game_type]
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
    spec = TALLIES.get(game.game_type)
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
                    {"name": f"{key}_{index}", "label": label, "flag": True}
                    for key, label in spec.flags
                ],
            }
            for index, label in rows
        ],
        "choices": [
            {
                "name": key,
                "label": label,
                "required": not optional,
                "options": [("", "nobody" if optional else "choose\u2026")]
                + [(str(index), row) for index, row in rows],
            }
            for key, label, optional in spec.choices
        ],
        "max": max(c.top for c in spec.counts),
        "note": spec.note,
    }


def tally_from_form(game: Game, data: Any) -> dict[str, Any]:
    """The tally event a submitted form describes (FormProblem when garbled)."""
    spec = TALLIES.get(game.game_type)
    if spec is None:
        raise FormProblem(f"Tallies of {game.game_type} cannot be entered on this page yet.")
    rows = [index for index, _ in rows_of(game, {})]
    event: dict[str, Any] = {"type": "tally"}
    for key, label, optional in spec.choices:
        raw = (data.get(key) or "").strip()
        if raw == "" and optional:
            event[key] = None
            continue
        if raw not in [str(r) for r in rows]:
            raise FormProblem(label.replace("Who took", "Say who took").rstrip("?") + ".")
        event[key] = int(raw)
    for key, _ in spec.flags:
        event[key] = [bool(data.get(f"{key}_{r}")) for r in rows]
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
