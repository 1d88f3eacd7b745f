"""A tournament's clock (issue 16): set in its settings (page and API), copied into
each online table's game when a round is published."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.support.factories import director_of, make_club, make_tournament, published
from tournaments.models import Game
from tournaments.services import tournaments
from tournaments.services.errors import ServiceError

CLOCK = {"kind": "deal", "seconds": 300, "on_timeout": "auto"}


def test_an_online_tournaments_clock_goes_to_every_tables_game(db):
    setup = published("german_whist", 4, mode="online", time_control=CLOCK)
    assert setup.tables
    for table in setup.tables:
        assert Game.objects.get(pk=table.game_id).time_control == CLOCK


def test_a_tournament_played_with_real_cards_runs_no_clock(db):
    setup = published("german_whist", 4, mode="physical", time_control=CLOCK)
    assert all(Game.objects.get(pk=t.game_id).time_control is None for t in setup.tables)


@pytest.mark.parametrize(
    ("control", "words"),
    [
        ({"kind": "deal", "seconds": 3}, "seconds"),
        ({"kind": "deal", "seconds": 300, "on_timeout": "forfeit_deal"}, "conced"),
    ],
)
def test_a_bad_clock_is_refused_in_words(db, control, words):
    club = make_club()
    with pytest.raises(ServiceError) as refused:
        # Three-handed whist: no conceding of a deal, so 'forfeit_deal' is refused for it.
        settings = {"game_type": "three_handed_whist", "table_sizes": [3]}
        make_tournament(
            club, director_of(club), {**settings, "mode": "online", "time_control": control}
        )
    assert words in str(refused.value) and refused.value.details["field"] == "time_control"


def test_the_setup_page_sets_and_shows_the_clock(client, db):
    club = make_club()
    director = director_of(club)
    cup = make_tournament(club, director, {"mode": "online"})
    client.force_login(director)
    url = reverse("tournaments:setup", kwargs={"slug": club.slug, "tslug": cup.slug})
    page = client.get(url).content.decode()
    assert 'name="clock"' in page and "30 s a move" in page
    cup = tournaments.update_tournament(
        cup, by=director, settings={"time_control": {"kind": "move", "seconds": 45}}
    )
    assert cup.time_control == {"kind": "move", "seconds": 45, "on_timeout": "auto"}
    page = client.get(url).content.decode()
    assert '<option value="move:45" selected>' in page
