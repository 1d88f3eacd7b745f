"""Printing and the final report: the standings PDF (any round), the crosstable (a
page and a PDF), the final report with prizes (a page and a PDF), and the directors'
page that defines the prize categories.

Everyone who may read the standings may read and print these; only the club's
directors define prizes (the same service, :mod:`scoring.prize_service`, serves the
API).
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from scoring import local_numbers, printing, prize_service, read
from scoring.crosstable import crosstable
from scoring.models import PrizeCategory
from scoring.web import refusing_bad_rounds, round_param
from tournaments.models import Club, Role, Tournament
from tournaments.services import access, entry_ratings, scoring_settings
from tournaments.services.errors import ServiceError
from tournaments.web.club_time import for_the_room
from tournaments.web.gates import tournament_view
from tournaments.web.pages import attach
from tournaments.web.words import sentence


def _in_club_language(club: Club) -> AbstractContextManager[None]:
    """A printed page speaks the club's language (it is pinned up in the club), whatever
    the reader's browser asks for; so do its numbers (``10,5``), and its "printed at"
    time is on the club's clock."""
    return for_the_room(club)


def _pdf(body: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@require_GET
@never_cache
@tournament_view()
@refusing_bad_rounds
def standings_pdf(request: HttpRequest, club: Club, t: Tournament) -> HttpResponse:
    shown = read.read(t, round_param(request))
    ratings = entry_ratings.shown_by_entry(t)
    with _in_club_language(club):
        body = read.cached(
            shown,
            f"pdf:{get_language()}:{entry_ratings.cache_key(ratings)}",
            lambda: printing.standings_pdf(shown, scoring_settings.points_rule(t), ratings),
        )
    suffix = f"-round-{shown.standings.round}" if shown.standings else ""
    return _pdf(body, f"{t.slug}-standings{suffix}.pdf")


@require_GET
@never_cache
@tournament_view()
def crosstable_page(request: HttpRequest, club: Club, t: Tournament) -> HttpResponse:
    return render(request, "standings/crosstable.html", {"club": club, "t": t, "ct": crosstable(t)})


@require_GET
@never_cache
@tournament_view()
def crosstable_pdf(request: HttpRequest, club: Club, t: Tournament) -> HttpResponse:
    with _in_club_language(club):
        body = printing.crosstable_pdf(crosstable(t))
    return _pdf(body, f"{t.slug}-crosstable.pdf")


@require_GET
@never_cache
@tournament_view()
def report_page(request: HttpRequest, club: Club, t: Tournament) -> HttpResponse:
    rep = prize_service.report(t)
    return render(
        request,
        "standings/report.html",
        {
            "club": club,
            "t": t,
            "rep": rep,
            "rows": [{**r, "points_shown": local_numbers.shown(r["points"])} for r in rep.rows],
            "s": rep.shown.standings,
            "director": access.is_club_director(request.user, club),
        },
    )


@require_GET
@never_cache
@tournament_view()
def report_pdf(request: HttpRequest, club: Club, t: Tournament) -> HttpResponse:
    with _in_club_language(club):
        body = printing.report_pdf(prize_service.report(t))
    return _pdf(body, f"{t.slug}-final-report.pdf")


# ------------------------------------------------------------------------ prizes page


class PrizeForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Prize name"),
        max_length=80,
        help_text=gettext_lazy("For example: Best guest, Best newcomer, Best under 1400."),
    )
    places = forms.IntegerField(
        label=gettext_lazy("How many places"),
        min_value=1,
        max_value=prize_service.MAX_PLACES,
        initial=1,
        help_text=gettext_lazy("1 for a single winner; 3 for a first, second and third."),
    )
    eligibility = forms.ChoiceField(
        label=gettext_lazy("Who may win it"), choices=PrizeCategory.Eligibility.choices
    )
    rating_below = forms.IntegerField(
        label=gettext_lazy("Rating below"),
        required=False,
        help_text=gettext_lazy("Only for “Rated below a number”: for example 1400."),
    )
    chosen = forms.CharField(
        label=gettext_lazy("Start numbers of the players"),
        required=False,
        help_text=gettext_lazy("Only for “Players I pick”: for example 3, 7, 12."),
    )

    def numbers(self) -> list[int]:
        text = self.cleaned_data.get("chosen") or ""
        parts = [p for p in text.replace(";", ",").replace(" ", ",").split(",") if p]
        if not all(p.isdigit() and len(p) < 7 for p in parts):
            raise ServiceError(
                _("Write the start numbers as whole numbers separated by commas."),
                field="chosen",
            )
        return [int(p) for p in parts]


def _prizes_context(club: Club, t: Tournament, form: PrizeForm) -> dict[str, Any]:
    return {
        "club": club,
        "t": t,
        "form": form,
        "categories": prize_service.categories_of(t),
        "one_prize_each": prize_service.one_prize_each(t),
    }


@require_http_methods(["GET", "POST"])
@never_cache
@tournament_view(Role.DIRECTOR)
def prizes_page(request: HttpRequest, club: Club, t: Tournament) -> HttpResponse:
    """Directors define the prize categories: add, remove, one prize each or not."""
    form = PrizeForm(request.POST if request.method == "POST" else None)
    if request.method == "POST":
        action = request.POST.get("action", "add")
        try:
            if action == "delete":
                value = request.POST.get("category", "")
                prize_service.delete_category(
                    t, request.user, int(value) if value.isdigit() and len(value) < 12 else 0
                )
                return redirect("standings:prizes", club.slug, t.slug)
            if action == "rule":
                prize_service.set_one_prize_each(
                    t, request.user, request.POST.get("one_prize_each") == "1"
                )
                return redirect("standings:prizes", club.slug, t.slug)
            if form.is_valid():
                data = form.cleaned_data
                prize_service.define_category(
                    t,
                    request.user,
                    name=data["name"],
                    places=data["places"],
                    eligibility=data["eligibility"],
                    rating_below=data.get("rating_below"),
                    chosen=form.numbers(),
                )
                return redirect("standings:prizes", club.slug, t.slug)
        except ServiceError as exc:
            if action != "add":
                form = PrizeForm()
                form.add_error(None, sentence(exc))
            else:
                attach(form, exc)
        return render(request, "standings/prizes.html", _prizes_context(club, t, form), status=400)
    return render(request, "standings/prizes.html", _prizes_context(club, t, form))
