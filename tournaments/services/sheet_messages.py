"""The engine's reasons, as the score sheet shows them to people.

The engine counts seats and sides from 0 ("seat 2 is out of the game", "side 0 took
the settebello"). On a sheet people count from 1 and know each other by name, so
:func:`for_people` rewrites those references: "seat 2" becomes "Carla (seat 3)",
"side 0" becomes the side's players ("Ann & Bruno"). Pure: no database.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

SEAT = re.compile(r"\bseat (\d+)\b")
SIDE = re.compile(r"\bside (\d+)\b")


def for_people(message: str, seats: Mapping[int, str], sides: Sequence[str]) -> str:
    """``message`` with every 0-based "seat N" and "side N" named and counted from 1."""

    def seat(match: re.Match[str]) -> str:
        index = int(match.group(1))
        name = seats.get(index)
        return f"{name} (seat {index + 1})" if name else f"seat {index + 1}"

    def side(match: re.Match[str]) -> str:
        index = int(match.group(1))
        return sides[index] if 0 <= index < len(sides) else f"side {index + 1}"

    return SIDE.sub(side, SEAT.sub(seat, message))
