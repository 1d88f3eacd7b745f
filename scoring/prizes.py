"""Prizes by category from the final standings (pure Python; no Django).

A director defines a tournament's prize categories (:class:`Category`): a name, how many
places it awards, and who is eligible (:data:`ELIGIBILITY`): everyone, guests,
newcomers, members, players rated below a number, or a hand-picked list of entries.
:func:`assign_prizes` hands them out from the final standings (:class:`Candidate`, best
first):

- **Ties are resolved by rank.** The standings never share a rank (their last tiebreak
  is the lot), so within a category the better-ranked eligible player always wins.
- **One prize each** (``one_prize_each=True``, the usual rule, and the default): the
  categories are awarded in the director's order, which starts with the overall prize;
  a player who has already won a prize is passed over in every later category, and the
  next eligible player takes the place. So the overall winner who is also the best
  guest takes the overall prize, and "best guest" goes to the next guest.
- With ``one_prize_each=False`` every category is awarded on its own and one player may
  win several prizes.
- A category with nobody eligible (left) awards nothing; a category with fewer eligible
  players than places awards fewer places. Withdrawn players win nothing.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

__all__ = [
    "ELIGIBILITY",
    "Award",
    "Candidate",
    "Category",
    "Winner",
    "assign_prizes",
    "eligible",
]

ELIGIBILITY = ("everyone", "guests", "newcomers", "members", "rating_below", "chosen")
"""Who may win a category: everyone; guests (no login, or not a member of the club);
newcomers (first tournament at this club); members of the club; players rated below
``rating_below``; the entries hand-picked in ``chosen``."""


@dataclass(frozen=True)
class Category:
    """One prize category, as the director defined it."""

    name: str
    places: int = 1
    eligibility: str = "everyone"
    rating_below: int | None = None
    chosen: frozenset[int] = field(default_factory=frozenset)
    """Entry ids, for ``eligibility == "chosen"``."""

    def __post_init__(self) -> None:
        if self.eligibility not in ELIGIBILITY:
            raise ValueError(f"unknown eligibility {self.eligibility!r}")
        if self.places < 1:
            raise ValueError("a category awards at least one place")
        if self.eligibility == "rating_below" and self.rating_below is None:
            raise ValueError("'rating_below' needs a rating")


@dataclass(frozen=True)
class Candidate:
    """One entry of the final standings."""

    entry: int
    rank: int
    guest: bool = False
    newcomer: bool = False
    member: bool = False
    rating: int = 0
    withdrawn: bool = False


@dataclass(frozen=True)
class Winner:
    place: int
    """1-based place in the category."""
    entry: int
    rank: int
    """The winner's rank in the final standings."""


@dataclass(frozen=True)
class Award:
    """A category and who won it (may be empty)."""

    category: Category
    winners: tuple[Winner, ...]


def eligible(category: Category, candidate: Candidate) -> bool:
    """May ``candidate`` win ``category`` (before the one-prize-each rule)?"""
    if candidate.withdrawn:
        return False
    rule = category.eligibility
    if rule == "everyone":
        return True
    if rule == "guests":
        return candidate.guest
    if rule == "newcomers":
        return candidate.newcomer
    if rule == "members":
        return candidate.member
    if rule == "rating_below":
        return category.rating_below is not None and candidate.rating < category.rating_below
    return candidate.entry in category.chosen


def assign_prizes(
    categories: Sequence[Category],
    standings: Collection[Candidate],
    one_prize_each: bool = True,
) -> list[Award]:
    """Each category's winners, in the categories' order (see the module docstring)."""
    ranked = sorted(standings, key=lambda c: (c.rank, c.entry))
    taken: set[int] = set()
    out = []
    for category in categories:
        winners: list[Winner] = []
        for candidate in ranked:
            if len(winners) == category.places:
                break
            if one_prize_each and candidate.entry in taken:
                continue
            if eligible(category, candidate):
                winners.append(Winner(len(winners) + 1, candidate.entry, candidate.rank))
        if one_prize_each:
            taken.update(w.entry for w in winners)
        out.append(Award(category, tuple(winners)))
    return out
