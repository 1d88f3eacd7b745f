"""The engine's house-rule options in words for people.

The engine declares each option with a name (``refill``), a kind, a default and a
help line written for developers (``'deal': 3 more cards each …``). Pages show a
label, a help sentence and, for an option with choices, one label per choice, never
the raw value (``each_play``). An option or choice not listed here falls back to its
name in words, so a new engine option still shows (and a test lists the missing ones).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from engine.errors import InvalidOption
from engine.options import Option
from tournaments.web.forms import OPTION_PREFIX

# (game, option) → (label, help); an option of every game under "*".
LABELS: dict[tuple[str, str], tuple[Any, Any]] = {
    ("italian_whist", "score_limit"): (
        _("Score limit"),
        _("The game ends after the deal in which someone's total reaches plus or minus this."),
    ),
    ("german_whist", "deals"): (_("Deals"), _("How many deals make a game.")),
    ("whist", "target"): (_("Points to win"), _("The points a team needs to win the game.")),
    ("three_handed_whist", "deals"): (
        _("Number of deals"),
        _("Play exactly this many deals (a multiple of 3). Leave empty to play to a score."),
    ),
    ("three_handed_whist", "target_score"): (
        _("Points to win"),
        _("When no number of deals is set: the game ends when a total reaches this."),
    ),
    ("scopa", "target"): (
        _("Points to win"),
        _(
            "The game ends after a round in which a side has at least this many points "
            "and more than every other side."
        ),
    ),  # fmt: skip
    ("scopa", "last_sweep_counts"): (
        _("A sweep on the last play counts as a scopa"),
        _("Clearing the table with the very last card of a round scores a scopa."),
    ),
    ("scopa", "primiera_needs_all_suits"): (
        _("The primiera needs all four suits"),
        _("A side missing a suit cannot win the primiera."),
    ),
    ("scopa", "refill"): (
        _("New cards"),
        _("When the players get more cards from the stock."),
    ),
    ("briscola", "games"): (_("Games in the match"), _("How many deals make a match.")),
    ("briscola", "removed_card"): (
        _("Card taken out (three players)"),
        _("With three players one two is taken out of the deck."),
    ),
    ("tresette", "target"): (
        _("Points to win"),
        _("The points a team needs (and more than the other) to win."),
    ),
    ("tresette", "four_of_coins_leads"): (
        _("The four of coins leads"),
        _(
            "Whoever holds the four of coins leads the first trick (otherwise the player "
            "after the dealer)."
        ),
    ),  # fmt: skip
    ("burraco", "target"): (
        _("Points to win"),
        _(
            "0 plays a single hand; otherwise the game ends after a hand in which a side "
            "has at least this many points and more than the other."
        ),
    ),  # fmt: skip
    ("scala40", "limit"): (
        _("Points limit"),
        _("A player whose total reaches this is out of the game."),
    ),
    ("scala40", "reshuffles"): (
        _("Reshuffles of the discard pile"),
        _("How many times a hand's discards may become a new stock; after that the hand is void."),
    ),  # fmt: skip
}

# (game, option) → {value: label}
CHOICES: dict[tuple[str, str], dict[str, Any]] = {
    ("scopa", "refill"): {
        "deal": _("Three more cards each when every hand is empty"),
        "each_play": _("Draw a card from the stock after each play"),
    },
}

SUITS = {"H": _("hearts"), "D": _("diamonds"), "C": _("clubs"), "S": _("spades")}


def label_of(game_type: str, option: Option) -> tuple[Any, Any]:
    """The option's label and help sentence."""
    return LABELS.get(
        (game_type, option.name),
        (option.name.replace("_", " ").capitalize(), ""),
    )


def choice_label(game_type: str, option: Option, value: str) -> Any:
    return CHOICES.get((game_type, option.name), {}).get(value, value.replace("_", " "))


def option_field(game_type: str, option: Option) -> forms.Field:
    """The form field for one of the engine's option declarations, in words."""
    label, help_text = label_of(game_type, option)
    common: dict[str, Any] = {"label": label, "help_text": help_text}
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
    if option.kind == "card" and game_type == "briscola" and option.name == "removed_card":
        twos = [(f"2{s}", _("the two of %(suit)s") % {"suit": w}) for s, w in SUITS.items()]
        return forms.ChoiceField(choices=twos, **common)
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
            cleaned[key] = option.validate(value)
        except InvalidOption as error:
            form.add_error(key, str(error))


def chosen_options(form: forms.Form, spec: Mapping[str, Option]) -> dict[str, Any]:
    """The house rules as the engine takes them, from a valid form."""
    return {name: form.cleaned_data[OPTION_PREFIX + name] for name in spec}
