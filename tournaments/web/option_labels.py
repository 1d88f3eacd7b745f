"""The engine's house-rule options in words for people.

The engine declares each option with a name (``refill``), a kind, a default and a
help line written for developers (``'deal': 3 more cards each …``). Pages show a
label, a help sentence and, for an option with choices, one label per choice, never
the raw value (``each_play``): the game's profile lists them
(:attr:`GameProfile.option_labels`, ``option_choices``). An option or choice not
listed falls back to its name in words, so a new engine option still shows (and a test
lists the missing ones).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms

from engine.errors import InvalidOption
from engine.options import Option
from tournaments.games import profile_for
from tournaments.services.rule_words import in_words
from tournaments.web.forms import OPTION_PREFIX


def label_of(game_type: str, option: Option) -> tuple[Any, Any]:
    """The option's label and help sentence (the game's profile lists them)."""
    return profile_for(game_type).option_label(option)


def choice_label(game_type: str, option: Option, value: str) -> Any:
    return profile_for(game_type).choice_label(option, value)


def option_field(game_type: str, option: Option) -> forms.Field:
    """The form field for one of the engine's option declarations, in words."""
    label, help_text = label_of(game_type, option)
    common: dict[str, Any] = {"label": label, "help_text": help_text}
    own = profile_for(game_type).option_field(option, common)
    if own is not None:
        return own  # the game's own field (Briscola's two to take out: a choice of four)
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
        choices: list[tuple[str, Any]] = [
            (c, choice_label(game_type, option, c)) for c in option.choices
        ]
        if option.nullable:
            choices.insert(0, ("", "—"))
        return forms.ChoiceField(choices=choices, required=not option.nullable, **common)
    return forms.CharField(required=not option.nullable, max_length=40, **common)


def clean_options(form: forms.Form, spec: Mapping[str, Option], cleaned: dict[str, Any]) -> None:
    """Check each house rule the form was given against its declaration, in place: an
    empty optional value becomes ``None``, a refused one an error beside its field."""
    for name, option in spec.items():
        key = OPTION_PREFIX + name
        if key not in cleaned:
            continue
        value = cleaned[key]
        if value in ("", None) and option.nullable:
            value = None
        try:
            cleaned[key] = option.validate(value, getattr(form, "game_type", None))
        except InvalidOption as error:
            form.add_error(key, in_words(error))


def chosen_options(form: forms.Form, spec: Mapping[str, Option]) -> dict[str, Any]:
    """The house rules as the engine takes them, from a valid form."""
    return {name: form.cleaned_data[OPTION_PREFIX + name] for name in spec}
