"""The directors' page of a club's rating settings (``players:rating-settings``): what
counts for the club's ratings, changed through the same service as the API
(:func:`scoring.rating_club_settings.change_rating_settings`), which checks the role,
audits the change and owes the ratings an update.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from scoring import rating_club_settings
from tournaments.models import Club, Role
from tournaments.services.errors import ServiceError
from tournaments.web.gates import club_view
from tournaments.web.pages import attach


def _yes_no(label: str, help_text: str, yes: str, no: str) -> forms.TypedChoiceField:
    # Two named choices rather than a checkbox: each says in words what it does.
    return forms.TypedChoiceField(
        label=label,
        help_text=help_text,
        choices=[("yes", yes), ("no", no)],
        coerce=lambda value: value == "yes",
        widget=forms.RadioSelect,
        error_messages={"required": gettext_lazy("Choose one of the two.")},
    )


class RatingSettingsForm(forms.Form):
    count_forfeited_tables = _yes_no(
        gettext_lazy("Forfeited tables"),
        gettext_lazy("A table of a real-card tournament where a no-show or forfeit was recorded."),
        gettext_lazy("Count them, on the game's final scores as they stand"),
        gettext_lazy("Leave them out of the ratings"),
    )
    count_resigned_games = _yes_no(
        gettext_lazy("Resigned games"),
        gettext_lazy("An online game that a player ended by resigning."),
        gettext_lazy("Count them, the side that resigned last"),
        gettext_lazy("Leave them out of the ratings"),
    )

    def values(self) -> dict[str, bool]:
        return {name: self.cleaned_data[name] for name in rating_club_settings.FIELDS}


def _as_choices(values: dict[str, bool]) -> dict[str, str]:
    return {name: "yes" if value else "no" for name, value in values.items()}


def _page(
    request: HttpRequest, club: Club, form: RatingSettingsForm, status: int = 200
) -> HttpResponse:
    return render(
        request, "players/rating_settings.html", {"club": club, "form": form}, status=status
    )


@require_http_methods(["GET", "POST"])
@never_cache
@club_view(Role.DIRECTOR)
def rating_settings_page(request: HttpRequest, club: Club) -> HttpResponse:
    if request.method == "GET":
        now = rating_club_settings.rating_settings_of(club)
        return _page(request, club, RatingSettingsForm(initial=_as_choices(now)))
    form = RatingSettingsForm(request.POST)
    if not form.is_valid():
        return _page(request, club, form, 400)
    before = rating_club_settings.rating_settings_of(club)
    try:
        after = rating_club_settings.change_rating_settings(club, request.user, **form.values())
    except ServiceError as error:
        attach(form, error)
        return _page(request, club, form, error.status)
    if after == before:
        messages.info(request, _("Nothing changed: the ratings stay as they are."))
    else:
        messages.success(
            request,
            _("Saved. The club's ratings are being recomputed; this may take a minute."),
        )
    return redirect("players:rating-settings", club.slug)
