"""Rule codes: every refusal the engine raises, as a stable code and parameters.

The engine speaks no language of its own. Every :class:`~engine.errors.EngineError`
carries a ``code`` (``"follow_suit"``, ``"scopa.capture.must_take_single"`` …) and
``params`` (plain JSON values), and its text is the code's ONE English template
filled with them. A web page or an API client renders the same refusal in its own
language from the code and the parameters; the English text stays the engine's.

Codes: shared rules have a plain dotted code (``turn``, ``card.not_held``,
``malformed.seat`` …); a game's own rules start with the game (``scopa.…``,
``burraco.…``). A code never changes meaning once published; a new wording in
English is a new template, a new rule a new code.

Parameters are typed by name, so a renderer knows how to write each one. A name is a
kind from :data:`PARAMETER_KINDS`, alone or with a role after an underscore
(``count_wanted``, ``seat_closer``): the kind is the part before the first ``_``.

Templates are marked with :func:`gettext_noop` so that Django's ``makemessages``
(xgettext with ``--keyword=gettext_noop``) extracts them for translation; the engine
itself never translates. The catalogue is spread over this module (shared codes) and
the games: each game class declares its own codes (``Game.rule_messages``, whose codes
all start with the game's name), found through the engine's registry
(:mod:`engine.registry`, which hands this module the way to them with
:func:`install_game_catalogues`: this module imports no game).

"""

from __future__ import annotations

import functools
import string
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from engine.card_words import RANK_CHARS, SUIT_NAMES, card_name


def gettext_noop(text: str) -> str:
    """Mark ``text`` for extraction into the translation catalogue; return it unchanged."""
    return text


PARAMETER_KINDS: dict[str, str] = {
    "seat": "a seat, 0-based (English writes it as the bare number: 'seat 2')",
    "seats": "a list of seats, 0-based",
    "side": "a side (a team, or a seat in a game without teams), 0-based",
    "card": "a card code ('TH', 'RJ'); English writes the code",
    "cardname": "a card code; English writes the card's name ('ten of hearts')",
    "cards": "a list of card codes (in a meld a joker may be written 'RJ=7H', named as the "
    "card it stands for); English writes them separated by spaces",
    "melds": "a list of melds, each a list of card codes; English writes '7H 8H 9H; 2S 2H 2C'",
    "suit": "a suit letter (S H D C); English writes its name ('hearts')",
    "suitone": "a suit letter; English writes the name of one card of it ('heart')",
    "signal": "a Tresette signal ('busso', 'volo', 'striscio')",
    "rank": "a rank number (2-14, ace 14); English writes its character ('7', 'T', 'A')",
    "pile": "where a card is drawn from: 'stock' or 'discard'",
    "action": "a nested message describing the refused event (its cards, meld …)",
    "count": "a whole number of things (cards, players, tricks …)",
    "number": "any other number (a value, a total, a limit, a meld number)",
    "addends": "whole numbers that should add up to a total; English writes '3 + 3 + 4'",
    "suits": "suit letters, alternatives ('HD'); English writes 'hearts or diamonds'",
    "suitsone": "suit letters, alternatives; English writes 'heart or diamond'",
    "colour": "a joker's colour ('red', 'black')",
    "points": "a number of points",
    "option": "a game option's name ('target')",
    "field": "an event field's name ('seat', 'cards')",
    "event": "an event type ('play', 'tally')",
    "game": "a game's name ('scopa')",
    "phase": "a phase of a deal ('play', 'deal')",
    "value": "an offending value as the client wrote it, already quoted (Python repr)",
    "counts": "whole numbers, alternatives (a game's player counts); English writes '2 or 3 or 4'",
    "games": "a list of game names ('scopa'); English writes them separated by commas",
    "events": "a list of event types ('deal', 'play'); English writes them separated by commas",
    "options": "a list of a game's option names; English writes them separated by commas "
    "('none' when empty)",
    "choices": "the values an option may take; English writes them quoted, separated by commas",
    "signals": "a list of Tresette signals; English writes them separated by commas",
    "text": "words from a caller outside the engine (only the 'text' code: the engine's own "
    "codes never carry prose, so that every reader gets them in their language)",
    "reason": "a nested message, {'code': …, 'params': …}: why (rendered the same way)",
}
"""The vocabulary of parameter kinds, with what a value of each kind is."""


MESSAGES: dict[str, str] = {
    # A message given as plain text by a caller outside the engine.
    "text": gettext_noop("{text}"),
    # Card notation.
    "card.not_a_string": gettext_noop(
        "a card must be written as a string such as 'TH', not {value}"
    ),
    "card.length": gettext_noop(
        "{value} is not a card: a card is two characters, rank then suit, such as 'TH'"
    ),
    "card.capitals": gettext_noop("{value} is not a card: write it in capitals, '{card}'"),
    "card.rank": gettext_noop(
        "{value} is not a card: {value_rank} is not a rank (ranks are A K Q J T 9 … 2)"
    ),
    "card.suit": gettext_noop(
        "{value} is not a card: {value_suit} is not a suit (suits are S H D C)"
    ),
    # Options and players.
    "option.null": gettext_noop("option '{option}' may not be null"),
    "option.bool": gettext_noop("option '{option}' must be true or false, not {value}"),
    "option.int": gettext_noop("option '{option}' must be a whole number, not {value}"),
    "option.minimum": gettext_noop("option '{option}' must be at least {number}"),
    "option.maximum": gettext_noop("option '{option}' must be at most {number}"),
    "option.choice": gettext_noop("option '{option}' must be one of {choices}, not {value}"),
    "option.card": gettext_noop("option '{option}': {reason}"),
    "option.check": gettext_noop("option '{option}' {reason}"),
    "option.not_an_object": gettext_noop("options must be an object of name: value, not {value}"),
    "option.unknown": gettext_noop("{game} has no option {value} (its options are: {options})"),
    "players.not_a_number": gettext_noop(
        "the number of players must be a whole number, not {value}"
    ),
    "players.count": gettext_noop("{game} is played by {counts} players, not {count}"),
    "first_dealer": gettext_noop("first_dealer must be a seat from 0 to {seat}, not {value}"),
    "view.seat": gettext_noop("seat must be from 0 to {seat}, not {value}"),
    "game.unknown": gettext_noop("there is no game called {value} (the games are: {games})"),
    # Turn, phase, cards and deck (any game).
    "turn": gettext_noop("seat {seat} cannot {event} now: it is seat {seat_expected}'s turn"),
    "turn.seats": gettext_noop("seat {seat} cannot {event} now: it is the turn of seat(s) {seats}"),
    "turn.nobody": gettext_noop("seat {seat} cannot {event} now: no seat may act"),
    "turn.nobody_deal": gettext_noop(
        "seat {seat} cannot {event} now: no seat may act now (a deal is awaited)"
    ),
    "phase.over": gettext_noop("the game is over: no {event} can be applied any more"),
    "phase.nobody": gettext_noop("no seat can act now"),
    # Flow events (engine.flow): adjourn, resume, concede.
    "adjourned": gettext_noop(
        "the table is adjourned: no {event} can be applied until it is resumed"
    ),
    "resume.not_adjourned": gettext_noop("the table is not adjourned: there is nothing to resume"),
    "concede.not_in_game": gettext_noop("conceding a deal is not part of {game}"),
    "concede.no_deal": gettext_noop("seat {seat} cannot concede now: no deal is being played"),
    "concede.two_sides": gettext_noop(
        "in {game} a deal can be conceded only when two sides play (two players or two teams)"
    ),
    "phase.between_deals": gettext_noop(
        "a {event} is only allowed between deals; the current deal is still in its {phase} phase"
    ),
    "phase.act": gettext_noop("seat {seat} cannot {event} now: the game is in its {phase} phase"),
    "malformed.from": gettext_noop("'from' must be 'stock' or 'discard', not {value}"),
    "phase.play": gettext_noop(
        "seat {seat} cannot play {card} now: the game is in its {phase} phase"
    ),
    "card.not_held": gettext_noop(
        "seat {seat} cannot {event} {card}: it does not hold the {cardname}"
    ),
    "play.refused": gettext_noop("seat {seat} cannot play {card}: {reason}"),
    "follow_suit": gettext_noop(
        "{suit} were led and seat {seat} holds {suit}, so it must follow suit"
    ),
    "deck.missing": gettext_noop(
        "a {game} deal must order exactly the {count} cards of its deck; this one has "
        "{count_got} (missing {cards_missing})"
    ),
    "deck.extra": gettext_noop(
        "a {game} deal must order exactly the {count} cards of its deck; this one has "
        "{count_got} (not in this deck {cards_extra})"
    ),
    "deck.missing_and_extra": gettext_noop(
        "a {game} deal must order exactly the {count} cards of its deck; this one has "
        "{count_got} (missing {cards_missing}; not in this deck {cards_extra})"
    ),
    "tally.rejected": gettext_noop("tally rejected: {reason}"),
    # Events that do not have the shape RECORDS.md describes.
    "malformed.not_an_object": gettext_noop("an event must be a JSON object, not {value}"),
    "malformed.type": gettext_noop(
        "{game} has no event of type {value} (its events are: {events})"
    ),
    "malformed.no_tally": gettext_noop("{game} does not accept tally events"),
    "malformed.missing": gettext_noop("the {event} event needs a '{field}' field"),
    "malformed.seat": gettext_noop("'seat' must be a seat number from 0 to {seat}, not {value}"),
    "malformed.card": gettext_noop("'{field}': {reason}"),
    "malformed.cards": gettext_noop("'{field}' must be a list of cards, not {value}"),
    "malformed.bool": gettext_noop("'{field}' must be true or false, not {value}"),
    "malformed.numbers": gettext_noop(
        "'{field}' must be a list of {count} whole numbers, not {value}"
    ),
    "malformed.numbers_minimum": gettext_noop(
        "'{field}' may not hold numbers below {number}: {value}"
    ),
    "malformed.side": gettext_noop("'{field}' must be a number from 0 to {side}, not {value}"),
    "malformed.side_or_null": gettext_noop(
        "'{field}' must be a number from 0 to {side} or null, not {value}"
    ),
}
"""Shared codes and their English templates (the games' own are their classes')."""


class Message(str):
    """A refusal's reason: its English text (it *is* that string, so it can be shown,
    compared or embedded like one) plus its ``code`` and JSON ``params``."""

    code: str
    params: dict[str, Any]

    def __new__(cls, code: str, params: Mapping[str, Any]) -> Message:
        plain = {name: _plain(name, value) for name, value in params.items()}
        self = super().__new__(cls, render(code, plain))
        self.code = code
        self.params = plain
        return self

    def __reduce__(self) -> tuple[object, tuple[str, dict[str, Any]]]:
        return (Message, (self.code, self.params))

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "params": self.params}


def own_codes(codes: Mapping[str, str], game: str) -> dict[str, str]:
    """The codes of ``codes`` that are game ``game``'s own (they start with its name):
    what a game class declares as its ``rule_messages``."""
    return {code: text for code, text in codes.items() if code.partition(".")[0] == game}


def message(code: str, **params: Any) -> Message:
    """The refusal ``code`` with ``params`` (cards, nested messages and tuples are
    turned into plain JSON values)."""
    return Message(code, params)


def plain_text(text: str) -> Message:
    """``text`` as a message: its own message if it is one, else the ``text`` code."""
    return text if isinstance(text, Message) else Message("text", {"text": str(text)})


def render(code: str, params: Mapping[str, Any]) -> str:
    """The English text of ``code`` with its (plain) ``params``."""
    template = MESSAGES.get(code)
    if template is None:
        template = _game_catalogue(code.partition(".")[0])[code]
    return template.format(**{name: english(name, value) for name, value in params.items()})


GameCatalogue = Callable[[str], Mapping[str, str]]
_games: list[tuple[GameCatalogue, Callable[[], Iterable[str]]]] = []
"""How to reach the games' own codes: (a game's codes by its name, every game's name),
installed by the registry."""


def install_game_catalogues(of_game: GameCatalogue, games: Callable[[], Iterable[str]]) -> None:
    """Where the games' own codes are: ``of_game(name)`` gives game ``name``'s codes
    (none for a name that is no game), ``games()`` every game's name. The registry
    (:mod:`engine.registry`) calls it when it is imported, which ``import engine``
    does before any message can be made."""
    _games[:] = [(of_game, games)]
    _game_catalogue.cache_clear()


@functools.cache
def _game_catalogue(game: str) -> Mapping[str, str]:
    if not _games:
        return {}
    return _games[0][0](game)


def kind_of(name: str) -> str:
    """The kind of a parameter name: ``count_wanted`` is a ``count``."""
    return name.split("_", 1)[0]


def placeholders(template: str) -> list[str]:
    """The parameter names a template uses."""
    return [field for _, field, _, _ in string.Formatter().parse(template) if field is not None]


def catalogue() -> dict[str, str]:
    """Every code and its English template (every game's class is loaded)."""
    found = dict(MESSAGES)
    for _of_game, games in _games:
        for game in games():
            found.update(_game_catalogue(game))
    return found


def all_codes() -> list[str]:
    """Every code, sorted."""
    return sorted(catalogue())


def _plain(name: str, value: Any) -> Any:
    if kind_of(name) not in PARAMETER_KINDS:
        raise ValueError(f"unknown parameter kind in {name!r}")
    if isinstance(value, Message):
        return value.to_json()
    if isinstance(value, (list, tuple)):
        return [_plain(name, item) for item in value]
    if hasattr(value, "code") and not isinstance(value, (str, int)):  # a Card
        return value.code
    return value


def english(name: str, value: Any) -> str:
    """The parameter ``name`` with (plain) ``value`` as the English text writes it."""
    kind = kind_of(name)
    if kind in ("reason", "action"):
        return render(value["code"], value["params"])
    if kind == "counts":
        return " or ".join(str(number) for number in value)
    if kind in ("games", "events", "options", "signals"):
        return ", ".join(str(item) for item in value) or "none"
    if kind == "choices":
        return ", ".join(repr(item) for item in value)
    if kind == "melds":
        return "; ".join(" ".join(meld) for meld in value)
    if kind == "rank":
        return RANK_CHARS[value - 2]
    if kind == "cards":
        return " ".join(value)
    if kind == "seats":
        return ", ".join(str(seat) for seat in value)
    if kind == "addends":
        return " + ".join(str(number) for number in value)
    if kind == "cardname":
        return card_name(value)
    if kind.startswith("suit"):
        plural = [SUIT_NAMES[letter] for letter in value]
        names = plural if kind in ("suit", "suits") else [name[:-1] for name in plural]
        return " or ".join(names)
    return str(value)
