"""Partnership whist: the turned card stays shown in the dealer's hand."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.games.base import AddFact
from tournaments.games.whists import WhistProfile
from tournaments.web.cards import face


class Whist(WhistProfile):
    game_type = "whist"
    home_title = _("Partnership whist")
    title_words = _("Partnership whist")
    pdf_rows = 14
    option_labels = {
        "target": (_("Points to win"), _("The points a team needs to win the game.")),
    }

    def facts(
        self, game: Any, view: Mapping[str, Any], names: Mapping[int, str], add: AddFact
    ) -> None:
        super().facts(game, view, names, add)
        if view.get("trump_card"):
            add(
                gettext("Turned"), gettext("in the dealer's hand"), cards=[face(view["trump_card"])]
            )


PROFILE = Whist()
