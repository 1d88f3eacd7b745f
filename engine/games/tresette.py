"""Tresette (``tresette``): four players in two teams (RULES.md §7, seed 004).

- The Italian 40-card deck, dealt in packets of five: ``deck[i]`` goes to seat
  ``(dealer + 1 + i // 5) mod 4`` (``deck[0..4]`` to ``dealer + 1``, ``deck[5..9]`` to
  ``dealer + 2``, … around twice), 10 cards each. Team 0 holds seats 0 and 2.
- ``dealer + 1`` leads the first trick; with option ``four_of_coins_leads`` (default
  false) the holder of the four of coins (``4D``) leads it instead.
- Follow suit; no trumps. Strength within a suit 3, 2, A, K, Q, J, 7, 6, 5, 4. The
  winner of a trick leads the next; 10 tricks.
- **Card points in thirds**: A = 3; 3, 2, K, Q, J = 1 each (32 thirds in the cards);
  the last trick earns 3 more: 35 thirds a deal.
- **Declarations** (accuse), from the cards each player was *dealt* (a card already
  played in the first trick still counts): four 3s, four 2s or four aces = 4; three of
  them = 3 (naming the missing suit); napoletana (3, 2 and A of one suit) = 3 (naming
  the suit). A player scores every combination held (four of a rank is one
  combination, not four threes; a napoletana counts beside them: napoletana in coins
  and four 2s = 7). They are **declared automatically** — the seed says a player
  holding one *must* declare it, and RECORDS.md defines no event for it — and are
  shown to everybody at the end of the first trick, never before.
- **Deal score** per team: ``floor(thirds / 3)`` + its players' declarations.
- **Signals**: the player leading a trick may add ``"signal"`` to the play event:
  ``busso``, ``striscio``, or ``volo``, which is allowed only when the card led is
  that player's last card of its suit. A signal by a player who is not leading, or a
  false ``volo``, is rejected. Signals are public (in ``trick`` and ``last_trick``).
- **End**: after a deal in which a team has at least ``target`` (option, default 21)
  and more than the other; teams level at or above the target play on.

A score sheet records a deal as ``{"type": "tally", "thirds": [a, b], "last_trick":
team, "declared": [a, b]}``: the thirds each team took in its cards (without the last
trick: they add up to 32), the team that took the last trick, and each team's
declarations, which must be a total a team's two hands can make (0, 3, 4, 6–16, 18,
19 or 21).

**Views.** A seat sees its own hand; everybody sees the trick, the last trick (with
their signals), ``thirds`` per team so far (from the cards played), and once the first
trick is over ``declarations`` (seat, combination, its rank or suit, points) and
``declared`` (per team). No view ever names a card of another hand: a declaration
names ranks and suits, which the table hears anyway.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine.actions import Action
from engine.bots.italian_tricks import tresette as tresette_bot
from engine.cards import ITALIAN_RANKS, Card, italian_deck
from engine.errors import MalformedEvent, RuleViolation
from engine.game import Event, highest, parse_int_list, parse_side, tally_action
from engine.games.tresette_declarations import DECLARED_RANKS as DECLARED_RANKS
from engine.games.tresette_declarations import RANK_CODES as RANK_CODES
from engine.games.tresette_declarations import Declaration as Declaration
from engine.games.tresette_declarations import declarations as declarations
from engine.games.trick_game_messages import TRICK_GAME_MESSAGES
from engine.messages import Message, message, own_codes
from engine.options import Option
from engine.tally import Choice, Count, Phrase, TallySpec, gettext_noop, worth_words
from engine.tricks import PLAY, TrickGame, play_action, strength_table, winning_seat_by_strength

PACKET = 5
HAND_SIZE = 10
STRENGTH = strength_table("32AKQJ7654")
"""Trick strength by rank: 3, 2, A, K, Q, J, 7, 6, 5, 4."""
THIRDS: tuple[int, ...] = tuple(
    {14: 3, 3: 1, 2: 1, 13: 1, 12: 1, 11: 1}.get(r, 0) for r in range(15)
)
"""Card points in thirds by rank: A = 3; 3, 2, K, Q, J = 1; others 0."""
CARD_THIRDS = 32
LAST_TRICK_THIRDS = 3
FOUR_OF_COINS = Card.parse("4D")
SIGNALS = ("busso", "volo", "striscio")
TEAM_DECLARATIONS = frozenset({0, 3, 4, *range(6, 17), 18, 19, 21})
"""Every declaration total one team's two hands can make (tests/engine/test_tresette.py
derives it from all the ways two hands of 10 can share the 3s, 2s and aces)."""
THIRDS_PER_POINT = 3
THIRDS_WORDS = worth_words(
    sorted(((r, THIRDS[r]) for r in ITALIAN_RANKS), key=lambda rw: (-rw[1], -STRENGTH[rw[0]])),
    within=", ",
    between="; ",
)
"""The thirds as a scorer reads them: "A = 3; 3, 2, K, Q, J = 1"."""


_SIGNAL_ACTIONS: dict[tuple[int, Card, str], Action] = {}


def signal_action(seat: int, card: Card, signal: str | None) -> Action:
    """The (interned) action of ``seat`` leading ``card`` with ``signal`` (or none)."""
    if signal is None:
        return play_action(seat, card)
    key = (seat, card, signal)
    action = _SIGNAL_ACTIONS.get(key)
    if action is None:
        action = _SIGNAL_ACTIONS[key] = Action(PLAY, seat, card, (("signal", signal),))
    return action


class Tresette(TrickGame):
    name = "tresette"
    rule_messages = own_codes(TRICK_GAME_MESSAGES, name)
    bot = tresette_bot
    title = "Tresette"
    player_counts = (4,)
    tricks_per_hand = HAND_SIZE
    option_spec: ClassVar[dict[str, Option]] = {
        "target": Option(
            "target",
            "int",
            21,
            "points a team needs (and more than the other) to win the game",
            minimum=1,
            maximum=1000,
        ),
        "four_of_coins_leads": Option(
            "four_of_coins_leads",
            "bool",
            False,
            "the holder of the four of coins leads the first trick (else dealer + 1)",
        ),
    }
    tally_spec = TallySpec(
        "teams",
        (
            Count("thirds", gettext_noop("thirds"), CARD_THIRDS, unit=gettext_noop("%(n)s thirds")),
            Count(
                "declared",
                gettext_noop("declared"),
                max(TEAM_DECLARATIONS),
                counts=gettext_noop("declarations"),
                unit=gettext_noop("%(n)s declared"),
            ),
        ),
        (
            Choice(
                "last_trick",
                gettext_noop("Who took the last trick?"),
                asked=gettext_noop("Who took the last trick"),
                chosen=gettext_noop("last trick: %(who)s"),
                instruction=gettext_noop("Say who took the last trick."),
            ),
        ),
        note=Phrase(
            gettext_noop(
                "Thirds in the cards, without the last trick (%(worths)s): they add up to "
                "%(thirds)s. Declared: the team's declarations (accuse) in points."
            ),
            worths=THIRDS_WORDS,
            thirds=CARD_THIRDS,
        ),
    )

    @classmethod
    def sheet_notes(cls, options: Mapping[str, Any]) -> list[str]:
        return [
            Phrase(
                gettext_noop(
                    "Thirds per team in the cards, without the last trick (%(worths)s): they "
                    "add up to %(thirds)s. The last trick is %(last)s more."
                ),
                worths=THIRDS_WORDS,
                thirds=CARD_THIRDS,
                last=LAST_TRICK_THIRDS,
            ),
            Phrase(
                gettext_noop(
                    "Declared: the team's declarations (accuse) in points. Deal score = "
                    "thirds / %(per)s (rounded down) + declarations."
                ),
                per=THIRDS_PER_POINT,
            ),
            Phrase(
                gettext_noop(
                    "The game ends after a deal in which a team has %(target)s and more than "
                    "the other."
                ),
                target=options.get("target"),
            ),
        ]

    OPTIONAL_FIELDS: ClassVar[Mapping[str, frozenset[str]]] = {"play": frozenset({"signal"})}

    def __init__(self, players: int, options: Any = None, first_dealer: int = 0) -> None:
        super().__init__(players, options, first_dealer)
        self.thirds = [0, 0]
        """Thirds taken per team in the current (or last) deal, the last trick's included."""
        self.declarations: list[Declaration] = []
        """Every seat's combinations in the current (or last) deal, by seat."""
        self.declared = [0, 0]
        """Each team's declarations in the current (or last) deal."""
        self.declared_shown = False
        """Whether the first trick is over, so that the declarations are public."""
        self.trick_signal: str | None = None
        self.last_trick_signal: str | None = None

    @property
    def team_game(self) -> bool:
        return True

    def new_deck(self) -> list[Card]:
        return italian_deck()

    # ------------------------------------------------------------------ the deal

    def _deal(self, deck: list[Card]) -> None:
        first = (self.dealer + 1) % 4
        hands: list[set[Card]] = [set() for _ in range(4)]
        for index, dealt in enumerate(deck):
            hands[(first + index // PACKET) % 4].add(dealt)
        self.hands = hands
        self.declarations = [d for seat in range(4) for d in declarations(seat, hands[seat])]
        self.declared = [0, 0]
        for declaration in self.declarations:
            self.declared[declaration.seat % 2] += declaration.points
        self.declared_shown = False
        self.thirds = [0, 0]
        self.trick_signal = None
        leader = first
        if self.options["four_of_coins_leads"]:
            leader = next(seat for seat in range(4) if FOUR_OF_COINS in hands[seat])
        self._start_hand(leader)

    def _forget_last_trick(self) -> None:
        super()._forget_last_trick()
        self.last_trick_signal = None

    # ------------------------------------------------------------------ play and signals

    def _parse_play(self, event: Event) -> Action:
        plain = TrickGame._parse_play(self, event)
        signal = event.get("signal")
        if signal is None:
            return plain
        if not isinstance(signal, str) or signal not in SIGNALS:
            raise MalformedEvent(
                message("tresette.malformed.signal", signals=list(SIGNALS), value=repr(signal)),
                event,
            )
        assert plain.seat is not None and plain.card is not None
        return signal_action(plain.seat, plain.card, signal)

    def _apply_play(self, action: Action) -> None:
        if not action.args:  # no signal: the hot path of replays
            super()._apply_play(action)
            return
        signal: str = action.arg("signal")
        seat, card = action.seat, action.card
        assert seat is not None and card is not None
        if self.phase == PLAY and seat == self.turn and card in self.hands[seat]:
            problem = self._signal_error(seat, card, signal)
            if problem is not None:
                raise RuleViolation(
                    message(
                        "tresette.signal.refused",
                        seat=seat,
                        card=card,
                        signal=signal,
                        reason=problem,
                    ),
                    seat=seat,
                    event=action.to_event(),
                    rule="signals",
                )
        super()._apply_play(action)
        self.trick_signal = signal

    def _signal_error(self, seat: int, card: Card, signal: str) -> Message | None:
        """Why ``seat`` may not lead ``card`` with ``signal``, or ``None``."""
        if self.trick:
            return message("tresette.signal.not_leading")
        if signal == "volo" and any(
            c.suit == card.suit and c is not card for c in self.hands[seat]
        ):
            assert card.suit is not None
            return message("tresette.signal.volo", suitone=card.suit, seat=seat, suit=card.suit)
        return None

    def _legal_actions(self, seat: int) -> list[Action]:
        plays = super()._legal_actions(seat)
        if self.trick or not plays:
            return plays
        hand = self.hands[seat]
        actions: list[Action] = []
        for plain in plays:
            card = plain.card
            assert card is not None
            actions.append(plain)
            actions.append(signal_action(seat, card, "busso"))
            if not any(c.suit == card.suit and c is not card for c in hand):
                actions.append(signal_action(seat, card, "volo"))
            actions.append(signal_action(seat, card, "striscio"))
        return actions

    def _trick_winner(self, trick: list[tuple[int, Card]]) -> int:
        return winning_seat_by_strength(trick, None, STRENGTH)

    def _after_trick(self, winner: int, cards: list[tuple[int, Card]]) -> None:
        taken = 0
        for _, card in cards:
            taken += THIRDS[card.rank]
        self.thirds[winner % 2] += taken
        self.last_trick_signal = self.trick_signal
        self.trick_signal = None
        if self.trick_number == 1:
            self.declared_shown = True

    def _end_of_hand(self) -> None:
        winner = self.last_trick_winner
        assert winner is not None
        self.thirds[winner % 2] += LAST_TRICK_THIRDS
        self._finish_deal(deal_score(self.thirds, self.declared))

    # ------------------------------------------------------------------ conceding a deal

    def _concede_refusal(self, seat: int) -> Message | None:
        return self._two_sides_refusal(seat, self.phase == PLAY)

    def _concede(self, seat: int) -> None:
        # The cards still to be played and the last trick go to the other team; the
        # declarations count as usual (and are shown, as at the end of any deal).
        other = 1 - seat % 2
        left = self._cards_to_play()
        self.thirds[other] += sum(THIRDS[card.rank] for card in left) + LAST_TRICK_THIRDS
        self.trick_signal = None
        self.declared_shown = True
        self._clear_conceded_deal()
        self._finish_deal(deal_score(self.thirds, self.declared))

    # ------------------------------------------------------------------ the end

    def _game_is_over(self) -> bool:
        target: int = self.options["target"]
        leader = highest(self.totals)
        return isinstance(leader, int) and self.totals[leader] >= target

    # ------------------------------------------------------------------ tally

    def _parse_tally(self, event: Event) -> Action:
        return tally_action(
            thirds=parse_int_list(event, "thirds", 2),
            last_trick=parse_side(event, "last_trick", 2),
            declared=parse_int_list(event, "declared", 2),
        )

    def _score_tally(self, action: Action) -> list[int]:
        thirds: tuple[int, int] = action.arg("thirds")
        last_trick: int = action.arg("last_trick")
        declared: tuple[int, int] = action.arg("declared")
        if sum(thirds) != CARD_THIRDS:
            raise self._tally_error(
                action,
                message("tresette.tally.thirds_total", number=CARD_THIRDS, number_got=sum(thirds)),
            )
        for team, value in enumerate(declared):
            if value not in TEAM_DECLARATIONS:
                raise self._tally_error(
                    action, message("tresette.tally.declared", points=value, side=team)
                )

        with_last = [
            t + (LAST_TRICK_THIRDS if team == last_trick else 0) for team, t in enumerate(thirds)
        ]
        # A score sheet gives each team's declarations, not who held what.
        self.thirds = with_last
        self.declarations = []
        self.declared = list(declared)
        self.declared_shown = True
        return deal_score(with_last, declared)

    # ------------------------------------------------------------------ view

    def _add_to_view(self, view: dict[str, Any], seat: int | None) -> None:
        super()._add_to_view(view, seat)
        if self.trick and self.trick_signal is not None:
            view["trick"][0]["signal"] = self.trick_signal
        if self.last_trick and self.last_trick_signal is not None:
            view["last_trick"][0]["signal"] = self.last_trick_signal
        view["thirds"] = list(self.thirds)
        shown = self.declared_shown
        view["declarations"] = [d.as_json() for d in self.declarations] if shown else []
        view["declared"] = list(self.declared) if shown else [0, 0]
        view["declarations_shown"] = shown


def deal_score(thirds: Sequence[int], declared: Sequence[int]) -> list[int]:
    """Each team's ``floor(thirds / 3)`` plus its declarations."""
    return [t // THIRDS_PER_POINT + d for t, d in zip(thirds, declared, strict=True)]
