"""Printable standings, crosstable and final report (reportlab, like the score sheets).

Each PDF has the tournament's name and what it shows on every page, the table's
heading row repeated on every page, and "page N of M" at the foot. The standings and
the report are A4 portrait (landscape when the standings have many columns); the
crosstable is A4 landscape with one column per round. Rounds, tables and places are
numbered from 1, as people count. Nothing here writes to the database.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape

from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    KeepTogether,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from scoring import legend, local_numbers, numbers, read
from scoring.crosstable import Crosstable
from scoring.prize_service import Report

__all__ = ["crosstable_pdf", "report_pdf", "standings_pdf"]

BODY = ParagraphStyle("body", fontName="Helvetica", fontSize=9, leading=11)
SMALL = ParagraphStyle("small", parent=BODY, fontSize=7.5, leading=9)
CELL = ParagraphStyle("cell", parent=BODY, fontSize=8, leading=9.5)
TITLE = ParagraphStyle("title", parent=BODY, fontName="Helvetica-Bold", fontSize=16, leading=20)
HEADING = ParagraphStyle(
    "heading", parent=BODY, fontName="Helvetica-Bold", fontSize=12, leading=15, spaceBefore=8
)
GRID = TableStyle(
    [
        ("FONT", (0, 0), (-1, -1), "Helvetica", 8),
        ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 8),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
        ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.grey),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("ALIGN", (0, 0), (-1, -1), "RIGHT"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    ]
)


def _p(text: Any, style: ParagraphStyle = CELL) -> Paragraph:
    return Paragraph(escape(str(text)), style)


def _build(story: list[Any], title: str, subtitle: str, pagesize: tuple[float, float]) -> bytes:
    """The PDF of ``story`` with the title and "page N of M" on every page."""
    buffer = io.BytesIO()
    margin = 12 * mm
    doc = SimpleDocTemplate(
        buffer,
        pagesize=pagesize,
        leftMargin=margin,
        rightMargin=margin,
        topMargin=margin + 8 * mm,
        bottomMargin=margin + 4 * mm,
        title=f"{title}: {subtitle}",
        author="Tavolo",
        pageCompression=0,
    )
    width, height = pagesize
    # The date as the language writes it ("24 nov 2026, 21:30" in Italian): the format
    # is Django's date format, translated.
    printed = formats.date_format(timezone.localtime(), _("Y-m-d H:i"))

    class Numbered(Canvas):
        """Writes "page N of M" once the number of pages is known."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._pages: list[dict[str, Any]] = []

        def showPage(self) -> None:  # noqa: N802 (reportlab's name)
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._pages)
            for number, state in enumerate(self._pages, 1):
                self.__dict__.update(state)
                self.setFont("Helvetica-Bold", 10)
                self.drawString(margin, height - margin, f"{title} · {subtitle}")
                self.setFont("Helvetica", 8)
                self.drawRightString(
                    width - margin,
                    margin,
                    _("Page %(page)d of %(pages)d") % {"page": number, "pages": total},
                )
                self.drawString(margin, margin, _("Printed %(when)s by Tavolo") % {"when": printed})
                super().showPage()
            super().save()

    doc.build(story, canvasmaker=Numbered)
    return buffer.getvalue()


def _legend_block(terms: Sequence[dict[str, Any]]) -> list[Any]:
    out: list[Any] = [Paragraph(escape(_("What the columns mean")), HEADING)]
    for term in terms:
        out.append(
            Paragraph(
                f"<b>{escape(term['short'])}</b> {escape(term['label'])}: "
                f"{escape(term['meaning'])}",
                SMALL,
            )
        )
    return out


def _rating(shown: Mapping[str, Any] | None) -> str:
    """An entrant's rating after its name ("· 1620", provisional "· 1620 P")."""
    if not shown:
        return ""
    mark = f" {pgettext('provisional rating', 'P')}" if shown["provisional"] else ""
    return f" · {shown['rating']}{mark}"


def standings_table(
    rows: Sequence[dict[str, Any]],
    columns: Sequence[dict[str, Any]],
    results: Sequence[legend.Term],
    full: bool = True,
    ratings: Mapping[int, Any] | None = None,
) -> Table:
    """The standings as a reportlab table (``full``: also played, results, unplayed;
    ``ratings``: entry id → the rating shown after the name)."""
    head: list[Any] = ["#", _("No."), _("Name"), _("Points"), *[c["short"] for c in columns]]
    if full:
        head += [_("Pl"), *[_(c.short) for c in results], _("Unplayed")]
    data: list[list[Any]] = [head]
    for row in rows:
        name = row["name"] + _rating((ratings or {}).get(row["entry"]))
        name += f" ({_('withdrawn')})" if row.get("withdrawn") else ""
        line: list[Any] = [
            row["rank"],
            row["number"],
            _p(name),
            local_numbers.shown(row["points"]),
            *[
                local_numbers.shown(v, c["percent"])
                for v, c in zip(row["tiebreaks"], columns, strict=True)
            ],
        ]
        if full:
            unplayed = []
            if row.get("byes"):
                unplayed.append(f"{row['byes']} {_('bye')}")
            if row.get("forfeits_won"):
                unplayed.append(f"{row['forfeits_won']} {_('FW')}")
            if row.get("forfeits_lost"):
                unplayed.append(f"{row['forfeits_lost']} {_('FL')}")
            if row.get("absences"):
                unplayed.append(f"{row['absences']} {_('abs')}")
            line += [row["played"], *legend.result_cells(results, row), " ".join(unplayed)]
        data.append(line)
    extra = len(head) - 4
    name_width = 60 * mm if extra > 6 else 70 * mm
    widths = [9 * mm, 10 * mm, name_width, 14 * mm, *([None] * extra)]
    table = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(GRID)
    table.setStyle(TableStyle([("ALIGN", (2, 0), (2, -1), "LEFT")]))
    return table


def standings_pdf(
    shown: read.Shown, points_rule: str, ratings: Mapping[int, Any] | None = None
) -> bytes:
    """The standings after ``shown``'s round, with the legend of its columns (and each
    entrant's rating after its name, given ``ratings``)."""
    t = shown.tournament
    s = shown.standings
    rows = list(s.rows) if s else []
    columns = shown.columns()
    results = shown.results()
    subtitle = _("Standings after round %(round)d") % {"round": s.round} if s else _("Standings")
    story: list[Any] = [Paragraph(escape(t.name), TITLE), Paragraph(escape(subtitle), HEADING)]
    if s and s.provisional:
        story.append(
            _p(
                # English says "tables" whatever the count; Italian agrees with the
                # pending ones ("1 tavolo su 2", "2 tavoli su 3").
                ngettext(
                    "Provisional: %(pending)d of %(tables)d tables still without a result.",
                    "Provisional: %(pending)d of %(tables)d tables still without a result.",
                    s.pending_tables,
                )
                % {"pending": s.pending_tables, "tables": s.tables},
                BODY,
            )
        )
    story.append(Spacer(1, 3 * mm))
    if rows:
        story.append(standings_table(rows, columns, results, ratings=ratings))
    else:
        story.append(_p(_("No round has been published yet."), BODY))
    if points_rule:
        story += [Spacer(1, 3 * mm), _p(points_rule, SMALL)]
    story += _legend_block(shown.legend())
    wide = len(columns) + len(results) > 7
    return _build(story, t.name, subtitle, landscape(A4) if wide else A4)


def crosstable_pdf(ct: Crosstable) -> bytes:
    """A4 landscape: rank, number, name, points, then one column per round."""
    t = ct.tournament
    subtitle = (
        _("Crosstable after round %(round)d") % {"round": ct.round_shown}
        if ct.round_shown
        else _("Crosstable")
    )
    head: list[Any] = ["#", _("No."), _("Name"), _("Pts")]
    head += [_("Round %(round)d") % {"round": n} for n in ct.rounds]
    data: list[list[Any]] = [head]
    for row in ct.rows:
        line: list[Any] = [row.rank, row.number, _p(row.name), row.points]
        for cell in row.cells:
            top = " ".join(x for x in (cell.where, f"<b>{escape(cell.result)}</b>") if x)
            lines = [top]
            if cell.against:
                lines.append(escape(_("vs %(who)s") % {"who": cell.against}))
            if cell.score:
                lines.append(escape(cell.score))
            line.append(Paragraph("<br/>".join(lines), CELL))
        data.append(line)
    page = landscape(A4)
    usable = page[0] - 24 * mm
    fixed = [8 * mm, 9 * mm, 42 * mm, 11 * mm]
    per_round = (usable - sum(fixed)) / max(1, len(ct.rounds))
    table = Table(data, colWidths=[*fixed, *([per_round] * len(ct.rounds))], repeatRows=1)
    table.setStyle(GRID)
    table.setStyle(
        TableStyle(
            [
                ("ALIGN", (2, 0), (2, -1), "LEFT"),
                ("ALIGN", (4, 0), (-1, -1), "LEFT"),
                ("LINEBEFORE", (4, 0), (-1, -1), 0.25, colors.grey),
            ]
        )
    )
    note = _(
        "Each round: the table (T1, T2 …), the result (W won, D drawn, L lost; at tables of "
        "three or more the place, 1st, 2nd …), the opponents by start number (#), the game "
        "score. FW / FL: won / lost by forfeit."
    )
    story: list[Any] = [
        Paragraph(escape(t.name), TITLE),
        Paragraph(escape(subtitle), HEADING),
        _p(note, SMALL),
        Spacer(1, 3 * mm),
        table if ct.rows else _p(_("No round has been published yet."), BODY),
    ]
    return _build(story, t.name, subtitle, page)


def report_pdf(rep: Report) -> bytes:
    """The final report: the prizes, each category's winners, then the final standings."""
    t = rep.tournament
    s = rep.shown.standings
    subtitle = _("Final report")
    story: list[Any] = [Paragraph(escape(t.name), TITLE), Paragraph(escape(subtitle), HEADING)]
    if s:
        story.append(_p(_("Standings after round %(round)d") % {"round": s.round}, BODY))
    if not rep.final:
        story.append(
            _p(_("Not final yet: the tournament is still running; this may change."), BODY)
        )
    story.append(Paragraph(escape(_("Prizes")), HEADING))
    if not rep.awards:
        story.append(_p(_("No prizes defined."), BODY))
    for award in rep.awards:
        block: list[Any] = [
            Paragraph(
                f"<b>{escape(award['name'])}</b> ({escape(award['eligibility_label'])})", BODY
            ),
        ]
        if award["winners"]:
            data = [
                [
                    numbers.ordinal(w["place"]),
                    _p(f"{w['name']} (#{w['number']})"),
                    _("rank %(rank)d, %(points)s points")
                    % {"rank": w["rank"], "points": local_numbers.shown(w["points"])},
                ]
                for w in award["winners"]
            ]
            table = Table(data, colWidths=[12 * mm, 90 * mm, 50 * mm], hAlign="LEFT")
            table.setStyle(
                TableStyle(
                    [
                        ("FONT", (0, 0), (-1, -1), "Helvetica", 8),
                        ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ]
                )
            )
            block.append(table)
        else:
            block.append(_p(_("Nobody eligible: not awarded."), SMALL))
        block.append(Spacer(1, 2 * mm))
        story.append(KeepTogether(block))
    rule = (
        _("One prize each: a player who won an earlier prize is passed over in later ones.")
        if rep.one_prize_each
        else _("A player may win several prizes.")
    )
    story.append(_p(rule, SMALL))
    story.append(Paragraph(escape(_("Final standings")), HEADING))
    if rep.rows:
        story.append(standings_table(rep.rows, rep.shown.columns(), [], full=False))
    else:
        story.append(_p(_("No round has been published yet."), BODY))
    return _build(story, t.name, subtitle, A4)
