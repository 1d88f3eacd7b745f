"""A director's ruling on a deal, confirmed on a page of its own (no script needed).

On the sheet, "Count Carla's tally" (a link) or "Count this tally instead" (a form
with the director's own numbers) does not rule yet: it opens this page, which says
in words what will count, what the entries differ on and who entered what, and asks
"Count it?". Only its form posts the ruling (``action=resolve`` with
``confirmed=1``) to the sheet's usual address; the sheet refuses a ruling without
that confirmation.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from tournaments.models import Table
from tournaments.services import sheets
from tournaments.services.errors import ServiceError
from tournaments.web import sheet_pages as pages
from tournaments.web.gates import sheet_director_view
from tournaments.web.tallies import tally_fields, tally_from_form
from tournaments.web.words import sentence


@require_http_methods(["GET", "POST"])
@never_cache
@sheet_director_view(gettext_lazy("Only the club's directors rule on a deal."))
def rule_page(request: HttpRequest, code: str, table: Table, who: sheets.Writer) -> HttpResponse:
    data = request.POST if request.method == "POST" else request.GET
    state = sheets.build_state(table, who)
    deal = pages._int(data.get("deal"))
    row = next((d for d in state["deals"] if d["deal"] == deal), None)
    if row is None or row["status"] not in ("pending", "disputed"):
        message = _("There is no deal %(n)s waiting for a ruling.") % {"n": deal}
        return pages._refused(request, table, who, 404, message)
    game = table.game
    assert game is not None
    hidden: list[tuple[str, str]] = []
    chose = pages._int(data.get("chose"))
    if chose is not None:
        entry = next((e for e in row["entries"] if e["id"] == chose), None)
        if entry is None or entry["kind"] != "entry":
            return pages._refused(request, table, who, 404, _("That entry is not on this deal."))
        tally = entry["tally"]
        whose = entry["name"] or _("this entry")
        hidden.append(("chose", str(chose)))
    else:
        try:
            tally = tally_from_form(game, data)
        except ServiceError as error:
            return pages._refused(request, table, who, 400, sentence(error))
        whose = ""
        fields = tally_fields(game, pages._names(state)) or {"rows": [], "choices": []}
        names = [i["name"] for r in fields["rows"] for i in r["inputs"]]
        names += [c["name"] for c in fields["choices"]]
        hidden += [(name, data.get(name, "")) for name in names if data.get(name)]
    context: dict[str, Any] = {
        "table": table,
        "state": state,
        "deal": deal,
        "tally_text": pages.tally_text(state, tally),
        "whose": whose,
        "differences": row["differences"],
        "entries": [
            {**e, "text": pages.tally_text(state, e["tally"])}
            for e in row["entries"]
            if e["kind"] == "entry"
        ],
        "hidden": hidden,
        "reason": data.get("reason", ""),
        "act_url": reverse("sheets:act", args=[code]),
        "sheet_url": reverse("sheets:sheet", args=[code]) + f"#deal-{deal}",
        "new_client_id": uuid.uuid4(),
    }
    return render(request, "sheets/rule.html", context)
