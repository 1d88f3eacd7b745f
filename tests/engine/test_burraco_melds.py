"""Burraco's melds (RULES.md §8, seed 004): reading a meld, wildcards, additions, the
wildcard that moves, burraco; one test per rule, on cards alone."""

from __future__ import annotations

import pytest

from engine.cards import cards, double_deck
from engine.games.burraco_melds import (
    DECK_POINTS,
    Meld,
    card_value,
    check_addition,
    check_meld,
    codes,
    find_melds,
)


def meld(text: str) -> Meld:
    checked = check_meld(cards(text))
    assert checked.meld is not None, checked.reason
    return checked.meld


def add(text: str, added: str) -> Meld:
    checked = check_addition(meld(text), cards(added))
    assert checked.meld is not None, checked.reason
    return checked.meld


def refused(text: str) -> str:
    checked = check_meld(cards(text))
    assert not checked.ok and checked.meld is None
    assert checked.reason
    return checked.reason


def test_card_values() -> None:
    values = {c.code: card_value(c) for c in cards("RJ BJ 2H AS KD QC JH TS 8D 7C 3H")}
    assert values == {
        "RJ": 30, "BJ": 30, "2H": 20, "AS": 15, "KD": 10, "QC": 10, "JH": 10, "TS": 10,
        "8D": 10, "7C": 5, "3H": 5,
    }  # fmt: skip
    assert sum(card_value(c) for c in double_deck()) == DECK_POINTS == 1080


def test_a_meld_needs_three_cards() -> None:
    assert "at least 3" in refused("5H 6H")


def test_sequence_of_one_suit_in_consecutive_rank() -> None:
    m = meld("5H 6H 7H 8H")
    assert m.is_sequence and m.suit == "H" and m.low == 5 and m.stands_for is None
    assert "neither a group" in refused("5H 6S 7H")
    assert "not a sequence" in refused("5H 7H 9H")


def test_sequences_are_written_low_to_high() -> None:
    assert "low to high" in refused("7H 6H 5H")


def test_ace_low_below_the_two_or_high_above_the_king() -> None:
    assert meld("AH 2H 3H").low == 1
    assert meld("QH KH AH").low == 12
    assert "not a sequence" in refused("KH AH 2H")


def test_a_sequence_may_run_ace_king_ace() -> None:
    full = meld("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH")
    assert len(full.cards) == 14 and full.burraco == "clean"


def test_group_of_one_rank_with_repeated_suits() -> None:
    m = meld("9H 9H 9S")
    assert not m.is_sequence and m.rank == 9
    assert meld("KS KS KS KS KS KS KS KS").burraco == "clean"


def test_at_most_one_wildcard_per_meld() -> None:
    assert "at most one wildcard" in refused("BJ RJ 5H")
    assert "at most one wildcard" in refused("5H 5S BJ 2C")
    assert "at most one wildcard" in refused("5H BJ 7H 2S")


def test_twos_and_jokers_alone_are_no_meld() -> None:
    assert "wildcards" in refused("2H 2S 2D")
    assert check_meld(cards("2H 2S BJ")).rule == "wildcards"


def test_a_two_is_natural_in_its_own_suits_sequence() -> None:
    m = meld("2H 3H 4H")
    assert m.wild is None and m.burraco is None


def test_a_two_of_another_suit_is_a_wildcard() -> None:
    m = meld("2S 3H 4H")
    assert m.wild == 0 and m.stands_for == "2H"


def test_a_sequence_may_hold_a_natural_two_and_a_two_as_wildcard() -> None:
    m = meld("2H 2H 3H")
    assert m.wild == 0 and m.stands_for == "AH"
    m = meld("AH 2H 2S 4H")
    assert m.wild == 2 and m.stands_for == "3H"


def test_the_engine_infers_what_a_wildcard_stands_for() -> None:
    assert meld("5H BJ 7H").stands_for == "6H"
    assert meld("BJ 5H 6H").stands_for == "4H"
    assert meld("5H 6H BJ").stands_for == "7H"
    assert meld("QH KH RJ").stands_for == "AH"
    assert meld("7C 2D 7S").stands_for == "7"
    assert meld("5H BJ 7H").to_json() == {
        "kind": "sequence",
        "cards": ["5H", "BJ", "7H"],
        "as": "6H",
        "burraco": None,
    }


def test_nothing_beyond_the_aces() -> None:
    assert "not a sequence" in refused("RJ AH 2H")
    assert "not a sequence" in refused("KH AH BJ")


def test_clean_and_dirty_burraco() -> None:
    assert meld("3H 4H 5H 6H 7H 8H").burraco is None
    assert meld("3H 4H 5H 6H 7H 8H 9H").burraco == "clean"
    assert meld("3H 4H 5H BJ 7H 8H 9H").burraco == "dirty"
    assert meld("8S 8S 8D 8D 8C 8C 2H").burraco == "dirty"


def test_check_meld_accepts_codes_and_explains_bad_ones() -> None:
    assert check_meld(["5H", "BJ", "7H"]).ok
    assert "not a card" in check_meld(["5H", "XX", "7H"]).reason


# ---------------------------------------------------------------------- additions


def test_additions_extend_either_end() -> None:
    assert codes(add("5H 6H 7H", "3H 4H 8H").cards) == "3H 4H 5H 6H 7H 8H"


def test_additions_may_not_leave_a_gap() -> None:
    assert "gap" in check_addition(meld("5H 6H 7H"), cards("9H")).reason


def test_additions_keep_the_suit_or_the_rank() -> None:
    assert "cannot join" in check_addition(meld("5H 6H 7H"), cards("8S")).reason
    assert "cannot join" in check_addition(meld("5H 5S 5D"), cards("6H")).reason
    assert codes(add("5H 5S 5D", "5H 5C").cards) == "5H 5S 5D 5H 5C"


def test_an_addition_may_fill_a_gap_with_a_wildcard() -> None:
    assert add("5H 6H 7H", "BJ 9H").stands_for == "8H"


def test_a_lone_wildcard_added_goes_to_the_lower_end() -> None:
    assert add("5H 6H 7H", "BJ").stands_for == "4H"
    assert add("AH 2H 3H", "BJ").stands_for == "4H"


def test_added_cards_in_the_order_written_choose_the_end() -> None:
    assert add("5H 6H 7H", "8H BJ").stands_for == "9H"
    assert add("5H 6H 7H", "BJ 8H").stands_for == "4H"


def test_no_second_wildcard_by_addition() -> None:
    checked = check_addition(meld("5H BJ 7H"), cards("2S"))
    assert checked.rule == "wildcards" and "one already" in checked.reason
    assert check_addition(meld("5H 5S BJ"), cards("RJ")).rule == "wildcards"


def test_adding_the_natural_card_moves_the_wildcard_to_the_lower_end() -> None:
    m = add("3H BJ 5H", "4H")
    assert codes(m.cards) == "BJ 3H 4H 5H" and m.stands_for == "2H"


def test_the_wildcard_moves_to_the_upper_end_when_the_lower_end_is_the_ace() -> None:
    m = add("AH BJ 3H", "2H")
    assert codes(m.cards) == "AH 2H 3H BJ" and m.stands_for == "4H"


def test_a_two_moved_onto_its_own_place_is_natural_again() -> None:
    m = add("3H 2H 5H", "4H")
    assert codes(m.cards) == "2H 3H 4H 5H" and m.wild is None


def test_a_groups_wildcard_stays_in_the_group() -> None:
    m = add("7C 7S BJ", "7D")
    assert m.stands_for == "7" and codes(m.cards) == "7C 7S BJ 7D"


def test_an_ace_added_to_two_to_king_goes_low_then_high() -> None:
    low = add("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "AH")
    assert low.low == 1
    full = check_addition(low, cards("AH"))
    assert full.meld is not None and len(full.meld.cards) == 14


def test_a_full_ace_king_ace_takes_nothing_more() -> None:
    full = meld("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH")
    assert not check_addition(full, cards("BJ"))


def test_a_displaced_wildcard_with_no_room_left_makes_the_addition_illegal() -> None:
    almost = meld("AH 2H 3H 4H 5H BJ 7H 8H 9H TH JH QH KH AH")
    assert "no place" in check_addition(almost, cards("6H")).reason


# ---------------------------------------------------------------------- finding melds


def test_find_melds_finds_groups_runs_and_wildcard_melds() -> None:
    found = {codes(m) for m in find_melds(cards("5H 6H 7H 9S 9D 9C KD KS BJ 3C 5C"))}
    assert {"5H 6H 7H", "9S 9D 9C", "KD KS BJ"} <= found
    assert all(check_meld(m) for m in find_melds(cards("AH 2H 3H 2S 4H 4H 4D")))


@pytest.mark.parametrize("text", ["", "5H", "BJ RJ 2S", "5H 7S 9D JC"])
def test_find_melds_finds_nothing_when_there_is_nothing(text: str) -> None:
    assert find_melds(cards(text)) == []


def test_a_meld_is_still_a_frozen_value_with_its_own_init() -> None:
    """Meld's hand-written __init__ (there for speed) keeps the dataclass's fields,
    defaults, equality, hash, immutability and pickling."""
    import dataclasses
    import pickle

    from engine.games.burraco_cards import Meld

    run = Meld(tuple(cards("3H 4H 5H")), suit="H", low=3)
    assert (run.cards, run.suit, run.rank, run.low, run.wild) == (
        tuple(cards("3H 4H 5H")),
        "H",
        None,
        3,
        None,
    )
    assert run == Meld(tuple(cards("3H 4H 5H")), "H", None, 3, None)
    assert hash(run) == hash(Meld(tuple(cards("3H 4H 5H")), suit="H", low=3))
    assert run != Meld(tuple(cards("3H 4H 5H")), suit="H", low=3, wild=0)
    assert pickle.loads(pickle.dumps(run)) == run
    with pytest.raises(dataclasses.FrozenInstanceError):
        run.low = 4  # type: ignore[misc]
