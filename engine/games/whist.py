"""Partnership whist (``whist``): four players in two teams, the seed's "Witches Whist".

- ``deck[i]`` goes to seat ``(dealer + 1 + i) mod 4``; the last card reaches the
  dealer and is shown to all. Its suit is trumps for the deal, and it stays shown
  in the dealer's hand until it is played.
- Team 0 holds seats 0 and 2, team 1 seats 1 and 3. ``dealer + 1`` leads; follow suit.
- After 13 tricks the team with more tricks scores ``tricks - 6``; the other 0.
- The game ends after a deal in which a team reaches ``target`` (default 5).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from engine.actions import Action
from engine.cards import Card, french_deck
from engine.game import Event, parse_int_list, tally_action
from engine.messages import Message, message
from engine.options import Option
from engine.tally import Count, Phrase, TallySpec, gettext_noop
from engine.tricks import PLAY, TrickGame

TRICKS: Final = 13
"""Tricks in a deal (52 cards, four players)."""
BOOK: Final = 6
"""Tricks that score nothing: the team with more scores the tricks above them."""


class Whist(TrickGame):
    name = "whist"
    title = "Partnership whist"
    player_counts = (4,)
    option_spec: ClassVar[dict[str, Option]] = {
        "target": Option(
            "target",
            "int",
            5,
            "points a team needs to win the game",
            minimum=1,
            maximum=100,
        ),
    }
    tally_spec = TallySpec("teams", (Count("tricks", gettext_noop("tricks"), TRICKS),))

    @classmethod
    def sheet_notes(cls, options: Mapping[str, Any]) -> list[str]:
        return [
            Phrase(
                gettext_noop(
                    "Tricks add up to %(tricks)s; the team with more tricks scores "
                    "tricks - %(book)s."
                ),
                tricks=TRICKS,
                book=BOOK,
            ),
            Phrase(
                gettext_noop("The game ends when a team reaches %(target)s."),
                target=options.get("target"),
            ),
        ]

    def __init__(self, players: int, options: Any = None, first_dealer: int = 0) -> None:
        super().__init__(players, options, first_dealer)
        self.trump_card: Card | None = None

    @property
    def team_game(self) -> bool:
        return True

    def new_deck(self) -> list[Card]:
        return french_deck()

    def _deal(self, deck: list[Card]) -> None:
        first = self.dealer + 1
        self.hands = [set() for _ in range(4)]
        for index, dealt in enumerate(deck):
            self.hands[(first + index) % 4].add(dealt)
        self.trump_card = deck[-1]
        self.trump = self.trump_card.suit
        self._start_hand(first % 4)

    def _end_of_hand(self) -> None:
        team0, team1 = self.tricks_won
        self._finish_deal(deal_score(team0, team1))

    def _concede_refusal(self, seat: int) -> Message | None:
        return self._two_sides_refusal(seat, self.phase == PLAY)

    def _concede(self, seat: int) -> None:
        self._concede_tricks(seat)

    def _game_is_over(self) -> bool:
        target: int = self.options["target"]
        return max(self.totals) >= target

    # ------------------------------------------------------------------ tally

    def _parse_tally(self, event: Event) -> Action:
        return tally_action(tricks=parse_int_list(event, "tricks", 2))

    def _score_tally(self, action: Action) -> list[int]:
        tricks: tuple[int, int] = action.arg("tricks")
        if sum(tricks) != 13:
            raise self._tally_error(
                action, message("whist.tally.tricks_total", count=13, count_got=sum(tricks))
            )

        return deal_score(*tricks)

    # ------------------------------------------------------------------ view

    def _add_to_view(self, view: dict[str, Any], seat: int | None) -> None:
        super()._add_to_view(view, seat)
        # The turned card is public for as long as it stays in the dealer's hand.
        shown = self.phase == "play" and self.trump_card in self.hands[self.dealer]
        view["trump_card"] = self.trump_card.code if shown and self.trump_card else None


def deal_score(team0: int, team1: int) -> list[int]:
    """The team with more tricks scores ``tricks - 6``; the other scores 0."""
    if team0 > team1:
        return [team0 - BOOK, 0]
    return [0, team1 - BOOK]
