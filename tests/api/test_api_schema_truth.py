"""The schema tells the truth, and the server refuses what it does not take (issue 15):
unknown fields, wrongly typed fields, unknown or invalid query parameters and slugs
that are not slugs are a 400 in words, never ignored or rewritten."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from scoring import store
from tests.support.api import api, check, club_url, cup_url
from tests.support.factories import german_whist_cup, make_user
from tests.support.standings import finish, play_round, tables_of
from tournaments.models import Club, Game, Tournament
from tournaments.services import clubs
from tournaments.services.errors import ServiceError

pytestmark = pytest.mark.django_db

RECORD = {
    "format": "tavolo-record/1",
    "game": "whist",
    "players": 4,
    "options": {"target": 1},
    "first_dealer": 0,
    "events": [{"type": "tally", "tricks": [8, 5]}],
}


def schema() -> dict[str, Any]:
    return Client().get("/api/schema/", HTTP_ACCEPT="application/json").json()


def request_bodies(document: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each operation's JSON request body schema (its component), by "METHOD path"."""
    components = document["components"]["schemas"]
    found = {}
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            content = (operation.get("requestBody") or {}).get("content", {})
            if "application/json" in content:
                ref = content["application/json"]["schema"]["$ref"]
                found[f"{method.upper()} {path}"] = components[ref.rsplit("/", 1)[-1]]
    return found


# ---------------------------------------------------------------------- the schema


def test_every_request_body_is_closed_and_says_which_strings_may_not_be_blank() -> None:
    bodies = request_bodies(schema())
    assert len(bodies) >= 30
    for name, body in bodies.items():
        assert body["additionalProperties"] is False, name
        for field, value in body.get("properties", {}).items():
            if value.get("type") == "string" and "format" not in value:
                assert "pattern" in value, (name, field)  # no NUL, not only spaces
    assert bodies["POST /api/clubs/"]["properties"]["name"]["minLength"] == 1
    seat = bodies["POST /api/games/casual"]["properties"]["seat"]
    assert (seat["minimum"], seat["maximum"]) == (0, 5)  # the largest table seats 6
    assert bodies["PUT /api/games/{game_id}/seats/{number}"]["maxProperties"] == 1
    slug = bodies["POST /api/clubs/"]["properties"]["slug"]["oneOf"][0]  # (or blank)
    assert slug["pattern"].startswith("^(?:[a-z0-9]+") and slug["maxLength"] == 60
    seed = bodies["POST /api/games/import"]["properties"]["seed"]
    assert seed["type"] == "string" and seed["pattern"] == "^[0-9a-f]{64}$"


# ---------------------------------------------------------------------- request bodies


def test_an_unknown_field_is_refused_naming_it_in_words() -> None:
    user = make_user()
    games_before = Game.objects.count()
    answer = check(
        api(user).post("/api/games/", {"game": "whist", "colour": "red"}, format="json"), 400
    )
    assert answer["detail"].startswith("colour: unknown field (the fields are: game, players")
    response = api(user).post("/api/games/", {"game": "whist", "players": "4"}, format="json")
    assert check(response, 400)["detail"] == "players: must be a whole number, not str"
    assert Game.objects.count() == games_before


def test_a_list_item_is_named_in_words_not_as_a_path(club: Club, director: Any) -> None:
    answer = check(
        api(director).post(
            club_url(club) + "teams/", {"name": "Pair", "players": [1, "two"]}, format="json"
        ),
        400,
    )
    assert answer["detail"] == "players: item 2: must be a whole number, not str"
    assert "[" not in answer["detail"]


def test_importing_a_record_checks_its_types_first() -> None:
    user = make_user()
    games_before = Game.objects.count()
    for bad, field in (
        ({**RECORD, "seed": 12345}, "seed"),
        ({**RECORD, "seed": "not hex"}, "seed"),
        ({**RECORD, "seed_commitment": ["a"]}, "seed_commitment"),
        ({**RECORD, "players": "4"}, "players"),
        ({**RECORD, "format": "other/2"}, "format"),
        ({**RECORD, "comment": "hi"}, "comment"),
    ):
        answer = check(api(user).post("/api/games/import", bad, format="json"), 400)
        assert answer["detail"].startswith(f"{field}: "), answer
    assert Game.objects.count() == games_before
    good = {**RECORD, "seed": "ab" * 32, "seed_commitment": "cd" * 32}
    made = check(api(user).post("/api/games/import", good, format="json"), 201)
    assert made["imported"] is True and made["status"] == "finished"


# ---------------------------------------------------------------------- query parameters


@pytest.fixture
def played_cup() -> tuple[Club, Tournament]:
    club, director, cup, _ = german_whist_cup(4)
    for table, _ in tables_of(play_round(cup, director)):
        finish(table, director, (8, 5))
    store.recompute(cup.pk)
    return club, cup


def test_the_standings_refuse_a_round_that_is_no_number_or_has_no_standings(
    played_cup: tuple[Club, Tournament],
) -> None:
    _, cup = played_cup
    url = cup_url(cup) + "standings/"
    assert check(Client().get(url + "?round=1"), 200)["round"] == 1
    for query in ("abc", "0", "-1", "1.5"):
        answer = check(Client().get(f"{url}?round={query}"), 400)
        assert answer["detail"].startswith("round: "), query
    answer = check(Client().get(url + "?round=7"), 404)
    assert answer["detail"] == "there are no standings after round 7 (rounds with standings: 1)"
    answer = check(Client().get(url + "?rnd=1"), 400)
    assert answer["detail"] == "rnd: unknown query parameter (the parameters here are: round)"


def test_a_seat_view_refuses_unknown_query_parameters() -> None:
    user = make_user()
    game = check(api(user).post("/api/games/", {"game": "whist"}, format="json"), 201)
    seat = {"username": user.username}
    check(api(user).put(f"/api/games/{game['id']}/seats/0", seat, format="json"), 200)
    url = f"/api/games/{game['id']}/view"
    assert check(api(user).get(url + "?seat=0"), 200)["seat"] == 0
    answer = check(api(user).get(url + "?seet=0"), 400)
    assert answer["detail"] == "seet: unknown query parameter (the parameters here are: seat)"
    assert check(api(user).get(url + "?seat=zero"), 400)["detail"].startswith("seat: ")


# ---------------------------------------------------------------------- slugs


@pytest.mark.parametrize("slug", ["../../etc", "Spring Cup", "UPPER", "a--b", "-a", "a_", "x" * 61])
def test_a_slug_that_is_not_one_is_refused_not_rewritten(
    slug: str, club: Club, director: Any
) -> None:
    clubs_before = Club.objects.count()
    answer = check(
        api(director).post("/api/clubs/", {"name": "Etc", "slug": slug}, format="json"), 400
    )
    assert answer["detail"].startswith("slug: ")
    answer = check(
        api(director).post(
            club_url(club) + "tournaments/",
            {"name": "Cup", "game_type": "whist", "slug": slug},
            format="json",
        ),
        400,
    )
    assert answer["detail"].startswith("slug: ")
    assert Club.objects.count() == clubs_before
    assert not Tournament.objects.filter(club=club, name="Cup").exists()
    # The service refuses it too (the web's forms go through it).
    with pytest.raises(ServiceError, match="cannot be used in web addresses") as refused:
        clubs.create_club(name="Etc", owner=director, slug=slug)
    assert refused.value.details == {"field": "slug"}


def test_a_slug_that_is_one_is_kept_and_a_missing_one_is_made_from_the_name(
    director: Any,
) -> None:
    made = check(
        api(director).post("/api/clubs/", {"name": "Etc", "slug": "circolo_2-b"}, format="json"),
        201,
    )
    assert made["slug"] == "circolo_2-b"
    made = check(
        api(director).post("/api/clubs/", {"name": "Circolo dell'Arco"}, format="json"), 201
    )
    assert made["slug"] == "circolo-dellarco"
