"""Tresette: the trick with the leader's signal, thirds per team, and once the first
trick is over the declarations in words (ranks and suits, as the engine gives them).
A leader's card opens its choices: plain, or with each signal the legal actions offer
for it (``volo`` only with the last card of a suit)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.games.base import LogWords, log_faces, seat_name
from tournaments.games.italian import Columns, Fact, ItalianProfile
from tournaments.web.cards import suit_words

SIGNALS = {
    "busso": ("Busso", _("partner, win this trick if you can")),
    "striscio": ("Striscio", _("I hold more of this suit")),
    "volo": ("Volo", _("this is my last card of the suit")),
}
SIGNAL_WORDS = {
    "busso": _("busso: win this trick if you can"),
    "striscio": _("striscio: more of this suit"),
    "volo": _("volo: the last of this suit"),
}
RANK_WORDS = {"3": _("3s"), "2": _("2s"), "A": _("aces")}
THIRD_SIGNS = {0: "", 1: "\u2153", 2: "\u2154"}


class Tresette(ItalianProfile):
    game_type = "tresette"
    home_title = _("Tresette")
    title_words = _("Tresette")
    pdf_rows = 8
    pdf_headings = {"last_trick": _("Last trick")}
    plays_as_moves = True
    move_question = _("with a signal?")
    option_labels = {
        "target": (
            _("Points to win"),
            _("The points a team needs (and more than the other) to win."),
        ),
        "four_of_coins_leads": (
            _("The four of coins leads"),
            _(
                "Whoever holds the four of coins leads the first trick (otherwise the player "
                "after the dealer)."
            ),
        ),  # fmt: skip
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
        if playing:
            columns = [(gettext("Points"), [thirds_words(n) for n in view.get("thirds") or []])]
        declarations = view.get("declarations") or []
        context["declarations"] = [
            {
                "name": seat_name(names, d["seat"]),
                "text": declaration_words(d),
                "points": d["points"],
            }
            for d in declarations
        ]
        if view.get("declarations_shown") and not declarations and playing:
            fact(gettext("Declarations"), gettext("none this deal"))
        return columns

    def move(self, value: str, capture: list[str], signal: str | None) -> dict[str, Any]:
        title, meaning = SIGNALS.get(signal, ("", "")) if signal else ("", "")
        text = f"{title}: {meaning}" if signal else gettext("Play it, no signal")
        aria = gettext(" signalling %(signal)s") % {"signal": signal} if signal else ""
        return {"value": value, "text": text, "cards": [], "aria": aria}

    def log_words(self, kind: Any, event: Mapping[str, Any], who: str) -> LogWords | None:
        """A lead with its signal: "Alice leads (busso: win this trick if you can)"."""
        signal = event.get("signal")
        if kind == "play" and isinstance(signal, str):
            words = SIGNAL_WORDS.get(signal, signal)
            return gettext("%(who)s leads (%(signal)s)") % {"who": who, "signal": words}, log_faces(
                [event.get("card")]
            )
        return None


def _suit(code: str) -> str:
    return suit_words(code)


def thirds_words(value: int) -> str:
    """Thirds as points: 17 → "5⅔"."""
    whole, part = divmod(value, 3)
    if whole == 0 and part:
        return THIRD_SIGNS[part]
    return f"{whole}{THIRD_SIGNS[part]}"


def declaration_words(declaration: Mapping[str, Any]) -> str:
    """A Tresette declaration in words: "napoletana in coins", "three 2s (no ♠)"."""
    kind = declaration.get("combination")
    if kind == "napoletana":
        suit = _suit(declaration.get("suit", ""))
        return gettext("napoletana (3, 2, A) in %(suit)s") % {"suit": suit}
    rank = RANK_WORDS.get(declaration.get("rank", ""), declaration.get("rank", ""))
    if kind == "four":
        return gettext("four %(rank)s") % {"rank": rank}
    missing = declaration.get("missing")
    if missing:
        return gettext("three %(rank)s (no %(suit)s)") % {"rank": rank, "suit": _suit(missing)}
    return gettext("three %(rank)s") % {"rank": rank}


PROFILE = Tresette()
