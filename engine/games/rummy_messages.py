"""The rummy games' own rule codes and English templates: Scala 40 and Burraco
(see :mod:`engine.messages`)."""

from __future__ import annotations

from engine.messages import gettext_noop

RUMMY_MESSAGES: dict[str, str] = {
    # Scala 40: how cards are written in a meld, and melds
    "scala40.resign.out": gettext_noop(
        "seat {seat} is already out of the game: only a player still in it can resign"
    ),
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
    # Burraco: melds
    "burraco.meld.too_few": gettext_noop("a meld needs at least 3 cards, not {count}"),
    "burraco.meld.all_wild": gettext_noop(
        "jokers and 2s are wildcards (a 2 is natural only as the 2 of its own suit's "
        "sequence), and a meld holds at most one: {cards}"
    ),
    "burraco.meld.wildcards": gettext_noop(
        "a meld holds at most one wildcard (a joker or a 2): {cards}"
    ),
    "burraco.meld.neither": gettext_noop(
        "neither a group (one rank) nor a sequence (one suit): {cards}"
    ),
    "burraco.meld.too_long": gettext_noop("a sequence holds at most {count} cards (A to K to A)"),
    "burraco.meld.not_consecutive": gettext_noop(
        "not a sequence: {cards} are not consecutive {suit} written low to high (a wildcard "
        "may fill one gap or stand at one end; an ace goes below the 2 or above the K)"
    ),
    "burraco.add.empty": gettext_noop("an addition needs at least one card"),
    "burraco.add.group_rank": gettext_noop("{cards} cannot join a group of {rank}s"),
    "burraco.add.wildcard": gettext_noop("a meld holds at most one wildcard (a joker or a 2)"),
    "burraco.add.group_wild": gettext_noop(
        "a meld holds at most one wildcard (a joker or a 2) and this group has one already"
    ),
    "burraco.add.sequence_wild": gettext_noop(
        "a meld holds at most one wildcard (a joker or a 2) and this sequence has one already"
    ),
    "burraco.add.off_suit": gettext_noop("{card} cannot join a sequence of {suit}"),
    "burraco.add.no_fit": gettext_noop(
        "{cards} do not extend the sequence {cards_meld} at either end"
    ),
    "burraco.add.taken": gettext_noop("the sequence already has its {card}"),
    "burraco.add.gap": gettext_noop("the cards would leave a gap in the sequence"),
    "burraco.add.gaps": gettext_noop(
        "the cards would leave more than one gap, and one wildcard fills only one"
    ),
    "burraco.add.wild_no_place": gettext_noop(
        "the wildcard that would move has no place left (A to K to A is full)"
    ),
    "burraco.add.own": gettext_noop(
        "it has {count} meld(s) (numbered from 0), and a player may add only to its own "
        "side's melds"
    ),
    "burraco.add.own_team": gettext_noop(
        "its team has {count} meld(s) (numbered from 0), and a player may add only to its "
        "own side's melds"
    ),
    # Burraco: play
    "burraco.malformed.meld_number": gettext_noop(
        "'meld' must be a meld number from 0, not {value}"
    ),
    "burraco.malformed.pozzetto": gettext_noop(
        "'pozzetto' must be a list of 2 true/false, not {value}"
    ),
    "burraco.phase.no_hand": gettext_noop(
        "seat {seat} cannot {event} now: no hand is being played"
    ),
    "burraco.turn.drawn": gettext_noop(
        "seat {seat} cannot {event} now: it has drawn already this turn (meld, add or discard)"
    ),
    "burraco.turn.draw_first": gettext_noop(
        "seat {seat} cannot {event} now: it must draw first (from the stock or the discard pile)"
    ),
    "burraco.not_held": gettext_noop(
        "seat {seat} cannot {event} {cards}: it does not hold {cards_missing} (so many times)"
    ),
    "burraco.refused": gettext_noop("seat {seat} cannot {event}: {reason}"),
    "burraco.refused.card": gettext_noop("seat {seat} cannot {event} {card}: {reason}"),
    "burraco.refused.cards": gettext_noop("seat {seat} cannot {event} {cards}: {reason}"),
    "burraco.refused.add": gettext_noop(
        "seat {seat} cannot {event} {cards} to meld {number}: {reason}"
    ),
    "burraco.close.keep_card": gettext_noop(
        "its side has taken its pozzetto, so its hand may only be emptied by a closing "
        "discard: it must keep a card to discard"
    ),
    "burraco.close.keep_no_burraco": gettext_noop(
        "it would keep only {card}, whose discard would empty its hand, and its side has no "
        "burraco to close with"
    ),
    "burraco.close.keep_wildcard": gettext_noop(
        "it would keep only {card}, a wildcard, and a hand may not be closed by discarding "
        "a wildcard"
    ),
    "burraco.close.no_burraco": gettext_noop(
        "it is its last card and its side has taken its pozzetto, so this discard would "
        "close, but the side has no burraco"
    ),
    "burraco.close.wildcard": gettext_noop("a hand may not be closed by discarding a wildcard"),
    # Burraco: the score sheet
    "burraco.tally.team_fives": gettext_noop(
        "team {side}'s {field} points must be a multiple of 5 (every card is)"
    ),
    "burraco.tally.player_fives": gettext_noop(
        "player {side}'s {field} points must be a multiple of 5 (every card is)"
    ),
    "burraco.tally.team_melded": gettext_noop(
        "team {side} cannot have {count_clean} clean and {count_dirty} dirty burraco with "
        "{points} melded points (at least {points_least}: 7 cards of 5 each, a dirty one "
        "holding a wildcard of 20 or more)"
    ),
    "burraco.tally.player_melded": gettext_noop(
        "player {side} cannot have {count_clean} clean and {count_dirty} dirty burraco with "
        "{points} melded points (at least {points_least}: 7 cards of 5 each, a dirty one "
        "holding a wildcard of 20 or more)"
    ),
    "burraco.tally.deck_points": gettext_noop(
        "melded and hand points add up to more than the deck's {points}"
    ),
    "burraco.tally.wildcards": gettext_noop(
        "there are only 12 wildcards (4 jokers and 8 twos) for dirty burraco"
    ),
    "burraco.tally.cards": gettext_noop(
        "there are not enough cards for so many burraco (7 cards each)"
    ),
    "burraco.tally.team_no_burraco": gettext_noop("team {side} closed without a burraco"),
    "burraco.tally.player_no_burraco": gettext_noop("player {side} closed without a burraco"),
    "burraco.tally.team_no_pozzetto": gettext_noop(
        "team {side} closed without having taken its pozzetto"
    ),
    "burraco.tally.player_no_pozzetto": gettext_noop(
        "player {side} closed without having taken its pozzetto"
    ),
    "burraco.tally.player_hand": gettext_noop(
        "player {side} closed, so no card is left in its hand"
    ),
}
