"""Italian Whist: trumps and passing by the deal's place in the six-deal cycle, the
split into two hands, jokers declared after the trick."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.text import format_lazy
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from engine.games import italian_whist
from tournaments.games.base import AddFact, LogWords, log_faces, seat_name
from tournaments.games.whists import WhistProfile
from tournaments.web.cards import face, faces, suit_face

PASSING_WORDS = {"left": _("go left"), "right": _("go right"), "keep": _("are kept")}


class ItalianWhist(WhistProfile):
    rule_event_words = {
        "split": pgettext_lazy("rule event", "split"),
        "joker": pgettext_lazy("rule event", "joker"),
    }
    rule_phase_words = {
        "split": pgettext_lazy("rule phase", "split"),
        "joker": pgettext_lazy("rule phase", "joker"),
    }
    game_type = "italian_whist"
    home_title = _("Italian Whist")
    title_words = _("Italian Whist")
    pdf_rows = 18
    """Three turns of its six-deal cycle of trumps and passing."""
    schedule_columns = ((_("Trumps"), "trumps"), (_("Passing"), "passing"))
    option_labels = {
        "score_limit": (
            _("Score limit"),
            _("The game ends after the deal in which someone's total reaches plus or minus this."),
        ),
    }

    turn_words = {
        "split": (
            format_lazy(
                _("Choose the {cards} cards of your first hand."), cards=italian_whist.HAND_SIZE
            ),
            _("Waiting for %(who)s to split."),
        ),
        "joker": (
            _("Say which card your joker stands for."),
            _("Waiting for %(who)s to declare a joker."),
        ),
    }

    def seat_parts(
        self,
        view: Mapping[str, Any],
        legal: list[Mapping[str, Any]],
        seat: int,
        names: Mapping[int, str],
        **kept: Any,
    ) -> dict[str, Any]:
        """The split (how many cards, where the second hand goes, the hands formed)
        and the jokers to declare."""
        return {
            "choose": next((e.get("choose") for e in legal if e.get("type") == "split"), None),
            "joker_choices": faces([e["as"] for e in legal if e.get("type") == "joker"]),
            "joker": _my_joker(view, seat),
            "hand_number": view.get("hand_number"),
            "second_goes": _second_goes(view, seat, names),
            "first_hand": faces(view.get("first_hand")),
            "second_hand": _second_hand(view, names),
        }

    def facts(
        self, game: Any, view: Mapping[str, Any], names: Mapping[int, str], add: AddFact
    ) -> None:
        add(
            str(self.trumps_word),
            "" if view.get("trump") else gettext("no trumps"),
            view.get("trump"),
        )
        passing = view.get("passing", "")
        add(gettext("Second hands"), str(PASSING_WORDS.get(passing, passing)))
        if view.get("hand_number"):
            number = view["hand_number"]
            worth = "+1" if number == 1 else "\u22121"
            add(
                gettext("Hand"),
                gettext("%(number)s of 2 (%(worth)s per trick)")
                % {"number": number, "worth": worth},
            )
        if view.get("first_hand_tricks"):
            add(
                gettext("First hand"),
                ", ".join(
                    f"{seat_name(names, s)} {n}" for s, n in enumerate(view["first_hand_tricks"])
                ),
            )
        for pending in view.get("jokers_to_declare") or []:
            add(
                gettext("To declare"),
                gettext("by %(who)s") % {"who": seat_name(names, pending["seat"])},
                cards=[face(pending["card"])],
            )

    def log_words(self, kind: Any, event: Mapping[str, Any], who: str) -> LogWords | None:
        if kind == "split":
            if event.get("hidden", False):
                return gettext("%(who)s splits their cards.") % {"who": who}, []
            return gettext("%(who)s keeps as first hand") % {"who": who}, log_faces(
                event.get("first")
            )
        if kind == "joker":
            return gettext("%(who)s declares the joker as") % {"who": who}, log_faces(
                [event.get("as")]
            )
        return None

    def deal_row(self, deal_index: int) -> dict[str, Any]:
        """The deal's trumps ("spades" or "none") and passing (left, right, keep)."""
        trump = italian_whist.trump_of_deal(deal_index)
        return {
            "trumps": "spades" if trump == "S" else "none",
            "passing": italian_whist.passing_direction(deal_index),
        }


def _my_joker(view: Mapping[str, Any], seat: int) -> dict[str, Any] | None:
    for pending in view.get("jokers_to_declare") or []:
        if pending["seat"] == seat:
            return {
                "card": face(pending["card"]),
                "suits": [suit_face(s) for s in pending["suits"]],
            }
    return None


def _second_hand(view: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, Any] | None:
    second = view.get("second_hand")
    if not second:
        return None
    return {"cards": faces(second["cards"]), "to": seat_name(names, second["to"])}


def _second_goes(view: Mapping[str, Any], seat: int, names: Mapping[int, str]) -> str | None:
    """During the split: where this seat's second hand will go (the engine's passing)."""
    passing = view.get("passing")
    if view.get("phase") != "split" or passing is None:
        return None
    if passing == "keep":
        return gettext("you keep and play yourself")
    offset = italian_whist.PASS_OFFSET.get(passing, 0)
    return gettext("goes to %(who)s") % {"who": seat_name(names, (seat + offset) % view["players"])}


PROFILE = ItalianWhist()
