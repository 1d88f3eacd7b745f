"""The forms of the club and tournament pages.

They only turn what was typed into the values the services take (whole numbers,
lists, a JSON object); every rule of clubs, tournaments and games stays in the
services, whose refusals the views put next to the field they name.

The tournament setup form draws a game's house-rule options from the engine's
declarations (``game_class(name).option_spec``): an integer is a number input with
its bounds, a true/false option a checkbox, a string with choices a select.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from typing import Any

from django import forms

import engine
from engine.errors import InvalidOption
from engine.options import Option
from tournaments.models import Role, Tournament

OPTION_PREFIX = "option_"


def game_choices() -> list[tuple[str, str]]:
    return [(name, engine.game_class(name).title) for name in engine.available_games()]


def game_title(name: str) -> str:
    try:
        return engine.game_class(name).title
    except engine.EngineError:
        return name


def with_titles(message: str) -> str:
    """A service message with the engine's game names ("german_whist") as titles."""
    titles = {name: game_title(name) for name in engine.available_games()}
    names = "|".join(re.escape(n) for n in sorted(titles, key=len, reverse=True))
    return re.sub(rf"\b({names})\b", lambda m: titles[m.group(1)], message)


def option_spec(game_type: str | None) -> dict[str, Option]:
    try:
        return dict(engine.game_class(game_type or "").option_spec)
    except engine.EngineError:
        return {}


def default_sizes(game_type: str | None) -> str:
    try:
        return str(engine.game_class(game_type or "").player_counts[0])
    except engine.EngineError:
        return ""


def _label(name: str) -> str:
    return name.replace("_", " ").capitalize()


def option_field(option: Option) -> forms.Field:
    """The form field for one of the engine's option declarations."""
    common: dict[str, Any] = {"label": _label(option.name), "help_text": option.help}
    if option.kind == "bool":
        return forms.BooleanField(required=False, **common)
    if option.kind == "int":
        return forms.IntegerField(
            required=not option.nullable,
            min_value=option.minimum,
            max_value=option.maximum,
            **common,
        )
    if option.kind == "str" and option.choices:
        choices = [(c, c) for c in option.choices]
        if option.nullable:
            choices.insert(0, ("", "—"))
        return forms.ChoiceField(choices=choices, required=not option.nullable, **common)
    return forms.CharField(required=not option.nullable, max_length=40, **common)


class TournamentForm(forms.Form):
    """Every setting of a tournament (``settings()`` gives the service's dict)."""

    name = forms.CharField(max_length=120)
    slug = forms.SlugField(
        max_length=60,
        required=False,
        label="Short name (in the address)",
        help_text="Letters, digits and hyphens; made from the name when left empty.",
    )
    game_type = forms.ChoiceField(label="Game", choices=game_choices)
    table_sizes = forms.CharField(
        max_length=40,
        label="Seats per table",
        help_text="Most preferred first, e.g. 4, or 4, 3 where the game allows both.",
    )
    entry_kind = forms.ChoiceField(label="Entrants", choices=Tournament.EntryKind.choices)
    mode = forms.ChoiceField(label="Played", choices=Tournament.Mode.choices)
    rounds_planned = forms.IntegerField(label="Rounds", min_value=1, max_value=99, initial=5)
    pairing_method = forms.ChoiceField(label="Pairing", choices=Tournament.PairingMethod.choices)
    first_round = forms.ChoiceField(
        label="First round order", choices=Tournament.FirstRound.choices
    )
    group_size = forms.IntegerField(
        label="Group size (round robin)",
        min_value=2,
        max_value=64,
        required=False,
        help_text="Entrants per group; empty: one group.",
    )
    late_entry_score = forms.DecimalField(
        label="Late entrants start with",
        max_digits=10,
        decimal_places=2,
        initial=Decimal(0),
        help_text="The score of an entrant who joins after round 1.",
    )
    avoid_same_household = forms.BooleanField(
        label="Keep players of one household apart", required=False, initial=True
    )
    avoid_same_affiliation = forms.BooleanField(
        label="Keep members of one club team (affiliation) apart", required=False
    )
    scoring = forms.CharField(
        label="Scoring (JSON object)",
        required=False,
        widget=forms.Textarea(attrs={"rows": 3, "spellcheck": "false"}),
        help_text=(
            'Tournament points, e.g. {"method": "placement"} or {"win": 3, "draw": 1}. '
            "Empty: win/draw/loss 2/1/0 when two sides meet at a table, else placement."
        ),
    )
    tiebreaks = forms.CharField(
        label="Tiebreaks",
        required=False,
        max_length=400,
        help_text="Names in the order they apply, separated by commas.",
    )
    status = forms.ChoiceField(choices=Tournament.Status.choices)

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
            self.fields[OPTION_PREFIX + name] = option_field(option)
            self.initial.setdefault(OPTION_PREFIX + name, option.default)
        self.initial.setdefault("table_sizes", default_sizes(chosen))
        self.locked = locked
        if locked:  # a round is published: the game can no longer change
            for name in ("game_type", "table_sizes", "entry_kind", "pairing_method"):
                self.fields[name].disabled = True
            for name in self.spec:
                self.fields[OPTION_PREFIX + name].disabled = True

    # -- parts of the page

    def option_fields(self) -> list[forms.BoundField]:
        return [self[OPTION_PREFIX + name] for name in self.spec]

    # -- cleaning

    def clean_table_sizes(self) -> list[int]:
        raw = self.cleaned_data["table_sizes"]
        parts = [p for p in re.split(r"[\s,;]+", raw) if p]
        if not parts or not all(p.isdigit() for p in parts):
            raise forms.ValidationError("Give whole numbers of seats, e.g. 4 or 4, 3.")
        return [int(p) for p in parts]

    def clean_scoring(self) -> dict[str, Any]:
        raw = self.cleaned_data["scoring"].strip()
        if not raw:
            return {}
        try:
            value = json.loads(raw)
        except json.JSONDecodeError as error:
            raise forms.ValidationError(f"This is not JSON: {error.msg}.") from None
        if not isinstance(value, dict):
            raise forms.ValidationError('Scoring is a JSON object, e.g. {"win": 2}.')
        return value

    def clean_tiebreaks(self) -> list[str]:
        raw = self.cleaned_data["tiebreaks"]
        return [name.strip() for name in re.split(r"[,\n]+", raw) if name.strip()]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        for name, option in self.spec.items():
            key = OPTION_PREFIX + name
            if key not in cleaned:
                continue
            value = cleaned[key]
            if value in ("", None) and option.nullable:
                value = None
            try:
                cleaned[key] = option.validate(value)
            except InvalidOption as error:
                self.add_error(key, str(error))
        return cleaned

    def options(self) -> dict[str, Any]:
        return {name: self.cleaned_data[OPTION_PREFIX + name] for name in self.spec}

    def settings(self) -> dict[str, Any]:
        """The service's settings dict (the status goes to ``set_status`` apart)."""
        data = self.cleaned_data
        settings: dict[str, Any] = {
            key: data[key]
            for key in (
                "name",
                "game_type",
                "table_sizes",
                "entry_kind",
                "mode",
                "rounds_planned",
                "pairing_method",
                "first_round",
                "group_size",
                "late_entry_score",
                "avoid_same_household",
                "avoid_same_affiliation",
                "scoring",
                "tiebreaks",
            )
        }
        settings["options"] = self.options()
        if data.get("slug"):
            settings["slug"] = data["slug"]
        return settings


def initial_of(tournament: Tournament) -> dict[str, Any]:
    """A tournament's settings as the setup form's initial values."""
    initial: dict[str, Any] = {
        field: getattr(tournament, field)
        for field in (
            "name",
            "game_type",
            "entry_kind",
            "mode",
            "rounds_planned",
            "pairing_method",
            "first_round",
            "group_size",
            "late_entry_score",
            "avoid_same_household",
            "avoid_same_affiliation",
            "status",
        )
    }
    initial["table_sizes"] = ", ".join(str(s) for s in tournament.table_sizes)
    initial["scoring"] = json.dumps(tournament.scoring) if tournament.scoring else ""
    initial["tiebreaks"] = ", ".join(tournament.tiebreaks)
    for name, option in option_spec(tournament.game_type).items():
        initial[OPTION_PREFIX + name] = tournament.options.get(name, option.default)
    return initial


# ---------------------------------------------------------------------- clubs


class ClubForm(forms.Form):
    name = forms.CharField(max_length=120)
    slug = forms.SlugField(
        max_length=60,
        required=False,
        label="Short name (in the address)",
        help_text="Letters, digits and hyphens; made from the name when left empty.",
    )
    description = forms.CharField(
        required=False, max_length=2000, widget=forms.Textarea(attrs={"rows": 3})
    )


class RoleForm(forms.Form):
    username = forms.CharField(max_length=150, label="User name")
    role = forms.ChoiceField(choices=Role.choices, initial=Role.PLAYER)


class RemoveMemberForm(forms.Form):
    username = forms.CharField(max_length=150)


class GuestForm(forms.Form):
    name = forms.CharField(max_length=120)
    household = forms.CharField(
        max_length=120, required=False, help_text="Players of one household can be kept apart."
    )


class TeamForm(forms.Form):
    """A team's name and up to four players, in seating order."""

    name = forms.CharField(max_length=120, label="Team name")

    def __init__(self, *args: Any, players: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [("", "—")] + [(str(pk), name) for pk, name in players]
        for n in range(4):
            self.fields[f"player_{n}"] = forms.ChoiceField(
                choices=choices, required=n < 2, label=f"Player {n + 1}"
            )

    def player_ids(self) -> list[int]:
        return [
            int(self.cleaned_data[f"player_{n}"])
            for n in range(4)
            if self.cleaned_data.get(f"player_{n}")
        ]


# ---------------------------------------------------------------------- entries


class RatingField(forms.IntegerField):
    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        super().__init__(min_value=0, max_value=999_999, **kwargs)


class GuestEntryForm(forms.Form):
    """A new guest, entered at once."""

    name = forms.CharField(max_length=120)
    household = forms.CharField(max_length=120, required=False)
    rating = RatingField()
    affiliation = forms.CharField(max_length=120, required=False, label="Club team")


class ChoiceEntryForm(forms.Form):
    """A club player or a team of the club, entered."""

    choice = forms.ChoiceField(choices=())
    rating = RatingField()
    affiliation = forms.CharField(max_length=120, required=False, label="Club team")

    def __init__(self, *args: Any, choices: list[tuple[int, str]], label: str, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["choice"].choices = [(str(pk), name) for pk, name in choices]
        self.fields["choice"].label = label


class EntryEditForm(forms.Form):
    rating = forms.IntegerField(min_value=0, max_value=999_999)
    household = forms.CharField(max_length=120, required=False)
    affiliation = forms.CharField(max_length=120, required=False, label="Club team")


class PairForm(forms.Form):
    """Two entrants (a forbidden pair, or a correction with its reason)."""

    first = forms.ChoiceField(choices=(), label="First entrant")
    second = forms.ChoiceField(choices=(), label="Second entrant")
    reason = forms.CharField(max_length=200, required=False)

    def __init__(
        self, *args: Any, entries: list[tuple[int, str]], reason_required: bool = False, **kw: Any
    ) -> None:
        super().__init__(*args, **kw)
        choices = [(str(pk), name) for pk, name in entries]
        self.fields["first"].choices = choices
        self.fields["second"].choices = choices
        self.fields["reason"].required = reason_required

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if cleaned.get("first") and cleaned.get("first") == cleaned.get("second"):
            self.add_error("second", "Choose two different entrants.")
        return cleaned

    def pair(self) -> tuple[int, int]:
        return int(self.cleaned_data["first"]), int(self.cleaned_data["second"])


class ForfeitForm(forms.Form):
    """A no-show or forfeit at a table of a published round: ``place`` is
    ``"<table number>:<entry id>"``, one choice per entrant seated in the round."""

    place = forms.ChoiceField(choices=(), label="Entrant (and table)")
    kind = forms.ChoiceField(
        choices=[("no_show", "No-show: did not come"), ("forfeit", "Forfeit: conceded or left")],
        label="What happened",
    )
    note = forms.CharField(max_length=200, required=False)

    def __init__(self, *args: Any, places: list[tuple[str, str]], **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.fields["place"].choices = [("", "— choose —"), *places]

    def table_and_entry(self) -> tuple[int, int]:
        table, entry = self.cleaned_data["place"].split(":")
        return int(table), int(entry)
