"""An entrant's rating in a tournament (issue 18): the computed rating, unless a
director typed one.

``Entry.rating`` is the number that seeds round 1 ("first-round order: rating") and
breaks ties in the pairing order afterwards; the pairings and standings show it when
the tournament says so. It comes from, in this order:

1. a rating a director typed (``rating_source = typed``): never replaced;
2. the entrant's computed rating for the tournament's game in the tournament's club
   (:class:`scoring.rating_models.Rating`), else in all clubs together;
3. none (0): seeded after every rated entrant, as before ratings were computed.

A team's rating is its members' mean ``mu`` (what the rating model itself adds up
for a side, divided by its size), a member with no rating counting as a newcomer;
it rests on as many games as its least-played member, and comes from all clubs as
soon as one member's does. A team none of whose members is rated has none.

**Copied, not read live.** The computed rating is copied into the entry when it is
made, and again each time round 1 is paired (entries are often made days before the
event, and ratings move in between), then never again: once round 1 is published
the seeding and the ratings shown stay what the director saw, however the ratings
move as the event's own results come in. A director sees each entrant's rating and
where it came from on the entries page, types another to override it, or clears it
to go back to the computed one; every copy that changes an entry is in the audit log.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import Q

from scoring.rating_models import Rating
from scoring.ratings import scale
from tournaments.models import Entry, Round, TeamMember, Tournament
from tournaments.services import audit
from tournaments.services.clubs import User

SOURCE = Entry.RatingSource


@dataclass(frozen=True)
class Computed:
    """An entrant's computed rating as it is copied into its entry."""

    rating: int
    """As people read it (:func:`scoring.ratings.scale.shown`); 0: none."""
    source: str
    games: int | None

    @staticmethod
    def none() -> Computed:
        return Computed(0, SOURCE.NONE, None)


def _members(entries: Iterable[Entry]) -> dict[int, list[int]]:
    """Each entry's players' ids (one for an individual, the members for a team)."""
    members: dict[int, list[int]] = {}
    teams: dict[int, list[int]] = defaultdict(list)
    for entry in entries:
        if entry.player_id is not None:
            members[entry.pk] = [entry.player_id]
        else:
            teams[entry.team_id].append(entry.pk)  # type: ignore[index]
    for team_id, player_id in TeamMember.objects.filter(team_id__in=list(teams)).values_list(
        "team_id", "player_id"
    ):
        for entry_id in teams[team_id]:
            members.setdefault(entry_id, []).append(player_id)
    return members


def computed_ratings(tournament: Tournament, entries: Iterable[Entry]) -> dict[int, Computed]:
    """Each entry's computed rating for the tournament's game (two queries)."""
    entries = list(entries)
    members = _members(entries)
    players = {p for ids in members.values() for p in ids}
    best: dict[int, tuple[float, int, str]] = {}
    rows = Rating.objects.filter(
        Q(scope__club_id=tournament.club_id) | Q(scope__club__isnull=True),
        scope__game_type=tournament.game_type,
        player_id__in=players,
    ).values_list("player_id", "scope__club_id", "mu", "games")
    for player_id, club_id, mu, games in rows:
        source = SOURCE.CLUB if club_id is not None else SOURCE.ALL_CLUBS
        if player_id not in best or source == SOURCE.CLUB:
            best[player_id] = (mu, games, source)
    out = {}
    for entry in entries:
        ids = members.get(entry.pk, [])
        rated = [best[p] for p in ids if p in best]
        if not rated:
            out[entry.pk] = Computed.none()
            continue
        mus = [best[p][0] if p in best else scale.MU for p in ids]
        games = min(best[p][1] if p in best else 0 for p in ids)
        wide = any(source == SOURCE.ALL_CLUBS for _mu, _g, source in rated)
        source = SOURCE.ALL_CLUBS if wide else SOURCE.CLUB
        out[entry.pk] = Computed(scale.shown(sum(mus) / len(mus)), source, games)
    return out


def computed_rating(tournament: Tournament, entry: Entry) -> Computed:
    return computed_ratings(tournament, [entry])[entry.pk]


def apply(entry: Entry, computed: Computed) -> list[str]:
    """Copy ``computed`` into the entry (not saved); the fields that changed."""
    changed = []
    for field, value in (
        ("rating", computed.rating),
        ("rating_source", computed.source),
        ("rating_games", computed.games),
    ):
        if getattr(entry, field) != value:
            setattr(entry, field, value)
            changed.append(field)
    return changed


def refresh(tournament: Tournament, *, by: User) -> int:
    """Copy the current computed ratings into every entry whose rating no director
    typed (round 1 is being paired: the seeding uses the ratings as they are now).
    Each entry that changes is audited; returns how many did. Call it inside the
    pairing's transaction."""
    if tournament.rounds.filter(status=Round.Status.PUBLISHED).exists():
        return 0  # the event has begun: its ratings stay as they were seeded
    entries = list(
        tournament.entries.exclude(rating_source=SOURCE.TYPED)
        .exclude(status=Entry.Status.WITHDRAWN)
        .select_related("player", "team")
    )
    fresh = computed_ratings(tournament, entries)
    changed = 0
    for entry in entries:
        before = {"rating": entry.rating}
        if apply(entry, fresh[entry.pk]):
            entry.save(update_fields=["rating", "rating_source", "rating_games"])
            changed += 1
            if before["rating"] != entry.rating:
                after = {"rating": entry.rating, "rating_source": entry.rating_source}
                audit.record(
                    actor=by, club=tournament.club, tournament=tournament,
                    action="entry-rating-computed", subject=entry.name,
                    before=before, after=after,
                )  # fmt: skip
    return changed


def shown(entry: Entry) -> dict[str, Any] | None:
    """An entrant's rating as the pairings and standings show it (``None``: no rating):
    the number, and whether it is provisional (computed from fewer than ten games)."""
    return shown_of(entry.rating, entry.rating_source, entry.rating_games)


def shown_of(rating: int, source: str, games: int | None) -> dict[str, Any] | None:
    """:func:`shown` of an entry's ``rating``, ``rating_source`` and ``rating_games``."""
    if not rating:
        return None
    computed = source in (SOURCE.CLUB, SOURCE.ALL_CLUBS)
    return {"rating": rating, "provisional": computed and scale.is_provisional(games or 0)}


def cache_key(ratings: dict[int, dict[str, Any] | None]) -> str:
    """A short name for these shown ratings, for the key of a page cached with them."""
    if not ratings:
        return ""
    text = json.dumps(sorted(ratings.items()), sort_keys=True)
    return "r" + hashlib.sha256(text.encode()).hexdigest()[:16]


def shown_by_entry(tournament: Tournament) -> dict[int, dict[str, Any] | None]:
    """Every entry's :func:`shown` rating, by entry id (one query); empty when the
    tournament does not show ratings."""
    if not tournament.show_ratings:
        return {}
    return {
        entry.pk: shown(entry)
        for entry in tournament.entries.only("id", "rating", "rating_source", "rating_games")
    }
