"""The season pages: the table (public unless the director says otherwise), its CSV
and PDF in the club's language, and the directors' forms to create, change and delete
a season. Thin views: the form turns what was typed into values, the season service
(:mod:`tournaments.services.seasons`) decides, :mod:`scoring.season_table` reads.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring import local_numbers, numbers, season_printing, season_table
from scoring import seasons as formulas
from tournaments.models import Club, Role, Season
from tournaments.services import access, season_settings
from tournaments.services import seasons as season_service
from tournaments.services.errors import NotFound, ServiceError
from tournaments.services.versions import StaleVersion, parse_version
from tournaments.web.club_time import for_the_room
from tournaments.web.forms import game_choices, game_title
from tournaments.web.gates import club_view, role_refusal
from tournaments.web.pages import attach
from tournaments.web.words import sentence, stale_settings


class SeasonForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Name"),
        max_length=120,
        help_text=gettext_lazy("For example: Whist season 2026, Autumn Scopa league."),
    )
    starts_on = forms.DateField(
        label=gettext_lazy("First day"), widget=forms.DateInput(attrs={"type": "date"})
    )
    ends_on = forms.DateField(
        label=gettext_lazy("Last day"), widget=forms.DateInput(attrs={"type": "date"})
    )
    game_type = forms.ChoiceField(label=gettext_lazy("Game"), required=False)
    tournaments = forms.MultipleChoiceField(
        label=gettext_lazy("Tournaments that count"),
        required=False,
        widget=forms.CheckboxSelectMultiple(attrs={"class": "checklist"}),
        help_text=gettext_lazy(
            "Tick none to count every finished tournament of the club between the two "
            "days (of the game chosen above, if any)."
        ),
    )
    formula = forms.ChoiceField(
        label=gettext_lazy("How the season counts"),
        choices=Season.Formula.choices,
        widget=forms.RadioSelect,
    )
    best_of = forms.IntegerField(
        label=gettext_lazy("How many tournaments count for each player"),
        required=False,
        min_value=1,
        max_value=season_settings.MAX_BEST,
        help_text=gettext_lazy(
            "N of “best N”: each player's N best results count. With points by place it "
            "is optional (empty: every tournament counts)."
        ),
    )
    place_points = forms.CharField(
        label=gettext_lazy("Points by place"),
        required=False,
        max_length=600,
        help_text=gettext_lazy(
            "Only for points by final place: the points of the 1st, 2nd, 3rd place and "
            "so on, for example 25 18 15 12 10 8 6 4 2 1. Places past the list get 0."
        ),
    )
    public = forms.BooleanField(
        label=gettext_lazy("Anyone may see the table (untick: the club's members only)"),
        required=False,
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        any_game = [("", _("Any game"))]
        self.fields["game_type"].choices = any_game + game_choices()
        self.fields["tournaments"].choices = [
            (str(t.pk), _tournament_label(t))
            for t in season_service.club_tournaments_to_choose(club)
        ]

    def settings(self, slug: str = "") -> season_settings.SeasonSettings:
        data = self.cleaned_data
        return season_settings.SeasonSettings(
            name=data["name"],
            starts_on=data["starts_on"],
            ends_on=data["ends_on"],
            game_type=data["game_type"] or "",
            tournaments=[int(pk) for pk in data["tournaments"]],
            formula=data["formula"],
            best_of=data["best_of"],
            place_points=season_settings.parse_place_points(data["place_points"] or ""),
            public=data["public"],
            slug=slug,
        )


def _tournament_label(t: Any) -> str:
    day = t.starts_on.isoformat() if t.starts_on else t.created_at.date().isoformat()
    return f"{t.name} ({day}, {game_title(t.game_type)})"


def _initial(season: Season | None) -> dict[str, Any]:
    if season is None:
        return {
            "formula": Season.Formula.SUM,
            "public": True,
            "place_points": " ".join(str(p) for p in formulas.DEFAULT_PLACE_POINTS),
        }
    given = season_service.settings_of(season)
    return {
        "name": given.name,
        "starts_on": given.starts_on,
        "ends_on": given.ends_on,
        "game_type": given.game_type,
        "tournaments": [str(pk) for pk in given.tournaments],
        "formula": given.formula,
        "best_of": given.best_of,
        "place_points": " ".join(local_numbers.shown(p) for p in given.place_points),
        "public": given.public,
    }


def _result_words(cell: formulas.Cell, placement: bool) -> str:
    """One tournament of a player, in words: "2nd of 12, 7 pts → 18 season pts"."""
    words = _("%(place)s of %(n)s, %(points)s pts") % {
        "place": _(numbers.ordinal(cell.rank)),
        "n": cell.entrants,
        "points": local_numbers.shown(cell.points),
    }
    if placement:
        season_points = local_numbers.shown(cell.season_points)
        words += " → " + _("%(points)s season pts") % {"points": season_points}
    return words


def _season_or_404(club: Club, sslug: str) -> Season:
    try:
        return season_service.season_by_slug(club, sslug)
    except NotFound:
        raise Http404(_("There is no such season.")) from None


def _readable(request: HttpRequest, club: Club, sslug: str) -> Season | HttpResponse:
    """The season, if the reader may see it; the refusal otherwise (a private season's
    table is for the club's members)."""
    season = _season_or_404(club, sslug)
    if season.public:
        return season
    refused = role_refusal(request, club, Role.PLAYER)
    return season if refused is None else refused


# --------------------------------------------------------------------------- reading


@require_GET
@never_cache
@club_view()
def season_page(request: HttpRequest, club: Club, sslug: str) -> HttpResponse:
    season = _readable(request, club, sslug)
    if isinstance(season, HttpResponse):
        return season
    table = season_table.season_table(season)
    placement = season.formula == formulas.PLACEMENT
    urls = {
        c.tournament.pk: reverse("standings:page", args=[club.slug, c.tournament.slug])
        for c in table.tournaments
    }
    names = {c.tournament.pk: f"{c.number}. {c.tournament.name}" for c in table.tournaments}
    person = reverse("players:page", args=[0])[: -len("0/")]  # reversed once, not per line
    lines = [
        {
            "rank": line.row.rank,
            "name": line.name,
            "url": f"{person}{line.row.player}/",
            "points": local_numbers.shown(line.row.total),
            "played": line.row.played,
            "counted": line.row.counted,
            "cells": [
                {
                    "url": urls[cell.tournament],
                    "name": names[cell.tournament],
                    "counted": cell.counted,
                    "text": _result_words(cell, placement),
                }
                for cell in line.row.cells
            ],
        }
        for line in table.lines
    ]
    return render(
        request,
        "seasons/page.html",
        {
            "club": club,
            "season": season,
            "table": table,
            "lines": lines,
            "game": game_title(season.game_type) if season.game_type else "",
            "formula": season_table.formula_words(season),
            "is_director": access.is_club_director(request.user, club),
        },
    )


@require_GET
@never_cache
@club_view()
def season_csv(request: HttpRequest, club: Club, sslug: str) -> HttpResponse:
    season = _readable(request, club, sslug)
    if isinstance(season, HttpResponse):
        return season
    with for_the_room(club):
        body = season_table.export_csv(season_table.season_table(season))
    response = HttpResponse(body, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{season.slug}.csv"'
    return response


@require_GET
@never_cache
@club_view()
def season_pdf(request: HttpRequest, club: Club, sslug: str) -> HttpResponse:
    season = _readable(request, club, sslug)
    if isinstance(season, HttpResponse):
        return season
    with for_the_room(club):
        table = season_table.season_table(season)
        body = season_printing.season_pdf(table)
    response = HttpResponse(body, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{season.slug}.pdf"'
    return response


# ------------------------------------------------------------------------- directing


def _form_page(
    request: HttpRequest,
    club: Club,
    form: SeasonForm,
    season: Season | None,
    status: int = 200,
    banner: str = "",
) -> HttpResponse:
    context = {"club": club, "form": form, "season": season, "banner": banner}
    return render(request, "seasons/form.html", context, status=status)


@require_http_methods(["GET", "POST"])
@never_cache
@club_view(Role.DIRECTOR)
def season_new(request: HttpRequest, club: Club) -> HttpResponse:
    if request.method == "GET":
        return _form_page(request, club, SeasonForm(club=club, initial=_initial(None)), None)
    form = SeasonForm(request.POST, club=club)
    if not form.is_valid():
        return _form_page(request, club, form, None, 400)
    try:
        season = season_service.create_season(club, by=request.user, settings=form.settings())
    except ServiceError as error:
        attach(form, error)
        return _form_page(request, club, form, None, error.status)
    return redirect("seasons:page", club.slug, season.slug)


@require_http_methods(["GET", "POST"])
@never_cache
@club_view(Role.DIRECTOR)
def season_edit(request: HttpRequest, club: Club, sslug: str) -> HttpResponse:
    season = _season_or_404(club, sslug)
    if request.method == "GET":
        return _form_page(request, club, SeasonForm(club=club, initial=_initial(season)), season)
    form = SeasonForm(request.POST, club=club)
    if not form.is_valid():
        return _form_page(request, club, form, season, 400)
    try:
        season_service.update_season(
            season,
            by=request.user,
            settings=form.settings(),
            expected_version=parse_version(request.POST.get("version")),
        )
    except StaleVersion:
        fresh = Season.objects.get(pk=season.pk)
        form = SeasonForm(club=club, initial=_initial(fresh))
        return _form_page(request, club, form, fresh, 409, stale_settings())
    except ServiceError as error:
        attach(form, error)
        return _form_page(request, club, form, season, error.status)
    return redirect("seasons:page", club.slug, season.slug)


@require_POST
@club_view(Role.DIRECTOR)
def season_delete(request: HttpRequest, club: Club, sslug: str) -> HttpResponse:
    season = _season_or_404(club, sslug)
    try:
        season_service.delete_season(
            season, by=request.user, expected_version=parse_version(request.POST.get("version"))
        )
    except ServiceError as error:
        stale = isinstance(error, StaleVersion)
        current = Season.objects.get(pk=season.pk) if stale else season
        form = SeasonForm(club=club, initial=_initial(current))
        banner = stale_settings() if stale else sentence(error)
        return _form_page(request, club, form, current, error.status, banner)
    return redirect("clubs:page", club.slug)
