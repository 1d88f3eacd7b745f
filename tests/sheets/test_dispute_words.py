"""What a dispute differs on, in words, for every game's tally (no database)."""

from __future__ import annotations

from tournaments.services.dispute_words import differences, differing_fields

SEATS = ["Ann", "Carla", "Bruno"]
TEAMS = ["Ann & Carla", "Bruno & Dario"]


def seats(i: int) -> str:
    return SEATS[i]


def teams(i: int) -> str:
    return TEAMS[i]


def test_italian_whist_names_the_seat_and_the_hand():
    a = {"type": "tally", "tricks": [[5, 1], [2, 4], [2, 4]]}
    b = {"type": "tally", "tricks": [[5, 1], [3, 4], [1, 4]]}
    assert differences([a, b], seats) == [
        "Carla's first-hand tricks: 2 or 3",
        "Bruno's first-hand tricks: 2 or 1",
    ]
    assert differing_fields([a, b]) == ["tricks[1][0]", "tricks[2][0]"]


def test_whist_teams_and_german_whist_seats():
    assert differences([{"tricks": [7, 6]}, {"tricks": [8, 5]}], teams) == [
        "Ann & Carla's tricks: 7 or 8",
        "Bruno & Dario's tricks: 6 or 5",
    ]
    assert differences([{"tricks": [7, 6]}, {"tricks": [7, 6]}], seats) == []


def test_three_handed_whist_dummy():
    a = {"tricks": [5, 4, 4], "dummy": 0}
    b = {"tricks": [5, 4, 4], "dummy": None}
    assert differences([a, b], seats) == ["Who took the dummy: Ann or nobody"]


def test_scopa_counts_and_the_settebello():
    a = {"cards": [22, 18], "coins": [6, 4], "scope": [1, 0], "primiera": [78, 70],
         "settebello": 0}  # fmt: skip
    b = {"cards": [22, 18], "coins": [5, 5], "scope": [2, 0], "primiera": [78, 70],
         "settebello": 1}  # fmt: skip
    assert differences([a, b], teams) == [
        "Ann & Carla's coins: 6 or 5",
        "Bruno & Dario's coins: 4 or 5",
        "Ann & Carla's scope: 1 or 2",
        "Who took the settebello: Ann & Carla or Bruno & Dario",
    ]


def test_briscola_and_tresette():
    assert differences([{"points": [70, 50]}, {"points": [60, 60]}], teams)[0] == (
        "Ann & Carla's card points: 70 or 60"
    )
    a = {"thirds": [20, 12], "declared": [3, 0], "last_trick": 0}
    b = {"thirds": [20, 12], "declared": [0, 0], "last_trick": 1}
    assert differences([a, b], teams) == [
        "Ann & Carla's declarations: 3 or 0",
        "Who took the last trick: Ann & Carla or Bruno & Dario",
    ]


def test_burraco_and_scala_40():
    a = {"melded": [300, 200], "clean": [1, 0], "dirty": [0, 1], "hand": [0, 40],
         "closed": 0, "pozzetto": [True, True]}  # fmt: skip
    b = {"melded": [300, 210], "clean": [1, 0], "dirty": [0, 1], "hand": [0, 40],
         "closed": 0, "pozzetto": [True, False]}  # fmt: skip
    assert differences([a, b], teams) == [
        "Bruno & Dario's melded points: 200 or 210",
        "Bruno & Dario's pozzetto taken: yes or no",
    ]
    a = {"hand": [0, 25, 40], "closed": 0}
    b = {"hand": [0, 25, 41], "closed": 1}
    assert differences([a, b], seats) == [
        "Bruno's points in hand: 40 or 41",
        "Who closed: Ann or Carla",
    ]


def test_three_entries_and_unknown_fields_are_still_words():
    tallies = [{"tricks": [7, 6]}, {"tricks": [8, 5]}, {"tricks": [9, 4]}]
    assert differences(tallies, teams)[0] == "Ann & Carla's tricks: 7, 8 or 9"
    assert differences([{"bonus": 1}, {"bonus": 2}], teams) == ["bonus: 1 or 2"]
