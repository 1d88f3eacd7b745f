"""The people resource's answers, made from what :mod:`scoring.person` and
:mod:`scoring.tablemates` read for the pages (the same reads, shaped as JSON)."""

from __future__ import annotations

from typing import Any

from scoring.person import Placing, PlayedGame
from scoring.tablemates import Meeting, Record
from tournaments.games import profile_for
from tournaments.models import Club, Game, Player


def person_ref(player_id: int, name: str) -> dict[str, Any]:
    return {"player": player_id, "name": name}


def club(found: Club) -> dict[str, Any]:
    return {"club": found.slug, "club_name": found.name}


def placing(p: Placing) -> dict[str, Any]:
    t = p.tournament
    return {
        **club(t.club),
        "tournament": t.slug,
        "name": t.name,
        "game_type": t.game_type,
        "game_name": profile_for(t.game_type).title,
        "starts_on": t.starts_on,
        "finished": p.finished,
        "team": p.team,
        "place": p.rank,
        "entrants": p.entrants,
        "points": p.points,
        "after_round": p.after_round,
    }


def record(r: Record) -> dict[str, Any]:
    return {**tally(r), **person_ref(r.player_id, r.name)}


def tally(r: Record) -> dict[str, Any]:
    return {"games": r.games, "won": r.won, "drawn": r.drawn, "lost": r.lost}


def _where(game: Game) -> dict[str, Any]:
    """Where a game was played: its club, tournament, round and table (numbers from 1),
    all null for a casual game."""
    table = getattr(game, "table", None)
    tournament = table.round.tournament if table is not None else None
    return {
        "game": game.pk,
        "game_type": game.game_type,
        "game_name": profile_for(game.game_type).title,
        "finished_at": game.finished_at,
        "club": tournament.club.slug if tournament else None,
        "tournament": tournament.slug if tournament else None,
        "tournament_name": tournament.name if tournament else None,
        "round": table.round.number if table is not None else None,
        "table": table.number if table is not None else None,
    }


def played_game(g: PlayedGame) -> dict[str, Any]:
    return {
        **_where(g.game),
        "place": g.place,
        "sides": g.sides,
        "result": g.outcome,
        "partners": [person_ref(i, n) for i, n in g.partners],
        "opponents": [person_ref(i, n) for i, n in g.opponents],
        "rating_change": g.change,
    }


def meeting(m: Meeting) -> dict[str, Any]:
    return {**_where(m.game), "together": m.together, "result": m.outcome}


def named(player: Player) -> dict[str, Any]:
    return person_ref(player.pk, player.name)
