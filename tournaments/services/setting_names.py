"""The names people read for a tournament's settings, so that a refusal says "the
placement points" or "the number of rounds", never ``scoring.placement_points``."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from tournaments.services.numbering import for_people

SETTING_NAMES = {
    "count_forfeited_tables": _("forfeited tables count for the ratings"),
    "count_resigned_games": _("resigned games count for the ratings"),
    "name": _("the name"),
    "slug": _("the short name"),
    "game_type": _("the game"),
    "options": _("the house rules"),
    "table_sizes": _("the seats per table"),
    "entry_kind": _("the entrants"),
    "mode": _("how it is played"),
    "rounds_planned": _("the number of rounds"),
    "pairing_method": _("the pairing"),
    "first_round": _("the first round order"),
    "group_size": _("the group size"),
    "scoring": _("the points"),
    "tiebreaks": _("the tiebreaks"),
    "late_entry_score": _("the late entrants' score"),
    "avoid_same_household": _("keeping households apart"),
    "avoid_same_affiliation": _("keeping club teams apart"),
    "show_ratings": _("showing ratings"),
    "expected_results": _("the expected results"),
    "starts_on": _("the date"),
    "start_time": _("the start time"),
    "venue": _("the venue"),
    "description": _("the description"),
    "entry_limit": _("the entry limit"),
    "registration_open": _("entries open"),
    "self_entry": _("players entering themselves"),
}

POINTS_SETTING_NAMES = {
    "method": _("the points method"),
    "win": _("the points for a win"),
    "draw": _("the points for a draw"),
    "loss": _("the points for a loss"),
    "placement_points": _("the placement points"),
    "fibur_table": _("the FIBUR table"),
    "wbf_deals": _("the deals per match (WBF scale)"),
    "wbf_margin_unit": _("the game points per IMP (WBF scale)"),
    "bye_points": _("the points for a bye"),
    "forfeit_win_points": _("the points for a win by forfeit"),
    "forfeit_loss_points": _("the points for a forfeit"),
    "absence_points": _("the points for an announced absence"),
}
"""The keys of ``scoring`` (see :mod:`scoring.points`)."""


def setting_name(key: str) -> str:
    return str(SETTING_NAMES.get(key, key.replace("_", " ")))


def points_setting_name(key: str) -> str:
    """``placement_points`` or ``placement_points[2]`` as people say it."""
    base = key.split("[", 1)[0].split(".", 1)[0]
    name = str(POINTS_SETTING_NAMES.get(base, base.replace("_", " ")))
    if "[" in key and key.endswith("]"):
        index = key[key.index("[") + 1 : -1]
        if index.isdigit():
            return f"{name} (place {for_people(int(index))})"
        return f"{name} (tables of {index})"
    return name


METHOD_NAMES = {
    "win_draw_loss": _("Win, draw or loss"),
    "placement": _("By place at the table"),
    "raw_score": _("The game score itself"),
    "victory_points_fibur": _("Victory points, FIBUR table (Burraco)"),
    "victory_points_wbf": _("Victory points, WBF scale"),
}
"""The points methods of :mod:`scoring.points`, as the setup form lists them."""


def method_name(method: str) -> str:
    return str(METHOD_NAMES.get(method, method))


SETTING_SHAPES = {
    "options": "an object of option names and values",
    "table_sizes": "a list of whole numbers of seats, e.g. [4]",
    "scoring": 'an object such as {"method": "placement"}',
    "tiebreaks": 'a list of tiebreak names, e.g. ["buchholz", "progressive"]',
    "rounds_planned": "a whole number",
    "group_size": "a whole number or null",
    "entry_limit": "a whole number or null",
    "starts_on": 'a date such as "2026-12-05", or null',
    "start_time": 'a time such as "20:30", or null',
}
"""What a setting of the API takes, said in words for its errors."""
