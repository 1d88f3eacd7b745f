"""Each game's score-sheet tally (``tally_spec``) and scorer's notes (``sheet_notes``),
declared by the engine class next to its options: the spec names exactly the fields
the game's tally event takes, and the notes say the rules' own numbers."""

from __future__ import annotations

import re

import pytest

import engine
from engine.cards import ITALIAN_RANKS, RANK_CHARS, RED_JOKER, Card
from engine.errors import MalformedEvent
from engine.games import (
    briscola,
    burraco,
    burraco_melds,
    burraco_score,
    italian_whist,
    scala40_melds,
    scopa,
    scopa_rules,
    three_handed_whist,
    tresette,
    whist,
)
from engine.tally import Choice, Count, TallySpec, rank_word, worth_words

GAMES = engine.available_games()
TABLES = [(name, n) for name in GAMES for n in engine.game_class(name).player_counts]


def spec_of(name: str) -> TallySpec:
    spec = engine.game_class(name).tally_spec
    assert spec is not None, f"{name} declares no tally"
    return spec


def blank_tally(name: str, players: int) -> dict:
    """A tally shaped as the spec says (zeros, nobody), for ``players`` players."""
    spec = spec_of(name)
    game = engine.new_game(name, players)
    rows = 2 if spec.per == "teams" or (spec.per == "sides" and game.team_game) else players
    event: dict = {"type": "tally"}
    if spec.nested:
        event[spec.nested] = [[0] * len(spec.counts) for _ in range(rows)]
    else:
        event.update({c.key: [0] * rows for c in spec.counts})
    event.update({c.key: None if c.optional else 0 for c in spec.choices})
    event.update({f.key: [False] * rows for f in spec.flags})
    return event


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_the_spec_names_exactly_the_fields_the_tally_event_takes(name, players):
    game = engine.new_game(name, players)
    event = blank_tally(name, players)
    action = game.parse(event)
    assert sorted(action.to_event()) == sorted({"type", *spec_of(name).keys})
    assert game.unknown_fields(event, action) == []
    for key in spec_of(name).keys:
        with pytest.raises(MalformedEvent):
            game.parse({k: v for k, v in event.items() if k != key})


def test_a_spec_is_checked_when_declared():
    with pytest.raises(ValueError, match="per"):
        TallySpec("tables", (Count("tricks", "tricks", 13),))
    with pytest.raises(ValueError, match="at least one"):
        TallySpec("seats", ())
    spec = TallySpec("teams", (Count("a", "a", 1),), (Choice("who", "Who?"),))
    assert spec.keys == ("a", "who")


def test_worth_words_groups_by_worth_and_spans_ranks_in_a_row():
    assert rank_word(14) == "A" and rank_word(10) == "10" and rank_word(7) == "7"
    assert worth_words([(7, 21), (11, 10), (12, 10), (13, 10), (4, 0)]) == "7 = 21, J Q K = 10"
    assert worth_words([(8, 10), (9, 10), (10, 10), (3, 5)], to=" to ") == "8 to 10 = 10, 3 = 5"
    assert worth_words([(14, 3), (3, 1), (2, 1)], within=", ", between="; ") == "A = 3; 3, 2 = 1"


# ---------------------------------------------------------------------- the notes


def said_worths(text: str, within: str = " ", between: str = ", ") -> dict[str, int]:
    """ "7 = 21, J Q K = 10" read back as {"7": 21, "J": 10, "Q": 10, "K": 10}."""
    said: dict[str, int] = {}
    for group in text.split(between):
        ranks, _, worth = group.partition(" = ")
        for rank in ranks.split(within):
            said[rank] = int(worth)
    return said


def words_in(pattern: str, text: str) -> str:
    found = re.search(pattern, text)
    assert found, f"{pattern!r} not in {text!r}"
    return found.group(1)


def all_notes(name: str, **options: object) -> str:
    cls = engine.game_class(name)
    resolved = cls(cls.player_counts[0], options).options
    return " ".join([spec_of(name).note, *cls.sheet_notes(resolved)])


def test_scopa_says_the_primiera_of_the_rules():
    coins = [c for c in scopa_rules.PRIMIERA if c.suit == scopa_rules.COINS]
    expected = {rank_word(c.rank or 0): scopa_rules.PRIMIERA[c] for c in coins}
    note = spec_of("scopa").note
    assert said_worths(words_in(r"best card \((.*?)\)", note)) == expected
    sheet = " ".join(scopa.Scopa.sheet_notes({"target": 16}))
    assert said_worths(words_in(r"card,\s*(.*?), added up", sheet)) == expected
    assert f"add up to {scopa.DECK_SIZE}" in sheet and "The game ends at 16" in sheet


def test_briscola_says_the_card_points_of_the_rules():
    expected = {rank_word(r): briscola.POINTS[r] for r in ITALIAN_RANKS if briscola.POINTS[r]}
    note = spec_of("briscola").note
    sheet = briscola.Briscola.sheet_notes({"games": 3})[0]
    assert said_worths(words_in(r"^(.*?), the rest 0", note)) == expected
    assert said_worths(words_in(r"per side: (.*?), the rest 0", sheet)) == expected
    assert str(briscola.TOTAL_POINTS) in all_notes("briscola")
    assert "A match of 3 game(s)" in all_notes("briscola", games=3)


def test_tresette_says_the_thirds_of_the_rules():
    expected = {rank_word(r): tresette.THIRDS[r] for r in ITALIAN_RANKS if tresette.THIRDS[r]}
    for text in (spec_of("tresette").note, tresette.Tresette.sheet_notes({"target": 31})[0]):
        said = words_in(r"last trick \((.*?)\)", text)
        assert said_worths(said, within=", ", between="; ") == expected
        assert f"add up to {tresette.CARD_THIRDS}" in text
    assert f"{tresette.LAST_TRICK_THIRDS} more" in all_notes("tresette")
    assert "a team has 31 and more" in all_notes("tresette", target=31)


def test_burraco_says_the_card_values_and_bonuses_of_the_rules():
    naturals = [Card.parse(r + "S") for r in RANK_CHARS]
    for text, to in ((spec_of("burraco").note, " to "), (burraco.Burraco.sheet_notes({})[0], "-")):
        said = words_in(r"cards \((joker .*?)\)", text)
        assert said.startswith(f"joker {burraco_melds.VALUE[RED_JOKER]}, ")
        for group in said.split(", ")[1:]:
            ranks, _, worth = group.partition(" = ")
            low, _, high = ranks.partition(to)
            span = [c for c in naturals if rank_word(c.rank or 0) in (low, high or low)]
            assert span and all(burraco_melds.VALUE[c] == int(worth) for c in span), group
    notes = all_notes("burraco", target=2000)
    for bonus in (burraco_score.CLEAN_BONUS, burraco_score.DIRTY_BONUS, burraco_score.NO_POZZETTO):
        assert str(bonus) in notes
    assert "The game ends at 2000 points." in notes
    assert "One hand is the game." in all_notes("burraco")


def test_scala40_says_what_cards_cost_in_hand():
    notes = all_notes("scala40", limit=151)
    assert "2 to 10 as marked" in notes and "2-10 as marked" in notes
    assert f"A {scala40_melds.hand_value(Card.parse('AS'))}" in notes
    assert f"J Q K {scala40_melds.hand_value(Card.parse('KS'))}" in notes
    assert f"joker {scala40_melds.JOKER_HAND_VALUE}" in notes
    assert "A total of 151 or more is out" in notes


def test_the_whists_say_their_numbers():
    assert f"tricks - {whist.BOOK}" in all_notes("whist") and "reaches 9" in all_notes(
        "whist", target=9
    )
    three = all_notes("three_handed_whist")
    assert f"{three_handed_whist.DUMMY_TARGET} for whoever took the dummy" in three
    assert f"{three_handed_whist.TARGET} for the others" in three
    italian = all_notes("italian_whist", score_limit=15)
    assert f"add up to {italian_whist.HAND_SIZE}" in italian and "+/-15" in italian
    assert "(1>2, 2>3, 3>1)" in italian


@pytest.mark.parametrize("name", GAMES)
def test_every_game_declares_a_tally_and_notes(name):
    cls = engine.game_class(name)
    spec = spec_of(name)
    assert all(c.top > 0 for c in spec.counts)
    assert cls.sheet_notes(cls(cls.player_counts[0]).options)
