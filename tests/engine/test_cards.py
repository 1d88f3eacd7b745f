"""Card notation and decks (RULES.md, "Cards")."""

from __future__ import annotations

import copy
import pickle
from collections import Counter

import pytest

from engine.cards import (
    BLACK_JOKER,
    RANK_CHARS,
    RED_JOKER,
    SUITS,
    Card,
    card,
    cards,
    codes,
    double_deck,
    french_deck,
    italian_deck,
    sorted_cards,
)
from engine.errors import EngineError, MalformedCard

ALL_NATURAL = [rank + suit for suit in SUITS for rank in RANK_CHARS]


# ---------------------------------------------------------------------- notation


@pytest.mark.parametrize("code", [*ALL_NATURAL, "RJ", "BJ"])
def test_every_card_parses_and_round_trips(code: str) -> None:
    parsed = Card.parse(code)
    assert parsed.code == code
    assert str(parsed) == code
    assert Card.parse(str(parsed)) is parsed
    assert eval(repr(parsed), {"Card": Card}) is parsed


def test_there_are_52_natural_cards_and_two_jokers() -> None:
    assert len(set(ALL_NATURAL)) == 52
    assert len({Card.parse(c) for c in ALL_NATURAL}) == 52


@pytest.mark.parametrize("code", ["AS", "TH", "2C", "RJ"])
def test_cards_are_interned(code: str) -> None:
    assert Card.parse(code) is Card.parse(code)
    assert card(code) is Card.parse(code)
    # copies and pickles give back the very same object
    assert copy.copy(card(code)) is card(code)
    assert copy.deepcopy(card(code)) is card(code)
    assert pickle.loads(pickle.dumps(card(code))) is card(code)


def test_rank_values_ace_high() -> None:
    assert [card(r + "S").rank for r in RANK_CHARS] == list(range(2, 15))
    assert card("AS").rank == 14
    assert card("TH").rank == 10
    assert card("JD").rank == 11
    assert card("QC").rank == 12
    assert card("KH").rank == 13


def test_suits() -> None:
    assert [card("A" + s).suit for s in "SHDC"] == ["S", "H", "D", "C"]


def test_names() -> None:
    assert card("TH").name == "ten of hearts"
    assert card("AS").name == "ace of spades"
    assert card("2C").name == "two of clubs"
    assert card("QD").name == "queen of diamonds"
    assert card("RJ").name == "red joker"
    assert card("BJ").name == "black joker"


def test_jokers() -> None:
    red, black = card("RJ"), card("BJ")
    assert red is RED_JOKER and black is BLACK_JOKER
    for joker in (red, black):
        assert joker.is_joker
        assert joker.suit is None
        assert joker.rank == 0
    assert not any(card(c).is_joker for c in ALL_NATURAL)


def test_colours() -> None:
    for code in ALL_NATURAL:
        expected = "red" if code[1] in "HD" else "black"
        assert card(code).colour == expected, code
    assert card("RJ").colour == "red"
    assert card("BJ").colour == "black"


def test_cards_helper_accepts_a_string_or_a_list() -> None:
    assert cards("AS KD TH") == [card("AS"), card("KD"), card("TH")]
    assert cards(["AS", "KD"]) == [card("AS"), card("KD")]
    assert cards("") == []
    assert codes(cards("2C RJ")) == ["2C", "RJ"]


def test_display_order_by_suit_then_rank_jokers_last() -> None:
    shuffled = cards("RJ AC 2S KH 3S BJ TD 2H")
    assert codes(sorted_cards(shuffled)) == ["2S", "3S", "2H", "KH", "TD", "AC", "RJ", "BJ"]
    assert card("2S") < card("3S") < card("AS") < card("2H")
    assert card("AC") <= card("AC") and card("AC") >= card("AC")
    assert card("RJ") > card("AC")


# ---------------------------------------------------------------------- malformed input


def _message(code: object) -> str:
    with pytest.raises(MalformedCard) as caught:
        Card.parse(code)  # type: ignore[arg-type]
    assert isinstance(caught.value, EngineError)
    assert isinstance(caught.value, ValueError)
    return str(caught.value)


@pytest.mark.parametrize("code", ["th", "as", "rj", "Th", "tH", "qd"])
def test_lowercase_is_rejected_with_the_capitalised_spelling(code: str) -> None:
    message = _message(code)
    assert "capitals" in message
    assert repr(code.upper()) in message


@pytest.mark.parametrize("code", ["1H", "0S", "XH", "ZD", "10"])
def test_bad_rank(code: str) -> None:
    message = _message(code)
    assert repr(code[0]) in message
    assert "not a rank" in message


@pytest.mark.parametrize("code", ["AX", "TZ", "2J", "KB", "QR"])
def test_bad_suit(code: str) -> None:
    message = _message(code)
    assert repr(code[1]) in message
    assert "not a suit" in message


@pytest.mark.parametrize("code", ["", "A", "10H", "ASX", "A S", " AS", "AS "])
def test_wrong_length(code: str) -> None:
    message = _message(code)
    assert "two characters" in message
    assert repr(code) in message


@pytest.mark.parametrize("value", [None, 10, 1.5, ["AS"], ("A", "S"), {"card": "AS"}, b"AS"])
def test_non_string(value: object) -> None:
    message = _message(value)
    assert "string" in message
    assert repr(value) in message


def test_malformed_in_a_list_of_cards() -> None:
    with pytest.raises(MalformedCard, match="'ZZ'"):
        cards("AS ZZ")


# ---------------------------------------------------------------------- decks


def test_french_deck() -> None:
    deck = french_deck()
    assert len(deck) == 52
    assert len(set(deck)) == 52
    assert not any(c.is_joker for c in deck)
    assert Counter(c.suit for c in deck) == {s: 13 for s in "SHDC"}
    assert set(codes(deck)) == set(ALL_NATURAL)


def test_french_deck_with_jokers() -> None:
    deck = french_deck(2)
    assert len(deck) == 54
    assert Counter(c for c in deck if c.is_joker) == {RED_JOKER: 1, BLACK_JOKER: 1}
    four = french_deck(4)
    assert Counter(c for c in four if c.is_joker) == {RED_JOKER: 2, BLACK_JOKER: 2}


def test_italian_deck_has_40_cards_without_8_9_10() -> None:
    deck = italian_deck()
    assert len(deck) == 40
    assert len(set(deck)) == 40
    assert not any(c.code[0] in "89T" for c in deck)
    assert not any(c.is_joker for c in deck)
    assert {c.code[0] for c in deck} == set("A234567JQK")
    assert Counter(c.suit for c in deck) == {s: 10 for s in "SHDC"}
    assert card("7D") in deck  # the settebello


def test_double_deck_has_108_cards() -> None:
    deck = double_deck()
    assert len(deck) == 108
    counts = Counter(deck)
    assert all(counts[card(c)] == 2 for c in ALL_NATURAL)
    assert counts[RED_JOKER] == 2 and counts[BLACK_JOKER] == 2


def test_new_decks_are_fresh_lists() -> None:
    deck = french_deck()
    deck.clear()
    assert len(french_deck()) == 52


# ---------------------------------------------------------------------- immutability


@pytest.mark.parametrize("attribute", ["code", "rank", "suit", "colour", "is_joker", "other"])
def test_cards_are_immutable(attribute: str) -> None:
    ace = card("AS")
    with pytest.raises(AttributeError):
        setattr(ace, attribute, "x")
    assert ace.code == "AS" and ace.rank == 14 and ace.suit == "S"


def test_cards_are_hashable_and_usable_as_keys() -> None:
    table = {card("AS"): 1, card("RJ"): 2}
    assert table[Card.parse("AS")] == 1
    assert table[Card.parse("RJ")] == 2
    assert card("AS") == card("AS") and card("AS") != card("AH")


def test_deck_mismatch_names_the_cards_missing_and_the_cards_too_many() -> None:
    from engine.cards import deck_mismatch, french_deck

    whole = french_deck()
    # Same length, one card twice and one missing: the deck check must not be fooled.
    deck = [*whole[:-1], whole[0]]
    problem = deck_mismatch("whist", whole, deck)
    assert problem.code == "deck.missing_and_extra"
    assert problem.params["cards_missing"] == [whole[-1].code]
    assert problem.params["cards_extra"] == [whole[0].code]


def test_a_deal_with_a_card_twice_and_one_missing_is_refused() -> None:
    import engine
    from engine.errors import IllegalEvent

    game = engine.new_game("whist", 4)
    codes_ = [c.code for c in game.new_deck()]
    with pytest.raises(IllegalEvent) as error:
        game.apply({"type": "deal", "deck": [*codes_[:-1], codes_[0]]})
    assert error.value.rule == "deck"
    assert game.phase == "deal" and game.events_applied == 0


def test_a_card_equals_itself_only_and_hashes_by_identity() -> None:
    """Card's own ``__eq__`` (there for speed) says what object identity says."""
    ace, king = card("AS"), card("KS")
    assert ace == card("AS") and ace != king
    assert ace != "AS"
    assert hash(ace) == object.__hash__(ace)
    hand = [king, ace, king]
    hand.remove(king)
    assert hand == [ace, king] and ace in hand and card("QS") not in hand
