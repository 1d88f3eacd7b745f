"""The boards of the rummy games, Burraco and Scala 40: what their pages show beyond
the common table (:mod:`tournaments.web.tables`), from the engine's view for one
viewer only, and the seat's turn controls from its own legal actions.

- **Both**: the stock's size (face down), the discard pile (its top card and how many
  lie there), the melds on the table with their numbers (tap one to add to it), whose
  turn and which step: draw, then meld / add, then discard.
- **Burraco**: the melds per side (what a wildcard stands for, clean or dirty
  burraco), the whole discard pile (it is taken whole), the pozzetti left and which
  side took one, the cards each seat was seen taking with the pile.
- **Scala 40**: every meld with who laid it and the joker's name, who has opened and
  who is out, the card taken from the discard pile that must be used this turn.

Draws, discards and Scala 40's joker swaps come from the seat's legal actions; melds
and additions are checked when asked (:mod:`tournaments.web.rummy_actions`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from tournaments.web.cards import face, faces

RUMMY = ("burraco", "scala40")
STEP_WORDS = {
    "draw": ("Your turn: draw from the stock{pile}.", "to draw"),
    "meld": ("Meld or add cards, then discard one.", "to meld and discard"),
}


def _name(names: Mapping[int, str], seat: int) -> str:
    return names.get(seat, f"seat {seat + 1}")


def _token_face(token: str) -> dict[str, Any]:
    """A card of a meld: its face, and for a named joker (``RJ=7H``) what it stands for."""
    held, _, named = token.partition("=")
    return {"face": face(held), "as": face(named) if named else None}


def step_of(view: Mapping[str, Any]) -> str | None:
    """``draw`` or ``meld`` (Scala 40's ``play`` step is its meld step), else None."""
    if view.get("game") == "burraco":
        return view["phase"] if view["phase"] in ("draw", "meld") else None
    step = view.get("step")
    return {"draw": "draw", "play": "meld"}.get(step) if view["phase"] == "play" else None


def extend(
    context: dict[str, Any], view: Mapping[str, Any], names: Mapping[int, str], me: int | None
) -> None:
    """Add the rummy table to ``context`` (in place): ``rummy`` for the templates,
    facts, seat badges and the turn in words with its step."""
    kind = view.get("game")
    if kind not in RUMMY:
        return
    step = step_of(view)
    playing = step is not None and context["status"] == "active"
    pile = view.get("discard_pile") or []
    burraco = kind == "burraco"
    groups: list[dict[str, Any]] = []
    if burraco:
        for side, melds in enumerate(view.get("melds") or [[], []]):
            label = context["sides"][side]["label"] if side < len(context["sides"]) else ""
            mine = me is not None and me % 2 == side
            groups.append(
                {
                    "label": label + (" (you)" if mine else ""),
                    "mine": mine,
                    "melds": [_burraco_meld(i, m) for i, m in enumerate(melds)],
                }
            )
    else:
        melds = view.get("melds") or []
        groups.append(
            {
                "label": "On the table",
                "mine": True,
                "melds": [_scala40_meld(i, m, names) for i, m in enumerate(melds)],
            }
        )
    context["rummy"] = {
        "kind": kind,
        "playing": playing,
        "step": step,
        "stock": view.get("stock_size", 0),
        "pile_top": face(pile[-1]) if pile else None,
        "pile_count": len(pile),
        "pile": faces(pile[:-1]) if burraco else [],
        "groups": groups,
        "any_melds": any(g["melds"] for g in groups),
        "must_use": face(view["must_use"]) if view.get("must_use") else None,
    }
    fact = context["facts"].append
    if burraco and playing:
        taken = view.get("pozzetto_taken") or [False, False]
        took = [context["sides"][s]["label"] for s in (0, 1) if taken[s]]
        text = f"{view.get('pozzetti_left', 0)} left"
        if took:
            text += "; taken by " + " and ".join(took)
        fact({"label": "Pozzetti", "text": text, "suit": None, "cards": []})
    if not burraco and playing:
        fact({"label": "Out at", "text": str(view.get("limit")), "suit": None, "cards": []})
    _badges(context, view, names, burraco and playing)
    _turn_words(context, view, names, me, step)


def _burraco_meld(index: int, meld: Mapping[str, Any]) -> dict[str, Any]:
    stands = meld.get("as")
    note = []
    if meld.get("burraco"):
        note.append(f"{meld['burraco']} burraco")
    if stands:
        note.append(
            f"wildcard as {face(stands).short}"
            if len(stands) > 1
            else f"wildcard as a {'10' if stands == 'T' else stands}"
        )
    return {
        "index": index,
        "number": index + 1,
        "cards": [{"face": face(c), "as": None} for c in meld.get("cards") or []],
        "note": ", ".join(note),
        "owner": "",
        "burraco": meld.get("burraco"),
    }


def _scala40_meld(index: int, meld: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, Any]:
    cards = [_token_face(t) for t in meld.get("cards") or []]
    joker = next((c for c in cards if c["as"] is not None), None)
    owner = meld.get("owner")
    return {
        "index": index,
        "number": index + 1,
        "cards": cards,
        "note": f"joker as {joker['as'].short}" if joker else "",
        "owner": _name(names, owner) if isinstance(owner, int) and owner >= 0 else "",
        "burraco": None,
    }


def _badges(
    context: dict[str, Any], view: Mapping[str, Any], names: Mapping[int, str], known: bool
) -> None:
    opened = view.get("opened") or []
    out = view.get("out") or []
    held = view.get("known_held") or []
    for seat in context["seats"]:
        number = seat["number"]
        if number < len(out) and out[number]:
            seat["badges"].append("out")
        elif number < len(opened) and opened[number]:
            seat["badges"].append("opened")
        if known and number < len(held) and held[number]:
            seat["known"] = faces(held[number])


def _turn_words(
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
        pile = " or take the discard pile" if view.get("game") == "burraco" else ""
        if view.get("game") == "scala40":
            pile = " or take the top discard" if view.get("opened", [False])[me] else ""
        text = STEP_WORDS[step][0].format(pile=pile)
        if step == "meld" and view.get("must_use"):
            text = f"Use the {face(view['must_use']).short} you took in a meld, then discard."
        turn.update({"mine": True, "text": text})
    else:
        turn.update(
            {"mine": False, "text": f"Waiting for {_name(names, acting)} {STEP_WORDS[step][1]}."}
        )
    context["rummy"]["step_label"] = {"draw": "1 · draw", "meld": "2 · meld, then discard"}[step]


# ---------------------------------------------------------------------- the seat's turn


def seat_parts(
    view: Mapping[str, Any],
    legal: list[Mapping[str, Any]],
    staged: list[list[str]] | None = None,
    keep: list[str] | None = None,
) -> dict[str, Any]:
    """The seat's turn controls: the hand as selectable cards (less the cards staged
    for a Scala 40 opening, ``keep`` selected again after a refusal), the draws and
    joker swaps its legal actions offer, and the melds it may add to."""
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
    draws = [e.get("from") for e in legal if e.get("type") == "draw"]
    swaps = [
        {
            "value": f"{e['meld']} {e['card']}",
            "card": face(e["card"]),
            "number": e["meld"] + 1,
        }
        for e in legal
        if e.get("type") == "swap"
    ]
    discards = sorted({e["card"] for e in legal if e.get("type") == "discard"})
    opened = view.get("opened")
    seat = view.get("seat")
    must_open = (
        view.get("game") == "scala40"
        and isinstance(seat, int)
        and opened is not None
        and not opened[seat]
    )
    step = step_of(view)
    my_turn = bool(legal)
    return {
        "rummy_hand": hand,
        "rummy_draws": draws,
        "rummy_swaps": swaps,
        "rummy_discards": discards,
        "rummy_melding": my_turn and step == "meld",
        "rummy_must_open": must_open,
        "rummy_staged": [
            {"value": " ".join(m), "cards": [_token_face(t) for t in m]} for m in staged
        ],
    }


# ---------------------------------------------------------------------- the log in words

RUMMY_EVENTS = ("draw", "meld", "add", "discard", "open", "swap")


def event_words(kind: str, event: Mapping[str, Any], who: str) -> tuple[str, list[Any]]:
    """A Burraco or Scala 40 event in words, with the cards to draw after them
    (a named joker's name is said in the words: "(joker as 7♥)")."""
    if kind == "draw":
        where = "the discard pile" if event.get("from") == "discard" else "the stock"
        verb = "takes" if event.get("from") == "discard" else "draws from"
        return f"{who} {verb} {where}.", []
    if kind == "discard":
        return f"{who} discards", _cards([event.get("card")])[0]
    if kind == "swap":
        meld = event.get("meld")
        number = meld + 1 if isinstance(meld, int) else "?"
        return f"{who} takes the joker of meld {number}, putting in", _cards([event.get("card")])[0]
    if kind == "open":
        melds = [m for m in event.get("melds") or [] if isinstance(m, list)]
        cards: list[Any] = []
        named: list[str] = []
        for meld in melds:
            shown, names = _cards(meld)
            cards += shown
            named += names
        plural = "s" if len(melds) != 1 else ""
        return f"{who} opens with {len(melds)} meld{plural}{_named(named)}", cards
    shown, names = _cards(event.get("cards"))
    if kind == "add":
        meld = event.get("meld")
        number = meld + 1 if isinstance(meld, int) else "?"
        return f"{who} adds to meld {number}{_named(names)}", shown
    return f"{who} melds{_named(names)}", shown


def _cards(tokens: Any) -> tuple[list[Any], list[str]]:
    """Faces of the cards held, and the names given to jokers (``RJ=7H``)."""
    shown: list[Any] = []
    named: list[str] = []
    for token in tokens if isinstance(tokens, list) else []:
        if not isinstance(token, str):
            continue
        held, _, name = token.partition("=")
        try:
            shown.append(face(held))
            if name:
                named.append(face(name).short)
        except Exception:  # noqa: BLE001 - a garbled card is left out, never shown raw
            continue
    return shown, named


def _named(names: list[str]) -> str:
    return f" (joker as {', '.join(names)})" if names else ""
