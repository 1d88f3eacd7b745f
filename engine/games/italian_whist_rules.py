"""Italian Whist's rules apart from the game's state: the deal's schedule (trumps and
passing), following suit with jokers, what a joker may stand for and who wins a trick
holding one, the split and joker actions, and a deal's score.

Pure functions over cards and tricks, used by :class:`~engine.games.italian_whist.
ItalianWhist` (which re-exports them) and by the service (the schedule, for score sheets).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from engine.actions import Action, make_action
from engine.cards import BLACK_JOKER, RED_JOKER, Card, french_deck, sorted_cards
from engine.messages import Message, message
from engine.tricks import winning_seat

__all__ = [
    "COLOUR_SUITS",
    "DEALT",
    "HAND_SIZE",
    "JOKER",
    "JOKER_FOLLOWING",
    "NATURAL_CARDS",
    "PASSING",
    "PASS_OFFSET",
    "PLAYERS",
    "SPLIT",
    "Trick",
    "deal_score",
    "describe_follow",
    "following_cards",
    "following_joker",
    "follows",
    "joker_action",
    "joker_choices",
    "joker_suit",
    "joker_suits",
    "joker_value_problem",
    "passing_direction",
    "split_action",
    "suit_to_follow",
    "trick_winner",
    "trump_of_deal",
]

PLAYERS: Final = 3
DEALT: Final = 18
"""Cards dealt to each seat."""
HAND_SIZE: Final = 9
"""Cards (and tricks) in each of the two hands of a deal."""

SPLIT: Final = "split"
"""The phase (and event) in which the seats choose their first hands."""
JOKER: Final = "joker"
"""The phase (and event) in which the players of a complete trick's jokers declare them."""

PASSING: Final = ("left", "right", "keep")
"""Where the second hands go in deals ``k`` with ``k mod 3`` = 0, 1, 2."""
PASS_OFFSET: Final = {"left": 1, "right": -1, "keep": 0}
"""The second hand of seat ``s`` goes to seat ``s + PASS_OFFSET[direction]``."""

COLOUR_SUITS: Final = {"red": "HD", "black": "SC"}
JOKER_FOLLOWING: Final = {
    "S": BLACK_JOKER, "C": BLACK_JOKER, "SC": BLACK_JOKER,
    "H": RED_JOKER, "D": RED_JOKER, "HD": RED_JOKER,
}  # fmt: skip
"""The joker that follows each result of :func:`suit_to_follow`."""
NATURAL_CARDS: Final = tuple(french_deck())

Trick = Sequence[tuple[int, Card]]
"""A trick as ``(seat, card)`` pairs in the order played (the lead first)."""


# ---------------------------------------------------------------------- the schedule


def passing_direction(deal_number: int) -> str:
    """Where the second hands go in deal ``deal_number`` (0-based): left, right, keep."""
    return PASSING[deal_number % 3]


def trump_of_deal(deal_number: int) -> str | None:
    """Spades are trumps in deals 3, 4, 5 (mod 6); deals 0, 1, 2 have no trumps."""
    return "S" if deal_number % 6 >= 3 else None


# ---------------------------------------------------------------------- joker rules


def suit_to_follow(trick: Trick) -> str:
    """The suit letters that count as following ``trick`` (which holds a lead).

    - A natural card led: its suit, e.g. ``"H"``.
    - A joker led: the suit of the first natural card of the joker's colour played
      after it (after ``RJ 7C 5D`` it is ``"D"``); until one has been played,
      either suit of the joker's colour (``"HD"`` or ``"SC"``): a player holding a
      card of that colour must play one.

    The joker of the same colour also follows (see :func:`follows`).
    """
    lead = trick[0][1]
    if not lead.is_joker:
        return lead.suit  # type: ignore[return-value]
    colour = lead.colour
    for _, played in trick[1:]:
        if not played.is_joker and played.colour == colour:
            return played.suit  # type: ignore[return-value]
    return COLOUR_SUITS[colour]


def following_joker(follow: str) -> Card:
    """The joker that may follow ``follow`` (a result of :func:`suit_to_follow`):
    the red joker follows hearts and diamonds, the black joker spades and clubs."""
    return JOKER_FOLLOWING[follow]


def follows(card: Card, follow: str) -> bool:
    """Whether playing ``card`` follows ``follow``: a natural card of a suit to
    follow, or the joker of that colour."""
    if card.is_joker:
        return card is following_joker(follow)
    return card.suit in follow  # type: ignore[operator]


def following_cards(hand: Iterable[Card], follow: str) -> list[Card]:
    """The cards of ``hand`` that follow ``follow``. If there are any, the player
    must play one of them (so the holder of the red joker with no natural card of a
    red suit led must play the joker); if there are none, any card may be played."""
    return [c for c in hand if follows(c, follow)]


def joker_suit(trick: Trick, index: int) -> str | None:
    """The suit of the joker at ``trick[index]``: the suit of the first natural card
    of the joker's own colour in the trick, played before or after it; ``None``
    when the trick holds none (its player then chooses either suit of its colour).

    This one rule gives every case of the seed:

    - a joker following a lead of its colour takes the suit led;
    - a joker led takes the suit of the next card of its colour;
    - a joker on a lead of the other colour takes the suit of the third card if that
      card is of the joker's colour;
    - a joker among two cards of the other colour is its player's choice (it matters
      for the black joker on a red trick when spades are trumps).
    """
    colour = trick[index][1].colour
    for _, played in trick:
        if not played.is_joker and played.colour == colour:
            return played.suit
    return None


def joker_suits(trick: Trick, index: int) -> str:
    """The suits the joker at ``trick[index]`` may be declared in (one, or two when
    :func:`joker_suit` leaves it to its player)."""
    suit = joker_suit(trick, index)
    return suit if suit is not None else COLOUR_SUITS[trick[index][1].colour]


def joker_choices(trick: Trick, index: int) -> list[Card]:
    """The cards the joker at ``trick[index]`` may be declared as: every card of its
    suit(s) (:func:`joker_suits`) that is not a natural card in this trick."""
    suits = joker_suits(trick, index)
    in_trick = {played for _, played in trick}
    return [c for c in NATURAL_CARDS if c.suit in suits and c not in in_trick]  # type: ignore[operator]


def trick_winner(trick: Trick, declared: Mapping[int, Card], trump: str | None) -> int:
    """The seat winning a complete ``trick`` whose jokers stand for the cards in
    ``declared`` (trick index → card): the highest trump, or failing one the highest
    card of the suit led. A led joker leads the suit of the card it stands for."""
    effective = [(seat, declared.get(index, played)) for index, (seat, played) in enumerate(trick)]
    return winning_seat(effective, trump)


def describe_follow(trick: Trick, follow: str) -> Message:
    """Say what is to be followed (for error messages)."""
    lead = trick[0][1]
    if not lead.is_joker:
        return message("italian_whist.follow.led", suit=follow)
    if len(follow) == 2:
        return message(
            "italian_whist.follow.joker_led", cardname=lead, colour=lead.colour, suits=follow
        )
    return message(
        "italian_whist.follow.joker_led_then",
        cardname=lead,
        colour=lead.colour,
        suitone=follow,
        suit=follow,
    )


def joker_value_problem(trick: Trick, index: int, value: Card) -> Message | None:
    """Why the joker at ``trick[index]`` (a complete trick) may not be declared as
    ``value``, or ``None`` when it may (:func:`joker_choices` lists what it may)."""
    joker = trick[index][1]
    suits = joker_suits(trick, index)
    if value.is_joker:
        if len(suits) == 1:
            return message("italian_whist.joker_value.joker", suitone=suits, cardname=value)
        return message(
            "italian_whist.joker_value.joker_colour",
            suitone=suits[0],
            suitone_other=suits[1],
            cardname=value,
        )
    if value.suit not in suits:  # type: ignore[operator]
        if joker_suit(trick, index) is None:
            return message(
                "italian_whist.joker_value.no_natural",
                colour=joker.colour,
                cardname_joker=joker,
                suitone=suits[0],
                suitone_other=suits[-1],
                cardname=value,
            )
        return message(
            "italian_whist.joker_value.first_natural",
            colour=joker.colour,
            suitone=suits,
            cardname_joker=joker,
            cardname=value,
        )
    if any(played is value for _, played in trick):
        return message("italian_whist.joker_value.in_trick", cardname=value)
    return None


# ---------------------------------------------------------------------- actions


def split_action(seat: int, first: Iterable[Card]) -> Action:
    """The split of ``seat`` choosing ``first`` as its first hand (order free: the
    cards are kept sorted, so equal splits compare equal)."""
    return make_action(SPLIT, seat, first=tuple(sorted_cards(first)))


def joker_action(seat: int, value: Card) -> Action:
    """``seat`` declaring that its joker in the complete trick stands for ``value``."""
    return Action(JOKER, seat, None, (("as", value),))


def deal_score(first: Sequence[int], second: Sequence[int]) -> list[int]:
    """Each seat scores its first-hand tricks minus its second-hand tricks."""
    return [a - b for a, b in zip(first, second, strict=True)]
