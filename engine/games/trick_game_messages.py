"""The trick games' own rule codes and English templates: the whists, Briscola,
Tresette and Scopa (see :mod:`engine.messages`)."""

from __future__ import annotations

from engine.messages import gettext_noop

TRICK_GAME_MESSAGES: dict[str, str] = {
    # Whist
    "whist.tally.tricks_total": gettext_noop(
        "the two teams' tricks must add up to {count}, not {count_got}"
    ),
    # German whist
    "german_whist.tally.tricks_total": gettext_noop(
        "the two players' phase-2 tricks must add up to {count}, not {count_got}"
    ),
    "german_whist.concede.drafting": gettext_noop(
        "seat {seat} cannot concede yet: a deal can be conceded only in its second half, "
        "once the stock is used up and the tricks score"
    ),
    # Briscola
    "briscola.option.removed_card": gettext_noop(
        "must be a two (three-player Briscola takes out a single 2), not '{card}'"
    ),
    "briscola.tally.points_total": gettext_noop(
        "the card points of the sides must add up to {points}, not {points_got}"
    ),
    "briscola.tally.unreachable": gettext_noop(
        "side {side} cannot have taken {points} card points: no set of cards is worth that"
    ),
    # Tresette
    "tresette.malformed.signal": gettext_noop(
        "'signal' must be one of {signals} (or left out), not {value}"
    ),
    "tresette.signal.refused": gettext_noop(
        "seat {seat} cannot play {card} with {signal}: {reason}"
    ),
    "tresette.signal.not_leading": gettext_noop("only the player leading a trick may signal"),
    "tresette.signal.volo": gettext_noop(
        "volo says it is the player's last {suitone}, and seat {seat} holds more {suit}"
    ),
    "tresette.tally.thirds_total": gettext_noop(
        "the teams' card thirds (without the last trick) must add up to {number}, not {number_got}"
    ),
    "tresette.tally.declared": gettext_noop(
        "no two hands can declare {points} points (team {side})"
    ),
    # Scopa
    "scopa.malformed.capture_twice": gettext_noop("'capture' names {cards} more than once"),
    "scopa.capture.refused": gettext_noop(
        "seat {seat} cannot play {card} capturing {cards}: {reason}"
    ),
    "scopa.lay.refused": gettext_noop("seat {seat} cannot play {card} without capturing: {reason}"),
    "scopa.capture.must_take_same": gettext_noop(
        "it can capture {cards} of the same value ({number}), and a card that can capture "
        "must capture"
    ),
    "scopa.capture.must_take_sum": gettext_noop(
        "table cards add up to its value ({number}), and a card that can capture must capture"
    ),
    "scopa.capture.absent": gettext_noop("{cards} is not on the table"),
    "scopa.capture.absent_many": gettext_noop("{cards} are not on the table"),
    "scopa.capture.must_take_single": gettext_noop(
        "the table holds {cards} of the same value ({number}), so it must capture one such "
        "card and nothing else"
    ),
    "scopa.capture.sum": gettext_noop(
        "the captured cards add up to {number_got}, not to its value ({number})"
    ),
    "scopa.tally.cards_total": gettext_noop(
        "the sides' cards must add up to {count}, not {count_got}"
    ),
    "scopa.tally.coins_total": gettext_noop(
        "the sides' coins must add up to {count}, not {count_got}"
    ),
    "scopa.tally.coins_over_cards": gettext_noop(
        "side {side} cannot have more coins ({count_coins}) than cards ({count_cards})"
    ),
    "scopa.tally.scope_over_plays": gettext_noop(
        "side {side} cannot make {count} scope: it plays only {count_plays} cards a round"
    ),
    "scopa.tally.scope_over_cards": gettext_noop(
        "side {side} cannot make {count} scope with {count_cards} cards: each scopa takes at "
        "least two (the card played and a table card)"
    ),
    "scopa.tally.primiera": gettext_noop(
        "side {side} cannot have a primiera of {points} with {count_cards} cards"
    ),
    "scopa.tally.settebello_coins": gettext_noop(
        "side {side} took the settebello (a coin) but has no coins"
    ),
    "scopa.tally.settebello_primiera": gettext_noop(
        "side {side} took the settebello (worth 21 in the primiera) so its primiera cannot "
        "be {points}"
    ),
    # Italian whist
    "italian_whist.split.phase": gettext_noop(
        "seat {seat} cannot split now: hands are split only right after a deal, and the game "
        "is in its {phase} phase"
    ),
    "italian_whist.split.again": gettext_noop(
        "seat {seat} cannot split again: it has already chosen its first hand this deal "
        "(waiting for seat(s) {seats} to split)"
    ),
    "italian_whist.split.size": gettext_noop(
        "seat {seat} must choose exactly {count} of its {count_dealt} cards as its first "
        "hand, not {count_got}"
    ),
    "italian_whist.split.twice": gettext_noop(
        "seat {seat} names {cards} more than once in its first hand; it must choose {count} "
        "different cards"
    ),
    "italian_whist.split.not_dealt": gettext_noop(
        "seat {seat} cannot put {cards} in its first hand: it was not dealt that card"
    ),
    "italian_whist.split.not_dealt_many": gettext_noop(
        "seat {seat} cannot put {cards} in its first hand: it was not dealt those cards"
    ),
    "italian_whist.split.done": gettext_noop(
        "seat {seat} has already split; no split is awaited from it"
    ),
    "italian_whist.play.joker_pending": gettext_noop(
        "seat {seat} cannot play now: the trick is complete and seat {seat_declaring} must "
        "first declare the card its joker stands for"
    ),
    "italian_whist.follow.led": gettext_noop("{suit} were led"),
    "italian_whist.follow.joker_led": gettext_noop(
        "the {cardname} was led and no natural {colour} card has followed it, so {suits} are "
        "to be followed"
    ),
    "italian_whist.follow.joker_led_then": gettext_noop(
        "the {cardname} was led and the first {colour} card played to it is a {suitone}, so "
        "{suit} are to be followed"
    ),
    "italian_whist.follow.natural": gettext_noop(
        "{reason} and seat {seat} holds a natural {suitsone}, so it must follow suit (with a "
        "{suitsone})"
    ),
    "italian_whist.follow.natural_or_joker": gettext_noop(
        "{reason} and seat {seat} holds a natural {suitsone}, so it must follow suit (with a "
        "{suitsone} or the {cardname})"
    ),
    "italian_whist.follow.joker": gettext_noop(
        "{reason} and seat {seat} holds the {cardname} and no natural card to follow with, "
        "so it must play the {cardname}"
    ),
    "italian_whist.joker.phase": gettext_noop(
        "seat {seat} cannot declare a joker now: a joker is declared only once the trick "
        "holding it is complete, and the game is in its {phase} phase"
    ),
    "italian_whist.joker.turn": gettext_noop(
        "seat {seat} cannot declare a joker now: seat {seat_declaring} must first declare "
        "the card its {cardname} stands for"
    ),
    "italian_whist.joker.refused": gettext_noop(
        "seat {seat} cannot declare its {cardname} as {card}: {reason}"
    ),
    "italian_whist.joker_value.joker": gettext_noop(
        "a joker stands for a natural card (a {suitone}), not for the {cardname}"
    ),
    "italian_whist.joker_value.joker_colour": gettext_noop(
        "a joker stands for a natural card (a {suitone} or a {suitone_other}), not for the "
        "{cardname}"
    ),
    "italian_whist.joker_value.no_natural": gettext_noop(
        "the trick holds no natural {colour} card, so the {cardname_joker} stands for a "
        "{suitone} or a {suitone_other} (its player's choice), not for the {cardname}"
    ),
    "italian_whist.joker_value.first_natural": gettext_noop(
        "the first natural {colour} card in the trick is a {suitone}, so the "
        "{cardname_joker} is a {suitone} too and cannot stand for the {cardname}"
    ),
    "italian_whist.joker_value.in_trick": gettext_noop(
        "the {cardname} itself is in this trick, so the joker cannot stand for it"
    ),
    "italian_whist.malformed.tricks": gettext_noop(
        "'tricks' must hold, for each of the 3 seats, the pair [tricks in its first hand, "
        "tricks in its second hand], such as [[6, 1], [2, 4], [1, 4]]; not {value}"
    ),
    "italian_whist.tally.negative": gettext_noop(
        "seat {seat} cannot win a negative number of tricks ({number}, {number_2})"
    ),
    "italian_whist.tally.first_total": gettext_noop(
        "the first-hand tricks must add up to {count}, not {count_got} ({addends})"
    ),
    "italian_whist.tally.second_total": gettext_noop(
        "the second-hand tricks must add up to {count}, not {count_got} ({addends})"
    ),
    # Three-handed whist
    "three_handed_whist.option.deals": gettext_noop(
        "must be a positive multiple of 3 (a number of deals divisible by 3), not {number}"
    ),
    "three_handed_whist.exchange.playing": gettext_noop(
        "seat {seat} cannot exchange now: hands are exchanged only before the first trick, "
        "and the deal is being played"
    ),
    "three_handed_whist.exchange.no_deal": gettext_noop(
        "seat {seat} cannot exchange now: hands are exchanged only before the first trick, "
        "and no deal is in progress"
    ),
    "three_handed_whist.tally.tricks_total": gettext_noop(
        "the three players' tricks must add up to {count}, not {count_got}"
    ),
}
