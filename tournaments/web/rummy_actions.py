"""Burraco and Scala 40 on the seat page: from the turn form to an event, and the
"is this meld legal, and if not why" answer the page asks for before submitting.

The form sends the cards selected in the hand (``cards``, one value per copy), what
to do with them (``action``: ``draw_stock``, ``draw_discard``, ``meld``, ``add`` with
``meld`` the meld's index, ``discard``, ``swap N CARD``, Scala 40's ``open`` with the
``staged`` melds, and ``stage`` / ``unstage N`` while building it) and, when a
wildcard could stand for more than one card, which (``joker_as``).

**Wildcards.** The player picks cards, not a written order, so the page works out the
ways the selection can be laid and offers only those the engine accepts:

- Burraco: a sequence is written low to high and where its wildcard stands says what
  it stands for. The selection is written in every plausible order (naturals low to
  high with the ace low or high, the joker or a 2 in each place) and each order is
  asked of the engine (``Burraco.check_meld`` / ``check_addition``); the distinct
  melds that come out are the choices, each named by what its wildcard stands for
  (``joker_as`` is then that written order).
- Scala 40: a joker is named when laid (``"RJ=7H"``). Every natural card is tried as
  its name with ``scala40_melds.check_meld`` (a new meld) or ``extend_meld`` (an
  addition) and the names that make a meld are the choices.

One choice is used without asking; several make the page show a small select. The
final event is validated by the engine as always: a refusal changes nothing.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine import Card, EngineError
from engine.games import scala40_melds
from tournaments.models import Game
from tournaments.services.games import read_state
from tournaments.services.numbering import count_from_one
from tournaments.web.cards import face
from tournaments.web.tallies import FormProblem
from tournaments.web.words import engine_sentence

RUMMY = ("burraco", "scala40")
KINDS = ("draw_stock", "draw_discard", "meld", "add", "discard", "swap", "open")
STAGING = ("stage", "unstage")
"""Scala 40's opening is built on the page (melds staged one by one), then sent whole."""
RANK_WORDS = {"T": "10"}
NATURALS = [Card.parse(r + s) for s in "SHDC" for r in "23456789TJQKA"]


@dataclass
class Answer:
    """What the meld check says: ``ok``, a ``text`` to show, the wildcard ``choices``
    (value, label) when there is more than one, and the one ``chosen``."""

    ok: bool
    text: str
    choices: list[tuple[str, str]] = field(default_factory=list)
    chosen: str = ""


def verb(action: Any) -> str:
    """The first word of a button's ``action`` ("swap 3 7H": swap meld 3's joker for
    the 7H; "unstage 0": take back the first staged meld); the rest are arguments."""
    words = str(action or "").split()
    return words[0] if words else ""


def _arguments(data: Mapping[str, Any]) -> list[str]:
    return str(data.get("action") or "").split()[1:]


def selected(data: Mapping[str, Any]) -> list[str]:
    getlist = getattr(data, "getlist", None)
    codes = getlist("cards") if getlist else list(data.get("cards") or [])
    return [c for c in codes if isinstance(c, str) and c]


def staged_melds(data: Mapping[str, Any]) -> list[list[str]]:
    getlist = getattr(data, "getlist", None)
    raw = getlist("staged") if getlist else list(data.get("staged") or [])
    return [line.split() for line in raw if isinstance(line, str) and line.split()]


def _meld_index(data: Mapping[str, Any]) -> int:
    try:
        return int(str(data.get("meld", "")))
    except ValueError:
        raise FormProblem("Tap the meld to add to (or choose it in the list).") from None


# ---------------------------------------------------------------------- ways to lay cards


def _is_wild(game_type: str, card: Card) -> bool:
    return card.is_joker or (game_type == "burraco" and card.rank == 2)


def burraco_orders(codes: list[str]) -> list[list[str]]:
    """Plausible written orders of ``codes`` (see the module's docstring)."""
    cards = [Card.parse(c) for c in codes]

    def rank(card: Card, ace_low: bool) -> int:
        if card.is_joker:
            return 99
        assert card.rank is not None
        return 1 if ace_low and card.rank == 14 else card.rank

    orders: list[list[str]] = []
    movable = [i for i, c in enumerate(cards) if _is_wild("burraco", c)]
    for ace_low in (True, False):
        ranked = sorted(cards, key=lambda c: rank(c, ace_low))
        orders.append(
            [c.code for c in ranked if not c.is_joker] + [c.code for c in ranked if c.is_joker]
        )
        for index in movable:
            moving = cards[index]
            rest = sorted(
                (c for i, c in enumerate(cards) if i != index), key=lambda c: rank(c, ace_low)
            )
            for place in range(len(rest) + 1):
                orders.append(
                    [c.code for c in rest[:place]] + [moving.code] + [c.code for c in rest[place:]]
                )
    unique: list[list[str]] = []
    for order in orders:
        if order not in unique:
            unique.append(order)
    return unique


def _burraco_choices(
    state: Any, seat: int, codes: list[str], meld: int | None
) -> tuple[list[tuple[str, str]], str]:
    """Legal ways (value: the written order, label: what the wildcard stands for) and
    the engine's reason for the first way when none is legal."""
    found: dict[str, tuple[str, str]] = {}
    reason = ""
    for order in burraco_orders(codes):
        if meld is None:
            check = state.check_meld(seat, order)
        else:
            check = state.check_addition(seat, meld, order)
        if not check.ok:
            reason = reason or check.reason
            continue
        stands = check.meld.stands_for or ""
        if stands not in found:
            found[stands] = (" ".join(order), _stands_words(stands))
    return list(found.values()), reason


def _scala40_choices(state: Any, codes: list[str], meld: int | None) -> list[tuple[str, str]]:
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
            names.append((name.code, _stands_words(name.code)))
    return names


def _stands_words(stands: str) -> str:
    """What a wildcard stands for in words: "as 6♥", "as a K", "as itself"."""
    if not stands:
        return "as a natural card"
    if len(stands) == 1:
        return f"as a {RANK_WORDS.get(stands, stands)}"
    return f"as {face(stands).short}"


def tokens_for(
    game_type: str, state: Any, seat: int, codes: list[str], meld: int | None, chosen: str
) -> tuple[list[str], Answer]:
    """The cards as the event writes them, and the choices the page offers."""
    if game_type == "burraco":
        choices, reason = _burraco_choices(state, seat, codes, meld)
        values = [value for value, _ in choices]
        pick = chosen if chosen in values else (values[0] if len(values) == 1 else "")
        tokens = pick.split() if pick else codes
        if not choices:
            return tokens, Answer(False, reason)
        return tokens, Answer(bool(pick), "", choices if len(choices) > 1 else [], pick)
    choices = _scala40_choices(state, codes, meld)
    joker = next((c for c in codes if Card.parse(c).is_joker), None)
    values = [value for value, _ in choices]
    pick = chosen if chosen in values else (values[0] if len(values) == 1 else "")
    name = pick or chosen
    tokens = [f"{c}={name}" if c == joker and name else c for c in codes]
    return tokens, Answer(True, "", choices if len(choices) > 1 else [], pick)


# ---------------------------------------------------------------------- form to event


def event_from_form(game: Game, seat: int, data: Mapping[str, Any]) -> dict[str, Any]:
    """The event the rummy turn form describes (its legality is the engine's)."""
    kind = verb(data.get("action"))
    if kind in ("draw_stock", "draw_discard"):
        return {
            "type": "draw",
            "seat": seat,
            "from": "stock" if kind == "draw_stock" else "discard",
        }
    codes = selected(data)
    if kind == "discard":
        if len(codes) != 1:
            raise FormProblem("Select exactly one card to discard.")
        return {"type": "discard", "seat": seat, "card": codes[0]}
    if kind == "swap":
        parts = _arguments(data)
        if len(parts) != 2 or not parts[0].isdigit():
            raise FormProblem("Choose the joker swap to make.")
        return {"type": "swap", "seat": seat, "meld": int(parts[0]), "card": parts[1]}
    chosen = str(data.get("joker_as", ""))
    if kind == "open":
        melds = staged_melds(data)
        if codes:
            tokens, _ = read_state(
                game, lambda s: tokens_for(game.game_type, s, seat, codes, None, chosen)
            )
            melds.append(tokens)
        if not melds:
            raise FormProblem("Stage the melds of your opening first.")
        return {"type": "open", "seat": seat, "melds": melds}
    if kind not in ("meld", "add"):
        raise FormProblem("That form was not understood; the table has been refreshed.")
    if not codes:
        raise FormProblem("Select the cards in your hand first.")
    meld = _meld_index(data) if kind == "add" else None
    tokens, answer = read_state(
        game, lambda s: tokens_for(game.game_type, s, seat, codes, meld, chosen)
    )
    if answer.choices and not answer.chosen:
        raise FormProblem("Say what the joker (or wildcard) stands for first.")
    if kind == "add":
        return {"type": "add", "seat": seat, "meld": meld, "cards": tokens}
    return {"type": "meld", "seat": seat, "cards": tokens}


# ---------------------------------------------------------------------- the meld check


def _try(state: Any, event: dict[str, Any]) -> str | None:
    """The engine's reason for refusing ``event`` now (on a copy: nothing changes)."""
    trial = copy.deepcopy(state)
    try:
        trial.apply(event)
    except EngineError as error:
        return count_from_one(str(error))
    return None


def check(game: Game, seat: int, data: Mapping[str, Any]) -> Answer:
    """Is the selection legal as a new meld (``meld`` empty), as an addition to meld
    ``meld``, or (``target`` = ``open``) with the staged melds as an opening? The
    engine's answer, without changing anything."""
    codes = selected(data)
    target = str(data.get("target", ""))
    staged = staged_melds(data)
    if not codes and not (target == "open" and staged):
        return Answer(False, "Select cards in your hand to check a meld.")
    raw_meld = str(data.get("meld", ""))
    meld = int(raw_meld) if raw_meld.isdigit() else None
    chosen = str(data.get("joker_as", ""))

    def ask(state: Any) -> Answer:
        tokens, answer = (
            tokens_for(game.game_type, state, seat, codes, meld, chosen)
            if codes
            else ([], Answer(True, ""))
        )
        if not answer.ok and not answer.choices:
            return answer
        if answer.choices and not answer.chosen:
            answer.text = "Say what the wildcard stands for."
            answer.ok = False
            return answer
        if game.game_type == "burraco":
            result = (
                state.check_meld(seat, tokens)
                if meld is None
                else state.check_addition(seat, meld, tokens)
            )
            answer.ok, answer.text = result.ok, (result.reason or _burraco_words(result.meld))
            return answer
        if target == "open":
            alone = state.check_meld_for(seat, tokens) if tokens else None
            if alone is not None and not alone.ok:
                answer.ok, answer.text = False, alone.reason or ""
                return answer
            melds = [*staged, tokens] if tokens else staged
            values = [scala40_melds.check_meld(m) for m in melds]
            total = sum(v.value for v in values if v.ok)
            reason = _try(state, {"type": "open", "seat": seat, "melds": melds})
            first = f"A {alone.kind} worth {alone.value}. " if alone is not None else ""
            answer.ok = reason is None
            answer.text = first + (
                f"Opening now: {total} in all."
                if reason is None
                else f"Not yet an opening: {reason}"
            )
            return answer
        if meld is None:
            result = state.check_meld_for(seat, tokens)
            answer.ok = result.ok
            answer.text = result.reason or f"A legal {result.kind} worth {result.value}."
            return answer
        reason = _try(state, {"type": "add", "seat": seat, "meld": meld, "cards": tokens})
        answer.ok, answer.text = reason is None, reason or f"Fits meld {meld + 1}."
        return answer

    return read_state(game, ask)


def _burraco_words(meld: Any) -> str:
    if meld is None:
        return ""
    kind = "sequence" if meld.is_sequence else "group"
    words = f"A legal {kind} of {len(meld.cards)} cards"
    if meld.burraco:
        words += f": a {meld.burraco} burraco"
    return words + "."


# ---------------------------------------------------------------------- staging an opening


def kept(data: Mapping[str, Any]) -> dict[str, Any]:
    """After a refusal: the staged melds and the selection, to show them again."""
    return {"staged": staged_melds(data), "keep": selected(data)}


def stage(game: Game, seat: int, data: Mapping[str, Any]) -> tuple[list[list[str]], str | None]:
    """Scala 40: add the selection to the opening being built (``stage``), or take a
    staged meld back (``unstage`` with its number); the staged melds and a message
    when the selection is not a meld the seat may lay (the engine's reason)."""
    staged = staged_melds(data)
    if verb(data.get("action")) == "unstage":
        raw = "".join(_arguments(data))
        if raw.isdigit() and int(raw) < len(staged):
            staged.pop(int(raw))
        return staged, None
    codes = selected(data)
    if not codes:
        return staged, "Select the cards of a meld first."
    chosen = str(data.get("joker_as", ""))

    def ask(state: Any) -> tuple[list[str], str | None]:
        tokens, answer = tokens_for(game.game_type, state, seat, codes, None, chosen)
        if answer.choices and not answer.chosen:
            return tokens, "Say what the joker stands for first."
        result = state.check_meld_for(seat, tokens)
        return tokens, None if result.ok else engine_sentence(
            result.reason or "", "That is not a meld."
        )

    tokens, problem = read_state(game, ask)
    if problem is None:
        staged.append(tokens)
    return staged, problem
