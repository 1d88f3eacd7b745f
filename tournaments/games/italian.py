"""The Italian games with the 40-card deck, Scopa, Briscola and Tresette: what their
pages show beyond the common table, from the engine's view for one viewer only.

The family draws each side's running count as extra columns of the scores table
(Scopa's cards taken and scope, Briscola's card points, Tresette's points in thirds)
and the game's facts after the common ones; a game whose plays carry a choice (Scopa's
capture, Tresette's lead signal) offers them per card (:meth:`moves_by_card`), each
choice one of the seat's legal actions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tournaments.games.base import GameProfile

Fact = Callable[..., None]
"""``fact(label, text="", cards=None)``: one of the game's facts on the table."""
Columns = list[tuple[str, list[str]]]
"""Per extra column of the scores table: its heading and a value per side."""


class ItalianProfile(GameProfile):
    """Scopa, Briscola, Tresette: facts and side columns (:meth:`board`)."""

    deck = "italian"

    def extend_board(
        self,
        context: dict[str, Any],
        view: Mapping[str, Any],
        names: Mapping[int, str],
        me: int | None,
    ) -> None:
        playing = view["phase"] == "play" and context["status"] == "active"
        add = context["facts"].append

        def fact(label: str, text: str = "", cards: Any = None) -> None:
            add({"label": label, "text": text, "suit": None, "cards": cards or []})

        columns = self.board(context, view, names, playing, fact)
        context["side_columns"] = [heading for heading, _ in columns]
        for index, side in enumerate(context["sides"]):
            side["stats"] = [values[index] if index < len(values) else "" for _, values in columns]

    def board(
        self,
        context: dict[str, Any],
        view: Mapping[str, Any],
        names: Mapping[int, str],
        playing: bool,
        fact: Fact,
    ) -> Columns:
        """Add the game's facts (and parts of the context); return its side columns."""
        return []

    def moves_by_card(self, legal: list[Mapping[str, Any]]) -> dict[str, list[dict[str, Any]]]:
        moves: dict[str, list[dict[str, Any]]] = {}
        if not self.plays_as_moves:
            return moves
        for event in legal:
            if event.get("type") != "play":
                continue
            code = event["card"]
            capture = event.get("capture") or []
            signal = event.get("signal")
            value = " ".join([code, *capture, *([signal] if signal else [])])
            moves.setdefault(code, []).append(self.move(value, capture, signal))
        return moves

    def move(self, value: str, capture: list[str], signal: str | None) -> dict[str, Any]:
        """One play as a button: ``value`` (the move the form sends), ``text`` and
        ``cards`` (what it says) and ``aria`` (what a screen reader adds)."""
        return {"value": value, "text": "", "cards": [], "aria": ""}
