"""Burraco: the melds per side (what a wildcard stands for, clean or dirty burraco),
the whole discard pile (it is taken whole), the pozzetti left and which side took
one, the cards each seat was seen taking with the pile.

**Wildcards.** A sequence is written low to high and where its wildcard stands says
what it stands for. The page's selection is written in every plausible order
(naturals low to high with the ace low or high, the joker or a 2 in each place) and
each order is asked of the engine (``Burraco.check_meld`` / ``check_addition``); the
distinct melds that come out are the choices, each named by what its wildcard stands
for (``joker_as`` is then that written order).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from engine import Card
from tournaments.games.rummy import Answer, RummyProfile, stands_words
from tournaments.web.cards import face

BURRACO_WORDS = {"clean": _("clean burraco"), "dirty": _("dirty burraco")}


class Burraco(RummyProfile):
    game_type = "burraco"
    home_title = _("Burraco")
    title_words = _("Burraco")
    whole_pile = True
    pdf_headings = {
        "closed": _("Closed by"),
        "melded": _("melded"),
        "clean": _("clean"),
        "dirty": _("dirty"),
        "hand": _("in hand"),
        "pozzetto": _("pozzetto"),
    }
    option_labels = {
        "target": (
            _("Points to win"),
            _(
                "0 plays a single hand; otherwise the game ends after a hand in which a side "
                "has at least this many points and more than the other."
            ),
        ),  # fmt: skip
    }

    def step_of(self, view: Mapping[str, Any]) -> str | None:
        return view["phase"] if view["phase"] in ("draw", "meld") else None

    def meld_groups(
        self,
        context: dict[str, Any],
        view: Mapping[str, Any],
        names: Mapping[int, str],
        me: int | None,
    ) -> list[dict[str, Any]]:
        groups = []
        for side, melds in enumerate(view.get("melds") or [[], []]):
            label = context["sides"][side]["label"] if side < len(context["sides"]) else ""
            mine = me is not None and me % 2 == side
            groups.append(
                {
                    "label": gettext("%(side)s (you)") % {"side": label} if mine else label,
                    "mine": mine,
                    "melds": [_meld(i, m) for i, m in enumerate(melds)],
                }
            )
        return groups

    def rummy_facts(
        self, context: dict[str, Any], view: Mapping[str, Any]
    ) -> list[tuple[str, str]]:
        taken = view.get("pozzetto_taken") or [False, False]
        took = [context["sides"][s]["label"] for s in (0, 1) if taken[s]]
        left = view.get("pozzetti_left", 0)
        if took:
            who = pgettext("between names", " and ").join(took)
            text = gettext("%(left)s left; taken by %(who)s") % {"left": left, "who": who}
        else:
            text = gettext("%(left)s left") % {"left": left}
        return [(gettext("Pozzetti"), text)]

    def pile_words(self, view: Mapping[str, Any], me: int) -> str:
        return gettext(" or take the discard pile")

    def meld_tokens(
        self, state: Any, seat: int, codes: list[str], meld: int | None, chosen: str
    ) -> tuple[list[str], Answer]:
        choices, reason = _choices(state, seat, codes, meld)
        values = [value for value, _ in choices]
        pick = chosen if chosen in values else (values[0] if len(values) == 1 else "")
        tokens = pick.split() if pick else codes
        if not choices:
            return tokens, Answer(False, reason)
        return tokens, Answer(bool(pick), "", choices if len(choices) > 1 else [], pick)

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
        result = (
            state.check_meld(seat, tokens)
            if meld is None
            else state.check_addition(seat, meld, tokens)
        )
        answer.ok, answer.text = result.ok, (result.reason or _meld_words(result.meld))
        return answer


def _meld(index: int, meld: Mapping[str, Any]) -> dict[str, Any]:
    stands = meld.get("as")
    note = []
    if meld.get("burraco"):
        note.append(_burraco_kind(meld["burraco"]))
    if stands:
        note.append(
            gettext("wildcard as %(card)s") % {"card": face(stands).short}
            if len(stands) > 1
            else gettext("wildcard as a %(rank)s") % {"rank": "10" if stands == "T" else stands}
        )
    return {
        "index": index,
        "number": index + 1,
        "cards": [{"face": face(c), "as": None} for c in meld.get("cards") or []],
        "note": ", ".join(note),
        "owner": "",
        "burraco": meld.get("burraco"),
    }


def _meld_words(meld: Any) -> str:
    if meld is None:
        return ""
    count = len(meld.cards)
    if meld.burraco:
        kind = _burraco_kind(meld.burraco)
        if meld.is_sequence:
            words = gettext("A legal sequence of %(count)s cards: a %(burraco)s.")
        else:
            words = gettext("A legal group of %(count)s cards: a %(burraco)s.")
        return words % {"count": count, "burraco": kind}
    if meld.is_sequence:
        return gettext("A legal sequence of %(count)s cards.") % {"count": count}
    return gettext("A legal group of %(count)s cards.") % {"count": count}


def _burraco_kind(kind: str) -> str:
    """ "clean burraco", "dirty burraco" (the engine's kind, in words)."""
    return str(BURRACO_WORDS[kind]) if kind in BURRACO_WORDS else f"{kind} burraco"


def is_wild(card: Card) -> bool:
    return card.is_joker or card.rank == 2


def orders(codes: list[str]) -> list[list[str]]:
    """Plausible written orders of ``codes`` (see the module's docstring)."""
    cards = [Card.parse(c) for c in codes]

    def rank(card: Card, ace_low: bool) -> int:
        if card.is_joker:
            return 99
        assert card.rank is not None
        return 1 if ace_low and card.rank == 14 else card.rank

    found: list[list[str]] = []
    movable = [i for i, c in enumerate(cards) if is_wild(c)]
    for ace_low in (True, False):
        ranked = sorted(cards, key=lambda c: rank(c, ace_low))
        found.append(
            [c.code for c in ranked if not c.is_joker] + [c.code for c in ranked if c.is_joker]
        )
        for index in movable:
            moving = cards[index]
            rest = sorted(
                (c for i, c in enumerate(cards) if i != index), key=lambda c: rank(c, ace_low)
            )
            for place in range(len(rest) + 1):
                found.append(
                    [c.code for c in rest[:place]] + [moving.code] + [c.code for c in rest[place:]]
                )
    unique: list[list[str]] = []
    for order in found:
        if order not in unique:
            unique.append(order)
    return unique


def _choices(
    state: Any, seat: int, codes: list[str], meld: int | None
) -> tuple[list[tuple[str, str]], str]:
    """Legal ways (value: the written order, label: what the wildcard stands for) and
    the engine's reason for the first way when none is legal."""
    found: dict[str, tuple[str, str]] = {}
    reason = ""
    for order in orders(codes):
        if meld is None:
            check = state.check_meld(seat, order)
        else:
            check = state.check_addition(seat, meld, order)
        if not check.ok:
            reason = reason or check.reason
            continue
        stands = check.meld.stands_for or ""
        if stands not in found:
            found[stands] = (" ".join(order), stands_words(stands))
    return list(found.values()), reason


PROFILE = Burraco()
