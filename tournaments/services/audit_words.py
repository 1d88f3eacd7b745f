"""The audit log read in words: an action code as a sentence in the reader's language,
and what changed as "the name: before → after".

A row stores a stable code (``member-removed``) and plain values, never a sentence, so
the sentence is made when the row is read, in the language of whoever reads it. A
code this module does not know (written by a newer caller) reads as the code itself.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from django.utils import formats, timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.models import PrizeCategory
from scoring.read import label as tiebreak_label
from tournaments.models import Entry, Forfeit, Role, Tournament
from tournaments.models.clubs import LANGUAGE_CHOICES
from tournaments.services.setting_names import SETTING_NAMES

SENTENCES = {
    "club-created": _("Created the club %(subject)s"),
    "club-settings-changed": _("Changed the club's settings"),
    "rating-settings-changed": _("Changed what counts for the club's ratings"),
    "member-added": _("Added %(subject)s as a member"),
    "member-role-changed": _("Changed the role of %(subject)s"),
    "member-removed": _("Removed the member %(subject)s"),
    "guest-added": _("Added the guest %(subject)s"),
    "team-created": _("Made the team %(subject)s"),
    "claim-code-issued": _("Issued a claim code for %(subject)s"),
    "tournament-created": _("Created the tournament %(subject)s"),
    "tournament-settings-changed": _("Changed the settings of %(subject)s"),
    "tournament-status-changed": _("Changed the status of %(subject)s"),
    "tournament-archived": _("Archived %(subject)s"),
    "tournament-unarchived": _("Brought %(subject)s back from the archive"),
    "tournament-deleted": _("Deleted the tournament %(subject)s"),
    "entry-added": _("Entered %(subject)s"),
    "entry-checked-in": _("Checked in %(subject)s"),
    "entry-check-in-undone": _("Undid the check-in of %(subject)s"),
    "entries-checked-in": _("Checked in every entry still waiting"),
    "entry-changed": _("Changed the entry of %(subject)s"),
    "entry-rating-computed": _("Copied the computed rating of %(subject)s"),
    "entry-withdrawn": _("Withdrew %(subject)s"),
    "pair-forbidden": _("Kept %(subject)s apart"),
    "pair-allowed": _("Let %(subject)s meet again"),
    "round-paired": _("Paired round %(subject)s"),
    "round-repaired": _("Paired round %(subject)s again"),
    "round-swapped": _("Swapped two entries in round %(subject)s"),
    "round-published": _("Published round %(subject)s"),
    "round-corrected": _("Corrected the pairings of round %(subject)s"),
    "round-unpublished": _("Took back the publication of round %(subject)s"),
    "round-closed": _("Closed round %(subject)s"),
    "rounds-closed": _("Closed rounds %(subject)s"),
    "forfeit-recorded": _(
        "Recorded that %(subject)s did not play table %(table)s of round %(round)s"
    ),
    "result-entered": _("Entered the result of deal %(deal)s at table %(table)s, round %(round)s"),
    "result-confirmed": _(
        "Confirmed the result of deal %(deal)s at table %(table)s, round %(round)s"
    ),
    "dispute-ruled": _("Ruled on deal %(deal)s at table %(table)s, round %(round)s"),
    "result-corrected": _("Corrected deal %(deal)s at table %(table)s, round %(round)s"),
    "seat-view-override": _(
        "Looked at the cards of seat %(seat)s at table %(table)s, round %(round)s"
    ),
    "table-adjourned": _("Adjourned table %(table)s of round %(round)s"),
    "table-resumed": _("Resumed table %(table)s of round %(round)s"),
    "prize-added": _("Added the prize %(subject)s"),
    "prize-deleted": _("Deleted the prize %(subject)s"),
    "prize-rules-changed": _("Changed whether a player may win more than one prize"),
    "season-created": _("Created the season %(subject)s"),
    "season-changed": _("Changed the season %(subject)s"),
    "season-deleted": _("Deleted the season %(subject)s"),
}
"""Every action code the services write, as a sentence (the actor is shown beside it)."""

NAMES = {
    **SETTING_NAMES,
    "role": _("the role"),
    "status": _("the status"),
    "time_zone": _("the time zone"),
    "language": _("the language"),
    "rating": _("the rating"),
    "rating_source": _("where the rating comes from"),
    "rating_games": _("the rated games behind the rating"),
    "household": _("the household"),
    "affiliation": _("the affiliation"),
    "reason": _("the reason"),
    "note": _("the note"),
    "kind": _("what happened"),
    "round": _("the round"),
    "table": _("the table"),
    "deal": _("the deal"),
    "tally": _("the tally"),
    "entries": _("the entries"),
    "tables": _("the tables"),
    "byes": _("the byes"),
    "players": _("the players"),
    "rounds": _("the rounds"),
    "number": _("the number"),
    "joins_round": _("joins in round"),
    "withdrawn_after": _("withdrawn after round"),
    "expires_at": _("valid until"),
    "archived_at": _("archived at"),
    "closed_at": _("closed at"),
    "confirmed_unfinished": _("paired with tables still playing"),
    "seat": _("the seat"),
    "game": _("the game"),
    "places": _("the places"),
    "eligibility": _("who may win"),
    "rating_below": _("rating below"),
    "one_prize_each": _("one prize each"),
    "ends_on": _("the last day"),
    "formula": _("how the season counts"),
    "best_of": _("how many tournaments count"),
    "place_points": _("the points by place"),
    "public": _("public"),
    "tournaments": _("the tournaments"),
}
"""What a key of ``before`` / ``after`` reads as."""

HIDDEN_VALUE = "…"
"""A setting logged as changed without its value (``tournaments.UNLOGGED``)."""


def sentence(action: str, subject: str, before: Any = None, after: Any = None) -> str:
    """The act in words, in the active language."""
    template = SENTENCES.get(action)
    if template is None:
        return f"{action}: {subject}" if subject else action
    values: dict[str, Any] = {}
    for part in (before, after):
        if isinstance(part, Mapping):
            values.update({k: v for k, v in part.items() if isinstance(v, int | str)})
    values["subject"] = subject
    try:
        return str(template) % values
    except (KeyError, TypeError, ValueError):
        return f"{template}: {subject}"


def name_of(key: str) -> str:
    return str(NAMES[key]) if key in NAMES else key.replace("_", " ")


def shown(value: Any) -> str:
    """A value as people read it: dates on the active clock, lists joined, none as —."""
    if value is None or value == "" or value == [] or value == {}:
        return "—"
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if isinstance(value, str) and len(value) >= 19 and value[4:5] == "-" and "T" in value:
        moment = parse_datetime(value)
        if moment is not None:
            value = moment
    if isinstance(value, dt.datetime):
        if timezone.is_aware(value):
            value = timezone.localtime(value)
        return formats.date_format(value, "SHORT_DATETIME_FORMAT")
    if isinstance(value, list):
        return ", ".join(f"({shown(v)})" if isinstance(v, list) else shown(v) for v in value)
    if isinstance(value, dict):  # e.g. a tally: its parts by name, not its "type"
        parts = {k: v for k, v in value.items() if k != "type"}
        return "; ".join(f"{name_of(k)} {shown(v)}" for k, v in parts.items())
    return str(value)


VALUE_WORDS: dict[str, dict[str, Any]] = {
    "role": dict(Role.choices),
    "status": {**dict(Entry.Status.choices), **dict(Tournament.Status.choices)},
    "kind": dict(Forfeit.Kind.choices),
    "language": dict(LANGUAGE_CHOICES),
    "eligibility": dict(PrizeCategory.Eligibility.choices),
    "entry_kind": dict(Tournament.EntryKind.choices),
    "pairing_method": dict(Tournament.PairingMethod.choices),
    "first_round": dict(Tournament.FirstRound.choices),
    "mode": dict(Tournament.Mode.choices),
    "rating_source": dict(Entry.RatingSource.choices),
    "expected_results": dict(Tournament.ExpectedResults.choices),
}
"""Stored codes of a key read in words ("scorer" as "Scorer", "Segnapunti" in Italian)."""


def value_of(key: str, value: Any) -> str:
    if key == "tiebreaks" and isinstance(value, list):
        return ", ".join(tiebreak_label(str(name))[0] for name in value) or shown(None)
    words = VALUE_WORDS.get(key, {})
    if isinstance(value, str) and value in words:
        return str(words[value])
    return shown(value)


def changes(before: Any, after: Any) -> list[str]:
    """One line per key: "the role: scorer → director", "the rating: 1500" (new) or
    "the note: ill → —" (gone)."""
    before = before if isinstance(before, Mapping) else {}
    after = after if isinstance(after, Mapping) else {}
    lines = []
    for key in list(before) + [k for k in after if k not in before]:
        if key in before and key in after:
            if before[key] == after[key]:
                continue
            was, now = value_of(key, before[key]), value_of(key, after[key])
            lines.append(f"{name_of(key)}: {was} → {now}")
        elif key in after:
            lines.append(f"{name_of(key)}: {value_of(key, after[key])}")
        else:
            lines.append(f"{name_of(key)}: {value_of(key, before[key])} → —")
    return lines
