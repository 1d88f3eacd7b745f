"""Briscola: the face-up briscola (and who drew it), the stock's size, each side's
card points so far, games won in a match."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from engine.options import Option
from tournaments.games.base import seat_name
from tournaments.games.italian import Columns, Fact, ItalianProfile
from tournaments.web.cards import face

SUITS = {"H": _("hearts"), "D": _("diamonds"), "C": _("clubs"), "S": _("spades")}


class Briscola(ItalianProfile):
    game_type = "briscola"
    home_title = _("Briscola")
    title_words = _("Briscola")
    option_labels = {
        "games": (_("Games in the match"), _("How many deals make a match.")),
        "removed_card": (
            _("Card taken out (three players)"),
            _("With three players one two is taken out of the deck."),
        ),
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
        if view.get("briscola"):
            holder = view.get("briscola_holder")
            where = (
                gettext("drawn by %(who)s") % {"who": seat_name(names, holder)}
                if holder is not None
                else gettext("under the stock")
            )
            fact(gettext("Briscola"), where, [face(view["briscola"])])
        if playing:
            fact(
                gettext("Stock"),
                gettext("%(cards)s cards to draw") % {"cards": view.get("stock_size", 0)},
            )
            columns = [(gettext("Points"), [str(n) for n in view.get("points") or []])]
        if view.get("removed_card"):
            fact(gettext("Out of the deck"), "", [face(view["removed_card"])])
        if (view.get("games") or 1) > 1:
            won = zip(context["sides"], view.get("games_won") or [], strict=False)
            tally = ", ".join(f"{s['label']} {n}" for s, n in won)
            fact(
                gettext("Match"),
                gettext("%(games)s games; won %(tally)s")
                % {"games": view["games"], "tally": tally},
            )
        return columns

    def option_field(self, option: Option, common: Mapping[str, Any]) -> Any:
        """The card taken out with three players is one of the twos: a choice of four."""
        if option.kind == "card" and option.name == "removed_card":
            twos = [(f"2{s}", _("the two of %(suit)s") % {"suit": w}) for s, w in SUITS.items()]
            return forms.ChoiceField(choices=twos, **common)
        return None


PROFILE = Briscola()
