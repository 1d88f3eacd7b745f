"""Public standings pages: the tournament's standings (any round), a player's page, and
the CSV / JSON exports. Everyone may read them; a tournament still being set up is a
404 except for the club's scorers and directors, and draft rounds never show.

Live updates are htmx polling with a version check, as on the game pages: the
standings table asks ``…/standings/live?round=N&v=<version>`` every few seconds while
the latest round is provisional or the standings are being recomputed, and gets
**204 No Content** (two small indexed reads) until the stored standings change.
"""

from __future__ import annotations

import functools
import json
from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction
from typing import Any, NamedTuple

from django.db.models import Exists, F, OuterRef, Subquery
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from scoring import legend, local_numbers, numbers, read
from scoring.models import EntryRoundStanding
from scoring.score_direction import fewest_points_win, place_at
from tavolo.ids import is_row_id
from tournaments.models import Bye, Club, Entry, Forfeit, Game, Round, TableEntry, Tournament
from tournaments.services import entry_ratings, scoring_settings
from tournaments.web.forms import game_title
from tournaments.web.gates import tournament_view

POLL_SECONDS = 3


class BadRound(ValueError):
    """A ``?round=`` that is not a round number: refused, never read as "the latest"."""


def round_param(request: HttpRequest) -> int | None:
    """The round asked for (from 1), None for the latest; :class:`BadRound` otherwise."""
    value = request.GET.get("round", "").strip()
    if not value:
        return None
    if value.isdigit() and len(value) < 6 and int(value) >= 1:
        return int(value)
    raise BadRound(
        _("“%(value)s” is not a round number: ask for a round from 1 up, or none for the latest.")
        % {"value": value[:20]}
    )


def refusing_bad_rounds(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A download or fragment asked for a round that is no number: 400, in words."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except BadRound as error:
            return HttpResponse(str(error), status=400, content_type="text/plain; charset=utf-8")

    return wrapped


def _is_live(shown: read.Shown) -> bool:
    """Poll while the latest round is provisional or standings are owed."""
    if not shown.latest:
        return False
    provisional = bool(shown.standings and shown.standings.provisional)
    return provisional or shown.dirty or shown.tournament.status == Tournament.Status.RUNNING


def _rows(
    shown: read.Shown, club: Club, t: Tournament, ratings: dict[int, Any]
) -> list[dict[str, Any]]:
    if shown.standings is None:
        return []
    columns = shown.columns()
    results = shown.results()
    base = reverse("standings:player", args=[club.slug, t.slug, 0])[: -len("0/")]
    out = []
    for row in shown.standings.rows:
        out.append(
            {
                **row,
                "url": f"{base}{row['entry']}/",
                "points_shown": local_numbers.shown(row["points"]),
                "tiebreaks_shown": [
                    local_numbers.shown(v, c["percent"])
                    for v, c in zip(row["tiebreaks"], columns, strict=True)
                ],
                "results_shown": legend.result_cells(results, row),
                "rating": ratings.get(row["entry"]),
            }
        )
    return out


def _context(
    request: HttpRequest, club: Club, t: Tournament, round_number: int | None = None
) -> dict[str, Any]:
    shown = read.read(t, round_number)
    ratings = entry_ratings.shown_by_entry(t)
    context = {
        "club": club,
        "t": t,
        "game": game_title(t.game_type),
        "shown": shown,
        "s": shown.standings,
        "live": _is_live(shown),
        "poll": POLL_SECONDS,
        "note": _(read.BYES_NOTE),
        "points_rule": scoring_settings.points_rule(t),
        "error": shown.state.error if shown.state else "",
    }

    def table() -> str:
        # Rendered once per version of the standings (1,000 rows cost ~0.1 s).
        full = {
            **context,
            "columns": shown.columns(),
            "results": [read.term_dict(c) for c in shown.results()],
            "legend": shown.legend(),
            "rows": _rows(shown, club, t, ratings),
        }
        return render_to_string("standings/_table.html", full)

    what = f"table{int(context['live'])}:{get_language()}:{entry_ratings.cache_key(ratings)}"
    context["table"] = mark_safe(read.cached(shown, what, table))
    return context


@require_GET
@never_cache
@tournament_view()
def standings_page(request: HttpRequest, club: Club, t: Tournament) -> HttpResponse:
    try:
        return render(
            request, "standings/page.html", _context(request, club, t, round_param(request))
        )
    except BadRound as error:
        context = {**_context(request, club, t), "banner": str(error)}
        return render(request, "standings/page.html", context, status=400)


@require_GET
@never_cache
@tournament_view()
@refusing_bad_rounds
def standings_live(request: HttpRequest, club: Club, t: Tournament) -> HttpResponse:
    """The standings table, or 204 when the stored version is the one the page shows."""
    seen = request.GET.get("v", "")
    state = read.standings_state(t.pk)
    version = state.version if state is not None else 0
    if seen.isdigit() and int(seen) == version:
        return HttpResponse(status=204)
    return HttpResponse(_context(request, club, t, round_param(request))["table"])


@require_GET
@never_cache
@tournament_view()
@refusing_bad_rounds
def standings_csv(request: HttpRequest, club: Club, t: Tournament) -> HttpResponse:
    shown = read.read(t, round_param(request))
    body = read.cached(shown, "csv", lambda: read.export_csv(shown))
    response = HttpResponse(body, content_type="text/csv; charset=utf-8")
    suffix = f"-round-{shown.standings.round}" if shown.standings else ""
    response["Content-Disposition"] = f'attachment; filename="{t.slug}-standings{suffix}.csv"'
    return response


@require_GET
@never_cache
@tournament_view()
@refusing_bad_rounds
def standings_json(request: HttpRequest, club: Club, t: Tournament) -> HttpResponse:
    shown = read.read(t, round_param(request))
    body = read.cached(shown, "json", lambda: json.dumps(read.export_json(shown)))
    return HttpResponse(body, content_type="application/json")


# ---------------------------------------------------------------------- player page


def _rounds_of_entry(tournament_id: int, entry_id: int) -> Any:
    """The tournament's published rounds as ``(id, number, bye, points, rank)``: whether
    the entry sat out the round, and its stored points and rank after it."""
    standing = EntryRoundStanding.objects.filter(
        tournament=tournament_id, entry=entry_id, round=OuterRef("number")
    )
    return (
        Round.objects.filter(tournament=tournament_id, status=Round.Status.PUBLISHED)
        .annotate(
            bye=Exists(Bye.objects.filter(round=OuterRef("pk"), entry=entry_id)),
            points_after=Subquery(standing.values("points")[:1]),
            rank_after=Subquery(standing.values("rank")[:1]),
        )
        .order_by("number")
        .values_list("pk", "number", "bye", "points_after", "rank_after")
    )


class _Place(NamedTuple):
    """A place at one of the entry's tables (:func:`_places_at_tables_of`'s row)."""

    round_id: int
    table_id: int
    position: int
    entry_id: int
    forfeited: bool
    table: int
    game: int | None
    status: str | None
    scores: list[Any] | None
    """The game's stored final scores per side (``None`` before there are any)."""
    side_of: list[int] | None
    name: str


def _places_at_tables_of(entry_id: int) -> Any:
    """Every place at the entry's tables, as :class:`_Place`'s fields, in the order of
    the places: those of a round in draft too (the caller asks only for the published
    rounds' places), as naming those rounds here joins the rounds to the places and
    PostgreSQL then hashes every place of every tournament (17 ms instead of 0.4 ms
    at 9,000 places)."""
    tables = TableEntry.objects.filter(entry=entry_id).values("table_id")
    lost = Forfeit.objects.filter(table_id=OuterRef("table_id"), entry_id=OuterRef("entry_id"))
    score = "table__game__final_score__"
    return (
        TableEntry.objects.filter(table_id__in=tables)
        .annotate(forfeited=Exists(lost), entrant_name=Entry.name_in_sql("entry__"))
        .order_by("position")
        .values_list(
            "round_id",
            "table_id",
            "position",
            "entry_id",
            "forfeited",
            "table__number",
            "table__game_id",
            "table__game__status",
            score + "scores",
            score + "side_of",
            "entrant_name",
        )
    )


def player_rounds(t: Tournament, entry: Entry) -> list[dict[str, Any]]:
    """The entry's rounds: table, opponents (and partners), game scores, points, running
    score and rank after each round (from the entry's own stored standings rows).

    Two queries whatever the tournament's size (the page keeps the table in the cache
    under the standings' version, so they run on a first view after a change): the
    rounds, each with the entry's bye and its stored standings row; then every place at
    the entry's tables, with their games' final scores and whether that entrant
    forfeited. Rows, not model objects: with
    objects, nine rounds' places built some 120 of them a page."""
    rounds = list(_rounds_of_entry(t.pk, entry.pk))
    mine: dict[int, _Place] = {}
    others: dict[int, list[_Place]] = defaultdict(list)
    forfeits: dict[int, set[int]] = defaultdict(set)
    for row in _places_at_tables_of(entry.pk):
        seat = _Place(*row)
        others[seat.table_id].append(seat)
        if seat.entry_id == entry.pk:
            mine[seat.round_id] = seat
        if seat.forfeited:
            forfeits[seat.table_id].add(seat.entry_id)
    movement = t.pairing_method == Tournament.PairingMethod.WHIST_DRIVE
    out = []
    previous = Fraction(0)
    for round_id, number, bye, points, rank in rounds:
        item: dict[str, Any] = {
            "round": number,
            "table": None,
            "opponents": [],
            "partners": [],
            "own_score": None,
            "game": None,
            "result": "",
            "earned": "",
            "running": "",
            "rank": "",
            "place": "",
        }
        place = mine.get(round_id)
        if place is not None:
            item["table"] = place.table
            scores, side_of = place.scores, place.side_of
            finished = place.status == Game.Status.FINISHED
            for other in others[place.table_id]:
                if other.entry_id == entry.pk:
                    continue
                who = {"entry": other.entry_id, "name": other.name, "score": None}
                if scores is not None and side_of is not None and finished:
                    who["score"] = scores[side_of[other.position]]
                partner = movement and other.position % 2 == place.position % 2
                item["partners" if partner else "opponents"].append(who)
            if forfeits.get(place.table_id):
                lost = entry.pk in forfeits[place.table_id]
                item["result"] = _("forfeit (lost)") if lost else _("won by forfeit")
            elif finished and scores is not None and side_of is not None:
                own = scores[side_of[place.position]]
                item["own_score"] = own
                item["result"] = _("finished")
                if len(scores) > 2:  # a table of three or more: the place at it
                    shown = place_at(own, scores, fewest_points_win(t.game_type))
                    item["place"] = _(numbers.ordinal(shown))
            elif place.game is not None:
                item["result"] = _("playing")
                item["game"] = place.game
        elif bye:
            item["result"] = _("bye")
        else:
            item["result"] = _("did not play")
        if rank is not None:
            total = Fraction(points)
            item["earned"] = local_numbers.shown(total - previous)
            item["running"] = local_numbers.shown(points)
            item["rank"] = rank
            previous = total
        out.append(item)
    return out


def rounds_table_of(club: Club, t: Tournament, entry: Entry) -> str:
    rows = player_rounds(t, entry)
    base = reverse("standings:player", args=[club.slug, t.slug, 0])[: -len("0/")]
    for item in rows:
        for who in item["opponents"] + item["partners"]:
            who["url"] = f"{base}{who['entry']}/"
    return render_to_string("standings/_player_rounds.html", {"rounds": rows})


def _entry_with_standings_state(tournament_id: int, entry_id: int) -> Entry | None:
    """The entry (with its player and team), and the tournament's standings state as
    ``standings_version`` / ``_requested`` / ``_computed_at`` (None before any), in one
    query: on PostgreSQL each round trip is a good part of the player page's cost."""
    state = "tournament__standings_state__"
    return (
        Entry.objects.filter(tournament_id=tournament_id, pk=entry_id)
        .select_related("player", "team")
        .annotate(
            standings_version=F(state + "version"),
            standings_requested=F(state + "requested"),
            standings_computed_at=F(state + "computed_at"),
        )
        .first()
    )


@require_GET
@never_cache
@tournament_view()
def player_page(request: HttpRequest, club: Club, t: Tournament, entry_id: int) -> HttpResponse:
    entry = _entry_with_standings_state(t.pk, entry_id) if is_row_id(entry_id) else None
    if entry is None:
        raise Http404("no such entry")
    version = entry.standings_version or 0
    requested = entry.standings_requested or 0
    computed_at = entry.standings_computed_at
    # Every change the rounds table shows owes standings (``requested`` goes up in the
    # change's transaction, ``version`` when they are stored): the key names both, and
    # the slugs and time, as the standings page's do, against ids used again (a restore).
    stamp = computed_at.timestamp() if computed_at else 0
    key = ":".join(
        ["scoring:player", club.slug, t.slug, str(t.pk), str(entry.pk)]
        + [str(version), str(requested), str(stamp), get_language()]
    )
    rounds_table = read.cached_by_key(key, lambda: rounds_table_of(club, t, entry))
    members = entry.team.players_in_order() if entry.team_id else []  # type: ignore[union-attr]
    return render(
        request,
        "standings/player.html",
        {
            "club": club,
            "t": t,
            "entry": entry,
            "members": members,
            "rounds_table": mark_safe(rounds_table),
        },
    )
