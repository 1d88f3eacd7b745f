"""A tournament's public page and its setup page (create and edit, directors).

The setup form draws the chosen game's options from the engine; changing the
game asks (htmx) for that game's seats-per-table and option fields
(:func:`game_fields`). Saving runs the service's checks — the engine builds the
game for every table size — inside one transaction with the status change, so a
refused form changes nothing and shows the refusal next to its field.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from engine import EngineError
from engine.options import resolve_options
from tournaments.models import Club, Entry, Role, Round, Tournament
from tournaments.services import access, scoring_settings, self_entry
from tournaments.services import tournaments as tournament_service
from tournaments.services.errors import ServiceError
from tournaments.services.tournament_details import entries_taken, entry_count, has_started
from tournaments.services.versions import StaleVersion, parse_version
from tournaments.web.forms import game_title, option_spec, with_titles
from tournaments.web.gates import club_view, tournament_view
from tournaments.web.pairings import my_table
from tournaments.web.setup_choices import initial_of
from tournaments.web.setup_form import TournamentForm
from tournaments.web.words import sentence, stale_settings


@require_GET
@never_cache
@tournament_view()
def tournament_page(request: HttpRequest, club: Club, tournament: Tournament) -> HttpResponse:
    return render(request, "tournaments/page.html", page_context(request, club, tournament))


def page_context(request: HttpRequest, club: Club, tournament: Tournament) -> dict[str, Any]:
    is_director = access.has_role(request.user, club, Role.DIRECTOR)
    rounds = list(tournament.rounds.all())
    published = [r for r in rounds if r.is_published]
    draft = next((r for r in rounds if not r.is_published), None)
    mine = self_entry.own_entry(tournament, request.user)
    return {
        "club": club,
        "t": tournament,
        "game": game_title(tournament.game_type),
        "is_director": is_director,
        "is_scorer": access.has_role(request.user, club, Role.SCORER),
        "entries": entrants(tournament),
        "published": published,
        "draft": draft if is_director else None,
        "next_round": len(published) + 1,
        "can_pair": is_director and len(published) < tournament.rounds_planned,
        "my_entry": mine,
        "my_table": my_table(tournament, request.user) if published else None,
        **self_entry_context(request, tournament, mine),
        "sizes": ", ".join(map(str, tournament.table_sizes)),
        "points_rule": scoring_settings.points_rule(tournament),
    }


def self_entry_context(
    request: HttpRequest, tournament: Tournament, mine: Entry | None
) -> dict[str, Any]:
    """What the tournament page needs to offer entering or withdrawing."""
    user = request.user
    closed = entries_taken(tournament)
    active = mine is not None and mine.status != Entry.Status.WITHDRAWN
    context: dict[str, Any] = {
        "entry_count": entry_count(tournament),
        "entries_closed": closed,
        "can_enter": closed is None and not active and user.is_authenticated,
        "can_withdraw": active and not has_started(tournament),
        "is_team": tournament.entry_kind == Tournament.EntryKind.TEAM,
    }
    if context["can_enter"] and context["is_team"]:
        size = tournament_service.seats_per_side(tournament)
        context["my_teams"] = self_entry.own_teams(tournament, user)
        context["partners"] = [(p.pk, p.name) for p in self_entry.partner_choices(tournament, user)]
        context["partner_slots"] = list(range(1, size))
    return context


class Entrant(NamedTuple):
    """An entrant as the tournament page lists it."""

    number: int
    name: str
    status: str
    joins_round: int


def entrants(tournament: Tournament) -> list[Entrant]:
    """The entrants in entry order, read as the four values the list shows: a list
    of 1,000 entries cost 72 ms of CPU a page when each row made an entry and its
    player (docs/benchmarks.md at 8dfeb90, "The tournament page's entrants")."""
    rows = tournament.entries.order_by("number").values_list(
        "number", Entry.name_in_sql(), "status", "joins_round"
    )
    return [Entrant(*row) for row in rows]


# ---------------------------------------------------------------------- setup


def _changed(tournament: Tournament, settings: dict[str, Any]) -> dict[str, Any]:
    """Only the settings that differ from the tournament's: saving an unchanged form
    must not count as changing the game (which drops a draft round, and is refused
    once a round is published). Options compare with the engine's defaults filled in."""
    changed = {}
    for key, value in settings.items():
        current = getattr(tournament, key, None)
        if key == "options" and settings.get("game_type", tournament.game_type) == (
            tournament.game_type
        ):
            spec = option_spec(tournament.game_type)
            try:
                same = resolve_options(tournament.game_type, spec, current) == resolve_options(
                    tournament.game_type, spec, value
                )
            except EngineError:  # stored options the engine now refuses
                same = False
            if same:
                continue
        elif current == value:
            continue
        changed[key] = value
    return changed


def refused_by(form: TournamentForm, error: ServiceError) -> None:
    """Put a service's refusal next to the form field it is about (the game's names
    as people know them), the house rules' refusals above them, else above the form."""
    message = sentence(with_titles(str(error)))
    field = form.field_for(error)
    if field in form.fields:
        form.add_error(field, message)
    elif field == "options":
        form.option_errors.append(message)
    else:
        form.add_error(None, message)


@never_cache
@require_http_methods(["GET", "POST"])
@club_view(Role.DIRECTOR)
def tournament_new(request: HttpRequest, club: Club) -> HttpResponse:
    if request.method == "GET":
        form = TournamentForm(initial={"status": Tournament.Status.OPEN})
        return render(request, "tournaments/setup.html", {"club": club, "form": form})
    form = TournamentForm(request.POST)
    if not form.is_valid():
        return render(request, "tournaments/setup.html", {"club": club, "form": form}, status=400)
    try:
        with transaction.atomic():
            tournament = tournament_service.create_tournament(
                club, by=request.user, settings=form.settings()
            )
            tournament_service.set_status(
                tournament, by=request.user, status=form.cleaned_data["status"]
            )
    except ServiceError as error:
        refused_by(form, error)
        return render(
            request, "tournaments/setup.html", {"club": club, "form": form}, status=error.status
        )
    return redirect("tournaments:entries", slug=club.slug, tslug=tournament.slug)


@never_cache
@require_http_methods(["GET", "POST"])
@tournament_view(Role.DIRECTOR)
def tournament_setup(request: HttpRequest, club: Club, tournament: Tournament) -> HttpResponse:
    locked = tournament.rounds.filter(status=Round.Status.PUBLISHED).exists()
    initial = initial_of(tournament)
    context: dict[str, Any] = {"club": club, "t": tournament, "locked": locked}
    if request.method == "GET":
        context["form"] = TournamentForm(
            initial=initial, game_type=tournament.game_type, locked=locked, creating=False
        )
        context["version"] = tournament.version
        return render(request, "tournaments/setup.html", context)
    # The version the form was filled from: kept through a refusal, so a form shown
    # again with what was typed still saves only over the settings it started from.
    expected = parse_version(request.POST.get("version"))
    context["version"] = "" if expected is None else expected
    form = TournamentForm(
        request.POST, initial=initial, game_type=tournament.game_type, locked=locked,
        creating=False,
    )  # fmt: skip
    context["form"] = form
    if not form.is_valid():
        return render(request, "tournaments/setup.html", context, status=400)
    try:
        with transaction.atomic():
            changes = _changed(tournament, form.settings())
            status_changed = form.cleaned_data["status"] != tournament.status
            if changes:
                tournament = tournament_service.update_tournament(
                    tournament, by=request.user, settings=changes, expected_version=expected
                )
                expected = tournament.version
            if status_changed:
                tournament_service.set_status(
                    tournament,
                    by=request.user,
                    status=form.cleaned_data["status"],
                    expected_version=expected,
                )
    except StaleVersion as stale:
        return _stale_setup(request, club, stale.current, locked)  # type: ignore[arg-type]
    except ServiceError as error:
        refused_by(form, error)
        return render(request, "tournaments/setup.html", context, status=error.status)
    return redirect("tournaments:page", slug=club.slug, tslug=tournament.slug)


def _stale_setup(
    request: HttpRequest, club: Club, current: Tournament, locked: bool
) -> HttpResponse:
    """The setup form again with the settings as they are now (someone else saved in
    the meantime; nothing of this form was saved): 409."""
    form = TournamentForm(
        initial=initial_of(current), game_type=current.game_type, locked=locked, creating=False
    )
    context = {
        "club": club,
        "t": current,
        "locked": locked,
        "form": form,
        "version": current.version,
        "banner": stale_settings(),
    }
    return render(request, "tournaments/setup.html", context, status=409)


@require_GET
@club_view(Role.DIRECTOR)
def game_fields(request: HttpRequest, club: Club) -> HttpResponse:
    """The seats-per-table and option fields of the game chosen in the setup form
    (htmx swaps them in when the game changes)."""
    form = TournamentForm(game_type=request.GET.get("game_type"))
    return render(request, "tournaments/_game_fields.html", {"form": form})
