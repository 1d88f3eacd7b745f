"""The tournament setup form (create and edit): every setting a field with a label
and help, and no JSON to type.

The game's house rules come from the engine's option declarations (a number input
with its bounds, a checkbox, or a list of labelled choices); the seats per table are
the counts the game allows; the points method is a list, and the numbers of each
method are fields shown for the method chosen (plain CSS, so the page works without
JavaScript: without ``:has()`` every group shows, and only the chosen method's numbers
are sent); the tiebreak order is a numbered list of selects from the valid tiebreaks.

The form only turns what was typed into the service's settings dict
(:meth:`TournamentForm.settings`); every rule stays in the services, whose refusals
:meth:`TournamentForm.field_for` places next to the field they are about.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

import engine
from scoring.numbers import decimal_json
from scoring.standings import DEFAULT_TIEBREAKS
from tournaments.models import Tournament
from tournaments.services import time_controls
from tournaments.services.errors import ServiceError
from tournaments.web.forms import OPTION_PREFIX, game_choices, option_spec
from tournaments.web.option_labels import chosen_options, clean_options, option_field
from tournaments.web.setup_choices import (
    METHOD_HELP,
    PLAIN_FIELDS,
    method_choices,
    size_choices,
    tiebreak_choices,
)
from tournaments.web.setup_choices import tiebreaks as tiebreak_list

TIEBREAK_SLOTS = 6
"""How many tiebreaks a director may put in order (there are 11; nobody uses more)."""

POINT_NUMBERS = ("win", "draw", "loss", "wbf_margin_unit")
UNPLAYED = ("bye_points", "forfeit_win_points", "forfeit_loss_points", "absence_points")
METHOD_KEYS = {
    "win_draw_loss": ("win", "draw", "loss"),
    "placement": ("placement_points",),
    "raw_score": (),
    "victory_points_fibur": ("fibur_table",),
    "victory_points_wbf": ("wbf_deals", "wbf_margin_unit"),
}
"""Which fields belong to which points method (the keys of :mod:`scoring.points`)."""


def _number(**kwargs: Any) -> forms.DecimalField:
    return forms.DecimalField(required=False, max_digits=8, decimal_places=2, **kwargs)


def _ordinal(n: int) -> str:
    return str(_("Tiebreak %(n)s") % {"n": n})


class TournamentForm(forms.Form):
    """Every setting of a tournament (``settings()`` gives the service's dict)."""

    # -- the tournament and its details
    name = forms.CharField(max_length=120, label=_("Name"))
    slug = forms.SlugField(
        max_length=60,
        required=False,
        label=_("Short name (in the address)"),
        help_text=_("Letters, digits and hyphens; made from the name when left empty."),
    )
    status = forms.ChoiceField(label=_("Status"), choices=Tournament.Status.choices)
    starts_on = forms.DateField(
        label=_("Date"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    start_time = forms.TimeField(
        label=_("Start time"),
        required=False,
        widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        help_text=_("On the club's clock."),
    )
    venue = forms.CharField(
        label=_("Venue"), max_length=200, required=False, help_text=_("Where it is played.")
    )
    description = forms.CharField(
        label=_("Description"),
        max_length=4000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("What players should know: prizes, fee, what to bring."),
    )
    entry_limit = forms.IntegerField(
        label=_("Entry limit"),
        min_value=2,
        max_value=10_000,
        required=False,
        help_text=_("At most this many entries; empty: no limit."),
    )
    registration_open = forms.BooleanField(
        label=_("Entries open (while the status is “open for entries”)"),
        required=False,
        initial=True,
    )
    self_entry = forms.BooleanField(
        label=_("Players with a login may enter and withdraw themselves"),
        required=False,
        initial=True,
    )
    # -- the game
    game_type = forms.ChoiceField(label=_("Game"), choices=game_choices)
    table_sizes = forms.ChoiceField(label=_("Seats per table"), choices=())
    mode = forms.ChoiceField(label=_("Played"), choices=Tournament.Mode.choices)
    clock = forms.ChoiceField(
        label=_("Clock (online play)"),
        choices=time_controls.CLOCK_CHOICES,
        required=False,
        help_text=_("Every table's clock when the games are played online."),
    )
    on_timeout = forms.ChoiceField(
        label=_("When a player's time runs out"),
        choices=time_controls.TIMEOUT_CHOICES,
        initial="auto",
        required=False,
    )
    # -- entrants and pairing
    entry_kind = forms.ChoiceField(label=_("Entrants"), choices=Tournament.EntryKind.choices)
    rounds_planned = forms.IntegerField(label=_("Rounds"), min_value=1, max_value=99, initial=5)
    pairing_method = forms.ChoiceField(label=_("Pairing"), choices=Tournament.PairingMethod.choices)
    first_round = forms.ChoiceField(
        label=_("First round order"), choices=Tournament.FirstRound.choices
    )
    group_size = forms.IntegerField(
        label=_("Group size (round robin)"),
        min_value=2,
        max_value=64,
        required=False,
        help_text=_("Entrants per group; empty: one group."),
    )
    late_entry_score = forms.DecimalField(
        label=_("Late entrants start with"),
        max_digits=10,
        decimal_places=2,
        initial=Decimal(0),
        help_text=_("The score of an entrant who joins after round 1."),
    )
    avoid_same_household = forms.BooleanField(
        label=_("Keep players of one household apart"), required=False, initial=True
    )
    avoid_same_affiliation = forms.BooleanField(
        label=_("Keep members of one club team (affiliation) apart"), required=False
    )
    show_ratings = forms.BooleanField(
        label=_("Show ratings in the pairings and standings"),
        required=False,
        help_text=_("Each entrant's rating for this event; “provisional” under ten rated games."),
    )
    expected_results = forms.ChoiceField(
        label=_("Show each table's expected result"),
        choices=Tournament.ExpectedResults.choices,
        initial=Tournament.ExpectedResults.HIDDEN,
        required=False,
        help_text=_("Every side's chance of finishing first, from the ratings before the round."),
    )
    # -- points
    points_method = forms.ChoiceField(label=_("Points method"), choices=(), required=False)
    win = _number(label=_("Points for a win"), help_text=_("Empty: 2."))
    draw = _number(label=_("Points for a draw"), help_text=_("Empty: 1."))
    loss = _number(label=_("Points for a loss"), help_text=_("Empty: 0."))
    placement_points = forms.CharField(
        label=_("Points by place"),
        max_length=200,
        required=False,
        help_text=_(
            "Best place first, e.g. 3, 1, 0. Empty: one point per player beaten. "
            "Different tables: 3: 2, 1, 0; 4: 3, 2, 1, 0."
        ),
    )
    fibur_table = forms.ChoiceField(
        label=_("FIBUR table"),
        required=False,
        choices=[("4-hand", _("Four players (two pairs)")), ("3-hand", _("Three players"))],
    )
    wbf_deals = forms.IntegerField(
        label=_("Deals per match"), min_value=1, max_value=999, required=False
    )
    wbf_margin_unit = _number(
        label=_("Game points per IMP"), help_text=_("Empty: 1 (the margin in game points).")
    )
    bye_points = _number(label=_("Points for a bye"), help_text=_("Empty: the method's usual."))
    forfeit_win_points = _number(
        label=_("Points for a win by forfeit"), help_text=_("Empty: as a bye.")
    )
    forfeit_loss_points = _number(label=_("Points for a forfeit"), help_text=_("Empty: 0."))
    absence_points = _number(label=_("Points for an announced absence"), help_text=_("Empty: 0."))

    def __init__(
        self,
        *args: Any,
        game_type: str | None = None,
        locked: bool = False,
        creating: bool = True,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.option_errors: list[str] = []
        if not creating:
            del self.fields["slug"]
        known = dict(game_choices())
        chosen = self.data.get("game_type") if self.is_bound and not locked else None
        if chosen not in known:
            chosen = game_type or self.initial.get("game_type")
        if chosen not in known:
            chosen = engine.available_games()[0]
        self.game_type = chosen
        self.spec = option_spec(chosen)
        for name, option in self.spec.items():
            self.fields[OPTION_PREFIX + name] = option_field(chosen, option)
            self.initial.setdefault(OPTION_PREFIX + name, option.default)
        sizes = size_choices(chosen)
        self.fields["table_sizes"].choices = sizes
        if self.initial.get("table_sizes") not in dict(sizes):
            self.initial["table_sizes"] = sizes[0][0] if sizes else ""
        self.fields["points_method"].choices = method_choices()
        self.fields["clock"].choices = time_controls.clock_choices(
            str(self.data.get("clock") or self.initial.get("clock") or "")
        )
        stored = list(self.initial.pop("tiebreaks", DEFAULT_TIEBREAKS))
        self.slots = max(TIEBREAK_SLOTS, len(stored))  # never drop one set by the API
        for n in range(1, self.slots + 1):
            self.fields[f"tiebreak_{n}"] = forms.ChoiceField(
                label=_ordinal(n), choices=tiebreak_choices(), required=False
            )
        for n, name in enumerate(stored, start=1):
            self.initial.setdefault(f"tiebreak_{n}", name)
        self.locked = locked
        if locked:  # a round is published: the game can no longer change
            for name in ("game_type", "table_sizes", "entry_kind", "pairing_method"):
                self.fields[name].disabled = True
            for name in self.spec:
                self.fields[OPTION_PREFIX + name].disabled = True
        self.tiebreak_slots: list[str] = []

    # -- parts of the page

    def option_fields(self) -> list[forms.BoundField]:
        return [self[OPTION_PREFIX + name] for name in self.spec]

    def method_groups(self) -> list[dict[str, Any]]:
        """The numbers of each points method, for the page (one group per method)."""
        return [
            {
                "method": method,
                "help": METHOD_HELP[method],
                "fields": [self[key] for key in keys],
            }
            for method, keys in METHOD_KEYS.items()
        ]

    def unplayed_fields(self) -> list[forms.BoundField]:
        return [self[key] for key in UNPLAYED]

    def tiebreak_legend(self) -> list[tuple[str, str, str]]:
        return tiebreak_list()

    def tiebreak_fields(self) -> list[forms.BoundField]:
        return [self[f"tiebreak_{n}"] for n in range(1, self.slots + 1)]

    # -- cleaning

    def clean_table_sizes(self) -> list[int]:
        return [int(p) for p in self.cleaned_data["table_sizes"].split(",")]

    def clean_placement_points(self) -> list[float | int] | dict[str, list[float | int]] | None:
        raw = self.cleaned_data["placement_points"].strip()
        if not raw:
            return None

        def numbers(text: str) -> list[float | int]:
            parts = [p for p in re.split(r"[\s,]+", text.strip()) if p]
            try:
                values = [Decimal(p) for p in parts]
            except ArithmeticError:
                raise forms.ValidationError(
                    _("Write numbers separated by commas, best place first, e.g. 3, 1, 0.")
                ) from None
            if not values or not all(v.is_finite() for v in values):
                raise forms.ValidationError(_("Write at least one number, e.g. 3, 1, 0."))
            return [decimal_json(v) for v in values]

        if ":" not in raw:
            return numbers(raw)
        by_size: dict[str, list[float | int]] = {}
        for part in filter(None, (p.strip() for p in raw.split(";"))):
            size, _sep, rest = part.partition(":")
            if not size.strip().isdigit():
                raise forms.ValidationError(
                    _("Write each table size before its points, e.g. 3: 2, 1, 0; 4: 3, 2, 1, 0.")
                )
            by_size[size.strip()] = numbers(rest)
        return by_size

    def clean_expected_results(self) -> str:
        """Left out (a form without the field): not shown, the default."""
        return self.cleaned_data.get("expected_results") or Tournament.ExpectedResults.HIDDEN

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        clean_options(self, self.spec, cleaned)
        return cleaned

    def options(self) -> dict[str, Any]:
        return chosen_options(self, self.spec)

    def scoring(self) -> dict[str, Any]:
        """The ``scoring`` setting: the chosen method and the numbers given for it."""
        data = self.cleaned_data
        method = data.get("points_method") or ""
        scoring: dict[str, Any] = {"method": method} if method else {}
        for key in (*METHOD_KEYS.get(method, ()), *UNPLAYED):
            value = data.get(key)
            if value in (None, ""):
                continue
            scoring[key] = decimal_json(value) if isinstance(value, Decimal) else value
        return scoring

    def tiebreaks(self) -> list[str]:
        """The tiebreaks chosen, in order (empty slots skipped)."""
        self.tiebreak_slots = []
        names = []
        for n in range(1, self.slots + 1):
            name = self.cleaned_data.get(f"tiebreak_{n}")
            if name:
                names.append(name)
                self.tiebreak_slots.append(f"tiebreak_{n}")
        return names

    def settings(self) -> dict[str, Any]:
        """The service's settings dict (the status goes to ``set_status`` apart)."""
        data = self.cleaned_data
        settings: dict[str, Any] = {key: data[key] for key in PLAIN_FIELDS}
        settings["table_sizes"] = data["table_sizes"]
        settings["options"] = self.options()
        settings["scoring"] = self.scoring()
        settings["time_control"] = time_controls.from_choice(
            data.get("clock") or "", data.get("on_timeout") or "auto"
        )
        settings["tiebreaks"] = self.tiebreaks()
        if data.get("slug"):
            settings["slug"] = data["slug"]
        return settings

    def field_for(self, error: ServiceError) -> str | None:
        """The form field a service's refusal is about (``None``: the whole form)."""
        field = error.details.get("field")
        if field == "time_control":
            return "on_timeout" if "conced" in str(error) else "clock"
        if field == "scoring":
            setting = str(error.details.get("setting") or "method")
            return "points_method" if setting == "method" else setting
        if field == "tiebreaks":
            position = error.details.get("position")
            if isinstance(position, int) and position < len(self.tiebreak_slots):
                return self.tiebreak_slots[position]
            return "tiebreak_1"
        return field if isinstance(field, str) else None
