"""Scopa: the cards on the table (no trick), the stock's size, per side the cards
captured and the scope, the last capture and the last play, the last round's count.
A card that can capture in several ways is one tap to open its choices, then one tap
on the capture wanted."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from tournaments.games.base import log_faces, seat_name
from tournaments.games.italian import Columns, Fact, ItalianProfile
from tournaments.web.cards import face, faces


class Scopa(ItalianProfile):
    game_type = "scopa"
    home_title = _("Scopa")
    title_words = _("Scopa")
    default = True
    pdf_rows = 10
    pdf_headings = {"settebello": _("Settebello")}
    table_template = "games/_scopa_table.html"
    plays_as_moves = True
    move_question = _("which cards does it take?")
    option_labels = {
        "target": (
            _("Points to win"),
            _(
                "The game ends after a round in which a side has at least this many points "
                "and more than every other side."
            ),
        ),  # fmt: skip
        "last_sweep_counts": (
            _("A sweep on the last play counts as a scopa"),
            _("Clearing the table with the very last card of a round scores a scopa."),
        ),
        "primiera_needs_all_suits": (
            _("The primiera needs all four suits"),
            _("A side missing a suit cannot win the primiera."),
        ),
        "refill": (
            _("New cards"),
            _("When the players get more cards from the stock."),
        ),
    }
    option_choices = {
        "refill": {
            "deal": _("Three more cards each when every hand is empty"),
            "each_play": _("Draw a card from the stock after each play"),
        },
    }

    def board(
        self,
        context: dict[str, Any],
        view: Mapping[str, Any],
        names: Mapping[int, str],
        playing: bool,
        fact: Fact,
    ) -> Columns:
        columns: Columns = []
        context["table_cards"] = faces(view.get("table")) if playing else None
        if playing:
            fact(
                gettext("Stock"),
                gettext("%(cards)s cards face down") % {"cards": view.get("stock_size", 0)},
            )
            if view.get("last_capturer") is not None:
                fact(gettext("Last capture"), seat_name(names, view["last_capturer"]))
            columns = [
                (gettext("Taken"), [str(n) for n in view.get("captured") or []]),
                (gettext("Scope"), [str(n) for n in view.get("scope") or []]),
            ]
        last = view.get("last_play")
        if last and playing:
            fact(gettext("Last play"), _last_play_words(last, names), [face(last["card"])])
        if view.get("last_round") and not playing:
            fact(gettext("Last round"), _last_round_words(view["last_round"], context["sides"]))
        return columns

    def move(self, value: str, capture: list[str], signal: str | None) -> dict[str, Any]:
        taken = faces(capture)
        text = gettext("Take") if taken else gettext("Lay it on the table")
        words = pgettext("between cards", " and ").join(c.name for c in taken)
        aria = (
            gettext(", taking the %(cards)s") % {"cards": words}
            if taken
            else gettext(", laying it on the table")
        )
        return {"value": value, "text": text, "cards": taken, "aria": aria}

    def log_extra(self, event: Mapping[str, Any]) -> dict[str, Any]:
        """ "Alice plays 7♦ and takes 3♦ 4♣"."""
        capture = event.get("capture") if event.get("type") == "play" else None
        if isinstance(capture, list) and capture:
            return {"then": gettext("and takes"), "taken": log_faces(capture)}
        return {}


def _last_play_words(last: Mapping[str, Any], names: Mapping[int, str]) -> str:
    who = seat_name(names, last["seat"])
    taken = last.get("capture") or []
    if not taken:
        return gettext("laid by %(who)s") % {"who": who}
    shown = " ".join(face(code).short for code in taken)
    if last.get("scopa"):
        return gettext("by %(who)s, taking %(cards)s — scopa!") % {"who": who, "cards": shown}
    return gettext("by %(who)s, taking %(cards)s") % {"who": who, "cards": shown}


def _last_round_words(last_round: Mapping[str, Any], sides: list[dict[str, Any]]) -> str:
    count = last_round.get("count") or {}
    labels = [s["label"] for s in sides]

    def per_side(key: str) -> str:
        return "\u2013".join(str(v) for v in count.get(key) or [])

    parts = [
        gettext("cards %(count)s") % {"count": per_side("cards")},
        gettext("coins %(count)s") % {"count": per_side("coins")},
    ]
    settebello = count.get("settebello")
    if isinstance(settebello, int) and settebello < len(labels):
        parts.append(gettext("settebello %(who)s") % {"who": labels[settebello]})
    parts += [
        gettext("primiera %(count)s") % {"count": per_side("primiera")},
        gettext("scope %(count)s") % {"count": per_side("scope")},
    ]
    return ", ".join(parts)


PROFILE = Scopa()
