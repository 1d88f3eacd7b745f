"""The request shape of a clock (issue 16), shared by casual games and tournaments."""

from __future__ import annotations

from tournaments.api.shared.strict import StrictIntegerField, StrictSerializer, choice
from tournaments.timing.clock import KINDS, MAX_INCREMENT, MAX_SECONDS, MIN_SECONDS, ON_TIMEOUT


class TimeControlSerializer(StrictSerializer):
    """A game's clock. Rules across fields, refused in ``detail``: only a bank takes an
    increment; ``forfeit_deal`` only in a game where a deal can be conceded."""

    kind = choice(
        KINDS,
        strict=True,
        help_text="move: seconds for each move; deal: seconds for each deal, per seat; "
        "bank: seconds for the whole game, per seat, plus the increment after each move",
    )
    seconds = StrictIntegerField(min_value=MIN_SECONDS, max_value=MAX_SECONDS)
    increment = StrictIntegerField(
        min_value=0, max_value=MAX_INCREMENT, required=False, help_text="bank only (seconds)"
    )
    on_timeout = choice(
        ON_TIMEOUT,
        strict=True,
        required=False,
        help_text="what happens to a seat out of time: auto (an automatic legal move), "
        "forfeit_deal (the seat concedes the deal), forfeit_game (the seat resigns); "
        "default auto",
    )
