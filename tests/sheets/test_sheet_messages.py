"""The engine's 0-based seats and sides, named and counted from 1 on the sheet."""

from __future__ import annotations

import pytest

from engine import EngineError
from tests.support.factories import published
from tests.support.sheets import cid
from tournaments.services import sheets
from tournaments.services.numbering import count_from_one as for_people


def test_seats_and_sides_are_named_and_counted_from_one():
    seats = {0: "Ann", 1: "Carla", 2: "Bruno"}
    assert for_people("seat 2 is out of the game", seats, []) == (
        "Bruno (seat 3) is out of the game"
    )
    assert for_people("side 0 took the settebello", {}, ["Ann & Carla", "Bruno & Dario"]) == (
        "Ann & Carla took the settebello"
    )
    assert for_people("seat 7 and side 4", {}, ["x"]) == "seat 8 and side 5"
    assert for_people("seats 2 to 3", seats, []) == "seats 2 to 3"


@pytest.mark.django_db
def test_a_refusal_from_the_sheet_names_the_side():
    s = published("scopa", 2)
    table = s.table()
    names = sheets.build_state(table)["sides"]
    bad = {"cards": [22, 18], "coins": [0, 10], "scope": [0, 0], "primiera": [70, 70],
           "settebello": 0}  # fmt: skip
    with pytest.raises(EngineError) as refused:
        sheets.submit(table, 1, bad, s.seat(0), cid())
    assert f"{names[0]} took the settebello" in str(refused.value)
    assert "side 0" not in str(refused.value)
