"""Two-player whist with drafting: phase 1 draws from a face-up stock, phase 2 scores."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.games.base import AddFact
from tournaments.games.whists import WhistProfile
from tournaments.web.cards import face


class GermanWhist(WhistProfile):
    game_type = "german_whist"
    home_title = _("German whist")
    title_words = _("Two-player whist with drafting")
    option_labels = {
        "deals": (_("Deals"), _("How many deals make a game.")),
    }

    def facts(
        self, game: Any, view: Mapping[str, Any], names: Mapping[int, str], add: AddFact
    ) -> None:
        super().facts(game, view, names, add)
        if view["phase"] in ("deal", "over"):
            return
        add(
            gettext("Phase"),
            gettext("1: drafting, tricks do not score")
            if view.get("drafting")
            else gettext("2: tricks score"),
        )
        if view.get("stock_top"):
            add(
                gettext("Stock (%(cards)s)") % {"cards": view["stock_size"]},
                gettext("face up"),
                cards=[face(view["stock_top"])],
            )
        else:
            add(gettext("Stock"), gettext("empty"))


PROFILE = GermanWhist()
