"""The season table as a PDF (reportlab, in the style of the standings PDF): the
season's name, dates and formula, the table (rank, name, points, tournaments played
and counted, then each tournament's season points, in brackets when not counted) and
the numbered list of the tournaments. Call it inside the club's language."""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from django.utils import formats
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from scoring import local_numbers
from scoring.printing import BODY, GRID, HEADING, SMALL, TITLE, _build, _p
from scoring.season_table import SeasonTable, formula_words

__all__ = ["season_pdf"]

MOST_COLUMNS = 16
"""Past this many tournaments the PDF shows the totals only (the page has no room)."""


def _day(value: Any) -> str:
    return formats.date_format(value, "SHORT_DATE_FORMAT") if value else ""


def season_pdf(table: SeasonTable) -> bytes:
    season = table.season
    subtitle = _("Season table")
    dates = _("%(first)s to %(last)s") % {
        "first": _day(season.starts_on),
        "last": _day(season.ends_on),
    }
    story: list[Any] = [
        Paragraph(escape(season.name), TITLE),
        Paragraph(escape(subtitle), HEADING),
        _p(f"{dates} · {formula_words(season)}", BODY),
    ]
    if not table.complete:
        story.append(_p(_("Not final: some tournaments are still being played."), BODY))
    story.append(Spacer(1, 3 * mm))
    columns = table.tournaments if len(table.tournaments) <= MOST_COLUMNS else []
    head: list[Any] = ["#", _("Name"), _("Points"), _("Played"), _("Counted")]
    head += [str(c.number) for c in columns]
    data: list[list[Any]] = [head]
    for line in table.lines:
        row: list[Any] = [
            line.row.rank,
            _p(line.name),
            local_numbers.shown(line.row.total),
            line.row.played,
            line.row.counted,
        ]
        for cell in line.cells[: len(columns)]:
            if cell is None:
                row.append("")
            else:
                shown = local_numbers.shown(cell.season_points)
                row.append(shown if cell.counted else f"({shown})")
        data.append(row)
    page = landscape(A4) if len(columns) > 6 else A4
    if table.lines:
        usable = page[0] - 24 * mm
        fixed = [9 * mm, 55 * mm, 16 * mm, 14 * mm, 14 * mm]
        each = (usable - sum(fixed)) / max(1, len(columns))
        grid = Table(data, colWidths=[*fixed, *([min(each, 16 * mm)] * len(columns))], repeatRows=1)
        grid.setStyle(GRID)
        grid.setStyle(
            TableStyle(
                [
                    ("ALIGN", (1, 0), (1, -1), "LEFT"),
                    ("LINEBEFORE", (5, 0), (-1, -1), 0.25, colors.grey),
                ]
            )
        )
        grid.hAlign = "LEFT"
        story.append(grid)
        story.append(Spacer(1, 2 * mm))
        story.append(
            _p(
                _(
                    "Each numbered column is a tournament of the list below: the season "
                    "points it gave, in brackets when it is not among the results that count."
                ),
                SMALL,
            )
        )
    else:
        story.append(_p(_("No tournament of this season has standings yet."), BODY))
    story.append(Paragraph(escape(_("Tournaments")), HEADING))
    for c in table.tournaments:
        day = _day(c.tournament.starts_on or c.tournament.created_at.date())
        state = "" if c.finished else f" ({_('still being played')})"
        story.append(_p(f"{c.number}. {c.tournament.name}, {day}{state}", BODY))
    story.append(Spacer(1, 2 * mm))
    story.append(_p(_tie_rule(), SMALL))
    return _build(story, season.name, subtitle, page)


def _tie_rule() -> str:
    return _(
        "Equal points: more tournaments counted first, then better places (compared best "
        "first); otherwise the rank is shared."
    )
