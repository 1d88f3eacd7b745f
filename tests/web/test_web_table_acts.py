"""The table's own acts on the pages (tournaments/web/table_acts.py, invitations.py):
"Resign" with a confirmation, "Adjourn the table" / "Resume" for the director or
creator, "Seat a bot" on the invitation page; refusals in words, never a 500."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest

from tests.support.accounts import logged_in
from tests.support.factories import published
from tests.support.factories import unique_user as user
from tournaments.models import Game, GameEvent, Player
from tournaments.services import casual, moves
from tournaments.services.game_store import read_state
from tournaments.web.eventlog import describe

pytestmark = pytest.mark.django_db


def visible(page: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", page).split())


def two_player_scopa() -> tuple[Game, Any, Any]:
    """A started casual scopa game: its creator in seat 1 (index 0), a friend in 2."""
    creator, friend = user("creator"), user("friend")
    game, _ = casual.new_casual_game(user=creator, game_type="scopa", players=2, options={}, seat=0)
    casual.take_seat(casual.live_invitations(game)[1].token, friend)
    game.refresh_from_db()
    return game, creator, friend


def stamp(game: Game, **fields: str) -> dict[str, str]:
    return {"event_id": str(uuid.uuid4()), "version": str(game.version), **fields}


def test_the_seat_page_offers_resign_with_a_question_asked_first():
    game, creator, _ = two_player_scopa()
    page = logged_in(creator).get(f"/games/{game.pk}/seat/0/").content.decode()
    assert 'name="action" value="resign"' in page
    assert re.search(r'data-confirm="Resign the whole game\?[^"]+"', page)
    spectators = logged_in(user("watcher")).get(f"/games/{game.pk}/").content.decode()
    assert 'value="resign"' not in spectators  # a spectator acts for nobody


def test_a_player_cannot_resign_another_seat_from_its_address():
    game, creator, _ = two_player_scopa()
    response = logged_in(creator).post(f"/games/{game.pk}/seat/1/act", stamp(game, action="resign"))
    assert response.status_code == 403
    assert GameEvent.objects.filter(game=game).count() == game.version


def test_only_the_creator_or_a_director_sees_and_may_use_the_pause_form():
    game, creator, friend = two_player_scopa()
    assert "Adjourn the table" in logged_in(creator).get(f"/games/{game.pk}/").content.decode()
    assert "Adjourn the table" not in logged_in(friend).get(f"/games/{game.pk}/").content.decode()
    response = logged_in(friend).post(
        f"/games/{game.pk}/pause", {"action": "adjourn", "reason": "tea"}
    )
    assert response.status_code == 403
    assert "may adjourn or resume the table" in visible(response.content.decode())
    assert GameEvent.objects.filter(game=game).count() == game.version


def test_a_pause_form_not_understood_is_a_400_in_words():
    game, creator, _ = two_player_scopa()
    response = logged_in(creator).post(f"/games/{game.pk}/pause", {"action": "explode"})
    assert response.status_code == 400
    assert "not understood" in visible(response.content.decode())


def test_the_creator_seats_a_bot_from_the_invitation_page_and_the_last_one_starts_the_game():
    creator = user("creator")
    game, _ = casual.new_casual_game(
        user=creator, game_type="briscola", players=3, options={}, seat=0
    )
    client = logged_in(creator)
    page = client.get(f"/games/{game.pk}/invite").content.decode()
    assert page.count("Seat a bot") == 2
    response = client.post(f"/games/{game.pk}/invite/bot", {"seat": "1"}, follow=True)
    assert response.status_code == 200
    assert "A bot plays seat 2." in visible(response.content.decode())
    assert Player.objects.get(seats__game=game, seats__number=1).is_bot
    response = client.post(f"/games/{game.pk}/invite/bot", {"seat": "2"})
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/seat/0/"
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    table = visible(client.get(f"/games/{game.pk}/").content.decode())
    assert table.count("Bot seat") == 2 and table.count(" bot ") >= 2  # name and marker


def test_seating_a_bot_refused_is_said_in_words():
    creator = user("creator")
    game, _ = casual.new_casual_game(
        user=creator, game_type="briscola", players=2, options={}, seat=0
    )
    response = logged_in(creator).post(f"/games/{game.pk}/invite/bot", {"seat": "0"})
    assert response.status_code == 409
    assert "Seat 1 is already taken." in visible(response.content.decode())
    stranger = logged_in(user("stranger")).post(f"/games/{game.pk}/invite/bot", {"seat": "1"})
    assert stranger.status_code in (403, 404)
    assert not Player.objects.filter(is_bot=True).exists()


# ---------------------------------------------------------------------- with the engine (h1)


def test_a_player_resigns_from_the_seat_page_and_both_pages_say_so():
    game, creator, friend = two_player_scopa()
    response = logged_in(friend).post(f"/games/{game.pk}/seat/1/act", stamp(game, action="resign"))
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    for client, path in ((logged_in(creator), "seat/0/"), (logged_in(user("w")), "")):
        page = visible(client.get(f"/games/{game.pk}/{path}").content.decode())
        assert "(seat 2) resigned: the game is over." in page


def test_the_creator_adjourns_and_resumes_and_the_pages_say_so():
    game, creator, friend = two_player_scopa()
    client = logged_in(creator)
    response = client.post(
        f"/games/{game.pk}/pause",
        {"action": "adjourn", "reason": "dinner", "event_id": str(uuid.uuid4())},
    )
    assert response.status_code == 302
    seat_page = visible(logged_in(friend).get(f"/games/{game.pk}/seat/1/").content.decode())
    assert "The table is adjourned (by the player who set up the game)" in seat_page
    assert "Resume the table" in client.get(f"/games/{game.pk}/").content.decode()
    client.post(f"/games/{game.pk}/pause", {"action": "resume"})
    game.refresh_from_db()
    assert read_state(game, lambda state: state.adjourned) is False


def test_a_tournament_director_adjourns_from_the_table_page():
    setup = published("scopa", 2, mode="online")
    game = setup.tables[0].game
    client = logged_in(setup.director)
    assert "Adjourn the table" in client.get(f"/games/{game.pk}/").content.decode()
    response = client.post(f"/games/{game.pk}/pause", {"action": "adjourn", "reason": "x"})
    assert response.status_code == 302
    page = visible(client.get(f"/games/{game.pk}/").content.decode())
    assert "The table is adjourned (by the director)" in page


def test_the_log_words_the_table_acts_and_marks_a_directors_and_a_bots_moves():
    names = {0: "Alice", 1: "Bruno"}

    def words(event: dict[str, Any], actor: str | None = None) -> str:
        entry = describe({"sequence": 5, "event": event, "actor": actor}, names)
        return f"{entry['text']} ({entry['by']})" if entry["by"] else entry["text"]

    assert words({"type": "resign", "seat": 1}) == "Bruno resigns: the game is over."
    assert words({"type": "concede", "seat": 0}) == "Alice concedes the deal."
    assert words({"type": "adjourn"}, "director") == "The table is adjourned. (by the director)"
    assert words({"type": "resume"}) == "Play resumes."
    assert words({"type": "play", "seat": 0, "card": "7D"}, "bot").endswith("(played by the bot)")
    assert words({"type": "play", "seat": 0, "card": "7D"}, "clock").endswith(
        "(time ran out: played automatically)"
    )


def test_the_api_log_says_who_made_an_event_that_was_not_the_seats_player():
    setup = published("scopa", 2, mode="online")
    game = setup.tables[0].game
    moves.adjourn(game.pk, user=setup.director, reason="x")
    client = logged_in(setup.director)
    log = client.get(f"/api/games/{game.pk}/events").json()["events"]
    assert [e["actor"] for e in log][-1] == "director"
    assert all(e["actor"] is None for e in log[:-1])
    page = visible(client.get(f"/games/{game.pk}/").content.decode())
    assert "The table is adjourned. (by the director)" in page


def test_concede_this_deal_is_offered_where_the_game_allows_it_and_asked_first():
    game, creator, _ = two_player_scopa()
    page = logged_in(creator).get(f"/games/{game.pk}/seat/0/").content.decode()
    assert 'name="action" value="concede"' in page
    assert 'data-confirm="Concede this deal?' in page
    response = logged_in(creator).post(
        f"/games/{game.pk}/seat/0/act", stamp(game, action="concede")
    )
    assert response.status_code == 302
    assert GameEvent.objects.filter(game=game, payload__type="concede").count() == 1
