"""The rummy games, Burraco and Scala 40: what their pages show beyond the common
table, from the engine's view for one viewer only, and the seat's turn controls from
its own legal actions.

- **The family**: the stock's size (face down), the discard pile (its top card and
  how many lie there), the melds on the table with their numbers (tap one to add to
  it), whose turn and which step: draw, then meld / add, then discard.
- **Each game** (its profile): how the melds are grouped and labelled, which step the
  view is in, what the pile offers, its facts, whether a seat must open first, and
  the ways a selection of cards can be written as a meld (wildcards) and checked.

Draws, discards and Scala 40's joker swaps come from the seat's legal actions; melds
and additions are checked when asked (:mod:`tournaments.web.rummy_actions`).
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from engine import EngineError
from tournaments.games import rummy_log
from tournaments.games.base import GameProfile, LogWords, seat_name
from tournaments.services.rule_words import render
from tournaments.web.cards import face, faces

STEP_WORDS = {
    "draw": (_("Your turn: draw from the stock%(pile)s."), _("Waiting for %(who)s to draw.")),
    "meld": (
        _("Meld or add cards, then discard one."),
        _("Waiting for %(who)s to meld and discard."),
    ),
}
RANK_WORDS = {"T": "10"}


@dataclass
class Answer:
    """What the meld check says: ``ok``, a ``text`` to show, the wildcard ``choices``
    (value, label) when there is more than one, and the one ``chosen``."""

    ok: bool
    text: str
    choices: list[tuple[str, str]] = field(default_factory=list)
    chosen: str = ""


def token_face(token: str) -> dict[str, Any]:
    """A card of a meld: its face, and for a named joker (``RJ=7H``) what it stands for."""
    held, _, named = token.partition("=")
    return {"face": face(held), "as": face(named) if named else None}


def stands_words(stands: str) -> str:
    """What a wildcard stands for in words: "as 6♥", "as a K", "as itself"."""
    if not stands:
        return gettext("as a natural card")
    if len(stands) == 1:
        return gettext("as a %(rank)s") % {"rank": RANK_WORDS.get(stands, stands)}
    return gettext("as %(card)s") % {"card": face(stands).short}


def engine_reason(state: Any, event: dict[str, Any]) -> str | None:
    """The engine's reason for refusing ``event`` now (on a copy: nothing changes)."""
    trial = copy.deepcopy(state)
    try:
        trial.apply(event)
    except EngineError as error:
        return render(error)  # the reader's language, seats counted from 1
    return None


class RummyProfile(GameProfile):
    rule_event_words: Mapping[str, Any] = {
        "draw": pgettext_lazy("rule event", "draw"),
        "meld": pgettext_lazy("rule event", "meld"),
        "add": pgettext_lazy("rule event", "add"),
        "discard": pgettext_lazy("rule event", "discard"),
    }
    rule_phase_words: Mapping[str, Any] = {
        "draw": pgettext_lazy("rule phase", "draw"),
        "meld": pgettext_lazy("rule phase", "meld"),
    }
    """Burraco and Scala 40: the table of piles and melds, the turn of draw, meld and
    discard. Subclasses say what differs (the hooks below)."""

    melds = True
    table_template = "games/_rummy_table.html"
    hand_template = "games/_rummy_turn.html"
    whole_pile = False
    """The discard pile is taken whole: all of it is shown, not just its top, and the
    cards a seat was seen taking with it are shown beside the seat while a hand is on."""

    # ------------------------------------------------------------------ hooks

    def step_of(self, view: Mapping[str, Any]) -> str | None:
        """``draw`` or ``meld`` while a seat is on its turn, else ``None``."""
        return None

    def meld_groups(
        self,
        context: dict[str, Any],
        view: Mapping[str, Any],
        names: Mapping[int, str],
        me: int | None,
    ) -> list[dict[str, Any]]:
        """The melds on the table in groups: ``label``, ``mine`` and ``melds``."""
        return []

    def rummy_facts(
        self, context: dict[str, Any], view: Mapping[str, Any]
    ) -> list[tuple[str, str]]:
        """The game's facts (label, text) while a hand is played."""
        return []

    def pile_words(self, view: Mapping[str, Any], me: int) -> str:
        """What the seat to draw may take besides the stock (" or take …")."""
        return ""

    def must_open(self, view: Mapping[str, Any]) -> bool:
        """Whether the seat must lay an opening before anything else."""
        return False

    def meld_tokens(
        self, state: Any, seat: int, codes: list[str], meld: int | None, chosen: str
    ) -> tuple[list[str], Answer]:
        """The selected cards as the event writes them, and the choices the page
        offers for what a wildcard stands for."""
        return codes, Answer(True, "")

    def check_tokens(
        self,
        state: Any,
        seat: int,
        tokens: list[str],
        meld: int | None,
        target: str,
        staged: list[list[str]],
        answer: Answer,
    ) -> Answer:
        """The engine's answer on the selection written as ``tokens``: a new meld
        (``meld`` None), an addition to ``meld``, or part of an opening."""
        return answer

    # ------------------------------------------------------------------ the table

    def extend_board(
        self,
        context: dict[str, Any],
        view: Mapping[str, Any],
        names: Mapping[int, str],
        me: int | None,
    ) -> None:
        """Add the rummy table to ``context`` (in place): ``rummy`` for the templates,
        facts, seat badges and the turn in words with its step."""
        step = self.step_of(view)
        playing = step is not None and context["status"] == "active"
        pile = view.get("discard_pile") or []
        groups = self.meld_groups(context, view, names, me)
        context["rummy"] = {
            "kind": self.game_type,
            "whole_pile": self.whole_pile,
            "playing": playing,
            "step": step,
            "stock": view.get("stock_size", 0),
            "pile_top": face(pile[-1]) if pile else None,
            "pile_count": len(pile),
            "pile": faces(pile[:-1]) if self.whole_pile else [],
            "groups": groups,
            "any_melds": any(g["melds"] for g in groups),
            "must_use": face(view["must_use"]) if view.get("must_use") else None,
        }
        if playing:
            for label, text in self.rummy_facts(context, view):
                context["facts"].append({"label": label, "text": text, "suit": None, "cards": []})
        _badges(context, view, self.whole_pile and playing)
        self._turn_words(context, view, names, me, step)

    def _turn_words(
        self,
        context: dict[str, Any],
        view: Mapping[str, Any],
        names: Mapping[int, str],
        me: int | None,
        step: str | None,
    ) -> None:
        turn = context["turn"]
        if step is None or context["status"] != "active" or view.get("over"):
            return
        acting = view.get("to_act")
        if not isinstance(acting, int):
            return
        if me == acting:
            text = STEP_WORDS[step][0] % {"pile": self.pile_words(view, me)}
            if step == "meld" and view.get("must_use"):
                text = gettext("Use the %(card)s you took in a meld, then discard.") % {
                    "card": face(view["must_use"]).short
                }
            turn.update({"mine": True, "text": text})
        else:
            waiting = STEP_WORDS[step][1] % {"who": seat_name(names, acting)}
            turn.update({"mine": False, "text": waiting})
        context["rummy"]["step_label"] = {
            "draw": gettext("1 · draw"),
            "meld": gettext("2 · meld, then discard"),
        }[step]

    # ------------------------------------------------------------------ the seat's turn

    def seat_parts(
        self,
        view: Mapping[str, Any],
        legal: list[Mapping[str, Any]],
        seat: int,
        names: Mapping[int, str],
        staged: list[list[str]] | None = None,
        keep: list[str] | None = None,
        **kept: Any,
    ) -> dict[str, Any]:
        """The seat's turn controls: the hand as selectable cards (less the cards staged
        for an opening, ``keep`` selected again after a refusal), the draws and joker
        swaps its legal actions offer, and the melds it may add to."""
        staged = staged or []
        taken = Counter(t.partition("=")[0] for meld in staged for t in meld)
        kept = Counter(keep or [])
        hand = []
        for code in view.get("hand") or []:
            if taken[code]:
                taken[code] -= 1
                continue
            picked = kept[code] > 0
            if picked:
                kept[code] -= 1
            hand.append({"face": face(code), "selected": picked})
        swaps = [
            {"value": f"{e['meld']} {e['card']}", "card": face(e["card"]), "number": e["meld"] + 1}
            for e in legal
            if e.get("type") == "swap"
        ]
        return {
            "rummy_hand": hand,
            "rummy_draws": [e.get("from") for e in legal if e.get("type") == "draw"],
            "rummy_swaps": swaps,
            "rummy_discards": sorted({e["card"] for e in legal if e.get("type") == "discard"}),
            "rummy_melding": bool(legal) and self.step_of(view) == "meld",
            "rummy_must_open": self.must_open(view),
            "rummy_staged": [
                {"value": " ".join(m), "cards": [token_face(t) for t in m]} for m in staged
            ],
        }

    # ------------------------------------------------------------------ the log

    def log_words(self, kind: Any, event: Mapping[str, Any], who: str) -> LogWords | None:
        if kind in rummy_log.EVENTS:
            return rummy_log.event_words(kind, event, who)
        return None


def _badges(context: dict[str, Any], view: Mapping[str, Any], known: bool) -> None:
    opened = view.get("opened") or []
    out = view.get("out") or []
    held = view.get("known_held") or []
    for seat in context["seats"]:
        number = seat["number"]
        if number < len(out) and out[number]:
            seat["badges"].append(gettext("out"))
        elif number < len(opened) and opened[number]:
            seat["badges"].append(gettext("opened"))
        if known and number < len(held) and held[number]:
            seat["known"] = faces(held[number])
