"""Rating a sequence of finished games, in the order they were played (pure Python).

A :class:`RatedResult` is everything the ratings read of a game: when it finished,
its game type and club, who played on which side and the place each side finished
in. :func:`rate_results` runs them through OpenSkill's Plackett-Luce model
(:func:`scale.model`), one update per game: every side at the table at once
(tables of 2, 3 or 4 sides), partners as one side, equal places as a draw.
:func:`by_scope` sorts them into every scope they fall in: each game counts in its
club's scope and in the all-clubs scope of its game type.

**Places, not margins.** Only the order of finish moves a rating. OpenSkill can
stretch an update by the winning margin (its ``margin`` option), but the threshold
would have to be set game by game (13 tricks, 2,000 Burraco points, Scala 40's
penalties), the adjustment is a heuristic outside Weng and Lin's model, and a club
expects a win to count as a win. The final scores travel with each result
(:attr:`RatedResult.scores`) so that this can be revisited without new input.

Deterministic: the same results in the same order give the same floats, so a rebuild
from scratch writes exactly the rows an incremental update wrote.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from .scale import MU, SIGMA, model

__all__ = [
    "Change",
    "PlayerRating",
    "RatedResult",
    "ScopeKey",
    "ScopeRatings",
    "by_scope",
    "fingerprint",
    "places_from_scores",
    "rate_results",
    "scopes_of",
]

ScopeKey = tuple[str, int | None]
"""``(game type, club id)``; a club id of ``None`` is the all-clubs scope."""


@dataclass(frozen=True)
class RatedResult:
    """One finished game as the ratings read it."""

    game: str
    """The game's id (as text)."""
    played_at: datetime
    """When the game finished: the order games are rated in (then by ``game``)."""
    game_type: str
    club: int | None
    """The club whose tournament the game was played in; ``None``: a casual game."""
    sides: tuple[tuple[int, ...], ...]
    """Player ids per side: one player, or the partners of a partnership."""
    places: tuple[int, ...]
    """Each side's place at the table, 1 first; equal places are a draw."""
    scores: tuple[float, ...] = ()
    """Each side's final game score (kept for reference: only the places count)."""

    def __post_init__(self) -> None:
        if len(self.sides) < 2:
            raise ValueError(f"game {self.game}: a rated game needs 2 sides or more")
        if len(self.places) != len(self.sides):
            raise ValueError(f"game {self.game}: one place per side")
        players = [p for side in self.sides for p in side]
        if not all(self.sides) or len(set(players)) != len(players):
            raise ValueError(f"game {self.game}: every side needs players, each only once")
        if any(place < 1 or place > len(self.sides) for place in self.places):
            raise ValueError(f"game {self.game}: places run from 1 to the number of sides")
        if self.scores and len(self.scores) != len(self.sides):
            raise ValueError(f"game {self.game}: one score per side")

    @property
    def order(self) -> tuple[datetime, str]:
        return (self.played_at, self.game)

    def as_json(self) -> dict[str, Any]:
        """What the fingerprint covers: everything that moves a rating."""
        return {
            "game": self.game,
            "at": self.played_at.isoformat(),
            "sides": [list(side) for side in self.sides],
            "places": list(self.places),
        }


@dataclass(frozen=True)
class PlayerRating:
    """A player's rating in one scope after some games."""

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0
    wins: int = 0
    """Games the player's side finished first in, alone."""
    last_played: datetime | None = None


@dataclass(frozen=True)
class Change:
    """What one game did to one player's rating."""

    game: str
    player: int
    sequence: int
    """The game's number (1, 2, …) in the order the scope's games were rated."""
    played_at: datetime
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float
    place: int
    table_size: int
    """How many sides played."""
    expected: float
    """The side's chance, before the game, of finishing first."""


@dataclass
class ScopeRatings:
    """One scope's ratings after a run of games, and every change on the way."""

    ratings: dict[int, PlayerRating] = field(default_factory=dict)
    changes: list[Change] = field(default_factory=list)
    rated: int = 0
    """How many games the ratings rest on (the last change's sequence)."""
    last_played: datetime | None = None
    fingerprint: str = ""


def places_from_scores(
    scores: Sequence[float], *, lower_wins: bool = False, last: int | None = None
) -> tuple[int, ...]:
    """Each side's place from the final scores (1 is first; equal scores share a
    place, the next place is skipped as in "1, 1, 3"). ``lower_wins`` for penalty
    games (Scala 40). ``last``: a side that resigned, placed last alone whatever its
    score; the others are placed among themselves by their scores."""
    sign = -1 if lower_wins else 1
    keyed = [sign * s for s in scores]
    places = []
    for i, mine in enumerate(keyed):
        if i == last:
            places.append(len(keyed))
            continue
        better = sum(1 for j, other in enumerate(keyed) if j != last and other > mine)
        places.append(1 + better)
    return tuple(places)


def fingerprint(results: Iterable[RatedResult], previous: str = "") -> str:
    """SHA-256 chain over the results in order: ``fingerprint(a + b) ==
    fingerprint(b, fingerprint(a))``, so a scope's stored fingerprint can be carried
    forward one game at a time."""
    head = previous
    for result in results:
        body = json.dumps(result.as_json(), sort_keys=True, separators=(",", ":"))
        head = hashlib.sha256((head + body).encode()).hexdigest()
    return head


def rate_results(
    results: Iterable[RatedResult],
    start: ScopeRatings | None = None,
) -> ScopeRatings:
    """Rate ``results`` in the order given, on top of ``start`` (from scratch
    without it). ``start`` is not changed; its changes are not copied into the
    answer (only the new ones are)."""
    m = model()
    ratings = dict(start.ratings) if start else {}
    out = ScopeRatings(
        ratings=ratings,
        rated=start.rated if start else 0,
        last_played=start.last_played if start else None,
        fingerprint=start.fingerprint if start else "",
    )
    newcomer = PlayerRating()
    for result in results:
        before = [[ratings.get(p, newcomer) for p in side] for side in result.sides]
        teams = [[m.rating(mu=r.mu, sigma=r.sigma) for r in side] for side in before]
        chances = m.predict_win(teams)
        after = m.rate(teams, ranks=[float(place) for place in result.places])
        out.rated += 1
        alone_first = result.places.count(1) == 1
        for side_index, side in enumerate(result.sides):
            place = result.places[side_index]
            won = int(place == 1 and alone_first)
            for player, old, new in zip(side, before[side_index], after[side_index], strict=True):
                ratings[player] = PlayerRating(
                    mu=float(new.mu),
                    sigma=float(new.sigma),
                    games=old.games + 1,
                    wins=old.wins + won,
                    last_played=result.played_at,
                )
                out.changes.append(
                    Change(
                        game=result.game,
                        player=player,
                        sequence=out.rated,
                        played_at=result.played_at,
                        mu_before=old.mu,
                        sigma_before=old.sigma,
                        mu=float(new.mu),
                        sigma=float(new.sigma),
                        place=place,
                        table_size=len(result.sides),
                        expected=float(chances[side_index]),
                    )
                )
        out.last_played = result.played_at
        out.fingerprint = fingerprint([result], out.fingerprint)
    return out


def scopes_of(result: RatedResult) -> list[ScopeKey]:
    """The scopes a game counts in: its club's (if it has one) and all clubs'."""
    keys: list[ScopeKey] = [(result.game_type, None)]
    if result.club is not None:
        keys.append((result.game_type, result.club))
    return keys


def by_scope(results: Iterable[RatedResult]) -> dict[ScopeKey, list[RatedResult]]:
    """The results of every scope they fall in, each in the order they are rated in
    (when they finished, then by game id)."""
    grouped: dict[ScopeKey, list[RatedResult]] = {}
    for result in sorted(results, key=lambda r: r.order):
        for key in scopes_of(result):
            grouped.setdefault(key, []).append(result)
    return grouped
