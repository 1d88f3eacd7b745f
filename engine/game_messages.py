"""Each game's own rule codes and English templates (see :mod:`engine.messages`)."""

from __future__ import annotations

from engine.messages import gettext_noop

GAME_MESSAGES: dict[str, str] = {
    # Whist
    "whist.tally.tricks_total": gettext_noop(
        "the two teams' tricks must add up to {count}, not {count_got}"
    ),
    # German whist
    "german_whist.tally.tricks_total": gettext_noop(
        "the two players' phase-2 tricks must add up to {count}, not {count_got}"
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
        "'signal' must be one of {text} (or left out), not {value}"
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
    # Scala 40: how cards are written in a meld, and melds
    "scala40.token.not_a_string": gettext_noop(
        "a card in a meld is written such as '7H' or 'RJ=7H', not {value}"
    ),
    "scala40.token.named_natural": gettext_noop(
        "{value}: only a joker is named ('RJ=7H'); write '{card}'"
    ),
    "scala40.token.unnamed_joker": gettext_noop(
        "the {cardname} must be named when it is laid, with the card it stands for (suit "
        "included), such as '{card}=7H'"
    ),
    "scala40.token.bad_named": gettext_noop("{value}: {reason}"),
    "scala40.token.joker_for_joker": gettext_noop(
        "{value}: a joker stands for a natural card, not for a joker"
    ),
    "scala40.meld.too_few": gettext_noop("a meld needs at least 3 cards, not {count} ({cards})"),
    "scala40.meld.neither": gettext_noop(
        "{cards} is neither a set (cards of one rank) nor a sequence (cards of one suit)"
    ),
    "scala40.meld.jokers": gettext_noop("a meld may hold one joker at most ({cards})"),
    "scala40.meld.jokers_adding": gettext_noop(
        "a meld may hold one joker at most (the meld already has one)"
    ),
    "scala40.add.empty": gettext_noop("an addition needs at least one card"),
    "scala40.add.off_suit": gettext_noop("{cards} cannot extend a sequence of {suit}"),
    "scala40.swap.no_joker": gettext_noop("this meld has no joker to swap"),
    "scala40.swap.wrong_card": gettext_noop("its joker stands for {card_joker}, not {card}"),
    "scala40.swap.ace_to_ace": gettext_noop(
        "the {cardname} would make the sequence run from ace to ace (an ace is low or high, "
        "not both; only a joker may be the other ace)"
    ),
    "scala40.set.rank": gettext_noop("{cards} is not of the set's rank ({rank}s)"),
    "scala40.set.too_many": gettext_noop(
        "a set has 3 or 4 cards, not {count} cards (a set has 3 or 4, one of each suit)"
    ),
    "scala40.set.too_many_adding": gettext_noop(
        "the set would have {count} cards (a set has 3 or 4, one of each suit)"
    ),
    "scala40.set.repeated_suit": gettext_noop(
        "a set may not repeat a suit: {cards} has two {suit}"
    ),
    "scala40.set.repeated_suits": gettext_noop(
        "a set may not repeat a suit: {cards} has two {suit} and {suit_other}"
    ),
    "scala40.sequence.taken": gettext_noop("{cards}: that place of the sequence is taken"),
    "scala40.sequence.repeated": gettext_noop(
        "a sequence holds each card once: {cards} take the same place"
    ),
    "scala40.sequence.gap_adding": gettext_noop(
        "{cards} would leave a gap in the sequence (added cards must extend it at its ends, "
        "without gaps)"
    ),
    "scala40.sequence.gaps": gettext_noop(
        "{cards} is not a run of consecutive cards (a joker fills one place, named as the "
        "card it stands for)"
    ),
    "scala40.sequence.ace_both": gettext_noop(
        "an ace is low or high in a sequence, not both (the longest sequence is the whole "
        "suit and a joker at one end)"
    ),
    "scala40.sequence.none": gettext_noop("these cards do not make a sequence"),
    # Scala 40: events and play
    "scala40.malformed.cards": gettext_noop(
        "'{field}' must be a non-empty list of cards, not {value}"
    ),
    "scala40.malformed.meld": gettext_noop(
        "each of '{field}' must be a non-empty list of cards, not {value}"
    ),
    "scala40.malformed.meld_card": gettext_noop("each of '{field}': {reason}"),
    "scala40.malformed.melds": gettext_noop(
        "'melds' must be a non-empty list of melds, not {value}"
    ),
    "scala40.malformed.meld_number": gettext_noop(
        "'meld' must be a meld number (0, 1, …), not {value}"
    ),
    "scala40.malformed.swap_joker": gettext_noop(
        "'card' of a swap is the natural card that replaces a joker"
    ),
    "scala40.action.melds": gettext_noop("{melds}"),
    "scala40.action.draw": gettext_noop("from the {pile}"),
    "scala40.action.card": gettext_noop("{card}"),
    "scala40.action.card_meld": gettext_noop("{card}, meld {number}"),
    "scala40.action.cards": gettext_noop("{cards}"),
    "scala40.action.cards_meld": gettext_noop("{cards}, meld {number}"),
    "scala40.refused": gettext_noop("seat {seat} cannot {event} ({action}): {reason}"),
    "scala40.not_held": gettext_noop(
        "seat {seat} cannot {event} ({action}): it does not hold {cards}"
    ),
    "scala40.turn.draw_first": gettext_noop("a turn begins with a draw"),
    "scala40.turn.drawn": gettext_noop("it has already drawn this turn"),
    "scala40.draw.not_opened": gettext_noop(
        "only a player who has opened may draw from the discard pile"
    ),
    "scala40.draw.pile_empty": gettext_noop("the discard pile is empty"),
    "scala40.draw.unusable": gettext_noop(
        "the {cardname} could not be used in a meld this turn, and a card drawn from the "
        "discard pile must be"
    ),
    "scala40.discard.must_use": gettext_noop(
        "the {cardname} taken from the discard pile must be used in a meld first"
    ),
    "scala40.discard.joker_before_opening": gettext_noop(
        "a player who has not opened may not discard a joker"
    ),
    "scala40.discard.before_opening": gettext_noop(
        "a player who has not opened may not discard the {cardname}: it could be added to a "
        "meld on the table"
    ),
    "scala40.opening.meld": gettext_noop(
        "a player's first melds are laid together in one open event worth 40 or more"
    ),
    "scala40.opening.add": gettext_noop("a player who has not opened may not add to melds"),
    "scala40.opening.swap": gettext_noop("a player who has not opened may not swap jokers"),
    "scala40.opening.again": gettext_noop("it has already opened; lay new melds with meld"),
    "scala40.opening.value": gettext_noop(
        "an opening must be worth {points} or more; these melds are worth {points_got}"
    ),
    "scala40.last_card": gettext_noop(
        "a player may never meld their last card (a discard must end the turn)"
    ),
    "scala40.must_use.lost": gettext_noop(
        "the {cardname} taken from the discard pile could no longer be used this turn"
    ),
    "scala40.meld.index": gettext_noop("there are {count} melds on the table"),
    "scala40.reshuffle.phase": gettext_noop(
        "a reshuffle is made only when a turn has ended with the stock empty"
    ),
    "scala40.reshuffle.cards": gettext_noop(
        "a reshuffle must order exactly the {count} cards of the discard pile under its top "
        "card; this one has {count_got} that are not those"
    ),
    "scala40.tally.void": gettext_noop("a void hand (nobody closed) scores 0 for everyone"),
    "scala40.tally.out_closed": gettext_noop("seat {seat} is out of the game and cannot close"),
    "scala40.tally.closer": gettext_noop(
        "the closer (seat {seat}) has 0 hand points, not {points}"
    ),
    "scala40.tally.out": gettext_noop("seat {seat} is out of the game: its points are 0"),
    "scala40.tally.hand": gettext_noop(
        "seat {seat} did not close, so it holds 1 to 13 cards, worth 2 to {points_max}, not "
        "{points}"
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
