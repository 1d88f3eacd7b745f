"""The engine's refusals in the reader's language: the one place every page uses.

The engine gives each refusal a stable code and JSON parameters (see
:mod:`engine.messages`), and ONE English template per code, marked for extraction so
that it is the msgid of its translation in ``locale/<lang>/LC_MESSAGES/django.po``.
:func:`render` translates the template with gettext (the active language) and fills
each parameter written for a person, by its kind (the part of its name before the
first ``_``):

- seats and sides count from 1 ("seat 1", "posto 1"), and so does a meld's number
  where it names a meld; a range's upper bound ("from 0 to 3") stays as the API
  writes it, since it speaks of the indices the client sends;
- cards, suits and jokers are named in the active language by
  :mod:`tournaments.services.card_names` (the Italian games' cards by their Italian
  deck, unless the reader chose French cards: "7 di denari", the French deck's
  "Re di cuori"); in English the codes stay as the engine writes them, so the English
  text is the engine's with seats counted from 1 (what the pages always showed);
- a nested ``reason`` or ``action`` is rendered the same way, recursively;
- numbers are written the active language's way;
- lists are written the active language's way ("2, 3, 4 o 6"); a game, an option and
  an option's choices by their labels in that language ("Scopa", "Punti per vincere"),
  from the game's profile. English keeps the engine's own words for these (the API's
  text), so an English page reads as it always did.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import get_language, gettext, override, pgettext, pgettext_lazy

from engine.cards import RANK_CHARS, SUIT_NAMES, Card
from engine.messages import catalogue, english, kind_of
from tournaments.games import all_profiles, profile_for
from tournaments.services import card_names
from tournaments.services.numbering import count_from_one, for_people

REFUSED = "That was refused."

_LISTS = frozenset({"counts", "games", "events", "options", "choices", "signals"})
"""Kinds that are lists, and the names of games and options: English writes them the
engine's way (its keys), another language in its own words."""


# Where a "number" is a meld's index (people count melds from 1, as the regex did).
_MELD_INDICES = frozenset(
    {
        ("scala40.action.card_meld", "number"),
        ("scala40.action.cards_meld", "number"),
        ("burraco.refused.add", "number"),
    }
)
# Where a seat or side is the upper bound of a 0-based range the client must send.
_RANGE_BOUNDS = frozenset(
    {"first_dealer", "view.seat", "malformed.seat", "malformed.side", "malformed.side_or_null"}
)

# A card's colour as an adjective of "card" ("una carta rossa").
_COLOURS = {
    "red": pgettext_lazy("card colour", "red"),
    "black": pgettext_lazy("card colour", "black"),
}

# The engine's own names where a sentence uses them as words: an event as the verb of
# "seat 1 cannot {event} now", a phase as "its {phase} phase", a pile as "from the
# {pile}". English keeps the engine's word (the msgid); a translation says it its way.
_EVENT_WORDS = {
    "play": pgettext_lazy("rule event", "play"),
    "deal": pgettext_lazy("rule event", "deal"),
    "deals": pgettext_lazy("rule event", "deals"),
    "tally": pgettext_lazy("rule event", "tally"),
    "resign": pgettext_lazy("rule event", "resign"),
    "concede": pgettext_lazy("rule event", "concede"),
    "adjourn": pgettext_lazy("rule event", "adjourn"),
    "resume": pgettext_lazy("rule event", "resume"),
}
"""The events every game shares; a game's own are its profile's (``rule_event_words``)."""
_PHASE_WORDS = {
    "deal": pgettext_lazy("rule phase", "deal"),
    "over": pgettext_lazy("rule phase", "over"),
    "play": pgettext_lazy("rule phase", "play"),
}
"""The phases every game shares; a game's own are its profile's (``rule_phase_words``)."""


@cache
def event_words() -> dict[str, Any]:
    """Every event type's word: the shared ones and every game's own (two games that
    share an event type share its word)."""
    return _union(_EVENT_WORDS, [p.rule_event_words for p in all_profiles()])


@cache
def phase_words() -> dict[str, Any]:
    """Every phase's word: the shared ones and every game's own."""
    return _union(_PHASE_WORDS, [p.rule_phase_words for p in all_profiles()])


def _union(shared: Mapping[str, Any], own: list[Mapping[str, Any]]) -> dict[str, Any]:
    found = dict(shared)
    for words in own:
        for key, word in words.items():
            if key in found and str(found[key]) != str(word):
                raise ValueError(f"two games word {key!r} differently")
            found.setdefault(key, word)
    return found


_PILE_WORDS = {
    "stock": pgettext_lazy("rule pile", "stock"),
    "discard": pgettext_lazy("rule pile", "discard pile"),
}


def render(
    error_or_code: Any,
    params: Mapping[str, Any] | None = None,
    *,
    game: str | None = None,
    language: str | None = None,
    seat_names: Mapping[int, str] | None = None,
    side_names: Sequence[str] | None = None,
) -> str:
    """The refusal (an ``EngineError``, a ``Message``, or a code with ``params``) in
    ``language`` (the active one by default). ``game`` chooses the deck whose names
    an Italian reader sees (the Italian deck for Scopa, Briscola and Tresette). With
    the table's names (a score sheet), a seat reads "3 (Carla)" and a side
    "1 (Ann & Bruno)"."""
    if params is None:
        code, params = error_or_code.code, error_or_code.params
    else:
        code = str(error_or_code)
    if language is not None:
        with override(language):
            return render(code, params, game=game, seat_names=seat_names, side_names=side_names)
    renderer = _Renderer(game or _game_of(params))
    renderer.seat_names = dict(seat_names or {})
    renderer.side_names = list(side_names or [])
    return renderer.render(code, params)


def at_the_table(
    error: Any, game: str, seat_names: Mapping[int, str], side_names: Sequence[str]
) -> str:
    """A refusal on a score sheet, with the table's names: in English (the API's too)
    the engine's text with "Carla (seat 3)" and the sides' names, as it always read;
    in another language rendered from the rule code ("il posto 3 (Carla)")."""
    if is_english():
        return count_from_one(str(error), seat_names, side_names)
    return render(error, game=game, seat_names=seat_names, side_names=side_names)


def in_words(error: Any) -> str:
    """An engine refusal where no table is involved (a game's name, its options, a
    record): in English (the API's language) the engine's own text, as it always read;
    in another language rendered from its rule code."""
    if is_english() or not hasattr(error, "code"):
        return str(error)
    return render(error)


def is_english() -> bool:
    """Whether the active language is English (the engine's own)."""
    return (get_language() or "en").split("-")[0] == "en"


def rule_sentence(error: Any, empty: str = REFUSED, *, game: str | None = None) -> str:
    """The refusal as a sentence for a page: capitalised, with a full stop."""
    return as_sentence(render(error, game=game), empty)


def as_sentence(text: str, empty: str = REFUSED) -> str:
    """``text`` capitalised, with a full stop (``empty`` translated if blank)."""
    text = text.strip()
    if not text:
        return gettext(empty)
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def is_rule(message: object) -> bool:
    """Whether ``message`` carries a rule code (an engine error or message)."""
    return isinstance(getattr(message, "code", None), str) and isinstance(
        getattr(message, "params", None), dict
    )


def _game_of(params: Mapping[str, Any]) -> str | None:
    game = params.get("game")
    return game if isinstance(game, str) else None


class _Renderer:
    def __init__(self, game: str | None) -> None:
        # Cards are named in words in any language but English (whose text keeps the
        # engine's codes); by the game's deck as the reader sees it (Scopa, Briscola,
        # Tresette: the Italian deck, unless the reader chose French cards).
        self.worded = not is_english()
        self.style = card_names.style_for(profile_for(game).deck) if game else card_names.FRENCH
        self.game = game
        self.params: Mapping[str, Any] = {}
        self.seat_names: dict[int, str] = {}
        self.side_names: list[str] = []

    def render(self, code: str, params: Mapping[str, Any]) -> str:
        template = catalogue().get(code, "{text}")
        outer, self.params = self.params, params
        try:
            filled = {name: self.word(code, name, value) for name, value in params.items()}
        finally:
            self.params = outer
        return gettext(template).format(**filled)

    def word(self, code: str, name: str, value: Any) -> str:
        kind = kind_of(name)
        if is_english() and (kind in _LISTS or kind in ("game", "option")):
            return english(name, value)
        writer: Callable[[Any], str] | None = getattr(self, f"_{kind}", None)
        if kind in ("seat", "side") and code in _RANGE_BOUNDS:
            return self._number(value)
        if (code, name) in _MELD_INDICES:
            return self._number(value + 1)
        return writer(value) if writer else str(value)

    # -- by kind ------------------------------------------------------------------

    def _reason(self, value: Mapping[str, Any]) -> str:
        return self.render(value["code"], value["params"])

    _action = _reason

    def _seat(self, value: int) -> str:
        name = self.seat_names.get(value)
        return f"{self._number(value + 1)} ({name})" if name else self._number(value + 1)

    def _side(self, value: int) -> str:
        if 0 <= value < len(self.side_names):
            return f"{self._number(value + 1)} ({self.side_names[value]})"
        return self._number(value + 1)

    def _seats(self, value: list[int]) -> str:
        return ", ".join(self._number(for_people(seat)) for seat in value)

    def _number(self, value: Any) -> str:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return number_format(value, use_l10n=True)
        return str(value)

    _count = _points = _number

    def _addends(self, value: list[int]) -> str:
        return " + ".join(self._number(number) for number in value)

    def _counts(self, value: list[int]) -> str:
        return alternatives([self._number(number) for number in value])

    def _games(self, value: list[str]) -> str:
        return listed([self._game(name) for name in value])

    def _game(self, value: str) -> str:
        return profile_for(value).title

    def _option(self, value: str) -> str:
        label = option_label(self.params.get("game") or self.game, value)
        return str(label) if label is not None else str(value)

    def _options(self, value: list[str]) -> str:
        return listed([self._option(name) for name in value]) or pgettext("no options", "none")

    def _choices(self, value: list[str]) -> str:
        game, option = self.params.get("game") or self.game, self.params.get("option")
        return alternatives([f"“{choice_label(game, option, choice)}”" for choice in value])

    def _events(self, value: list[str]) -> str:
        # The record's event types are keys a record must spell as they are.
        return listed([f"'{event}'" for event in value])

    def _signals(self, value: list[str]) -> str:
        return alternatives(list(value))  # busso, volo, striscio: Tresette's own words

    def _event(self, value: str) -> str:
        return str(event_words().get(value, value))

    def _phase(self, value: str) -> str:
        return str(phase_words().get(value, value))

    def _pile(self, value: str) -> str:
        return str(_PILE_WORDS[value]) if self.worded and value in _PILE_WORDS else value

    def _card(self, value: str) -> str:
        return self.card_name(value) if self.worded else value

    def _cardname(self, value: str) -> str:
        return self.card_name(value) if self.worded else Card.parse(value).name

    def _cards(self, value: list[str]) -> str:
        if not self.worded:
            return " ".join(value)
        return ", ".join(self.card_name(code) for code in value)

    def _melds(self, value: list[list[str]]) -> str:
        return "; ".join(self._cards(meld) for meld in value)

    def _rank(self, value: int) -> str:
        return card_names.rank_word(value, self.style) if self.worded else RANK_CHARS[value - 2]

    def _colour(self, value: str) -> str:
        return str(_COLOURS.get(value, value)) if self.worded else value

    def _suit(self, value: str) -> str:
        return self._suits(value)

    def _suitone(self, value: str) -> str:
        return self._suits(value, one=True)

    def _suitsone(self, value: str) -> str:
        return self._suits(value, one=True)

    def _suits(self, value: str, one: bool = False) -> str:
        if self.worded:
            return alternatives([self.suit_name(letter) for letter in value])
        plural = [SUIT_NAMES[letter] for letter in value]
        return " or ".join(name[:-1] for name in plural) if one else " or ".join(plural)

    # -- names in words -------------------------------------------------------------

    def suit_name(self, letter: str) -> str:
        return card_names.suit_word(letter, self.style)

    def card_name(self, code: str) -> str:
        """``7D`` → "7 di denari" (Italian deck) or "7 di quadri"; ``RJ=7H`` → "jolly
        rosso (7 di cuori)"."""
        return card_names.card_name(code, self.style)


# -- lists and labels ---------------------------------------------------------------


def listed(items: Sequence[str]) -> str:
    """Items one after the other: "a, b, c"."""
    return ", ".join(items)


def alternatives(items: Sequence[str]) -> str:
    """Items as alternatives in the active language: "2, 3, 4 or 6", "2, 3, 4 o 6"."""
    if len(items) < 2:
        return listed(items)
    return gettext("%(some)s or %(last)s") % {
        "some": listed(items[:-1]),
        "last": items[-1],
    }


def _option_of(game: str | None, name: object) -> Any:
    if not isinstance(game, str) or not isinstance(name, str):
        return None
    return profile_for(game).option_spec.get(name)


def option_label(game: str | None, name: str) -> Any:
    """The game's label for its option ``name`` (None when the game has no such one)."""
    option = _option_of(game, name)
    return profile_for(str(game)).option_label(option)[0] if option is not None else None


def choice_label(game: str | None, name: object, value: str) -> Any:
    """The game's label for the value ``value`` of its option ``name``."""
    option = _option_of(game, name)
    if option is None:
        return value
    return profile_for(str(game)).choice_label(option, value)
