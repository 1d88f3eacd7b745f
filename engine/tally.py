"""What a score sheet counts per deal, as data (pure Python).

A game that can be played with real cards declares its tally next to its options:
:attr:`engine.game.Game.tally_spec`, a :class:`TallySpec`. The score sheet's phone
page, the game page's tally form and the printable PDF are all drawn from it, so the
inputs they ask for are the fields the game's ``tally`` event takes. Whether the
numbers make a legal tally stays the game's own check (``parse_tally``); the spec
only says which numbers there are, per whom, their upper bounds on a form, and their
words: each field's label on the form, what it counts in a dispute's sentence, a value
of it in words (:class:`Count`, :class:`Choice`, :class:`Flag`). The service reads
them through the engine's registry, so a game's tally is worded in one place.

A game's notes for the scorer (``Game.sheet_notes``) are built from the rules'
own constants with :func:`worth_words` and :func:`rank_word`, so they cannot drift
from the rules they describe.

The engine speaks no language but English, and knows nothing of translations: its
labels are marked with :func:`gettext_noop` (so that Django's ``makemessages``
collects them; the web translates them when it shows them), and a note is a
:class:`Phrase`, English text that keeps its template and parameters (the web
translates the template and fills in the parameters, the rank words of a
:class:`Worths` in the reader's deck).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

PER: Final = ("teams", "sides", "seats")
"""One row per team (two), per side (teams in a team game, else seats) or per seat."""
RANK_WORDS: Final = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "10"}


def gettext_noop(message: str) -> str:
    """Marks a string for translation without translating it (Django's name for it, so
    that ``makemessages`` collects the literal)."""
    return message


class Phrase(str):
    """English text (``template % params``) that keeps its ``template`` and ``params``,
    so that a reader's language can word it again: the web translates the template and
    fills in the parameters (a parameter may itself be a :class:`Phrase` or
    :class:`Worths`). It is a ``str``, so it reads, compares and prints as the English."""

    template: str
    params: Mapping[str, Any]

    def __new__(cls, template: str, **params: Any) -> Phrase:
        phrase = super().__new__(cls, template % params if params else template)
        phrase.template = template
        phrase.params = params
        return phrase


class Plural(NamedTuple):
    """Words for a number that change with it (``"%(n)s scopa"``, ``"%(n)s scope"``):
    the web picks the form with the reader's plural rules (Django's ``ngettext``)."""

    singular: str
    plural: str


def ngettext_lazy(singular: str, plural: str, number: str = "n") -> Plural:
    """Marks a :class:`Plural` for translation (Django's name for it, so that
    ``makemessages`` collects both forms); ``number`` names its parameter."""
    return Plural(singular, plural)


@dataclass(frozen=True)
class Count:
    """A whole number per row: ``key`` in the event, ``label`` on the form, at most
    ``top``. Its words elsewhere: ``counts``, what the number counts when a sentence
    names it ("Carla's first-hand tricks: 2 or 3"; empty: the ``label``), and ``unit``,
    a value in words ("%(n)s cards"; empty: the number alone)."""

    key: str
    label: str
    top: int
    counts: str = ""
    unit: str | Plural = ""

    @property
    def said(self) -> str:
        """What the number counts, in a sentence."""
        return self.counts or self.label


@dataclass(frozen=True)
class Choice:
    """One row named per tally (who took the settebello): ``key`` in the event holds
    the row's index; ``optional`` allows nobody (``None``). Its words: ``label``, the
    form's question; ``asked``, the question in a sentence ("Who took the dummy: Ann or
    nobody"); ``chosen``, the answer in words ("dummy: %(who)s"), said even when nobody
    was chosen if ``nobody_said``; ``instruction``, the form's request when it is left
    empty (empty: the question turned into one)."""

    key: str
    label: str
    optional: bool = False
    asked: str = ""
    chosen: str = ""
    nobody_said: bool = False
    instruction: str = ""


@dataclass(frozen=True)
class Flag:
    """Yes or no per row (a checkbox): a list of true/false under ``key`` (Burraco's
    pozzetto taken). Its words: ``counts`` in a sentence ("pozzetto taken"), ``yes`` and
    ``no`` for a value in words."""

    key: str
    label: str
    counts: str = ""
    yes: str = ""
    no: str = ""

    @property
    def said(self) -> str:
        """What the flag says, in a sentence."""
        return self.counts or self.label


@dataclass(frozen=True)
class TallySpec:
    """A game's tally: the ``counts`` of each row (several make a list per row under
    ``nested`` when set, as Italian Whist's two hands), ``choices``, ``flags`` and a
    ``note`` on how to count."""

    per: str
    counts: tuple[Count, ...]
    choices: tuple[Choice, ...] = ()
    nested: str | None = None
    note: str = ""
    flags: tuple[Flag, ...] = ()

    def __post_init__(self) -> None:
        if self.per not in PER:
            raise ValueError(f"a tally is per {' or '.join(PER)}, not {self.per!r}")
        if not self.counts:
            raise ValueError("a tally counts at least one number per row")

    @property
    def keys(self) -> tuple[str, ...]:
        """Every field of the event a tally of this spec writes (but ``type``)."""
        counts = (self.nested,) if self.nested else tuple(c.key for c in self.counts)
        return counts + tuple(c.key for c in self.choices) + tuple(f.key for f in self.flags)


def rank_word(rank: int) -> str:
    """A rank as a scorer writes it: 7, 10, J, Q, K, A."""
    return RANK_WORDS.get(rank, str(rank))


class Worths(str):
    """What :func:`worth_words` says, in English, keeping what it was said from so that
    :meth:`said` words it again with other rank words (Fante, Cavallo, Re: F C R)."""

    worths: tuple[tuple[int, int], ...]
    style: Mapping[str, Any]

    def __new__(cls, worths: Iterable[tuple[int, int]], **style: Any) -> Worths:
        kept = tuple(worths)
        said = super().__new__(cls, _worth_words(kept, RANK_WORDS, **style))
        said.worths = kept
        said.style = style
        return said

    def said(self, rank_words: Mapping[int, str]) -> str:
        """The same worths with ``rank_words`` for the ranks it names (others: digits)."""
        return _worth_words(self.worths, rank_words, **self.style)


def worth_words(
    worths: Iterable[tuple[int, int]],
    *,
    within: str = " ",
    between: str = ", ",
    sign: str = " = ",
    to: str | None = None,
) -> Worths:
    """Ranks and what each is worth, ``(rank, worth)`` in the order to say them,
    grouped by worth in order of first appearance: ``7 = 21, 6 = 18, J Q K = 10``
    (``within`` joins the ranks of one group, ``between`` the groups, ``sign`` a group
    and its worth). A worth of 0 is left out. With ``to``, a group of three or more
    ranks in a row is said as a span: ``8 to K = 10``."""
    return Worths(worths, within=within, between=between, sign=sign, to=to)


def _worth_words(
    worths: Iterable[tuple[int, int]],
    rank_words: Mapping[int, str],
    *,
    within: str,
    between: str,
    sign: str,
    to: str | None,
) -> str:
    def word(rank: int) -> str:
        return rank_words.get(rank, str(rank))

    groups: dict[int, list[int]] = {}
    for rank, worth in worths:
        if worth:
            groups.setdefault(worth, []).append(rank)
    said = []
    for worth, ranks in groups.items():
        in_a_row = sorted(ranks) == list(range(min(ranks), max(ranks) + 1))
        if to is not None and len(ranks) > 2 and in_a_row:
            words = f"{word(min(ranks))}{to}{word(max(ranks))}"
        else:
            words = within.join(word(r) for r in ranks)
        said.append(f"{words}{sign}{worth}")
    return between.join(said)
