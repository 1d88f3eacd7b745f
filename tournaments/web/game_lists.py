"""The game list, grouped the way a player looks for a game.

1. **Your turn**: games in play where one of the user's seats is to act.
2. **Your games**: casual games (not at a tournament table) still being set up or
   in play.
3. **Tournament games**, grouped by tournament and round ("Thursday Italian Whist —
   round 3"), newest round first.
4. **Finished games**, folded away.

Only what a spectator may see is read (who is to act is public), and a game the
engine no longer knows is still listed.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.models import Game
from tournaments.services import access
from tournaments.services.game_store import read_state
from tournaments.web import tables

MY_GAMES_LIMIT = 200
"""The most games one list reads (the newest first)."""


def summary(game: Game, user: Any) -> dict[str, Any]:
    seats = list(game.seats.all())
    mine = access.seats_of(user, game)
    return {
        "game": game,
        "title": tables.title_of(game.game_type),
        "players": ", ".join(s.player.name for s in seats),
        "my_seats": mine,
        "waiting": game.status == Game.Status.SETUP,
        "open_seats": game.players - len(seats),
        "your_turn": False,
        "manage": game.status == Game.Status.SETUP and access.can_manage(user, game),
    }


def _to_act(game: Game) -> list[int]:
    try:
        return list(read_state(game, lambda state: state.seats_to_act()))
    except Exception:  # noqa: BLE001 - a game that cannot be replayed is still listed
        return []


def _round_key(game: Game) -> tuple[Any, ...] | None:
    table = getattr(game, "table", None)
    if table is None:
        return None
    round_ = table.round
    return (round_.tournament_id, round_.number)


def grouped(user: Any) -> dict[str, Any]:
    """The user's games (seated at or created), in the groups above."""
    games = list(
        Game.objects.filter(Q(created_by=user) | Q(seats__player__user=user))
        .distinct()
        .select_related("table__round__tournament__club")
        .prefetch_related("seats__player")
        .order_by("-created_at")[:MY_GAMES_LIMIT]
    )
    turn: list[dict[str, Any]] = []
    casual: list[dict[str, Any]] = []
    rounds: OrderedDict[tuple[Any, ...], dict[str, Any]] = OrderedDict()
    finished: list[dict[str, Any]] = []
    for game in games:
        item = summary(game, user)
        if game.status in (Game.Status.FINISHED, Game.Status.VOID):
            finished.append(item)
            continue
        if game.status == Game.Status.ACTIVE and item["my_seats"]:
            acting = _to_act(game)
            item["your_turn"] = any(seat in acting for seat in item["my_seats"])
        if item["your_turn"]:
            turn.append(item)
            continue
        key = _round_key(game)
        if key is None:
            casual.append(item)
            continue
        if key not in rounds:
            round_ = game.table.round
            tournament = round_.tournament
            rounds[key] = {
                "heading": _("%(tournament)s — round %(number)d")
                % {"tournament": tournament.name, "number": round_.number},
                "url": reverse(
                    "rounds:public",
                    args=[tournament.club.slug, tournament.slug, round_.number],
                ),
                "number": round_.number,
                "games": [],
            }
        item["table"] = game.table.number
        rounds[key]["games"].append(item)
    for group in rounds.values():
        group["games"].sort(key=lambda item: item["table"])
    by_tournament = sorted(rounds.items(), key=lambda kv: (-kv[0][0], -kv[0][1]))
    return {
        "turn": turn,
        "casual": casual,
        "rounds": [group for _key, group in by_tournament],
        "finished": finished,
        "count": len(games),
        "ids": [game.pk for game in games],
    }
