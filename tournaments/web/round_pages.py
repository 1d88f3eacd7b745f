"""Round control (directors): pair → preview → swap → publish; re-pair a draft;
corrections to a published round. And for everyone: the public pairings of a
published round and its printable table cards.

A draft round is never public: its pairings and cards answer 404 to everyone but
the club's directors (who are sent to the control page instead).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from tournaments.models import (
    Club,
    Entry,
    Forfeit,
    Game,
    Role,
    Round,
    Table,
    TableEntry,
    Tournament,
)
from tournaments.services import access, live, table_states
from tournaments.services import rounds as round_service
from tournaments.services import sheets as sheet_service
from tournaments.services.errors import ServiceError
from tournaments.services.table_states import UnfinishedTables
from tournaments.web.club_time import for_the_room
from tournaments.web.forms import ForfeitForm, PairForm, game_title
from tournaments.web.gates import is_htmx, round_or_404, round_view, tournament_view
from tournaments.web.pages import attach, ids
from tournaments.web.pairings import place_label, round_tables, table_cards
from tournaments.web.sheet_codes import table_code
from tournaments.web.sheet_pages import sheet_path
from tournaments.web.tournament_pages import page_context
from tournaments.web.words import sentence


def _urls(club: Club, tournament: Tournament, number: int) -> dict[str, str]:
    args = [club.slug, tournament.slug, number]
    urls = {
        name: reverse(f"rounds:{name}", args=args)
        for name in ("public", "control", "cards", "swap", "publish", "correct", "forfeit")
    }
    urls["pdf"] = reverse("sheets:round-pdf", args=args)
    urls["standings"] = reverse("standings:page", args=args[:2])
    urls["player"] = reverse("standings:player", args=[*args[:2], 0])[: -len("0/")]
    return urls


def _sheet_links(request: HttpRequest, club: Club, tables: list[dict[str, Any]]) -> None:
    """Give each table played with real cards the link to its score sheet
    (``/s/<code>/``) for its seated players and the club's scorers and directors only.
    The code is the guest right to score that table (``guest_sheets``): a guest gets
    it from the sheet printed on the table, never from the public pairings."""
    user = request.user
    official = access.has_role(request.user, club, Role.SCORER)
    for table in tables:
        table["sheet"] = None
        if not table["physical"] or table["game_id"] is None:
            continue
        if official or (user.is_authenticated and user.pk in table["users"]):
            table["sheet"] = reverse("sheets:sheet", args=[table_code(table["pk"])])
        table["mine"] = user.is_authenticated and user.pk in table["users"]


# ---------------------------------------------------------------------- public


def _published_or_404(request: HttpRequest, club: Club, tournament: Tournament, number: int):
    round_ = round_or_404(tournament, number)
    if not round_.is_published:
        if access.is_club_director(request.user, club):
            return round_, redirect(
                reverse("rounds:control", args=[club.slug, tournament.slug, number])
            )
        raise Http404("this round is not published")
    return round_, None


@require_GET
@never_cache
@tournament_view()
def round_public(
    request: HttpRequest, club: Club, tournament: Tournament, number: int
) -> HttpResponse:
    round_, elsewhere = _published_or_404(request, club, tournament, number)
    if elsewhere is not None:
        return elsewhere
    # Read before the tables: the socket's greeting then refreshes the list only when
    # something changed after this read (without it, every page load fetched the list
    # again as the socket opened, and a tap during that swap was lost).
    live_version = live.standings_facts(tournament.pk)["version"]
    context = {
        "club": club,
        "t": tournament,
        "live_version": live_version,
        "round": round_,
        "game": game_title(tournament.game_type),
        "is_director": access.is_club_director(request.user, club),
        "urls": _urls(club, tournament, number),
        "others": tournament.rounds.filter(status=Round.Status.PUBLISHED).values_list(
            "number", flat=True
        ),
        **round_tables(round_),
    }
    _sheet_links(request, club, context["tables"])
    return render(request, "tournaments/round.html", context)


@require_GET
@never_cache
@tournament_view()
def round_cards(
    request: HttpRequest, club: Club, tournament: Tournament, number: int
) -> HttpResponse:
    round_, elsewhere = _published_or_404(request, club, tournament, number)
    if elsewhere is not None:
        raise Http404("a draft round has no table cards")
    # Printed for the room: in the club's language and on its clock, whatever the
    # director's browser asks for (the score-sheet and standings PDFs do the same).
    with for_the_room(club):
        context = {
            "club": club,
            "t": tournament,
            "round": round_,
            "game": game_title(tournament.game_type),
            "cards": table_cards(round_),
            "urls": _urls(club, tournament, number),
        }
        response = render(request, "tournaments/cards.html", context)
        response["Content-Language"] = translation.get_language()
    return response


# ---------------------------------------------------------------------- control


def control_context(
    request: HttpRequest, club: Club, tournament: Tournament, round_: Round, **extra: Any
) -> dict[str, Any]:
    preview = round_service.preview(round_)
    states = {s.number: s for s in table_states.table_states(round_)} if round_.is_published else {}
    flagged: dict[int, set[str]] = {}
    tables = []
    for table in preview.tables:
        marks: dict[int, list[str]] = {}
        for a, b in table.rematches:
            for e in (a, b):
                marks.setdefault(e.pk, []).append("rematch")
        for a, b in table.forbidden:
            for e in (a, b):
                marks.setdefault(e.pk, []).append("forbidden")
        for pk, kinds in marks.items():
            flagged[pk] = set(kinds)
        tables.append(
            {
                "preview": table,
                "state": states.get(table.table.number),
                "sheet": _table_link(table.table) if round_.is_published else None,
                "seated": [
                    {
                        "s": s,
                        "label": place_label(tournament, s.position, len(table.seated)),
                        "marks": sorted(set(marks.get(s.entry.pk, []))),
                    }
                    for s in table.seated
                ],
            }
        )
    everyone = [s.entry for t in preview.tables for s in t.seated] + [b.entry for b in preview.byes]
    names = [(e.pk, f"{e.number}. {e.name}") for e in sorted(everyone, key=lambda e: e.number)]
    context: dict[str, Any] = {
        "club": club,
        "t": tournament,
        "round": round_,
        "p": preview,
        "tables": tables,
        "game": game_title(tournament.game_type),
        "urls": _urls(club, tournament, round_.number),
        "correct_form": PairForm(entries=names, reason_required=True, prefix="fix"),
        "corrections": list(round_.corrections.select_related("made_by")),
        "entry_names": dict(names),
        "method": _method_label(round_.method),
    }
    if round_.is_published:
        context["state_counts"] = table_states.counts(states.values())
        context["forfeit_form"] = ForfeitForm(places=_places(round_), prefix="absent")
        context["forfeits"] = list(
            Forfeit.objects.filter(table__round=round_)
            .select_related("table", "entry__player", "entry__team", "recorded_by")
            .order_by("table__number", "id")
        )
    context.update(extra)
    return context


def _table_link(table: Table) -> dict[str, str] | None:
    """The page where a table's results are: its score sheet (real cards) or its game."""
    game = table.game
    if game is None:
        return None
    if game.mode == Game.Mode.PHYSICAL:
        return {"url": sheet_path(table), "label": _("Score sheet")}
    return {"url": reverse("games:spectate", args=[game.pk]), "label": _("Game")}


def _places(round_: Round) -> list[tuple[str, str]]:
    """The forfeit form's choices: every entrant seated in the round, by table."""
    places = (
        TableEntry.of_round(round_)
        .select_related("table", "entry__player", "entry__team")
        .order_by("table__number", "position")
    )
    return [
        (
            f"{p.table.number}:{p.entry_id}",
            _("Table %(n)s · %(number)s. %(name)s")
            % {"n": p.table.number, "number": p.entry.number, "name": p.entry.name},
        )
        for p in places
    ]


def _method_label(method: str) -> str:
    try:
        return str(Tournament.PairingMethod(method).label)
    except ValueError:
        return method


@require_GET
@never_cache
@round_view(Role.DIRECTOR)
def round_control(
    request: HttpRequest, club: Club, tournament: Tournament, round_: Round
) -> HttpResponse:
    context = control_context(request, club, tournament, round_)
    return render(request, "tournaments/control.html", context)


@require_POST
@tournament_view(Role.DIRECTOR)
def round_pair(request: HttpRequest, club: Club, tournament: Tournament) -> HttpResponse:
    """Pair the next round as a draft (again: a new draft replaces the old one)."""
    confirmed = request.POST.get("confirm_unfinished") == "1"
    try:
        round_ = round_service.pair_next_round(
            tournament, by=request.user, confirm_unfinished=confirmed
        )
    except UnfinishedTables as error:
        # Not paired: the director sees the tables still at play, then confirms.
        context = {
            "club": club,
            "t": tournament,
            "last": error.details["round"],
            "next": error.details["round"] + 1,
            "unfinished": error.details["unfinished"],
            "control": reverse(
                "rounds:control", args=[club.slug, tournament.slug, error.details["round"]]
            ),
        }
        return render(request, "tournaments/confirm_pair.html", context, status=error.status)
    except ServiceError as error:
        tournament.refresh_from_db()
        context = page_context(request, club, tournament)
        context["banner"] = sentence(error)
        return render(request, "tournaments/page.html", context, status=error.status)
    messages.success(
        request, _("Round %(n)s paired: check it, then publish.") % {"n": round_.number}
    )
    return redirect(reverse("rounds:control", args=[club.slug, tournament.slug, round_.number]))


@require_POST
@round_view(Role.DIRECTOR)
def round_swap(
    request: HttpRequest, club: Club, tournament: Tournament, round_: Round
) -> HttpResponse:
    """Exchange the two entrants ticked in the preview (htmx: the new preview)."""
    number = round_.number
    picked = request.POST.getlist("pick")
    banner, status = None, 200
    try:
        if len(picked) != 2:
            raise ServiceError(
                _("tick exactly two entrants to swap (you ticked %(n)s)") % {"n": len(picked)}
            )
        first, second = ids(picked)
        round_service.swap(round_, by=request.user, first=first, second=second)
    except ServiceError as error:
        banner, status = sentence(error), error.status
    template = "tournaments/_preview.html" if is_htmx(request) else "tournaments/control.html"
    if status == 200 and not is_htmx(request):
        return redirect(reverse("rounds:control", args=[club.slug, tournament.slug, number]))
    round_ = round_or_404(tournament, number)
    context = control_context(request, club, tournament, round_, banner=banner)
    if status == 200:
        context["notice"] = _("Swapped.")
    return render(request, template, context, status=status)


@require_POST
@round_view(Role.DIRECTOR)
def round_publish(
    request: HttpRequest, club: Club, tournament: Tournament, round_: Round
) -> HttpResponse:
    number = round_.number
    try:
        round_service.publish(round_, by=request.user)
    except ServiceError as error:
        context = control_context(request, club, tournament, round_, banner=sentence(error))
        return render(request, "tournaments/control.html", context, status=error.status)
    messages.success(
        request, _("Round %(n)s is published: the tables have their games.") % {"n": number}
    )
    return redirect(reverse("rounds:public", args=[club.slug, tournament.slug, number]))


@require_POST
@round_view(Role.DIRECTOR)
def round_correct(
    request: HttpRequest, club: Club, tournament: Tournament, round_: Round
) -> HttpResponse:
    """Exchange two entrants of a published round, with a reason (append-only)."""
    number = round_.number
    context = control_context(request, club, tournament, round_)
    names = list(context["entry_names"].items())
    form = PairForm(request.POST, entries=names, reason_required=True, prefix="fix")
    context["correct_form"] = form
    if not form.is_valid():
        return render(request, "tournaments/control.html", context, status=400)
    first, second = form.pair()
    try:
        round_service.correct(
            round_, by=request.user, first=first, second=second,
            reason=form.cleaned_data["reason"],
        )  # fmt: skip
    except ServiceError as error:
        attach(form, error, "reason")
        return render(request, "tournaments/control.html", context, status=error.status)
    messages.success(request, _("Correction recorded; the tables concerned have new games."))
    return redirect(reverse("rounds:control", args=[club.slug, tournament.slug, number]))


@require_POST
@round_view(Role.DIRECTOR)
def round_forfeit(
    request: HttpRequest, club: Club, tournament: Tournament, round_: Round
) -> HttpResponse:
    """Record a no-show or a forfeit of an entrant at a table of a published round
    (``sheets.record_forfeit``); standings score it as the tournament's settings say."""
    number = round_.number
    context = control_context(request, club, tournament, round_)
    if not round_.is_published:
        context["banner"] = _("Publish the round first: no-shows are recorded at its tables.")
        return render(request, "tournaments/control.html", context, status=409)
    form = ForfeitForm(request.POST, places=_places(round_), prefix="absent")
    context["forfeit_form"] = form
    if not form.is_valid():
        return render(request, "tournaments/control.html", context, status=400)
    table_number, entry_id = form.table_and_entry()
    try:
        table = sheet_service.table_in_round(round_, table_number)
        entry = Entry.objects.get(pk=entry_id, tournament=tournament)
        sheet_service.record_forfeit(
            table, entry, form.cleaned_data["kind"], request.user, form.cleaned_data["note"]
        )
    except Entry.DoesNotExist:
        form.add_error("place", _("That entrant is not in this tournament."))
        return render(request, "tournaments/control.html", context, status=400)
    except ServiceError as error:
        field = error.details.get("field")
        attach(form, error, "place" if field in (None, "entry") else field)
        return render(request, "tournaments/control.html", context, status=error.status)
    label = "a no-show" if form.cleaned_data["kind"] == "no_show" else "a forfeit"
    messages.success(
        request, f"Recorded {label} for {entry.name} at table {table_number}; standings follow."
    )
    return redirect(reverse("rounds:control", args=[club.slug, tournament.slug, number]))
