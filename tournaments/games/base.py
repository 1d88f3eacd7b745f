"""The base of every game profile: the hooks Tavolo's pages, score sheets and printed
sheets call instead of asking which game they show.

A profile never restates a rule: the rules, the tally's fields and the scorer's notes
are the engine class's (``option_spec``, ``tally_spec``, ``sheet_notes``), and the
profile reads them from there. What a profile adds is presentation: the game's own
facts on the table, its partial templates, its option labels in words, how its log
reads, how many blank rows its printed sheet has.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cached_property
from typing import Any, ClassVar

from django.utils.translation import gettext, pgettext_lazy

import engine
from engine import MalformedCard
from engine.options import Option
from engine.tally import TallySpec
from tournaments.services.numbering import for_people
from tournaments.web.cards import CardFace, face

AddFact = Callable[..., None]
"""``add(label, text="", suit=None, cards=None)``: one fact on the table (a suit code;
cards as faces)."""
LogWords = tuple[str, list[Any]]
"""A log line's words and the card faces drawn after them."""


def seat_name(names: Mapping[int, str], seat: int) -> str:
    """A seat's player, else "seat 1", "seat 2" … (people count from 1)."""
    return (
        names[seat] if seat in names else gettext("seat %(number)s") % {"number": for_people(seat)}
    )


def log_faces(codes: Any) -> list[CardFace]:
    """The faces of a log entry's cards; anything that is not a card is left out, never
    shown raw (a log may hold a garbled event the engine refused)."""
    if not isinstance(codes, list):
        return []
    shown = []
    for code in codes:
        try:
            shown.append(face(code))
        except (MalformedCard, TypeError):
            continue
    return shown


class GameProfile:
    """What Tavolo shows of one game. Subclasses set the class attributes and override
    the hooks they need; the defaults suit a plain trick-taking game.

    One instance per game (:func:`tournaments.games.profile_for`); a game the engine
    does not know (an old record) gets this base class, which shows its name."""

    game_type: str = ""
    default: ClassVar[bool] = False
    """The game the "new game" page offers first (exactly one profile sets it)."""
    home_title: ClassVar[Any] = ""
    """The game's name in the home page's list (the engine's title when empty)."""
    deck: ClassVar[str] = "french"
    """The deck its cards are drawn as: ``"french"`` or ``"italian"`` (denari, coppe,
    spade, bastoni; :mod:`tournaments.web.cards`)."""
    title_words: ClassVar[Any] = ""
    """The engine's title marked for translation (``gettext_lazy``): the engine is
    language-free, so the name a person reads in their language is the profile's."""
    pdf_rows: ClassVar[int] = 12
    """Blank rows of a printed sheet when no option fixes the number of deals."""
    pdf_headings: ClassVar[Mapping[str, str]] = {}
    """A printed sheet's column headings by tally field (``closed``: "Closed by"), where
    the tally's own label is too long for a column (or names a choice)."""
    schedule_columns: ClassVar[tuple[tuple[str, str], ...]] = ()
    """Columns a printed sheet adds per deal (heading, key of :meth:`deal_row`)."""
    table_template: ClassVar[str | None] = None
    """The partial that draws the cards on the table instead of a trick, if any."""
    hand_template: ClassVar[str | None] = None
    """The partial of the seat's hand and turn when it is not a row of cards to play."""
    plays_as_moves: ClassVar[bool] = False
    """Plays are sent as moves (a card plus a capture or a signal), and a card may
    open a choice of them (:meth:`moves_by_card`)."""
    move_question: ClassVar[str] = ""
    """What a card's choices ask ("which cards does it take?")."""
    melds: ClassVar[bool] = False
    """A rummy game: turns of draw, meld and discard (:mod:`tournaments.games.rummy`)."""
    option_labels: ClassVar[Mapping[str, tuple[Any, Any]]] = {}
    """Per option of the engine's ``option_spec``: (label, help sentence) in words."""
    option_choices: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    """Per option with choices: a label per value."""
    trumps_word: ClassVar[Any] = pgettext_lazy("the trump suit of a whist", "Trumps")
    """The label of the trump suit on the table (a whist's "atout", a briscola)."""

    def __init__(self, game_type: str | None = None) -> None:
        if game_type is not None:
            self.game_type = game_type  # the fallback profile of a game without a module

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game_type}>"

    # ------------------------------------------------------------------ from the engine

    @cached_property
    def engine_class(self) -> type[engine.Game] | None:
        try:
            return engine.game_class(self.game_type)
        except engine.EngineError:
            return None

    @property
    def title(self) -> str:
        if self.title_words:
            return str(self.title_words)
        return self.engine_class.title if self.engine_class else self.game_type

    @property
    def option_spec(self) -> Mapping[str, Option]:
        return self.engine_class.option_spec if self.engine_class else {}

    @property
    def tally_spec(self) -> TallySpec | None:
        return self.engine_class.tally_spec if self.engine_class else None

    def sheet_notes(self, options: Mapping[str, Any]) -> list[str]:
        """The scorer's notes on a printed sheet: the engine's, from its constants."""
        return self.engine_class.sheet_notes(options) if self.engine_class else []

    # ------------------------------------------------------------------ the table

    def facts(
        self, game: Any, view: Mapping[str, Any], names: Mapping[int, str], add: AddFact
    ) -> None:
        """The game's own public facts, before the common ones (real cards …)."""
        if view["phase"] not in ("deal", "over") and view.get("trump"):
            add(str(self.trumps_word), "", view["trump"])

    def extend_board(
        self,
        context: dict[str, Any],
        view: Mapping[str, Any],
        names: Mapping[int, str],
        me: int | None,
    ) -> None:
        """Add the game's own parts to a table's context, in place (after the facts)."""

    rule_event_words: ClassVar[Mapping[str, Any]] = {}
    """Its own event types as a refusal's verb ("seat 1 cannot split now"), beside the
    shared ones of :mod:`tournaments.services.rule_words` (``pgettext_lazy`` with the
    context "rule event")."""
    rule_phase_words: ClassVar[Mapping[str, Any]] = {}
    """Its own phases as a refusal names them ("in its split phase"; context "rule
    phase")."""

    turn_words: ClassVar[Mapping[str, tuple[Any, Any]]] = {}
    """Whose turn it is in the game's own phases: (to the seat, to the others with
    ``%(who)s`` for the seats to act), translatable (``gettext_lazy``)."""

    def seat_parts(
        self,
        view: Mapping[str, Any],
        legal: list[Mapping[str, Any]],
        seat: int,
        names: Mapping[int, str],
        **kept: Any,
    ) -> dict[str, Any]:
        """The game's own parts of a seat's page (its split, its exchange …), from
        the seat's view and legal actions; ``kept``: what a refused form keeps."""
        return {}

    def moves_by_card(self, legal: list[Mapping[str, Any]]) -> dict[str, list[dict[str, Any]]]:
        """Per card, the seat's legal plays with it as buttons (:attr:`plays_as_moves`)."""
        return {}

    # ------------------------------------------------------------------ the log

    def log_words(self, kind: Any, event: Mapping[str, Any], who: str) -> LogWords | None:
        """A log entry of this game's own in words, or ``None`` for the common words."""
        return None

    def log_extra(self, event: Mapping[str, Any]) -> dict[str, Any]:
        """More for a log entry's line (Scopa's capture: "and takes" and the cards)."""
        return {}

    # ------------------------------------------------------------------ score sheets

    def deal_row(self, deal_index: int) -> dict[str, Any]:
        """What a sheet's schedule shows of deal ``deal_index`` (0-based) beyond its
        dealer: the keys of :attr:`schedule_columns`."""
        return {}

    # ------------------------------------------------------------------ house rules

    def option_label(self, option: Option) -> tuple[Any, Any]:
        """The option's label and help sentence (its name in words when not listed)."""
        return self.option_labels.get(option.name, (option.name.replace("_", " ").capitalize(), ""))

    def choice_label(self, option: Option, value: str) -> Any:
        return self.option_choices.get(option.name, {}).get(value, value.replace("_", " "))

    def option_field(self, option: Option, common: Mapping[str, Any]) -> Any:
        """A form field of the game's own for ``option`` (``None``: the usual one)."""
        return None
