"""The "new game" page: a logged-in player picks a game, its house rules, the number
of players and their own seat; the other seats get invitation links.

Thin: the form turns what was typed into values, :func:`casual.new_casual_game` (the
API's service too) decides; its refusals go next to the field they name and nothing
is created. Seats are shown from 1 (``Seat 1``); the form's values are the 0-based
indices the service takes.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

import engine
from engine.options import Option
from tournaments.games import default_game, profile_for
from tournaments.services import casual, time_controls
from tournaments.services.errors import ServiceError
from tournaments.web.gates import login_required
from tournaments.web.option_labels import chosen_options, clean_options, option_field
from tournaments.web.pages import attach

OPTION_PREFIX = "option_"
DEFAULT_GAME = default_game()


def _games() -> list[tuple[str, str]]:
    return [(name, profile_for(name).title) for name in engine.available_games()]


def _teams(game_type: str, players: int) -> bool:
    try:
        return bool(engine.new_game(game_type, players).team_game)
    except engine.EngineError:
        return False


class NewGameForm(forms.Form):
    game = forms.ChoiceField(label=gettext_lazy("Game"), choices=_games)
    players = forms.TypedChoiceField(label=gettext_lazy("Players"), coerce=int)
    seat = forms.TypedChoiceField(
        label=gettext_lazy("Your seat"),
        coerce=int,
        help_text=gettext_lazy("The other seats get a link each to send to the other players."),
    )
    clock = forms.ChoiceField(
        label=gettext_lazy("Clock"),
        choices=time_controls.CLOCK_CHOICES,
        required=False,
        help_text=gettext_lazy(
            "How long each player has to play. Without a clock nobody waits on time."
        ),
    )
    on_timeout = forms.ChoiceField(
        label=gettext_lazy("When a player's time runs out"),
        choices=time_controls.TIMEOUT_CHOICES,
        initial="auto",
        required=False,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        known = dict(_games())
        data = self.data if self.is_bound else self.initial
        game_type = data.get("game") or self.initial.get("game")
        if game_type not in known:
            game_type = DEFAULT_GAME if DEFAULT_GAME in known else next(iter(known))
        self.game_type: str = str(game_type)
        cls = engine.game_class(self.game_type)
        counts = list(cls.player_counts)
        self.fields["players"].choices = [(n, str(n)) for n in counts]
        self.fixed_players = len(counts) == 1
        try:
            players = int(str(data.get("players") or counts[0]))
        except ValueError:
            players = counts[0]
        if players not in counts:
            players = counts[0]
        self.player_count = players
        self.initial.setdefault("game", self.game_type)
        self.initial.setdefault("players", players)
        self.fields["seat"].choices = [
            (n, _("Seat %(number)d") % {"number": n + 1}) for n in range(players)
        ]
        self.fields["seat"].error_messages["invalid_choice"] = _("Choose one of the seats listed.")
        self.fields["players"].error_messages["invalid_choice"] = _(
            "%(game)s is played by %(counts)s players."
        ) % {
            "game": profile_for(self.game_type).title,
            "counts": _(" or ").join(str(n) for n in counts),
        }
        if _teams(self.game_type, players):
            self.fields["seat"].help_text = _(
                "Seats 1 and 3 play together against seats 2 and 4%(more)s. The other seats "
                "get a link each to send to the other players."
            ) % {"more": _(", and 5 with 1 and 3, 6 with 2 and 4") if players == 6 else ""}
        self.spec: dict[str, Option] = dict(cls.option_spec)
        for name, option in self.spec.items():
            self.fields[OPTION_PREFIX + name] = option_field(self.game_type, option)
            self.initial.setdefault(OPTION_PREFIX + name, option.default)

    def option_fields(self) -> list[forms.BoundField]:
        return [self[OPTION_PREFIX + name] for name in self.spec]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        players, seat = cleaned.get("players"), cleaned.get("seat")
        if players is not None and seat is not None and not 0 <= seat < players:
            self.add_error("seat", _("Choose a seat from 1 to %(count)d.") % {"count": players})
        clean_options(self, self.spec, cleaned)
        return cleaned

    def options(self) -> dict[str, Any]:
        return chosen_options(self, self.spec)

    def time_control(self) -> dict[str, Any] | None:
        data = self.cleaned_data
        return time_controls.from_choice(data.get("clock") or "", data.get("on_timeout") or "auto")


def _attach(form: NewGameForm, error: ServiceError) -> None:
    field = error.details.get("field")
    if isinstance(field, str) and OPTION_PREFIX + field in form.fields:
        error.details["field"] = OPTION_PREFIX + field
    if field == "time_control":
        error.details["field"] = "on_timeout" if "conced" in str(error) else "clock"
    attach(form, error)


@require_http_methods(["GET", "POST"])
@login_required(post_to_login=True)
def new_game(request: HttpRequest) -> HttpResponse:
    if request.method == "GET":
        form = NewGameForm(initial={"game": request.GET.get("game")})
        return render(request, "games/new.html", {"form": form})
    form = NewGameForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            game, _invitations = casual.new_casual_game(
                user=request.user,
                game_type=data["game"],
                players=data["players"],
                options=form.options(),
                seat=data["seat"],
                time_control=form.time_control(),
            )
        except ServiceError as error:
            _attach(form, error)
        else:
            return redirect(reverse("games:invitations", args=[game.pk]))
    return render(request, "games/new.html", {"form": form}, status=400)


@require_GET
def new_game_fields(request: HttpRequest) -> HttpResponse:
    """The fields that depend on the game (players, seats, house rules), for htmx."""
    form = NewGameForm(initial={"game": request.GET.get("game"), **_kept(request)})
    return render(request, "games/_new_fields.html", {"form": form})


def _kept(request: HttpRequest) -> dict[str, Any]:
    """What was chosen so far, when only the number of players changed."""
    kept: dict[str, Any] = {}
    if request.GET.get("players"):
        kept["players"] = request.GET["players"]
    if request.GET.get("seat", "").isdigit():
        kept["seat"] = int(request.GET["seat"])
    return kept
