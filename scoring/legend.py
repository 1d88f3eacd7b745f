"""What the standings' columns mean, for people (pure Python; no Django).

Two things a standings table needs besides its numbers:

- **The results column that fits the points method** (:func:`result_columns`). A table
  of two sides has a winner and a loser, so the head-to-head methods (``win_draw_loss``
  and both victory-point methods) show *W-D-L*. At a table of three or four, where each
  player plays for themselves, "won or lost" says nothing about a second place: the
  ``placement`` and ``raw_score`` methods then show how often each player finished 1st,
  2nd, 3rd ... at their table (players tied on game score share the best place they
  cover, as in 1st, 1st, 3rd). With tables of two sides those methods show W-D-L too.
- **A legend** (:func:`legend`): every abbreviation in the table with its full name and
  one sentence of meaning, taken from the tiebreaks' own descriptions
  (:data:`TIEBREAK_INFO`, one :class:`Term` per tiebreak).

The strings are English, marked with :func:`gettext_noop` so that Django's
``makemessages`` collects them; the pages translate them when they show them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scoring.numbers import gettext_noop, ordinal

__all__ = [
    "PENALTY_MEANINGS",
    "PLACEMENT_METHODS",
    "TIEBREAK_INFO",
    "Term",
    "gettext_noop",
    "legend",
    "ordinal",
    "result_cells",
    "result_columns",
    "tiebreak_info",
]


@dataclass(frozen=True)
class Term:
    """One column of the standings: its key, its heading, its name and its meaning."""

    key: str
    short: str
    label: str
    meaning: str
    percent: bool = False
    """Tiebreaks only: the value is a share, shown as a percentage."""


TIEBREAK_INFO: Mapping[str, Term] = {
    t.key: t
    for t in (
        Term(
            "buchholz",
            gettext_noop("Bh"),
            gettext_noop("Buchholz"),
            gettext_noop("The points of all your opponents added up: a harder field scores more."),
        ),
        Term(
            "buchholz_cut1",
            gettext_noop("Bh-1"),
            gettext_noop("Buchholz cut-1"),
            gettext_noop("Buchholz without your weakest opponent's points."),
        ),
        Term(
            "buchholz_median",
            gettext_noop("MBh"),
            gettext_noop("Median Buchholz"),
            gettext_noop("Buchholz without your weakest and your strongest opponent's points."),
        ),
        Term(
            "sonneborn_berger",
            gettext_noop("SB"),
            gettext_noop("Sonneborn-Berger"),
            gettext_noop("The points of the opponents you beat, plus half of those you tied with."),
        ),
        Term(
            "opponents_match_win",
            gettext_noop("OMW%"),
            gettext_noop("Opponents' match-win %"),
            gettext_noop("How often your opponents won their matches, on average."),
            percent=True,
        ),
        Term(
            "game_win",
            gettext_noop("GW%"),
            gettext_noop("Game-win %"),
            gettext_noop("How often you won your games (a draw counts a third of a win)."),
            percent=True,
        ),
        Term(
            "progressive",
            gettext_noop("Prog"),
            gettext_noop("Progressive score"),
            gettext_noop("Your running score after each round added up: early points count more."),
        ),
        Term(
            "direct_encounter",
            gettext_noop("DE"),
            gettext_noop("Direct encounter"),
            gettext_noop("The points you scored against the players tied with you."),
        ),
        Term(
            "game_score",
            gettext_noop("GS"),
            gettext_noop("Total game score"),
            gettext_noop("All your game scores added up."),
        ),
        Term(
            "score_margin",
            gettext_noop("Margin"),
            gettext_noop("Score margin"),
            gettext_noop("Your game scores minus your opponents' average, added up."),
        ),
        Term(
            "lot",
            gettext_noop("Lot"),
            gettext_noop("Lot"),
            gettext_noop("A draw made from the tournament's seed, the same every time."),
        ),
    )
}
"""Every tiebreak's heading, name and meaning, by its settings name."""

PENALTY_MEANINGS: Mapping[str, str] = {
    "game_score": gettext_noop(
        "Your penalty points added up, with a minus sign: the fewer, the higher."
    ),
    "score_margin": gettext_noop(
        "Your opponents' average penalty points minus yours, added up: higher is better."
    ),
}
"""The game-score tiebreaks' meanings in a game whose totals are penalty points (Scala
40): the standings count each such total negated, so that the fewest points rank first."""

PLAYED = Term(
    "played",
    gettext_noop("Pl"),
    gettext_noop("Played"),
    gettext_noop("Games played at a table (byes and forfeits are not games)."),
)
WDL = Term(
    "wdl",
    gettext_noop("W-D-L"),
    gettext_noop("Won-drawn-lost"),
    gettext_noop("Games won, drawn (the same score) and lost."),
)
UNPLAYED = Term(
    "unplayed",
    gettext_noop("Unplayed"),
    gettext_noop("Unplayed rounds"),
    gettext_noop("Byes, forfeits won (FW) and lost (FL) and announced absences (abs), if any."),
)
PLACEMENT_METHODS = frozenset({"placement", "raw_score"})
"""The methods whose tables of three or more show places rather than W-D-L."""


def tiebreak_info(name: str) -> Term:
    """The tiebreak's :class:`Term` (an unknown name gets a plain one)."""
    found = TIEBREAK_INFO.get(name)
    if found is not None:
        return found
    return Term(name, name, name.replace("_", " ").capitalize(), "")


def _place_term(place: int) -> Term:
    return Term(
        f"place{place}",
        ordinal(place),
        ordinal(place),
        gettext_noop("Games finished in this place at the table (ties share the better place)."),
    )


def result_columns(method: str, sides: Sequence[int], largest_place: int = 0) -> tuple[Term, ...]:
    """The results columns for the points ``method`` when tables seat ``sides`` sides
    (one number per table size) and the best-filled row reached ``largest_place``.

    W-D-L for head-to-head tables; one column per place (1st .. the largest table) for
    ``placement`` and ``raw_score`` at tables of three or more sides."""
    most = max([*sides, largest_place, 0])
    if method in PLACEMENT_METHODS and most > 2:
        return tuple(_place_term(p) for p in range(1, most + 1))
    return (WDL,)


def result_cells(columns: Sequence[Term], row: Mapping[str, Any]) -> list[str]:
    """One cell per column for a stored standings row (``wins``, ``draws``, ``losses``
    and ``places``, the counts of 1st, 2nd ... places; a row without ``places``, stored
    before they were counted, shows a dash)."""
    known = "places" in row
    places = list(row.get("places") or ())
    out = []
    for column in columns:
        if column.key == "wdl":
            out.append(f"{row.get('wins', 0)}-{row.get('draws', 0)}-{row.get('losses', 0)}")
        elif not known:
            out.append("–")  # stored before places were counted: not known yet
        else:
            k = int(column.key.removeprefix("place")) - 1
            out.append(str(places[k] if k < len(places) else 0))
    return out


def legend(
    tiebreaks: Sequence[str], columns: Sequence[Term], penalty_points: bool = False
) -> list[Term]:
    """Every abbreviation of a standings table, in the order of its columns: the
    tiebreaks, games played, the results columns (the places as one entry), the
    unplayed rounds. ``penalty_points``: the game's totals are penalty points (the
    game-score tiebreaks then say so, see :data:`PENALTY_MEANINGS`)."""
    out = [tiebreak_info(name) for name in tiebreaks]
    if penalty_points:
        out = [
            replace(t, meaning=PENALTY_MEANINGS[t.key]) if t.key in PENALTY_MEANINGS else t
            for t in out
        ]
    out.append(PLAYED)
    places = [c for c in columns if c.key.startswith("place")]
    if places:
        out.append(
            Term(
                "places",
                f"{places[0].short} … {places[-1].short}",
                gettext_noop("Places"),
                gettext_noop(
                    "How many games you finished 1st, 2nd, … at your table "
                    "(players tied on score share the better place)."
                ),
            )
        )
    out.extend(c for c in columns if not c.key.startswith("place"))
    out.append(UNPLAYED)
    return out
