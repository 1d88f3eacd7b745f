"""Tournament pages: setup (create and edit, options drawn from the engine), the
public page with self-entry and self check-in, and entries and check-in."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils.html import escape

import engine
from tests.support.factories import enter_guests, make_tournament, make_user, member
from tournaments.models import Entry, ForbiddenPair, Player, Role, Team, TeamMember, Tournament
from tournaments.services import rounds as round_service
from tournaments.services import tournaments as tournament_service
from tournaments.web.option_labels import label_of

pytestmark = pytest.mark.django_db


def html(response) -> str:
    return response.content.decode()


def url(cup: Tournament, suffix: str = "") -> str:
    return f"/clubs/{cup.club.slug}/t/{cup.slug}/{suffix}"


def setup_data(**changes) -> dict[str, str]:
    data = {
        "name": "Autumn Whist",
        "slug": "",
        "status": "open",
        "game_type": "german_whist",
        "table_sizes": "2",
        "option_deals": "3",
        "mode": "physical",
        "entry_kind": "individual",
        "rounds_planned": "4",
        "pairing_method": "swiss",
        "first_round": "rating",
        "group_size": "",
        "late_entry_score": "0",
        "avoid_same_household": "on",
        "registration_open": "on",
        "self_entry": "on",
        "points_method": "",
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


# ---------------------------------------------------------------------- setup: access


def test_setup_pages_are_for_directors(client, club, cup):
    new = f"/clubs/{club.slug}/t/new"
    response = client.get(new)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    for user in (make_user(), member(club, Role.PLAYER), member(club, Role.SCORER)):
        client.force_login(user)
        assert client.get(new).status_code == 403
        assert client.get(url(cup, "setup")).status_code == 403
        assert client.post(new, setup_data()).status_code == 403
    assert not Tournament.objects.filter(name="Autumn Whist").exists()
    assert client.get("/clubs/nope/t/new").status_code == 404


def test_new_tournament_form_draws_the_games_options_from_the_engine(client, club, director):
    client.force_login(director)
    page = html(client.get(f"/clubs/{club.slug}/t/new"))
    for name in engine.available_games():
        assert f'<option value="{name}"' in page and engine.game_class(name).title in page
    # The first game's options, with their defaults and bounds from the declarations.
    # Every option the engine declares has its field, labelled and explained in words.
    first = engine.available_games()[0]
    for option in engine.game_class(first).option_spec.values():
        label, help_text = label_of(first, option)
        assert f'name="option_{option.name}"' in page
        assert escape(str(label)) in page and escape(str(help_text)) in page
    assert 'hx-get="/clubs/' in page  # changing the game swaps its fields in


def test_game_fields_fragment_has_the_table_size_and_options_of_that_game(client, club, director):
    client.force_login(director)
    fragment = html(client.get(f"/clubs/{club.slug}/t/game-fields", {"game_type": "whist"}))
    assert 'name="option_target"' in fragment and 'value="5"' in fragment
    assert 'name="table_sizes"' in fragment and 'value="4"' in fragment
    fragment = html(
        client.get(f"/clubs/{club.slug}/t/game-fields", {"game_type": "three_handed_whist"})
    )
    assert 'name="option_deals"' in fragment and 'name="option_target_score"' in fragment
    client.force_login(make_user())
    assert client.get(f"/clubs/{club.slug}/t/game-fields").status_code == 403


# ---------------------------------------------------------------------- setup: create


def test_director_creates_a_tournament(client, club, director):
    client.force_login(director)
    data = setup_data(
        points_method="win_draw_loss", win="3", draw="1.5", loss="", placement_points="9, 1",
        tiebreak_1="buchholz", tiebreak_2="", tiebreak_3="game_win",
    )  # fmt: skip
    response = client.post(f"/clubs/{club.slug}/t/new", data)
    cup = Tournament.objects.get(name="Autumn Whist")
    assert response.status_code == 302 and response["Location"] == url(cup, "entries")
    assert cup.options == {"deals": 3} and cup.table_sizes == [2]
    assert cup.status == "open" and cup.rounds_planned == 4
    # Only the chosen method's numbers are kept; empty tiebreak slots are skipped.
    assert cup.scoring == {"method": "win_draw_loss", "win": 3, "draw": 1.5}
    assert cup.tiebreaks == ["buchholz", "game_win"]
    assert cup.avoid_same_household and not cup.avoid_same_affiliation
    assert cup.created_by == director


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"table_sizes": "3"}, "table_sizes", "Select a valid choice"),
        ({"option_deals": "0"}, "option_deals", "greater than or equal to 1"),
        ({"points_method": "elo"}, "points_method", "Select a valid choice"),
        ({"points_method": "placement", "placement_points": "three, two"},
         "placement_points", "Write numbers separated by commas"),
        ({"points_method": "placement", "placement_points": "3, 2, 1, 5"},
         "placement_points", "The placement points"),
        ({"game_type": "three_handed_whist", "table_sizes": "3", "option_deals": "",
          "option_target_score": "21", "points_method": "win_draw_loss"},
         "points_method", "scores tables where two sides meet"),
        ({"game_type": "three_handed_whist", "table_sizes": "3", "option_deals": "",
          "option_target_score": "21", "points_method": "placement",
          "placement_points": "2, 1"}, "placement_points", "a table of 3 needs 3"),
        ({"points_method": "victory_points_wbf"}, "wbf_deals", "required by the method"),
        ({"tiebreak_1": "buchholz", "tiebreak_2": "progressive", "tiebreak_3": "buchholz"},
         "tiebreak_3", "listed twice"),
        ({"tiebreak_1": "lot", "tiebreak_2": "buchholz"}, "tiebreak_1", "can only come last"),
        ({"tiebreak_1": "wins"}, "tiebreak_1", "Select a valid choice"),
        ({"start_time": "20:30"}, "starts_on", "A start time needs a date"),
        ({"starts_on": "5 December"}, "starts_on", "Enter a valid date"),
        ({"entry_limit": "1"}, "entry_limit", "greater than or equal to 2"),
        ({"rounds_planned": "0"}, "rounds_planned", "greater than or equal to 1"),
        ({"name": ""}, "name", "required"),
        ({"pairing_method": "mitchell", "game_type": "three_handed_whist",
          "table_sizes": "3", "option_deals": "", "option_target_score": "21"},
         "pairing_method", "pairs two sides per table"),
        ({"game_type": "whist", "table_sizes": "4", "option_target": "5"},
         "pairing_method", "partnerships"),
        ({"game_type": "three_handed_whist", "table_sizes": "3", "option_deals": "4",
          "option_target_score": "21"}, "option_deals", "multiple of 3"),
    ],
)  # fmt: skip
def test_bad_setup_is_refused_next_to_its_field_and_creates_nothing(
    client, club, director, changes, field, message
):
    client.force_login(director)
    before = Tournament.objects.count()
    response = client.post(f"/clubs/{club.slug}/t/new", setup_data(**changes))
    assert response.status_code == 400
    page = html(response)
    assert message in page
    # The message sits in the field's own block, after its input.
    block = page.split(f'name="{field}"', 1)[1].split('<div class="field', 1)[0]
    assert message in block or field == "option_deals" and message in page
    assert Tournament.objects.count() == before


def test_refusals_name_the_game_by_its_title(client, club, director):
    client.force_login(director)
    response = client.post(f"/clubs/{club.slug}/t/new", setup_data(entry_kind="team"))
    title = engine.game_class("german_whist").title
    assert f"{title} at [2] seats is not a partnership game" in html(response)
    assert "german_whist is" not in html(response).lower()


def test_a_taken_short_name_is_a_conflict(client, club, director, cup):
    client.force_login(director)
    response = client.post(f"/clubs/{club.slug}/t/new", setup_data(slug=cup.slug))
    assert response.status_code == 409
    assert "already has a tournament" in html(response)
    assert Tournament.objects.filter(club=club).count() == 1


# ---------------------------------------------------------------------- setup: edit


def test_director_edits_settings_and_status(client, director, cup):
    client.force_login(director)
    page = html(client.get(url(cup, "setup")))
    assert 'value="Spring Cup"' in page and "option_deals" in page
    response = client.post(
        url(cup, "setup"),
        setup_data(name="Spring Cup 2", status="running", option_deals="2", slug=None),
    )
    assert response.status_code == 302
    cup.refresh_from_db()
    assert cup.name == "Spring Cup 2" and cup.status == "running" and cup.options == {"deals": 2}


def test_saving_unchanged_settings_keeps_a_draft_round(client, director, cup):
    enter_guests(cup, director, 4)
    draft = round_service.pair_next_round(cup, by=director)
    client.force_login(director)
    # Options were stored empty (defaults); the form sends them explicitly.
    data = setup_data(name="Spring Cup", status="running", option_deals="1", rounds_planned="5")
    response = client.post(url(cup, "setup"), {k: v for k, v in data.items() if k != "slug"})
    assert response.status_code == 302
    assert cup.rounds.filter(pk=draft.pk).exists()


def test_after_publishing_the_game_is_locked(client, director, cup):
    enter_guests(cup, director, 4)
    round_service.publish(round_service.pair_next_round(cup, by=director), by=director)
    client.force_login(director)
    page = html(client.get(url(cup, "setup")))
    assert "can no longer change" in page and "disabled" in page
    response = client.post(
        url(cup, "setup"),
        setup_data(name="Renamed", game_type="italian_whist", table_sizes="3", status="running"),
    )
    assert response.status_code == 302
    cup.refresh_from_db()
    assert cup.name == "Renamed" and cup.game_type == "german_whist"


# ---------------------------------------------------------------------- public page


def test_a_tournament_being_set_up_is_not_public(client, club, director):
    hidden = make_tournament(club, director, {"name": "Hidden"})
    assert client.get(url(hidden)).status_code == 404
    client.force_login(make_user())
    assert client.get(url(hidden)).status_code == 404
    client.force_login(member(club, Role.SCORER))
    assert client.get(url(hidden)).status_code == 200


def test_public_page_shows_settings_entrants_and_no_director_links(client, director, cup):
    enter_guests(cup, director, 3, check_in=False)
    page = html(client.get(url(cup)))
    assert "Spring Cup" in page and engine.game_class("german_whist").title in page
    assert "Guest 3" in page
    assert "Points: win 2, draw 1, loss 0; a bye 2." in page
    assert "setup" not in page and "Pair round" not in page
    assert "log in to enter</a>" in page
    client.force_login(director)
    page = html(client.get(url(cup)))
    assert url(cup, "setup") in page and "Pair round 1" in page


def test_the_entrants_list_shows_each_entrants_number_name_and_status(client, director, cup):
    waiting, here, gone = enter_guests(cup, director, 3, check_in=False)
    tournament_service.check_in(here, by=director)
    tournament_service.withdraw(gone, by=director)
    Entry.objects.filter(pk=waiting.pk).update(joins_round=2, number=1000)
    page = html(client.get(url(cup)))
    assert '<li value="1000">Guest 1 <span class="small muted">from round 2</span></li>' in page
    assert '<li value="2">Guest 2 <span class="badge">here</span></li>' in page
    withdrawn = '<li value="3" class="withdrawn">Guest 3 <span class="badge">withdrawn</span></li>'
    assert withdrawn in page
    italian = html(client.get(url(cup), HTTP_ACCEPT_LANGUAGE="it"))
    assert '<li value="2">Guest 2 <span class="badge">presente</span></li>' in italian


def test_a_team_entrant_is_listed_by_its_teams_name(client, club, director):
    pairs = make_tournament(
        club, director, {"name": "Pairs", "game_type": "whist", "entry_kind": "team"}
    )
    pairs = tournament_service.set_status(pairs, by=director, status="open")
    team = Team.objects.create(club=club, name="I Fratelli")
    for position in range(2):
        player = Player.objects.create(name=f"Fratello {position + 1}", club=club)
        TeamMember.objects.create(team=team, player=player, position=position)
    tournament_service.register(pairs, by=director, team=team)
    assert '<li value="1">I Fratelli</li>' in html(client.get(url(pairs)))


def test_unknown_tournament_is_404(client, club):
    assert client.get(f"/clubs/{club.slug}/t/nope/").status_code == 404


def test_a_player_enters_and_checks_in_themselves(client, cup):
    user = make_user("pia")
    client.force_login(user)
    page = html(client.get(url(cup)))
    assert ">Enter</button>" in page
    response = client.post(url(cup, "entries/me"))
    assert response.status_code == 302
    entry = Entry.objects.get(tournament=cup, player__user=user)
    assert entry.status == Entry.Status.REGISTERED
    page = html(client.get(url(cup)))
    assert "You are entered as number 1" in page and "Check me in" in page
    response = client.post(url(cup, f"entries/{entry.pk}/check-in"), {"checked_in": "1"})
    assert response.status_code == 302 and response["Location"] == url(cup)
    entry.refresh_from_db()
    assert entry.status == Entry.Status.CHECKED_IN
    # Entering twice is a conflict and adds nothing.
    assert client.post(url(cup, "entries/me")).status_code == 409
    assert cup.entries.count() == 1


def test_self_entry_needs_open_entries_and_a_login(client, club, director, cup):
    assert client.post(url(cup, "entries/me")).status_code == 403
    tournament_service.set_status(cup, by=director, status="running")
    client.force_login(make_user())
    assert ">Enter</button>" not in html(client.get(url(cup)))
    response = client.post(url(cup, "entries/me"))
    assert response.status_code == 409 and "Entries are closed." in html(response)
    assert cup.entries.count() == 0


def test_a_player_cannot_check_in_someone_else(client, director, cup):
    (entry,) = enter_guests(cup, director, 1, check_in=False)
    client.force_login(make_user())
    response = client.post(url(cup, f"entries/{entry.pk}/check-in"), {"checked_in": "1"})
    assert response.status_code == 403
    entry.refresh_from_db()
    assert entry.status == Entry.Status.REGISTERED


# ---------------------------------------------------------------------- entries page


def test_entries_page_is_for_scorers_and_directors(client, club, director, cup):
    response = client.get(url(cup, "entries"))
    assert response.status_code == 302
    for user in (make_user(), member(club, Role.PLAYER)):
        client.force_login(user)
        assert client.get(url(cup, "entries")).status_code == 403
    client.force_login(member(club, Role.SCORER))
    page = html(client.get(url(cup, "entries")))
    assert "A new guest" in page and "Kept apart" not in page  # forbidden pairs: directors
    client.force_login(director)
    assert "Kept apart" in html(client.get(url(cup, "entries")))


def test_scorer_enters_a_guest(client, club, cup):
    client.force_login(member(club, Role.SCORER))
    response = client.post(
        url(cup, "entries/add/guest"),
        {"guest-name": "Gino", "guest-household": "Bianchi", "guest-rating": "1500"},
    )
    assert response.status_code == 302
    entry = cup.entries.get()
    assert entry.name == "Gino" and entry.rating == 1500 and entry.household == "Bianchi"
    assert entry.player.club == club
    assert "Gino entered as number 1" in html(client.get(url(cup, "entries")))


def test_a_bad_guest_entry_shows_the_error_and_writes_nothing(client, director, cup):
    client.force_login(director)
    players = Player.objects.count()
    response = client.post(
        url(cup, "entries/add/guest"), {"guest-name": "Gino", "guest-rating": "-5"}
    )
    assert response.status_code == 400 and 'class="field-error"' in html(response)
    tournament_service.set_status(cup, by=director, status="finished")
    response = client.post(url(cup, "entries/add/guest"), {"guest-name": "Gino"})
    assert response.status_code == 409 and "The tournament is finished" in html(response)
    assert Player.objects.count() == players and cup.entries.count() == 0  # no stray guest


def test_director_enters_a_club_player_once(client, club, director, cup):
    player = Player.objects.create(name="Clara", club=club)
    client.force_login(director)
    page = html(client.get(url(cup, "entries")))
    assert f'<option value="{player.pk}">Clara</option>' in page
    response = client.post(url(cup, "entries/add/player"), {"player-choice": str(player.pk)})
    assert response.status_code == 302
    assert cup.entries.get().player == player
    # Entered: no longer offered, and posting it again is refused.
    assert f'<option value="{player.pk}">Clara</option>' not in html(
        client.get(url(cup, "entries"))
    )
    response = client.post(url(cup, "entries/add/player"), {"player-choice": str(player.pk)})
    assert response.status_code == 400 and cup.entries.count() == 1


def test_team_tournaments_enter_teams(client, club, director):
    client.force_login(director)
    data = setup_data(
        name="Whist Pairs", game_type="whist", table_sizes="4", option_target="5",
        entry_kind="team",
    )  # fmt: skip
    assert client.post(f"/clubs/{club.slug}/t/new", data).status_code == 302
    cup = Tournament.objects.get(name="Whist Pairs")
    team = Team.objects.create(club=club, name="Assi")
    for n, name in enumerate(["Anna", "Beppe"]):
        TeamMember.objects.create(
            team=team, player=Player.objects.create(name=name, club=club), position=n
        )
    page = html(client.get(url(cup, "entries")))
    assert "A team of the club" in page and "A new guest" not in page
    response = client.post(url(cup, "entries/add/team"), {"team-choice": str(team.pk)})
    assert response.status_code == 302 and cup.entries.get().team == team


def test_check_in_toggle_answers_htmx_with_the_row(client, director, cup):
    (entry,) = enter_guests(cup, director, 1, check_in=False)
    client.force_login(director)
    page = html(client.get(url(cup, "entries")))
    assert f'hx-post="{url(cup, f"entries/{entry.pk}/check-in")}"' in page
    response = client.post(
        url(cup, f"entries/{entry.pk}/check-in"), {"checked_in": "1"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    row = html(response)
    assert row.lstrip().startswith(f'<li class="entry entry--in" id="entry-{entry.pk}"')
    assert "✓ Here" in row and 'aria-pressed="true"' in row
    assert '<strong id="checked-in-count" hx-swap-oob="true">1</strong>' in row
    entry.refresh_from_db()
    assert entry.status == Entry.Status.CHECKED_IN
    # The same tap again (a double tap) keeps it checked in; 0 checks out.
    client.post(
        url(cup, f"entries/{entry.pk}/check-in"), {"checked_in": "1"}, HTTP_HX_REQUEST="true"
    )
    entry.refresh_from_db()
    assert entry.status == Entry.Status.CHECKED_IN
    response = client.post(
        url(cup, f"entries/{entry.pk}/check-in"), {"checked_in": "0"}, HTTP_HX_REQUEST="true"
    )
    assert "Check in" in html(response)
    entry.refresh_from_db()
    assert entry.status == Entry.Status.REGISTERED


def test_withdrawing_and_then_checking_in_is_refused(client, director, cup):
    (entry,) = enter_guests(cup, director, 1)
    client.force_login(director)
    assert client.post(url(cup, f"entries/{entry.pk}/withdraw")).status_code == 302
    entry.refresh_from_db()
    assert entry.status == Entry.Status.WITHDRAWN
    response = client.post(
        url(cup, f"entries/{entry.pk}/check-in"), {"checked_in": "1"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 409 and "has withdrawn" in html(response)
    response = client.post(url(cup, f"entries/{entry.pk}/withdraw"))
    assert response.status_code == 409
    entry.refresh_from_db()
    assert entry.status == Entry.Status.WITHDRAWN


def test_unknown_entry_is_404(client, director, cup):
    client.force_login(director)
    assert client.post(url(cup, "entries/999999/check-in"), {"checked_in": "1"}).status_code == 404
    other = make_tournament(cup.club, director)
    (entry,) = enter_guests(other, director, 1)
    assert client.post(url(cup, f"entries/{entry.pk}/withdraw")).status_code == 404


def test_director_sets_a_rating_and_bad_values_change_nothing(client, club, director, cup):
    (entry,) = enter_guests(cup, director, 1)
    client.force_login(director)
    prefix = f"e{entry.pk}-"
    data = {prefix + "rating": "1800", prefix + "household": "Verdi", prefix + "affiliation": "A"}
    assert client.post(url(cup, f"entries/{entry.pk}/edit"), data).status_code == 302
    entry.refresh_from_db()
    assert (entry.rating, entry.household, entry.affiliation) == (1800, "Verdi", "A")
    data[prefix + "rating"] = "lots"
    response = client.post(url(cup, f"entries/{entry.pk}/edit"), data)
    assert response.status_code == 400 and "whole number" in html(response)
    entry.refresh_from_db()
    assert entry.rating == 1800
    client.force_login(member(club, Role.SCORER))
    assert client.post(url(cup, f"entries/{entry.pk}/edit"), data).status_code == 403


def test_late_entries_join_the_next_round_with_the_late_score(client, director, cup):
    tournament_service.update_tournament(cup, by=director, settings={"late_entry_score": 1})
    enter_guests(cup, director, 4)
    round_service.publish(round_service.pair_next_round(cup, by=director), by=director)
    client.force_login(director)
    page = html(client.get(url(cup, "entries")))
    assert "a new entry is late" in page and "joins round 2" in page
    response = client.post(url(cup, "entries/add/guest"), {"guest-name": "Late Lia"})
    assert response.status_code == 302
    late = cup.entries.get(player__name="Late Lia")
    assert late.joins_round == 2 and late.start_score == Decimal(1)


def test_forbidden_pairs_are_added_and_removed(client, director, cup):
    a, b, c = enter_guests(cup, director, 3)
    client.force_login(director)
    data = {"forbid-first": str(a.pk), "forbid-second": str(b.pk), "forbid-reason": "spouses"}
    assert client.post(url(cup, "forbidden/add"), data).status_code == 302
    pair = ForbiddenPair.objects.get(tournament=cup)
    assert "spouses" in html(client.get(url(cup, "entries")))
    response = client.post(url(cup, "forbidden/add"), data)
    assert response.status_code == 409 and "already kept apart" in html(response)
    same = {"forbid-first": str(c.pk), "forbid-second": str(c.pk)}
    response = client.post(url(cup, "forbidden/add"), same)
    assert response.status_code == 400 and "two different entrants" in html(response)
    assert ForbiddenPair.objects.filter(tournament=cup).count() == 1
    assert client.post(url(cup, f"forbidden/{pair.pk}/remove")).status_code == 302
    assert not ForbiddenPair.objects.filter(tournament=cup).exists()
    assert client.post(url(cup, f"forbidden/{pair.pk}/remove")).status_code == 404


def test_forbidden_pairs_need_a_director(client, club, director, cup):
    a, b = enter_guests(cup, director, 2)
    client.force_login(member(club, Role.SCORER))
    data = {"forbid-first": str(a.pk), "forbid-second": str(b.pk)}
    assert client.post(url(cup, "forbidden/add"), data).status_code == 403
    assert not ForbiddenPair.objects.exists()
