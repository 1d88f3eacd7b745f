"""The club pages: the list, creating a club, a club's public page, and its
management page (members and roles, guests, teams) for its directors.

Thin views: a form turns the typed text into values, the club service decides.
A refusal is shown next to its field with the service's status (400, 403, 409);
each change runs in one transaction, so a refused form changes nothing.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db import transaction
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournaments.models import Club, Entry, Membership, Player, Role, Season, Team, Tournament
from tournaments.services import access
from tournaments.services import clubs as club_service
from tournaments.services import seasons as season_service
from tournaments.services.errors import Conflict, ServiceError
from tournaments.services.versions import StaleVersion, parse_version
from tournaments.web.forms import (
    ClubForm,
    GuestForm,
    LanguageForm,
    RemoveMemberForm,
    RoleForm,
    TeamForm,
    TimeZoneForm,
    game_title,
)
from tournaments.web.gates import club_view, login_required
from tournaments.web.pages import attach
from tournaments.web.words import sentence, stale_settings


@require_GET
def club_list(request: HttpRequest) -> HttpResponse:
    mine: list[Membership] = []
    if request.user.is_authenticated:
        mine = list(Membership.objects.filter(user_id=request.user.pk).select_related("club"))
    return render(request, "clubs/list.html", {"clubs": Club.objects.all(), "mine": mine})


@never_cache
@require_http_methods(["GET", "POST"])
@login_required
def club_new(request: HttpRequest) -> HttpResponse:
    form = ClubForm(request.POST or None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            data = form.cleaned_data
            try:
                club = club_service.create_club(
                    name=data["name"],
                    slug=data["slug"],
                    description=data["description"],
                    time_zone=data["time_zone"],
                    language=data["language"],
                    owner=request.user,
                )
            except ServiceError as error:
                attach(form, error, "slug" if isinstance(error, Conflict) else "name")
                status = error.status
            else:
                return redirect("clubs:page", slug=club.slug)
    return render(request, "clubs/new.html", {"form": form}, status=status)


@require_GET
@never_cache
@club_view()
def club_page(request: HttpRequest, club: Club) -> HttpResponse:
    role = access.role_in(request.user, club)
    staff = access.has_role(request.user, club, Role.SCORER)
    tournaments = club.tournaments.filter(archived_at__isnull=True)
    if not staff:
        tournaments = tournaments.exclude(status=Tournament.Status.DRAFT)
    tournaments = tournaments.annotate(
        entry_count=Count("entries", filter=~Q(entries__status=Entry.Status.WITHDRAWN))
    )
    rows = [{"t": t, "game": game_title(t.game_type)} for t in tournaments]
    return render(
        request,
        "clubs/club.html",
        {
            "club": club,
            "role": role,
            "is_director": access.is_club_director(request.user, club),
            "current": [r for r in rows if r["t"].status != Tournament.Status.FINISHED],
            "past": [r for r in rows if r["t"].status == Tournament.Status.FINISHED],
            "seasons": list(season_service.visible_seasons(club, request.user)),
            # Archived ones: only the directors are shown them (to bring one back).
            "archived": (
                list(club.tournaments.filter(archived_at__isnull=False))
                if access.is_club_director(request.user, club)
                else []
            ),
        },
    )


# ---------------------------------------------------------------------- management


def _manage_context(club: Club, forms: dict[str, Any]) -> dict[str, Any]:
    players = club_service.club_players(club)
    choices = [(p.pk, p.name) for p in sorted(players, key=lambda p: (p.name.casefold(), p.pk))]
    context: dict[str, Any] = {
        "club": club,
        "members": Membership.objects.filter(club=club).select_related("user").order_by("role"),
        "roles": Role.choices,
        "guests": Player.objects.filter(club=club, user__isnull=True),
        "teams": [
            {"team": t, "players": ", ".join(p.name for p in t.players_in_order())}
            for t in Team.objects.filter(club=club)
        ],
        "role_form": RoleForm(),
        "guest_form": GuestForm(),
        "team_form": TeamForm(players=choices),
        "zone_form": TimeZoneForm(initial={"time_zone": club.time_zone}),
        "language_form": LanguageForm(initial={"language": club.language}),
        "seasons": Season.objects.filter(club=club),
    }
    context.update(forms)
    return context


@require_GET
@never_cache
@club_view(Role.DIRECTOR)
def club_manage(request: HttpRequest, club: Club) -> HttpResponse:
    return render(request, "clubs/manage.html", _manage_context(club, {}))


@club_view(Role.DIRECTOR)
def _manage_post(request: HttpRequest, club: Club, action: str) -> HttpResponse:
    players = [(p.pk, p.name) for p in club_service.club_players(club)]
    forms: dict[str, Any] = {
        "role": RoleForm,
        "remove": RemoveMemberForm,
        "guest": GuestForm,
        "zone": TimeZoneForm,
        "language": LanguageForm,
    }
    if action == "team":
        form: Any = TeamForm(request.POST, players=players)
    else:
        form = forms[action](request.POST)
    key = {"remove": "role_form"}.get(action, f"{action}_form")
    if not form.is_valid():
        return render(request, "clubs/manage.html", _manage_context(club, {key: form}), status=400)
    data = form.cleaned_data
    expected = parse_version(request.POST.get("version"))
    try:
        with transaction.atomic():
            if action == "role":
                club_service.set_role(
                    club,
                    by=request.user,
                    username=data["username"],
                    role=data["role"],
                    expected_version=expected,
                )
                done = _("%(user)s is now %(role)s.") % {
                    "user": data["username"],
                    "role": Role(data["role"]).label.lower(),
                }
            elif action == "remove":
                club_service.remove_member(
                    club, by=request.user, username=data["username"], expected_version=expected
                )
                done = _("%(user)s is no longer a member.") % {"user": data["username"]}
            elif action == "guest":
                guest = club_service.add_guest(
                    club, by=request.user, name=data["name"], household=data["household"]
                )
                done = _("%(name)s is now a guest of %(club)s.") % {
                    "name": guest.name,
                    "club": club.name,
                }
            elif action == "zone":
                club_service.set_time_zone(
                    club, by=request.user, time_zone=data["time_zone"], expected_version=expected
                )
                done = _("%(club)s now shows times in %(zone)s.") % {
                    "club": club.name,
                    "zone": club.time_zone,
                }
            elif action == "language":
                club_service.set_language(
                    club, by=request.user, language=data["language"], expected_version=expected
                )
                done = _("%(club)s now speaks %(language)s to visitors who ask for none.") % {
                    "club": club.name,
                    "language": club.get_language_display(),
                }
            else:
                chosen = {p.pk: p for p in Player.objects.filter(pk__in=form.player_ids())}
                team = club_service.create_team(
                    club,
                    by=request.user,
                    name=data["name"],
                    players=[chosen[pk] for pk in form.player_ids()],
                )
                done = _("Team %(name)s made.") % {"name": team.name}
    except StaleVersion:  # the page again as it is now: nothing of this form was saved
        fresh = Club.objects.get(pk=club.pk)
        context = _manage_context(fresh, {"banner": stale_settings()})
        return render(request, "clubs/manage.html", context, status=409)
    except ServiceError as error:
        if action == "remove":
            context = _manage_context(club, {"banner": sentence(error)})
        else:
            attach(form, error, {"role": "username", "team": "name"}.get(action))
            context = _manage_context(club, {key: form})
        return render(request, "clubs/manage.html", context, status=error.status)
    messages.success(request, done)
    return redirect(reverse("clubs:manage", args=[club.slug]))


@require_POST
def club_manage_action(request: HttpRequest, slug: str, action: str) -> HttpResponse:
    if action not in ("role", "remove", "guest", "team", "zone", "language"):
        return HttpResponse(status=404)
    return _manage_post(request, slug=slug, action=action)
