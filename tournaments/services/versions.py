"""Optimistic concurrency for the records people edit in place: a club's settings, its
members' roles, a tournament's settings and its entries.

Each such row has a ``version``. Every change bumps it with one conditional UPDATE
(``SET version = version + 1 WHERE pk = … AND version = expected``), never a
read-modify-write: of two editors who read version 3, the first to write makes it 4
and the second matches no row, so their edit is refused with :class:`StaleVersion`
(which carries the row as it is now) instead of silently overwriting the first.
The UPDATE also locks the row until the transaction ends, so a second writer waits
and then sees the new version (PostgreSQL re-checks the WHERE under READ COMMITTED).

A change that does not come from an edit form (a round published sets the tournament
running, a player withdraws themselves) still bumps the version, with no expected
one, so a form opened before it is stale too.

Call :func:`claim` inside the transaction that writes the change, before writing it:
a refusal later in that transaction rolls the bump back with the rest.
"""

from __future__ import annotations

from typing import Any, TypeVar

from django.db import models
from django.db.models import F
from django.utils.translation import gettext as _

from tournaments.services.errors import Conflict, NotFound

M = TypeVar("M", bound=models.Model)


class StaleVersion(Conflict):
    """The record changed since the version an edit started from. ``current`` is the
    record as it is now (the API answers it with 412, a web form shows it again)."""

    def __init__(self, current: models.Model) -> None:
        super().__init__(
            _(
                "Someone else changed this while you were editing: here it is now. "
                "Check it and save again."
            ),
            version=current.version,  # type: ignore[attr-defined]
        )
        self.current = current


def parse_version(value: Any) -> int | None:
    """A version a form or header sent (``None``: none sent); a non-number is a
    version no record has (so the edit is refused as stale, never applied)."""
    if value is None or value == "":
        return None
    try:
        number = int(str(value).strip())
    except ValueError:
        return -1
    return number if 0 <= number < 2**31 else -1


def claim(model: type[M], pk: Any, expected: int | None = None) -> int:
    """Bump the row's version, if it is still ``expected`` (any version when
    ``None``), and return the new one; :class:`StaleVersion` with the current row
    otherwise (:class:`NotFound` if it is gone). Call it inside the transaction that
    writes the change."""
    rows = model._default_manager.filter(pk=pk)  # type: ignore[attr-defined]
    if expected is not None:
        rows = rows.filter(version=expected)
    if rows.update(version=F("version") + 1) != 1:
        current = model._default_manager.filter(pk=pk).first()  # type: ignore[attr-defined]
        if current is None:
            raise NotFound(_("This was removed while you were editing it."))
        raise StaleVersion(current)
    return model._default_manager.filter(pk=pk).values_list("version", flat=True).get()  # type: ignore[attr-defined]


def bump(record: M, expected: int | None = None) -> M:
    """:func:`claim` for a record in hand, its ``version`` attribute updated."""
    record.version = claim(type(record), record.pk, expected)  # type: ignore[attr-defined]
    return record


def check_unchanged(record: models.Model, expected: int | None) -> None:
    """Refuse a stale edit that would write nothing (a deletion): the row must still be
    at ``expected``. Takes the row's lock like :func:`claim`, without bumping."""
    if expected is None:
        return
    model = type(record)
    rows = model._default_manager.filter(pk=record.pk, version=expected)  # type: ignore[attr-defined]
    if rows.update(version=F("version")) != 1:
        current = model._default_manager.filter(pk=record.pk).first()  # type: ignore[attr-defined]
        if current is None:
            raise NotFound(_("This was removed while you were editing it."))
        raise StaleVersion(current)
