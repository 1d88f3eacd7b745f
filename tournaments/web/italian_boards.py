"""The boards of the Italian games, Scopa, Briscola and Tresette: what their pages
show beyond the common table (:mod:`tournaments.web.tables`), built from the
engine's view for one viewer only, and their play choices built from the seat's own
legal actions.

- **Scopa**: the cards on the table (no trick), the stock's size, per side the cards
  captured and the scope, the last capture and the last play, the last round's count.
  A card that can capture in several ways is one tap to open its choices, then one
  tap on the capture wanted (each choice is one of the engine's legal actions).
- **Briscola**: the face-up briscola (and who drew it), the stock's size, each
  side's card points so far, games won in a match.
- **Tresette**: the trick with the leader's signal, thirds per team, and once the
  first trick is over the declarations in words (ranks and suits, as the engine
  gives them). A leader's card opens its choices: plain, or with each signal the
  legal actions offer for it (``volo`` only with the last card of a suit).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tournaments.web.cards import SUIT_SYMBOLS, SUIT_WORDS, face, faces

ITALIAN = ("scopa", "briscola", "tresette")
MOVE_GAMES = ("scopa", "tresette")
"""Games whose plays are sent as moves (card plus capture or signal) and may need a
choice after the card."""

SIGNALS = {
    "busso": ("Busso", "partner, win this trick if you can"),
    "striscio": ("Striscio", "I hold more of this suit"),
    "volo": ("Volo", "this is my last card of the suit"),
}
COMBINATIONS = {"four": "four", "three": "three"}
RANK_WORDS = {"3": "3s", "2": "2s", "A": "aces"}
THIRD_SIGNS = {0: "", 1: "\u2153", 2: "\u2154"}


def _name(names: Mapping[int, str], seat: int) -> str:
    return names.get(seat, f"seat {seat + 1}")


def _suit(code: str) -> str:
    return f"{SUIT_WORDS.get(code, code)} {SUIT_SYMBOLS.get(code, '')}".strip()


def _thirds(value: int) -> str:
    """Thirds as points: 17 → "5⅔"."""
    whole, part = divmod(value, 3)
    if whole == 0 and part:
        return THIRD_SIGNS[part]
    return f"{whole}{THIRD_SIGNS[part]}"


def extend(context: dict[str, Any], view: Mapping[str, Any], names: Mapping[int, str]) -> None:
    """Add the game's own parts to a table's context (in place): facts, per-side
    columns of the scores table, Scopa's table cards, Tresette's declarations."""
    kind = view.get("game")
    if kind not in ITALIAN:
        return
    playing = view["phase"] == "play" and context["status"] == "active"
    add = context["facts"].append

    def fact(label: str, text: str = "", cards: Any = None) -> None:
        add({"label": label, "text": text, "suit": None, "cards": cards or []})

    columns: list[tuple[str, list[str]]] = []
    if kind == "scopa":
        context["table_cards"] = faces(view.get("table")) if playing else None
        if playing:
            fact("Stock", f"{view.get('stock_size', 0)} cards face down")
            if view.get("last_capturer") is not None:
                fact("Last capture", _name(names, view["last_capturer"]))
            columns = [
                ("Taken", [str(n) for n in view.get("captured") or []]),
                ("Scope", [str(n) for n in view.get("scope") or []]),
            ]
        last = view.get("last_play")
        if last and playing:
            fact("Last play", _last_play_words(last, names), [face(last["card"])])
        if view.get("last_round") and not playing:
            fact("Last round", _last_round_words(view["last_round"], context["sides"]))
    elif kind == "briscola":
        if view.get("briscola"):
            holder = view.get("briscola_holder")
            where = f"drawn by {_name(names, holder)}" if holder is not None else "under the stock"
            fact("Briscola", where, [face(view["briscola"])])
        if playing:
            fact("Stock", f"{view.get('stock_size', 0)} cards to draw")
            columns = [("Points", [str(n) for n in view.get("points") or []])]
        if view.get("removed_card"):
            fact("Out of the deck", "", [face(view["removed_card"])])
        if (view.get("games") or 1) > 1:
            won = zip(context["sides"], view.get("games_won") or [], strict=False)
            tally = ", ".join(f"{s['label']} {n}" for s, n in won)
            fact("Match", f"{view['games']} games; won {tally}")
    elif kind == "tresette":
        if playing:
            columns = [("Points", [_thirds(n) for n in view.get("thirds") or []])]
        declarations = view.get("declarations") or []
        context["declarations"] = [
            {"name": _name(names, d["seat"]), "text": declaration_words(d), "points": d["points"]}
            for d in declarations
        ]
        if view.get("declarations_shown") and not declarations and playing:
            fact("Declarations", "none this deal")
    context["side_columns"] = [heading for heading, _ in columns]
    for index, side in enumerate(context["sides"]):
        side["stats"] = [values[index] if index < len(values) else "" for _, values in columns]


def declaration_words(declaration: Mapping[str, Any]) -> str:
    """A Tresette declaration in words: "napoletana in coins", "three 2s (no ♠)"."""
    kind = declaration.get("combination")
    if kind == "napoletana":
        return f"napoletana (3, 2, A) in {_suit(declaration.get('suit', ''))}"
    rank = RANK_WORDS.get(declaration.get("rank", ""), declaration.get("rank", ""))
    if kind == "four":
        return f"four {rank}"
    missing = declaration.get("missing")
    return f"three {rank}" + (f" (no {_suit(missing)})" if missing else "")


def _last_play_words(last: Mapping[str, Any], names: Mapping[int, str]) -> str:
    who = _name(names, last["seat"])
    taken = last.get("capture") or []
    if not taken:
        return f"laid by {who}"
    shown = " ".join(face(code).short for code in taken)
    return f"by {who}, taking {shown}" + (" \u2014 scopa!" if last.get("scopa") else "")


def _last_round_words(last_round: Mapping[str, Any], sides: list[dict[str, Any]]) -> str:
    count = last_round.get("count") or {}
    labels = [s["label"] for s in sides]

    def per_side(key: str) -> str:
        return "\u2013".join(str(v) for v in count.get(key) or [])

    parts = [f"cards {per_side('cards')}", f"coins {per_side('coins')}"]
    settebello = count.get("settebello")
    if isinstance(settebello, int) and settebello < len(labels):
        parts.append(f"settebello {labels[settebello]}")
    parts += [f"primiera {per_side('primiera')}", f"scope {per_side('scope')}"]
    return ", ".join(parts)


# ---------------------------------------------------------------------- play choices


def moves_by_card(kind: str, legal: list[Mapping[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Scopa and Tresette: per card, the seat's legal plays with it as buttons
    (``value``: the move the form sends, ``text`` and ``cards``: what it says)."""
    moves: dict[str, list[dict[str, Any]]] = {}
    if kind not in MOVE_GAMES:
        return moves
    for event in legal:
        if event.get("type") != "play":
            continue
        code = event["card"]
        capture = event.get("capture") or []
        signal = event.get("signal")
        value = " ".join([code, *capture, *([signal] if signal else [])])
        if kind == "scopa":
            taken = faces(capture)
            text = "Take" if taken else "Lay it on the table"
            words = " and ".join(c.name for c in taken)
            aria = f", taking the {words}" if taken else ", laying it on the table"
            move = {"value": value, "text": text, "cards": taken, "aria": aria}
        else:
            title, meaning = SIGNALS.get(signal, ("", "")) if signal else ("", "")
            text = f"{title}: {meaning}" if signal else "Play it, no signal"
            aria = f" signalling {signal}" if signal else ""
            move = {"value": value, "text": text, "cards": [], "aria": aria}
        moves.setdefault(code, []).append(move)
    return moves
