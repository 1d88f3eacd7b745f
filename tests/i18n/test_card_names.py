"""One module names cards and suits (tournaments/services/card_names.py), by the game's
deck and the reader's card style, in the reader's language; the faces the pages draw
and the refusals' words both name cards through it, so they always agree."""

from __future__ import annotations

import pytest
from django.utils.translation import override

from engine.messages import message
from tournaments.services import card_names
from tournaments.services.card_names import FRENCH, ITALIAN, card_name, preferring
from tournaments.services.rule_words import render
from tournaments.web import cards


@pytest.mark.parametrize(
    ("code", "style", "english", "italian"),
    [
        ("7D", ITALIAN, "seven of coins", "7 di denari"),
        ("QH", ITALIAN, "knight of cups", "Cavallo di coppe"),
        ("JS", ITALIAN, "jack of swords", "Fante di spade"),
        ("KC", ITALIAN, "king of batons", "Re di bastoni"),
        ("AD", ITALIAN, "ace of coins", "Asso di denari"),
        ("QH", FRENCH, "queen of hearts", "Donna di cuori"),
        ("TS", FRENCH, "ten of spades", "10 di picche"),
        ("7D", FRENCH, "seven of diamonds", "7 di quadri"),
        ("RJ", FRENCH, "red joker", "jolly rosso"),
        ("BJ", FRENCH, "black joker", "jolly nero"),
        ("RJ=7H", FRENCH, "red joker (seven of hearts)", "jolly rosso (7 di cuori)"),
        ("X?", FRENCH, "X?", "X?"),
    ],
)
def test_a_card_is_named_by_its_deck_in_each_language(code, style, english, italian) -> None:
    with override("en"):
        assert card_name(code, style) == english
    with override("it"):
        assert card_name(code, style) == italian


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("deck", [ITALIAN, FRENCH])
def test_the_drawn_face_and_the_card_names_agree(language, deck) -> None:
    with override(language), cards.showing(deck) as style:
        for code in ("7D", "QH", "AS", "KC", "RJ"):
            assert cards.face(code).name == card_name(code, style)
            if code != "RJ":
                assert cards.suit_face(code[1])["word"] == card_names.suit_word(code[1], style)


def test_a_refusal_names_the_card_as_the_board_draws_it() -> None:
    held = message("card.not_held", seat=0, event="play", card="QD", cardname="QD")
    with override("it"):
        with cards.showing(ITALIAN):
            board = cards.face("QD").name
        assert board == "Cavallo di denari"
        assert "Cavallo di denari" in render(held, game="scopa")
        # A reader who chose French cards sees them on the board and in the words.
        with preferring(FRENCH):
            with cards.showing(ITALIAN):
                assert cards.face("QD").name == "Donna di quadri"
            assert "Donna di quadri" in render(held, game="scopa")
        # The whists are the French deck whatever the choice.
        assert "Donna di quadri" in render(held, game="whist")
    with override("en"):  # English keeps the engine's codes and names
        assert (
            render(held, game="scopa")
            == "seat 1 cannot play QD: it does not hold the queen of diamonds"
        )


def test_a_rank_and_a_suit_in_italian_rule_words() -> None:
    rank = message("scala40.set.rank", cards=["7H", "RJ=7S"], rank=10)
    assert render(rank, language="it") == (
        "7 di cuori, jolly rosso (7 di picche) non è del valore del tris (10)"
    )
    suits = message("italian_whist.follow.joker_led", cardname="RJ", colour="red", suits="HD")
    assert render(suits, language="it") == (
        "si è aperto con la carta jolly rosso e nessuna carta naturale rossa l'ha seguita, "
        "quindi si risponde a cuori o quadri"
    )
