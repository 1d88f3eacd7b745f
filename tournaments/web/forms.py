"""The forms of the club and tournament pages.

They only turn what was typed into the values the services take (whole numbers,
lists, a JSON object); every rule of clubs, tournaments and games stays in the
services, whose refusals the views put next to the field they name.

The tournament setup form is in :mod:`tournaments.web.setup_form`.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

import engine
from engine.options import Option
from tournaments.games import profile_for
from tournaments.models import Role
from tournaments.models.clubs import (
    DEFAULT_LANGUAGE,
    DEFAULT_TIME_ZONE,
    LANGUAGE_CHOICES,
    time_zone_choices,
)
from tournaments.services.numbering import for_people

OPTION_PREFIX = "option_"


def game_choices() -> list[tuple[str, str]]:
    """The games in the reader's language (the profiles' translated titles)."""
    return [(name, profile_for(name).title) for name in engine.available_games()]


def game_title(name: str) -> str:
    """The game's name in the reader's language (its name as stored when unknown)."""
    return profile_for(name).title


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


# ---------------------------------------------------------------------- clubs


class ClubForm(forms.Form):
    name = forms.CharField(max_length=120, label=_("Name"))
    slug = forms.SlugField(
        max_length=60,
        required=False,
        label=_("Short name (in the address)"),
        help_text=_("Letters, digits and hyphens; made from the name when left empty."),
    )
    description = forms.CharField(
        label=_("Description"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        choices=time_zone_choices,
        initial=DEFAULT_TIME_ZONE,
        required=False,
        help_text=_("Every date and time on the club's pages is shown in this zone."),
    )
    language = forms.ChoiceField(
        label=_("Language"),
        choices=LANGUAGE_CHOICES,
        initial=DEFAULT_LANGUAGE,
        required=False,
        help_text=_("The club's pages speak it to visitors whose browser asks for no language."),
    )


class TimeZoneForm(forms.Form):
    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        choices=time_zone_choices,
        help_text=_("Every date and time on the club's pages is shown in this zone."),
    )


class LanguageForm(forms.Form):
    language = forms.ChoiceField(
        label=_("Language"),
        choices=LANGUAGE_CHOICES,
        help_text=_("The club's pages speak it to visitors whose browser asks for no language."),
    )


class RoleForm(forms.Form):
    username = forms.CharField(max_length=150, label=_("User name"))
    role = forms.ChoiceField(label=_("Role"), choices=Role.choices, initial=Role.PLAYER)


class RemoveMemberForm(forms.Form):
    username = forms.CharField(max_length=150, label=_("Username"))


class GuestForm(forms.Form):
    name = forms.CharField(max_length=120, label=_("Name"))
    household = forms.CharField(
        max_length=120,
        required=False,
        label=_("Household"),
        help_text=_("Players of one household can be kept apart."),
    )


class TeamForm(forms.Form):
    """A team's name and up to four players, in seating order."""

    name = forms.CharField(max_length=120, label=_("Team name"))

    def __init__(self, *args: Any, players: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [("", "—")] + [(str(pk), name) for pk, name in players]
        for n in range(4):
            self.fields[f"player_{n}"] = forms.ChoiceField(
                choices=choices, required=n < 2, label=_("Player %(n)s") % {"n": for_people(n)}
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
        kwargs.setdefault("label", _("Rating"))
        super().__init__(min_value=0, max_value=999_999, **kwargs)


class GuestEntryForm(forms.Form):
    """A new guest, entered at once."""

    name = forms.CharField(max_length=120, label=_("Name"))
    household = forms.CharField(max_length=120, required=False, label=_("Household"))
    rating = RatingField()
    affiliation = forms.CharField(max_length=120, required=False, label=_("Club team"))


class ChoiceEntryForm(forms.Form):
    """A club player or a team of the club, entered."""

    choice = forms.ChoiceField(choices=())
    rating = RatingField()
    affiliation = forms.CharField(max_length=120, required=False, label=_("Club team"))

    def __init__(self, *args: Any, choices: list[tuple[int, str]], label: str, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["choice"].choices = [(str(pk), name) for pk, name in choices]
        self.fields["choice"].label = label


class EntryEditForm(forms.Form):
    rating = forms.IntegerField(
        min_value=0,
        max_value=999_999,
        required=False,
        label=_("Rating"),
        help_text=_("Empty: the computed rating (the club's, else all clubs')."),
    )
    household = forms.CharField(max_length=120, required=False, label=_("Household"))
    affiliation = forms.CharField(max_length=120, required=False, label=_("Club team"))


class PairForm(forms.Form):
    """Two entrants (a forbidden pair, or a correction with its reason)."""

    first = forms.ChoiceField(choices=(), label=_("First entrant"))
    second = forms.ChoiceField(choices=(), label=_("Second entrant"))
    reason = forms.CharField(max_length=200, required=False, label=_("Reason"))

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
            self.add_error("second", _("Choose two different entrants."))
        return cleaned

    def pair(self) -> tuple[int, int]:
        return int(self.cleaned_data["first"]), int(self.cleaned_data["second"])


class ForfeitForm(forms.Form):
    """A no-show or forfeit at a table of a published round: ``place`` is
    ``"<table number>:<entry id>"``, one choice per entrant seated in the round."""

    place = forms.ChoiceField(choices=(), label=_("Entrant (and table)"))
    kind = forms.ChoiceField(
        choices=[
            ("no_show", _("No-show: did not come")),
            ("forfeit", _("Forfeit: conceded or left")),
        ],
        label=_("What happened"),
    )
    note = forms.CharField(max_length=200, required=False, label=_("Note"))

    def __init__(self, *args: Any, places: list[tuple[str, str]], **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.fields["place"].choices = [("", _("— choose —")), *places]

    def table_and_entry(self) -> tuple[int, int]:
        table, entry = self.cleaned_data["place"].split(":")
        return int(table), int(entry)
