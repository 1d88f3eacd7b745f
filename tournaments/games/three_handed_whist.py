"""Three-handed whist: the spare hand (the dummy) and each seat's exchange."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from engine.games.three_handed_whist import DUMMY_TARGET
from tournaments.games.base import AddFact, LogWords, seat_name
from tournaments.games.whists import WhistProfile


class ThreeHandedWhist(WhistProfile):
    rule_event_words = {"exchange": pgettext_lazy("rule event", "exchange")}
    rule_phase_words = {"exchange": pgettext_lazy("rule phase", "exchange")}
    game_type = "three_handed_whist"
    home_title = _("Three-handed whist")
    title_words = _("Three-handed whist")
    pdf_rows = 15
    pdf_headings = {"dummy": _("Dummy to")}
    option_labels = {
        "deals": (
            _("Number of deals"),
            _("Play exactly this many deals (a multiple of 3). Leave empty to play to a score."),
        ),
        "target_score": (
            _("Points to win"),
            _("When no number of deals is set: the game ends when a total reaches this."),
        ),
    }

    turn_words = {
        "exchange": (
            _("Your turn: keep your hand or take the spare."),
            _("Waiting for %(who)s to keep or exchange."),
        ),
    }

    def seat_parts(
        self,
        view: Mapping[str, Any],
        legal: list[Mapping[str, Any]],
        seat: int,
        names: Mapping[int, str],
        **kept: Any,
    ) -> dict[str, Any]:
        """The exchange: whether the spare is the dummy, whose taker's target it sets."""
        return {"spare_is_dummy": view.get("spare_is_dummy"), "dummy_target": DUMMY_TARGET}

    def facts(
        self, game: Any, view: Mapping[str, Any], names: Mapping[int, str], add: AddFact
    ) -> None:
        super().facts(game, view, names, add)
        phase = view["phase"]
        if phase in ("deal", "over"):
            return
        if phase == "exchange":
            size = view.get("spare_size", 0)
            if view.get("spare_is_dummy"):
                words = gettext("%(cards)s cards face down (the dummy)")
            else:
                words = gettext("%(cards)s cards face down (a hand laid down)")
            add(gettext("Spare hand"), words % {"cards": size})
        order = [(view["dealer"] + 1 + i) % game.players for i in range(game.players)]
        decided = [
            (gettext("%(who)s took") if took else gettext("%(who)s kept"))
            % {"who": seat_name(names, seat)}
            for seat, took in zip(order, view.get("exchanges") or [], strict=False)
        ]
        if decided:
            add(gettext("Exchange"), ", ".join(decided))

    def log_words(self, kind: Any, event: Mapping[str, Any], who: str) -> LogWords | None:
        if kind == "exchange":
            took = event.get("take")
            words = (
                gettext("%(who)s takes the spare hand.")
                if took
                else gettext("%(who)s keeps their hand.")
            )
            return words % {"who": who}, []
        return None


PROFILE = ThreeHandedWhist()
