"""Scala 40: every meld with who laid it and the joker's name, who has opened and who
is out, the card taken from the discard pile that must be used this turn; a seat
that has not opened builds its opening on the page (melds staged one by one).

**Jokers.** A joker is named when laid (``"RJ=7H"``). Every natural card is tried as
its name with ``scala40_melds.check_meld`` (a new meld) or ``extend_meld`` (an
addition) and the names that make a meld are the choices.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from engine import Card
from engine.games import scala40_melds
from tournaments.games.base import seat_name
from tournaments.games.rummy import (
    Answer,
    RummyProfile,
    engine_reason,
    stands_words,
    token_face,
)

NATURALS = [Card.parse(r + s) for s in "SHDC" for r in "23456789TJQKA"]


class Scala40(RummyProfile):
    rule_event_words = {
        **RummyProfile.rule_event_words,
        "open": pgettext_lazy("rule event", "open"),
        "swap": pgettext_lazy("rule event", "swap"),
        "reshuffle": pgettext_lazy("rule event", "reshuffle"),
    }
    rule_phase_words = {
        **RummyProfile.rule_phase_words,
        "reshuffle": pgettext_lazy("rule phase", "reshuffle"),
    }
    game_type = "scala40"
    home_title = _("Scala Quaranta")
    title_words = _("Scala Quaranta")
    pdf_headings = {"closed": _("Closed by"), "hand": _("in hand")}
    option_labels = {
        "limit": (
            _("Points limit"),
            _("A player whose total reaches this is out of the game."),
        ),
        "reshuffles": (
            _("Reshuffles of the discard pile"),
            _(
                "How many times a hand's discards may become a new stock; after that the hand "
                "is void."
            ),
        ),
    }

    def step_of(self, view: Mapping[str, Any]) -> str | None:
        """Scala 40's ``play`` step is the family's meld step."""
        step = view.get("step")
        return {"draw": "draw", "play": "meld"}.get(step) if view["phase"] == "play" else None

    def meld_groups(
        self,
        context: dict[str, Any],
        view: Mapping[str, Any],
        names: Mapping[int, str],
        me: int | None,
    ) -> list[dict[str, Any]]:
        melds = view.get("melds") or []
        return [
            {
                "label": gettext("On the table"),
                "mine": True,
                "melds": [_meld(i, m, names) for i, m in enumerate(melds)],
            }
        ]

    def rummy_facts(
        self, context: dict[str, Any], view: Mapping[str, Any]
    ) -> list[tuple[str, str]]:
        return [(gettext("Out at"), str(view.get("limit")))]

    def pile_words(self, view: Mapping[str, Any], me: int) -> str:
        return gettext(" or take the top discard") if view.get("opened", [False])[me] else ""

    def must_open(self, view: Mapping[str, Any]) -> bool:
        opened = view.get("opened")
        seat = view.get("seat")
        return isinstance(seat, int) and opened is not None and not opened[seat]

    def meld_tokens(
        self, state: Any, seat: int, codes: list[str], meld: int | None, chosen: str
    ) -> tuple[list[str], Answer]:
        choices = joker_names(state, codes, meld)
        joker = next((c for c in codes if Card.parse(c).is_joker), None)
        values = [value for value, _ in choices]
        pick = chosen if chosen in values else (values[0] if len(values) == 1 else "")
        name = pick or chosen
        tokens = [f"{c}={name}" if c == joker and name else c for c in codes]
        return tokens, Answer(True, "", choices if len(choices) > 1 else [], pick)

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
        if target == "open":
            alone = state.check_meld_for(seat, tokens) if tokens else None
            if alone is not None and not alone.ok:
                answer.ok, answer.text = False, alone.reason or ""
                return answer
            melds = [*staged, tokens] if tokens else staged
            values = [scala40_melds.check_meld(m) for m in melds]
            total = sum(v.value for v in values if v.ok)
            reason = engine_reason(state, {"type": "open", "seat": seat, "melds": melds})
            first = _worth_words(alone.kind, alone.value) + " " if alone is not None else ""
            answer.ok = reason is None
            answer.text = first + (
                gettext("Opening now: %(total)s in all.") % {"total": total}
                if reason is None
                else gettext("Not yet an opening: %(reason)s") % {"reason": reason}
            )
            return answer
        if meld is None:
            result = state.check_meld_for(seat, tokens)
            answer.ok = result.ok
            answer.text = result.reason or _legal_words(result.kind, result.value)
            return answer
        reason = engine_reason(state, {"type": "add", "seat": seat, "meld": meld, "cards": tokens})
        answer.ok = reason is None
        answer.text = reason or gettext("Fits meld %(number)s.") % {"number": meld + 1}
        return answer


def _worth_words(kind: str | None, value: int) -> str:
    """ "A sequence worth 24." (the kind of meld an engine's check found)."""
    if kind == scala40_melds.SEQUENCE:
        return gettext("A sequence worth %(value)s.") % {"value": value}
    if kind == scala40_melds.SET:
        return gettext("A set worth %(value)s.") % {"value": value}
    return gettext("A %(kind)s worth %(value)s.") % {"kind": kind, "value": value}


def _legal_words(kind: str | None, value: int) -> str:
    """ "A legal sequence worth 24."."""
    if kind == scala40_melds.SEQUENCE:
        return gettext("A legal sequence worth %(value)s.") % {"value": value}
    if kind == scala40_melds.SET:
        return gettext("A legal set worth %(value)s.") % {"value": value}
    return gettext("A legal %(kind)s worth %(value)s.") % {"kind": kind, "value": value}


def _meld(index: int, meld: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, Any]:
    cards = [token_face(t) for t in meld.get("cards") or []]
    joker = next((c for c in cards if c["as"] is not None), None)
    owner = meld.get("owner")
    return {
        "index": index,
        "number": index + 1,
        "cards": cards,
        "note": gettext("joker as %(card)s") % {"card": joker["as"].short} if joker else "",
        "owner": seat_name(names, owner) if isinstance(owner, int) and owner >= 0 else "",
        "burraco": None,
    }


def joker_names(state: Any, codes: list[str], meld: int | None) -> list[tuple[str, str]]:
    """Names (value: the card the joker stands for) that make the selection a meld (or
    fit meld ``meld``), by the meld rules alone."""
    jokers = [c for c in codes if Card.parse(c).is_joker]
    if len(jokers) != 1:
        return []
    names = []
    for name in NATURALS:
        tokens = [f"{c}={name.code}" if c == jokers[0] else c for c in codes]
        if meld is None:
            ok = scala40_melds.check_meld(tokens).ok
        else:
            try:
                slots = [scala40_melds.parse_token(t) for t in tokens]
                scala40_melds.extend_meld(state.melds[meld], slots)
                ok = True
            except (scala40_melds.MeldError, IndexError):
                ok = False
        if ok:
            names.append((name.code, stands_words(name.code)))
    return names


PROFILE = Scala40()
