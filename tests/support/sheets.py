"""Helpers for score-sheet tests: a published round whose players have logins (made by
``factories.published``), and client ids."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from tournaments.models import Club, Round, Table


@dataclass
class Setup:
    club: Club
    director: Any
    round: Round
    tables: list[Table]
    seated: dict[int, list[Any]]
    """Table number → the users at its seats, in seat order."""

    def table(self, number: int = 1) -> Table:
        return Table.objects.select_related("round__tournament__club").get(
            round=self.round, number=number
        )

    def seat(self, number: int, table: int = 1) -> Any:
        return self.seated[table][number]


def cid() -> uuid.UUID:
    return uuid.uuid4()
