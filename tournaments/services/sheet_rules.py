"""The rules of a score sheet's deal, pure: given a deal's lines in the order written
(entries, confirmations, rulings, corrections, each with the side that wrote it),
is the deal pending, agreed, disputed or counted; which tally counts; may this side
enter, confirm or rule on it; which deals must have a tally before it.

No Django here: a line is anything with ``kind``, ``side`` and ``payload`` (a
:class:`~tournaments.models.SheetEntry`, or a :class:`Line` in the unit tests), and a
refusal is a :class:`Refusal` the caller turns into its own error. The rules in words
are in :mod:`tournaments.services.sheets`' docstring.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from tournaments.services.dispute_words import differing_fields

# The kinds of sheet line (SheetEntry.Kind's values).
ENTRY, CONFIRM, RESOLVE, CORRECT = "entry", "confirm", "resolve", "correct"

# A deal's status.
PENDING, CONFIRMED, DISPUTED, COUNTED = "pending", "confirmed", "disputed", "counted"


class SheetLine(Protocol):
    """What the rules read of a sheet line."""

    @property
    def kind(self) -> str: ...

    @property
    def side(self) -> int | None: ...

    @property
    def payload(self) -> Any: ...


L = TypeVar("L", bound=SheetLine)


@dataclass(frozen=True)
class Line:
    """A sheet line as plain data: ``side`` is ``None`` for an official's line."""

    kind: str
    side: int | None = None
    payload: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Refusal:
    """Why a line may not be written: ``forbidden`` for who writes it (else a conflict
    with the sheet's state); ``deal`` is named in the error's details when set. The
    ``message`` is English; ``template`` (marked with :func:`gettext_noop`) and
    ``params`` let the caller say it in the reader's language."""

    message: str
    forbidden: bool = False
    deal: int | None = None
    template: str = field(default="", compare=False)
    params: Mapping[str, Any] = field(default_factory=dict, compare=False)


def gettext_noop(message: str) -> str:
    """Marks a message for translation (Django's ``makemessages`` collects it)."""
    return message


def _refusal(
    template: str, *, forbidden: bool = False, deal: int | None = None, **params: Any
) -> Refusal:
    values = params if deal is None else {"deal": deal, **params}
    return Refusal(template % values, forbidden, deal, template, values)


def tally_of(payload: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """The tally event of a line's payload (a correction's ``reason`` and a ruling's
    ``chose`` left out)."""
    if payload is None:
        return None
    return {k: v for k, v in payload.items() if k not in ("reason", "chose")}


def _distinct(tallies: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for tally in tallies:
        if tally not in found:
            found.append(tally)
    return found


@dataclass
class DealView(Generic[L]):
    """What one deal's lines add up to (before looking at the game)."""

    deal: int
    lines: list[L] = field(default_factory=list)
    by_side: dict[int, dict[str, Any]] = field(default_factory=dict)
    agreed: dict[str, Any] | None = None
    agreed_by: L | None = None
    disputed: bool = False
    entered: list[dict[str, Any]] = field(default_factory=list)
    """Every distinct player tally of the deal, in the order first entered."""

    @property
    def candidate(self) -> dict[str, Any] | None:
        """The tally this deal would count with: the agreed one, else the one tally
        entered so far; ``None`` when disputed or empty."""
        if self.agreed is not None:
            return self.agreed
        if self.disputed:
            return None
        tallies = _distinct(self.by_side.values())
        return tallies[0] if len(tallies) == 1 else None

    @property
    def entering_sides(self) -> set[int]:
        return set(self.by_side)

    def differs(self) -> list[str]:
        return differing_fields(self.entered) if self.disputed else []


def deal_view(deal: int, lines: list[L]) -> DealView[L]:
    """Read one deal's lines in the order written.

    An official's entry, a ruling or a correction settles the deal; a side's second
    entry replaces its own; entries of two sides that differ dispute the deal, that
    agree settle it; a confirmation settles the one tally pending."""
    view: DealView[L] = DealView(deal, lines)
    for line in lines:
        tally = tally_of(line.payload)
        if line.kind in (RESOLVE, CORRECT) or (line.kind == ENTRY and line.side is None):
            view.agreed, view.agreed_by, view.disputed = tally, line, False
        elif line.kind == ENTRY and tally is not None:
            if view.agreed is not None:
                continue
            view.by_side[line.side] = tally  # type: ignore[index]
            if tally not in view.entered:
                view.entered.append(tally)
            current = _distinct(view.by_side.values())
            if len(current) > 1:
                view.disputed = True
            elif not view.disputed and len(view.by_side) >= 2:
                view.agreed, view.agreed_by = tally, line
        elif line.kind == CONFIRM and view.agreed is None and not view.disputed:
            candidate = view.candidate
            if candidate is not None:
                view.agreed, view.agreed_by = candidate, line
    return view


def status(deal: int, views: Mapping[int, DealView[Any]], counted: int) -> str | None:
    """The deal's status, ``counted`` deals already in the game; ``None`` when the
    deal has no line yet."""
    if deal <= counted:
        return COUNTED
    view = views.get(deal)
    if view is None or not view.lines:
        return None
    if view.agreed is not None:
        return CONFIRMED
    return DISPUTED if view.disputed else PENDING


def may_enter(
    deal: int, views: Mapping[int, DealView[Any]], counted: int, *, ruling: bool
) -> Refusal | None:
    """May a tally of ``deal`` be entered (``ruling``: by a director not at the table)?"""
    found = status(deal, views, counted)
    if found == COUNTED:
        return _refusal(
            gettext_noop("deal %(deal)s already counts; a director corrects it if it is wrong"),
            deal=deal,
        )
    if found == CONFIRMED:
        return _refusal(gettext_noop("deal %(deal)s is already agreed"), deal=deal)
    if found == DISPUTED and not ruling:
        return _refusal(
            gettext_noop("deal %(deal)s is disputed: a director resolves it"), deal=deal
        )
    return None


def may_confirm(
    deal: int, views: Mapping[int, DealView[Any]], counted: int, side: int | None
) -> Refusal | None:
    """May the writer of ``side`` (``None``: an official) confirm ``deal``'s tally?"""
    found = status(deal, views, counted)
    if found is None:
        return _refusal(gettext_noop("deal %(deal)s has no tally to confirm yet"), deal=deal)
    if found == COUNTED:
        return _refusal(gettext_noop("deal %(deal)s already counts"), deal=deal)
    if found == CONFIRMED:
        return _refusal(gettext_noop("deal %(deal)s is already agreed"), deal=deal)
    if found == DISPUTED:
        return _refusal(
            gettext_noop("deal %(deal)s is disputed (the entries differ): a director resolves it"),
            deal=deal,
        )
    if side is not None and side in views[deal].entering_sides:
        return _refusal(
            gettext_noop(
                "your side entered deal %(deal_number)s: a player of another side confirms it"
            ),
            forbidden=True,
            deal_number=deal,
        )
    return None


def may_resolve(deal: int, counted: int) -> Refusal | None:
    """May a director rule on ``deal``? Not once it counts (it is corrected then)."""
    if deal <= counted:
        return _refusal(gettext_noop("deal %(deal)s already counts: correct it instead"), deal=deal)
    return None


def tallies_ahead(
    views: Mapping[int, DealView[Any]], counted: int, upto: int
) -> list[dict[str, Any]] | Refusal:
    """The deal order rule: the tallies (agreed or pending) of the deals after the
    ``counted`` ones and before ``upto``; a refusal when one of them has none."""
    found: list[dict[str, Any]] = []
    for deal in range(counted + 1, upto):
        view = views.get(deal)
        candidate = view.candidate if view else None
        if candidate is None:
            if view is not None and view.disputed:
                return _refusal(
                    gettext_noop("deal %(deal_number)s is disputed: a director resolves it first"),
                    deal_number=deal,
                )
            return _refusal(gettext_noop("enter deal %(deal_number)s first"), deal_number=deal)
        found.append(candidate)
    return found
