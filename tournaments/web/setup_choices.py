"""What the tournament setup form shows people for the engine's and the scoring app's
names: a label for each house rule and each of its choices, the seats-per-table
choices a game allows, the points methods and the tiebreaks with a one-line meaning;
and the form field of a house rule and a tournament's settings as the form's values.

The rules stay where they are (the engine's option declarations, :mod:`scoring.points`,
:mod:`scoring.tiebreaks`); this module only names them. A name it does not know is
shown made readable ("score_limit" as "Score limit"), never refused.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

import engine
from engine.cards import Card
from engine.options import Option
from scoring.points import METHODS
from scoring.read import label as tiebreak_label
from scoring.standings import DEFAULT_TIEBREAKS, TIEBREAK_NAMES
from tournaments.models import Tournament
from tournaments.services.setting_names import method_name
from tournaments.web.forms import OPTION_PREFIX, option_spec

OPTION_LABELS = {
    "deals": _("Deals per game"),
    "target": _("Points to win the game"),
    "target_score": _("Score that ends the game"),
    "score_limit": _("Score limit (plus or minus)"),
    "games": _("Deals per match"),
    "removed_card": _("Card taken out for three players"),
    "four_of_coins_leads": _("The four of coins leads the first trick"),
    "last_sweep_counts": _("A sweep on the very last play counts"),
    "primiera_needs_all_suits": _("Primiera needs all four suits"),
    "refill": _("Refilling the hands"),
    "limit": _("Score that puts a player out"),
    "reshuffles": _("Reshuffles of the discard pile per hand"),
}

CHOICE_LABELS = {
    "refill": {
        "deal": _("Three more cards each when the hands are empty"),
        "each_play": _("Draw a card from the stock after each play"),
    },
}

CARD_CHOICES = {"removed_card": ("2H", "2D", "2S", "2C")}
"""Card options people choose from a list (any other card the engine would refuse)."""


def readable(name: str) -> str:
    return name.replace("_", " ").capitalize()


def option_label(option: Option) -> str:
    return str(OPTION_LABELS.get(option.name, readable(option.name)))


def option_choices(option: Option) -> list[tuple[str, str]]:
    """The values of a choice (or card) option, each with its label."""
    if option.kind == "card":
        codes = CARD_CHOICES.get(option.name, (option.default,))
        return [(code, Card.parse(code).name.capitalize()) for code in codes]
    labels = CHOICE_LABELS.get(option.name, {})
    return [(c, str(labels.get(c, readable(c)))) for c in option.choices or ()]


def size_choices(game_type: str | None) -> list[tuple[str, str]]:
    """Seats per table a game allows: each count alone, then each count with the next
    smaller one for when the numbers do not divide (e.g. "4, 3")."""
    try:
        counts = sorted(engine.game_class(game_type or "").player_counts, reverse=True)
    except engine.EngineError:
        return []
    choices = [(str(n), str(_("%(n)s at every table") % {"n": n})) for n in counts]
    for big, small in zip(counts, counts[1:], strict=False):
        choices.append(
            (
                f"{big},{small}",
                str(
                    _("%(big)s at a table, some tables of %(small)s when the numbers need it")
                    % {"big": big, "small": small}
                ),
            )
        )
    return choices


METHOD_HELP = {
    "win_draw_loss": _("For tables where two sides meet: points for a win, a draw, a loss."),
    "placement": _("For any table: points by place, best game score first."),
    "raw_score": _("Each game's own score is the tournament score."),
    "victory_points_fibur": _("Burraco: 20 victory points shared by the FIBUR table."),
    "victory_points_wbf": _("Bridge style: 20 victory points shared on the WBF scale."),
}


def method_choices() -> list[tuple[str, str]]:
    return [("", _("The usual for this game (see below)"))] + [(m, method_name(m)) for m in METHODS]


TIEBREAK_MEANINGS = {
    "buchholz": _("The sum of the scores of everyone one has played."),
    "buchholz_cut1": _("Buchholz without the weakest opponent's score."),
    "buchholz_median": _("Buchholz without the weakest and the strongest opponent."),
    "sonneborn_berger": _("Opponents' scores, counted for the games one won (half a draw)."),
    "opponents_match_win": _("How often one's opponents won their games (at least a third)."),
    "game_win": _("How often one won one's own games (at least a third)."),
    "progressive": _("The running score added up round by round: early wins count more."),
    "direct_encounter": _("Points scored in the games among the tied players only."),
    "game_score": _("The sum of one's game scores."),
    "score_margin": _("Game score minus the opponents' average, added up."),
    "lot": _("A fair draw from the tournament's seed (only last)."),
}


def tiebreaks() -> list[tuple[str, str, str]]:
    """Every tiebreak: its settings name, its name for people and its meaning."""
    return [
        (name, tiebreak_label(name)[0], str(TIEBREAK_MEANINGS.get(name, "")))
        for name in TIEBREAK_NAMES
    ]


def tiebreak_choices() -> list[tuple[str, str]]:
    return [("", _("— none —"))] + [(name, label) for name, label, _m in tiebreaks()]


def option_field(option: Option) -> forms.Field:
    """The form field for one of the engine's option declarations."""
    common: dict[str, Any] = {
        "label": option_label(option),
        "help_text": option.help[:1].upper() + option.help[1:] + ".",
    }
    if option.kind == "bool":
        return forms.BooleanField(required=False, **common)
    if option.kind == "int":
        return forms.IntegerField(
            required=not option.nullable,
            min_value=option.minimum,
            max_value=option.maximum,
            **common,
        )
    if option.choices or option.kind == "card":
        choices = option_choices(option)
        if option.nullable:
            choices.insert(0, ("", "—"))
        return forms.ChoiceField(choices=choices, required=not option.nullable, **common)
    return forms.CharField(required=not option.nullable, max_length=40, **common)


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
            "starts_on",
            "start_time",
            "venue",
            "description",
            "entry_limit",
            "registration_open",
            "self_entry",
        )
    }
    initial["table_sizes"] = ",".join(str(s) for s in tournament.table_sizes)
    scoring = dict(tournament.scoring or {})
    initial["points_method"] = scoring.pop("method", "")
    places = scoring.pop("placement_points", None)
    if isinstance(places, list):
        initial["placement_points"] = ", ".join(str(p) for p in places)
    elif isinstance(places, dict):
        initial["placement_points"] = "; ".join(
            f"{size}: {', '.join(str(p) for p in values)}" for size, values in places.items()
        )
    initial.update(scoring)
    initial["tiebreaks"] = list(tournament.tiebreaks) or list(DEFAULT_TIEBREAKS)
    for name, option in option_spec(tournament.game_type).items():
        initial[OPTION_PREFIX + name] = tournament.options.get(name, option.default)
    return initial
