"""Stored ratings built game by game equal a rebuild from scratch, row for row.

The season: a club's Swiss with tables finishing one by one (each followed by an
update, as the Celery task does), casual games between the same people, a game whose
result is committed after later ones were rated (it finished earlier: the scope is
rated again), and a guest's record claimed by a member (their seats move to the
member's player). Then ``manage.py rebuild_ratings`` must write the very same rows.
"""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command

from scoring.rating_models import Rating, RatingChange, RatingScope
from scoring.rating_service import update_ratings
from tests.support.factories import finished_casual_game, german_whist_cup, signed_up
from tests.support.standings import finish, play_round, tables_of
from tournaments.models import Game, Player
from tournaments.services import claims

pytestmark = pytest.mark.django_db


def stored_rows():
    scopes = {s.pk: (s.game_type, s.club_id or 0) for s in RatingScope.objects.all()}
    ratings = sorted(
        (scopes[r.scope_id], r.player_id, r.mu, r.sigma, r.games, r.wins, r.last_played)
        for r in Rating.objects.all()
    )
    changes = sorted(
        (scopes[c.scope_id], c.sequence, c.player_id, str(c.game_id), c.played_at, c.mu_before,
         c.sigma_before, c.mu, c.sigma, c.place, c.table_size, c.expected)
        for c in RatingChange.objects.all()
    )  # fmt: skip
    heads = sorted(
        (s.game_type, s.club_id or 0, s.rated_games, s.last_played, s.fingerprint)
        for s in RatingScope.objects.all()
    )
    return ratings, changes, heads


def rebuilt_rows():
    out = StringIO()
    call_command("rebuild_ratings", stdout=out)
    return out.getvalue(), stored_rows()


# Slow (~3 s under load): three Swiss rounds paired and scored through the services, a
# claim and two rebuilds; the rows must come from real results to mean anything.
def test_ratings_built_game_by_game_equal_a_rebuild_from_scratch():
    club, director, cup, entries = german_whist_cup(6)
    paths = []
    for tricks in ((9, 4), (5, 8)):
        for table, _seated in tables_of(play_round(cup, director)):
            finish(table, director, tricks)
            paths.append(update_ratings("german_whist"))
    guest = entries[0].player
    carla = Player.objects.get(user=signed_up("carla"))
    first = finished_casual_game([carla, entries[1].player], (10, 3))
    paths.append(update_ratings("german_whist"))
    assert all(p.appended and not p.rebuilt for p in paths)  # one by one, on top
    built = stored_rows()
    assert len(built[1]) == 2 * 7 + 2 * 6
    assert rebuilt_rows()[1] == built

    # A result committed late: it finished before the casual game already rated.
    late = finished_casual_game([entries[2].player, entries[3].player], (6, 7))
    Game.objects.filter(pk=late.pk).update(finished_at=first.finished_at - timedelta(minutes=5))
    assert update_ratings("german_whist").rebuilt == {None: 8}  # all clubs' scope only
    # Carla claims the guest record she played the Swiss under: its seats become hers.
    claims.claim(carla.user, claims.issue_claim_code(guest, director).code)
    assert update_ratings("german_whist").rebuilt == {None: 8, club.pk: 6}
    assert not Rating.objects.filter(player_id=guest.pk).exists()
    assert Rating.objects.get(scope__club=club, player=carla).games == 2
    # The third round's tables, one by one, on top again.
    for table, _seated in tables_of(play_round(cup, director)):
        finish(table, director, (7, 6))
        assert update_ratings("german_whist").appended == {None: 1, club.pk: 1}
    built = stored_rows()
    assert len(built[1]) == 2 * 11 + 2 * 9

    said, rebuilt = rebuilt_rows()

    assert "german_whist: 11 rated games, 2 scopes rebuilt" in said
    assert rebuilt == built
