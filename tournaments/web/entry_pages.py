"""Entries and check-in: the directors' and scorers' list of entrants with big
check-in toggles (htmx swaps one row, no reload), entering guests, club players
and teams (late entries after round 1 are the service's business), withdrawing,
ratings, forbidden pairs; and a player entering and checking in themselves.

Every change is one service call (or two, a guest and their entry, in one
transaction), so a refused form changes nothing.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from tournaments.models import Club, Entry, ForbiddenPair, Player, Role, Team, Tournament
from tournaments.services import access, entry_import, entry_ratings
from tournaments.services import clubs as club_service
from tournaments.services import tournaments as tournament_service
from tournaments.services.errors import NotFound, ServiceError
from tournaments.services.versions import StaleVersion, parse_version
from tournaments.web.bulk_forms import ImportForm, SeveralForm
from tournaments.web.forms import ChoiceEntryForm, EntryEditForm, GuestEntryForm, PairForm
from tournaments.web.gates import forbidden, is_htmx, tournament_view
from tournaments.web.pages import attach
from tournaments.web.words import sentence, stale_settings

ADD_KINDS = ("guest", "player", "team")


def _entry(tournament: Tournament, entry_id: int) -> Entry:
    try:
        return tournament_service.entry_of(tournament, entry_id)
    except NotFound:
        raise Http404("no such entry") from None


def _names(entries: list[Entry]) -> list[tuple[int, str]]:
    return [(e.pk, f"{e.number}. {e.name}") for e in entries]


def entry_choices(club: Club, tournament: Tournament) -> dict[str, list[tuple[int, str]]]:
    """Club players and teams not yet entered."""
    entered_players = set(tournament.entries.values_list("player_id", flat=True))
    entered_teams = set(tournament.entries.values_list("team_id", flat=True))
    players = sorted(club_service.club_players(club), key=lambda p: (p.name.casefold(), p.pk))
    return {
        "player": [(p.pk, p.name) for p in players if p.pk not in entered_players],
        "team": [
            (t.pk, t.name) for t in Team.objects.filter(club=club) if t.pk not in entered_teams
        ],
    }


def bulk_context(club: Club, tournament: Tournament, entries: list[Entry]) -> dict[str, Any]:
    """What the entries page needs for the bulk steps (:mod:`.director_tools`)."""
    return {
        "waiting": sum(e.status == Entry.Status.REGISTERED for e in entries),
        "several_form": SeveralForm(
            prefix="several", choices=entry_choices(club, tournament)["player"]
        ),
        "import_form": ImportForm(prefix="csv"),
        "csv_columns": ", ".join(entry_import.COLUMNS),
    }


def _add_form(kind: str, club: Club, tournament: Tournament, data: Any = None) -> Any:
    if kind == "guest":
        return GuestEntryForm(data, prefix="guest")
    label = _("Club player") if kind == "player" else _("Team")
    return ChoiceEntryForm(
        data, prefix=kind, choices=entry_choices(club, tournament)[kind], label=label
    )


def entries_context(
    request: HttpRequest, club: Club, tournament: Tournament, **extra: Any
) -> dict[str, Any]:
    entries = list(tournament.entries.select_related("player", "team"))
    team = tournament.entry_kind == Tournament.EntryKind.TEAM
    kinds = ["team"] if team else ["guest", "player"]
    active = [e for e in entries if e.status != Entry.Status.WITHDRAWN]
    published = tournament_service.published_rounds(tournament)
    context: dict[str, Any] = {
        "club": club,
        "t": tournament,
        "is_director": access.has_role(request.user, club, Role.DIRECTOR),
        "rows": [_row(e) for e in entries],
        "checked_in": sum(e.status == Entry.Status.CHECKED_IN for e in entries),
        "forms": {kind: _add_form(kind, club, tournament) for kind in kinds},
        "late": published > 0,
        "joins": published + 1,
        "forbidden": ForbiddenPair.objects.filter(tournament=tournament).select_related(
            "first__player", "first__team", "second__player", "second__team"
        ),
        "forbid_form": PairForm(entries=_names(active), prefix="forbid"),
    }
    context.update(bulk_context(club, tournament, entries))
    forms = extra.pop("forms", {})
    context["forms"].update(forms)
    context.update(extra)
    return context


def _row(entry: Entry) -> dict[str, Any]:
    return {
        "e": entry,
        "checked_in": entry.status == Entry.Status.CHECKED_IN,
        "withdrawn": entry.status == Entry.Status.WITHDRAWN,
        "rating_note": _rating_note(entry),
        "edit": EntryEditForm(
            initial={
                "rating": entry.rating if entry.rating_source == TYPED else None,
                "household": entry.household,
                "affiliation": entry.affiliation,
            },
            prefix=f"e{entry.pk}",
        ),
    }


TYPED = Entry.RatingSource.TYPED


def _rating_note(entry: Entry) -> str:
    """Where an entry's rating comes from, and whether it is provisional."""
    if not entry.rating:
        return ""
    words = {
        Entry.RatingSource.TYPED: _("typed"),
        Entry.RatingSource.CLUB: _("club rating"),
        Entry.RatingSource.ALL_CLUBS: _("all-clubs rating"),
    }
    note = str(words.get(entry.rating_source, ""))
    shown = entry_ratings.shown(entry)
    if shown and shown["provisional"]:
        note += ", " + pgettext("a rating", "provisional")
    return note


def entries_response(
    request: HttpRequest, club: Club, t: Tournament, status: int = 200, **extra: Any
) -> HttpResponse:
    """The entries page (again, with a refused form and its words given in ``extra``)."""
    return render(
        request,
        "tournaments/entries.html",
        entries_context(request, club, t, **extra),
        status=status,
    )


def _back(club: Club, tournament: Tournament) -> HttpResponse:
    return redirect(reverse("tournaments:entries", args=[club.slug, tournament.slug]))


@require_GET
@never_cache
@tournament_view(Role.SCORER)
def entries_page(request: HttpRequest, club: Club, tournament: Tournament) -> HttpResponse:
    return entries_response(request, club, tournament)


@require_POST
@tournament_view(Role.SCORER)
def entry_add(request: HttpRequest, club: Club, tournament: Tournament, kind: str) -> HttpResponse:
    if kind not in ADD_KINDS:
        raise Http404("no such kind of entry")
    form = _add_form(kind, club, tournament, request.POST)
    if not form.is_valid():
        return entries_response(request, club, tournament, 400, forms={kind: form})
    data = form.cleaned_data
    extra = {"rating": data["rating"] or 0, "affiliation": data["affiliation"]}
    try:
        with transaction.atomic():
            if kind == "guest":
                player = club_service.add_guest(
                    club, by=request.user, name=data["name"], household=data["household"]
                )
                entry = tournament_service.register(
                    tournament, by=request.user, player=player, **extra
                )
            elif kind == "player":
                player = Player.objects.get(pk=int(data["choice"]))
                entry = tournament_service.register(
                    tournament, by=request.user, player=player, **extra
                )
            else:
                team = Team.objects.get(pk=int(data["choice"]), club=club)
                entry = tournament_service.register(tournament, by=request.user, team=team, **extra)
    except ServiceError as error:
        attach(form, error, "name" if kind == "guest" else "choice")
        return entries_response(request, club, tournament, error.status, forms={kind: form})
    names = {"name": entry.name, "number": entry.number, "round": entry.joins_round}
    if entry.joins_round > 1:
        done = _("%(name)s entered as number %(number)s (joins round %(round)s).") % names
    else:
        done = _("%(name)s entered as number %(number)s.") % names
    messages.success(request, done)
    return _back(club, tournament)


@require_POST
@tournament_view()
def entry_check_in(
    request: HttpRequest, club: Club, tournament: Tournament, entry_id: int
) -> HttpResponse:
    """Check an entry in (``checked_in=1``) or out (``0``): the player themselves or a
    scorer. The form says which, so a double tap does not undo the first."""
    entry = _entry(tournament, entry_id)
    wanted = request.POST.get("checked_in") != "0"
    banner, status = None, 200
    try:
        entry = tournament_service.check_in(entry, by=request.user, checked_in=wanted)
    except ServiceError as error:
        banner, status = sentence(error), error.status
    scorer = access.has_role(request.user, club, Role.SCORER)
    if is_htmx(request) and scorer:
        context = {"r": _row(entry), "t": tournament, "club": club, "banner": banner}
        context["is_director"] = access.has_role(request.user, club, Role.DIRECTOR)
        context["oob_count"] = tournament.entries.filter(status=Entry.Status.CHECKED_IN).count()
        return render(request, "tournaments/_entry_row.html", context, status=status)
    if banner is not None:
        if scorer:
            return entries_response(request, club, tournament, status, banner=banner)
        return forbidden(request, club, banner, status)
    if scorer:
        return _back(club, tournament)
    return redirect(reverse("tournaments:page", args=[club.slug, tournament.slug]))


@require_POST
@tournament_view()
def entry_withdraw(
    request: HttpRequest, club: Club, tournament: Tournament, entry_id: int
) -> HttpResponse:
    entry = _entry(tournament, entry_id)
    try:
        tournament_service.withdraw(entry, by=request.user)
    except ServiceError as error:
        if access.has_role(request.user, club, Role.SCORER):
            return entries_response(request, club, tournament, error.status, banner=sentence(error))
        return forbidden(request, club, sentence(error), error.status)
    messages.success(request, _("%(name)s has withdrawn.") % {"name": entry.name})
    if access.has_role(request.user, club, Role.SCORER):
        return _back(club, tournament)
    return redirect(reverse("tournaments:page", args=[club.slug, tournament.slug]))


@require_POST
@tournament_view(Role.DIRECTOR)
def entry_edit(
    request: HttpRequest, club: Club, tournament: Tournament, entry_id: int
) -> HttpResponse:
    entry = _entry(tournament, entry_id)
    form = EntryEditForm(request.POST, prefix=f"e{entry.pk}")
    banner, status = None, 400
    if form.is_valid():
        changes = dict(form.cleaned_data)
        if changes["rating"] is None and entry.rating_source != TYPED:
            del changes["rating"]  # left empty: the computed rating stays as copied
        try:
            tournament_service.update_entry(
                entry,
                by=request.user,
                expected_version=parse_version(request.POST.get("version")),
                **changes,
            )
        except StaleVersion:
            banner, status = f"{entry.name}: {stale_settings()}", 409
        except ServiceError as error:
            banner, status = sentence(error), error.status
        else:
            messages.success(request, _("%(name)s: saved.") % {"name": entry.name})
            return _back(club, tournament)
    else:
        banner = f"{entry.name}: " + " ".join(
            f"{form.fields[k].label or k}: {' '.join(v)}" for k, v in form.errors.items()
        )
    return entries_response(request, club, tournament, status, banner=banner)


# ---------------------------------------------------------------------- forbidden pairs


@require_POST
@tournament_view(Role.DIRECTOR)
def forbid(request: HttpRequest, club: Club, tournament: Tournament) -> HttpResponse:
    active = tournament.entries.exclude(status=Entry.Status.WITHDRAWN).select_related(
        "player", "team"
    )
    form = PairForm(request.POST, entries=_names(list(active)), prefix="forbid")
    if not form.is_valid():
        return entries_response(request, club, tournament, 400, forbid_form=form)
    first, second = (_entry(tournament, pk) for pk in form.pair())
    try:
        tournament_service.forbid(
            tournament, by=request.user, first=first, second=second,
            reason=form.cleaned_data["reason"],
        )  # fmt: skip
    except ServiceError as error:
        attach(form, error, "second")
        return entries_response(request, club, tournament, error.status, forbid_form=form)
    messages.success(
        request,
        _("%(first)s and %(second)s are kept apart.")
        % {"first": first.name, "second": second.name},
    )
    return _back(club, tournament)


@require_POST
@tournament_view(Role.DIRECTOR)
def allow(request: HttpRequest, club: Club, tournament: Tournament, pair_id: int) -> HttpResponse:
    try:
        tournament_service.allow(tournament, by=request.user, pair_id=pair_id)
    except NotFound:
        raise Http404("no such forbidden pair") from None
    messages.success(request, _("They may meet again."))
    return _back(club, tournament)
