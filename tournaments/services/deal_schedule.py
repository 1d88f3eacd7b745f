"""Who deals each deal, and for Italian Whist its trumps and passing direction, taken
from the engine's own rules. The printable sheet (``tournaments.web.sheet_pdf``) and
the phone page (``tournaments.web.sheet_pages``) both show it from here."""

from __future__ import annotations

from typing import Any

from engine import new_game
from engine.games import italian_whist


def schedule(
    game_type: str, players: int, first_dealer: int, options: dict[str, Any], rows: int
) -> list[dict[str, Any]]:
    """Per deal (1-based ``deal``): who deals (a 0-based seat), and for Italian Whist
    the trumps ("spades" or "none") and the passing direction (left, right, keep)."""
    new_game(game_type, players, options, first_dealer)  # validates the game
    return [deal_of(game_type, players, first_dealer, k + 1) for k in range(rows)]


def deal_of(game_type: str, players: int, first_dealer: int, deal: int) -> dict[str, Any]:
    """Deal ``deal`` (1-based): the deal passes one seat on every deal
    (``engine.game.Game._finish_deal``)."""
    k = deal - 1
    row: dict[str, Any] = {"deal": deal, "dealer": (first_dealer + k) % players}
    if game_type == "italian_whist":
        trump = italian_whist.trump_of_deal(k)
        row["trumps"] = "spades" if trump == "S" else "none"
        row["passing"] = italian_whist.passing_direction(k)
    return row
