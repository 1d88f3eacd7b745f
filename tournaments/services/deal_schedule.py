"""Who deals each deal, and what else the game's profile says of it (Italian Whist: its
trumps and passing direction), taken from the engine's own rules. The printable sheet
(``tournaments.web.sheet_pdf``) and the phone page (``tournaments.web.sheet_pages``)
both show it from here."""

from __future__ import annotations

from typing import Any

from engine import new_game
from tournaments.games import profile_for


def schedule(
    game_type: str, players: int, first_dealer: int, options: dict[str, Any], rows: int
) -> list[dict[str, Any]]:
    """Per deal (1-based ``deal``): who deals (a 0-based seat), and the game's own
    columns (:meth:`GameProfile.deal_row`: Italian Whist's trumps, "spades" or "none",
    and passing direction, left, right or keep)."""
    new_game(game_type, players, options, first_dealer)  # validates the game
    return [deal_of(game_type, players, first_dealer, k + 1) for k in range(rows)]


def deal_of(game_type: str, players: int, first_dealer: int, deal: int) -> dict[str, Any]:
    """Deal ``deal`` (1-based): the deal passes one seat on every deal
    (``engine.game.Game._finish_deal``)."""
    k = deal - 1
    row: dict[str, Any] = {"deal": deal, "dealer": (first_dealer + k) % players}
    row.update(profile_for(game_type).deal_row(k))
    return row
