"""What the tournament setup form shows people for the engine's and the scoring app's
names: a label for each house rule and each of its choices, the seats-per-table
choices a game allows, the points methods and the tiebreaks with a one-line meaning;
and the form field of a house rule and a tournament's settings as the form's values.

The rules stay where they are (the engine's option declarations, :mod:`scoring.points`,
:mod:`scoring.tiebreaks`); this module only names them. House rules are named in one
place for every form (:mod:`tournaments.web.option_labels`), tiebreaks by their own
terms (:data:`scoring.legend.TIEBREAK_INFO`).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

import engine
from scoring.legend import tiebreak_info
from scoring.points import METHODS
from scoring.read import label as tiebreak_label
from scoring.standings import DEFAULT_TIEBREAKS, TIEBREAK_NAMES
from tournaments.models import Tournament
from tournaments.services import time_controls
from tournaments.services.setting_names import method_name
from tournaments.web.forms import OPTION_PREFIX, option_spec


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


def tiebreaks() -> list[tuple[str, str, str]]:
    """Every tiebreak: its settings name, its name for people and its meaning."""
    return [
        (name, tiebreak_label(name)[0], str(_(tiebreak_info(name).meaning)))
        for name in TIEBREAK_NAMES
    ]


def tiebreak_choices() -> list[tuple[str, str]]:
    return [("", _("— none —"))] + [(name, label) for name, label, _m in tiebreaks()]


PLAIN_FIELDS = (
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
    "show_ratings",
    "expected_results",
    "starts_on",
    "start_time",
    "venue",
    "description",
    "entry_limit",
    "registration_open",
    "self_entry",
)
"""The tournament's settings that the form shows and takes back as they are."""


def initial_of(tournament: Tournament) -> dict[str, Any]:
    """A tournament's settings as the setup form's initial values."""
    initial: dict[str, Any] = {field: getattr(tournament, field) for field in PLAIN_FIELDS}
    initial["status"] = tournament.status
    initial["table_sizes"] = ",".join(str(s) for s in tournament.table_sizes)
    scoring = dict(tournament.scoring or {})
    initial["points_method"] = scoring.pop("method", "")
    places = scoring.pop("placement_points", None)
    if isinstance(places, list):
        initial["placement_points"] = ", ".join(str(p) for p in places)
    elif isinstance(places, dict):
        # Largest table first, as directors write it (PostgreSQL's jsonb does not keep
        # the order the keys were saved in).
        by_size = sorted(
            places.items(), key=lambda item: -int(item[0]) if str(item[0]).isdigit() else 0
        )
        initial["placement_points"] = "; ".join(
            f"{size}: {', '.join(str(p) for p in values)}" for size, values in by_size
        )
    initial.update(scoring)
    initial["tiebreaks"] = list(tournament.tiebreaks) or list(DEFAULT_TIEBREAKS)
    initial["clock"], initial["on_timeout"] = time_controls.to_choice(tournament.time_control)
    for name, option in option_spec(tournament.game_type).items():
        initial[OPTION_PREFIX + name] = tournament.options.get(name, option.default)
    return initial
