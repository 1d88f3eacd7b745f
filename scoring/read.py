"""Reading stored standings for the pages, the exports and the API.

Pages never compute: they read one :class:`~scoring.models.RoundStandings` row (the
rows are one JSON list) and the tournament's :class:`~scoring.models.StandingsState`.
If a tournament with published rounds has no standings yet, a recomputation is
requested (it runs in the worker, or in-process without Redis).
"""

from __future__ import annotations

import contextlib
import csv
import io
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring import legend
from scoring.errors import ScoringError
from scoring.models import RoundStandings, StandingsState
from scoring.numbers import approximate
from scoring.owed import owe_standings
from scoring.score_direction import fewest_points_win
from tournaments.models import Round, Tournament
from tournaments.services import scoring_settings

TIEBREAK_LABELS = {name: (t.label, t.short) for name, t in legend.TIEBREAK_INFO.items()}
"""name → (full name, abbreviation), in English (see :mod:`scoring.legend`)."""
PERCENT = frozenset(n for n, t in legend.TIEBREAK_INFO.items() if t.percent)

BYES_NOTE = gettext_noop(
    "Byes, forfeits and announced absences are unplayed rounds: for the Buchholz-type "
    "tiebreaks each counts as a game against oneself (the entrant's own score stands in "
    "for the missing opponent's). Rounds before a late entry joined, after a withdrawal, "
    "or at a table still playing count for neither."
)


def label(name: str) -> tuple[str, str]:
    """The tiebreak's full name and abbreviation, translated."""
    term = legend.tiebreak_info(name)
    return _(term.label), _(term.short)


def term_dict(term: legend.Term) -> dict[str, Any]:
    """A column's heading, name and meaning, translated, for a template."""
    short = _(term.short)
    if term.key == "places":
        first, _sep, last = term.short.partition(" … ")
        short = f"{_(first)} … {_(last)}"
    return {
        "key": term.key,
        "short": short,
        "label": _(term.label),
        "meaning": _(term.meaning) if term.meaning else "",
    }


def result_columns(tournament: Tournament, rows: list[dict[str, Any]]) -> list[legend.Term]:
    """The results columns that fit the tournament's points method (W-D-L, or places
    at tables of three or more): see :func:`scoring.legend.result_columns`."""
    try:
        method = scoring_settings.of_tournament(tournament)["points"].get("method", "")
        sides = scoring_settings.tournament_sides(tournament)
    except (ScoringError, KeyError, TypeError, ValueError):
        method, sides = "", []
    largest = max((len(r.get("places") or ()) for r in rows), default=0)
    return list(legend.result_columns(str(method), sides, largest))


@dataclass
class Shown:
    """Standings of one round as the pages and exports show them."""

    tournament: Tournament
    state: StandingsState | None
    standings: RoundStandings | None
    rounds: list[int]
    """Rounds with stored standings."""
    published: int

    @property
    def version(self) -> int:
        return self.state.version if self.state else 0

    @property
    def dirty(self) -> bool:
        return bool(self.state and self.state.dirty) or self.state is None and self.published > 0

    @property
    def latest(self) -> bool:
        return self.standings is None or not self.rounds or self.standings.round == self.rounds[-1]

    def columns(self) -> list[dict[str, Any]]:
        names = self.standings.tiebreaks if self.standings else []
        return [
            {"name": n, "label": label(n)[0], "short": label(n)[1], "percent": n in PERCENT}
            for n in names
        ]

    def results(self) -> list[legend.Term]:
        """The results columns (W-D-L or places) of these standings. Rows stored before
        they counted places are recomputed (once: the new rows carry them)."""
        rows = self.standings.rows if self.standings else []
        if rows and "places" not in rows[0] and not self.dirty:
            ensure_requested(self.tournament, None, 1)
        return result_columns(self.tournament, rows)

    def legend(self) -> list[dict[str, Any]]:
        """Every abbreviation of the table: heading, name and one sentence of meaning."""
        names = self.standings.tiebreaks if self.standings else []
        penalty = fewest_points_win(self.tournament.game_type)
        return [term_dict(t) for t in legend.legend(names, self.results(), penalty)]


def ensure_requested(tournament: Tournament, state: StandingsState | None, published: int) -> None:
    """Standings never computed for a tournament with published rounds: ask for them."""
    if state is None and published:
        with transaction.atomic():
            owe_standings(tournament.pk, "never computed")


def standings_state(tournament_id: int) -> StandingsState | None:
    """A tournament's standings state (``None`` before any): read by every standings
    page and by each phone's poll every few seconds (a primary-key lookup)."""
    return StandingsState.objects.filter(pk=tournament_id).first()


def read(tournament: Tournament, round_number: int | None = None) -> Shown:
    """The stored standings after ``round_number`` (default: the latest round). Four
    indexed reads: every standings page and export makes them."""
    state = standings_state(tournament.pk)
    published = Round.objects.filter(
        tournament_id=tournament.pk, status=Round.Status.PUBLISHED
    ).count()
    ensure_requested(tournament, state, published)
    rounds = sorted(
        RoundStandings.objects.filter(tournament_id=tournament.pk, round__lte=published)
        .order_by()
        .values_list("round", flat=True)
    )
    wanted = round_number if round_number in rounds else (rounds[-1] if rounds else None)
    standings = None
    if wanted is not None:
        # The rows (a large JSON list) load only when used: a page served from the
        # cache never reads them.
        standings = (
            RoundStandings.objects.filter(tournament_id=tournament.pk, round=wanted)
            .defer("rows")
            .first()
        )
    return Shown(tournament, state, standings, rounds, published)


CACHE_SECONDS = 600


def cached(shown_: Shown, what: str, make: Any) -> Any:
    """``make()``, kept in the cache for this exact version of the stored standings
    (the version goes up with every change, so nothing stale is ever served)."""
    s = shown_.standings
    key = ":".join(
        [
            "scoring:shown",
            what,
            str(shown_.tournament.pk),
            shown_.tournament.club.slug,
            shown_.tournament.slug,
            str(s.round if s else 0),
            str(shown_.version),
            str(int(shown_.dirty)),
            str(s.computed_at.timestamp() if s else 0),
        ]
    )
    return cached_by_key(key, make)


def cached_by_key(key: str, make: Any) -> Any:
    """``make()``, kept in the cache under ``key`` (which names every input it shows)."""
    try:
        value = cache.get(key)
    except Exception:  # the cache is a convenience: never fail a page for it
        return make()
    if value is None:
        value = make()
        with contextlib.suppress(Exception):
            cache.set(key, value, CACHE_SECONDS)
    return value


def export_rows(shown_: Shown) -> list[dict[str, Any]]:
    """Rows with numbers as JSON numbers and tiebreaks by name."""
    if shown_.standings is None:
        return []
    names = shown_.standings.tiebreaks
    out = []
    for row in shown_.standings.rows:
        item = {k: v for k, v in row.items() if k not in ("points", "tiebreaks")}
        item["points"] = approximate(row["points"])
        item["tiebreaks"] = {
            n: approximate(v) for n, v in zip(names, row["tiebreaks"], strict=True)
        }
        out.append(item)
    return out


def export_json(shown_: Shown) -> dict[str, Any]:
    s = shown_.standings
    return {
        "tournament": shown_.tournament.name,
        "club": shown_.tournament.club.slug,
        "slug": shown_.tournament.slug,
        "round": s.round if s else None,
        "rounds": shown_.rounds,
        "provisional": bool(s and s.provisional),
        "pending_tables": s.pending_tables if s else 0,
        "tables": s.tables if s else 0,
        "updating": shown_.dirty,
        "version": shown_.version,
        "computed_at": s.computed_at.isoformat() if s else None,
        "tiebreaks": list(s.tiebreaks) if s else [],
        "note": BYES_NOTE,
        "rows": export_rows(shown_),
    }


def _cell(text: str) -> str:
    """A name as a CSV cell a spreadsheet will not run as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def export_csv(shown_: Shown) -> str:
    s = shown_.standings
    names = list(s.tiebreaks) if s else []
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        ["rank", "number", "name", "points", *names]
        + ["played", "wins", "draws", "losses", "byes", "forfeits_won", "forfeits_lost"]
        + ["absences", "withdrawn", "pending"]
    )
    for row in export_rows(shown_):
        writer.writerow(
            [row["rank"], row["number"], _cell(row["name"]), row["points"]]
            + [row["tiebreaks"][n] for n in names]
            + [row[k] for k in ("played", "wins", "draws", "losses", "byes")]
            + [row[k] for k in ("forfeits_won", "forfeits_lost", "absences")]
            + [int(row["withdrawn"]), int(row["pending"])]
        )
    return out.getvalue()
