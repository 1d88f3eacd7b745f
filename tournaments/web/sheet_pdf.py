"""Printable score sheets of a round: a PDF with one A4 page per table.

Each page names the tournament, the round and the table, lists the players by seat,
and has one blank row per deal with the schedule the game needs, taken from the
engine's own rules (:func:`tournaments.services.deal_schedule.schedule`, which
the phone page shows too): the dealer of every deal (the deal passes one
seat on, ``engine.game.Game._finish_deal``), and the columns the game's profile adds
(Italian Whist: the trumps and the passing direction of each deal). The notes for
the scorer are the engine's (``Game.sheet_notes``, from the rules' own constants).
The columns to fill in are the game's tally
(:func:`tournaments.web.actions.tally_fields`: what the phone page asks for), plus
the deal's score per side and the initials of the other side. The QR code (segno)
opens the table's phone page, whose link is printed under it.

reportlab draws the PDF; nothing here touches the database beyond reading. The PDF
speaks the club's language (it is printed for the club's tables), whatever the
browser of whoever prints it asks for; Helvetica's Latin-1 has the Italian accents.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from typing import Any

import segno
from django.utils.translation import gettext, pgettext
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from tournaments.games import profile_for
from tournaments.models import Round, Seat, Table
from tournaments.services import game_store
from tournaments.services.deal_schedule import schedule
from tournaments.services.numbering import for_people
from tournaments.web.actions import tally_fields
from tournaments.web.club_time import for_the_room
from tournaments.web.engine_words import italian_deck, say
from tournaments.web.forms import game_title

LENGTH_OPTIONS = ("deals", "games")
"""Options that fix how many deals a game has (Briscola's ``games``: one deal each)."""
MAX_ROWS = 24
__all__ = ["round_pdf", "rows_for", "schedule"]


def rows_for(game_type: str, options: dict[str, Any], engine_options: dict[str, Any]) -> int:
    for key in LENGTH_OPTIONS:
        deals = engine_options.get(key)
        if isinstance(deals, int) and deals > 0:
            return min(deals, MAX_ROWS)
    return profile_for(game_type).pdf_rows  # the game's length is not fixed by an option


def notes(game_type: str, engine_options: dict[str, Any]) -> list[str]:
    """The game's rules a scorer needs at the table, from the engine's constants."""
    italian = italian_deck(game_type)
    return [
        say(note, italian_cards=italian)
        for note in profile_for(game_type).sheet_notes(engine_options)
    ]


def draw_qr(canvas: Canvas, url: str, x: float, y: float, size: float) -> None:
    """The QR code of ``url`` as black squares, ``size`` points wide with its quiet
    zone, lower-left corner at (x, y)."""
    qr = segno.make(url, error="m", micro=False)
    matrix = list(qr.matrix_iter(border=4))
    module = size / len(matrix)
    canvas.setFillColorRGB(0, 0, 0)
    for r, row in enumerate(matrix):
        for c, dark in enumerate(row):
            if dark:
                canvas.rect(
                    x + c * module, y + size - (r + 1) * module, module, module, stroke=0, fill=1
                )


def _page(canvas: Canvas, table: Table, url: str) -> None:
    game = table.game
    assert game is not None
    tournament = table.round.tournament
    engine_game = game_store.fresh_engine_game(game)
    seats = list(Seat.objects.filter(game=game).select_related("player").order_by("number"))
    names = {s.number: s.player.name for s in seats}
    width, height = A4
    left, right, top = 15 * mm, width - 15 * mm, height - 15 * mm

    # Heading and the QR code of the table's page. The text beside the code keeps
    # clear of it (and of its link): a line that would reach it is wrapped, and
    # once below the code, lines use the page's full width.
    qr_size = 38 * mm
    draw_qr(canvas, url, right - qr_size, top - qr_size, qr_size)
    canvas.setFont("Helvetica", 7)
    url_width = canvas.stringWidth(url, "Helvetica", 7)
    qr_bottom = top - qr_size - 12
    canvas.drawRightString(right, top - qr_size - 9, url)
    beside = min(right - qr_size, right - url_width) - 6 * mm

    def room(at: float, size: float) -> float:
        """The width free for a line whose baseline is ``at`` (font ``size``)."""
        return (beside if at - size * 0.25 < top and at + size > qr_bottom else right) - left

    canvas.setFont("Helvetica-Bold", 16)
    canvas.drawString(left, top - 14, _fit(tournament.name, room(top - 14, 16), canvas))
    canvas.setFont("Helvetica-Bold", 26)
    canvas.drawString(left, top - 44, gettext("Table %(n)s") % {"n": table.number})
    canvas.setFont("Helvetica", 12)
    heading = gettext("Round %(n)s · %(game)s") % {
        "n": table.round.number,
        "game": game_title(game.game_type),
    }
    canvas.drawString(left, top - 62, _fit(heading, room(top - 62, 12), canvas))
    y = top - 84
    canvas.setFont("Helvetica", 11)
    for seat in seats:
        side = ""
        if engine_game.team_game:
            side = "  " + gettext("(team %(team)s)") % {
                "team": "AB"[engine_game.side_of(seat.number)]
            }
        seat_words = gettext("Seat %(n)s: %(name)s") % {
            "n": for_people(seat.number),
            "name": seat.player.name,
        }
        line = seat_words + side
        canvas.drawString(left, y, _fit(line, room(y, 11), canvas))
        y -= 14
    canvas.setFont("Helvetica", 8)
    for note in notes(game.game_type, engine_game.options):
        words = note.split()
        while words:
            line = ""
            while words and canvas.stringWidth(
                (line + " " + words[0]).strip(), "Helvetica", 8
            ) <= room(y, 8):
                line = (line + " " + words.pop(0)).strip()
            if not line:  # one word wider than the room: cut it
                line = _fit(words.pop(0), room(y, 8), canvas)
            canvas.drawString(left, y, line)
            y -= 10
    y = min(y, qr_bottom - 6) - 6

    # The columns: deal, dealer, the game's schedule, the tally, scores, initials.
    fields = tally_fields(game, names) or {"rows": [], "choices": []}
    profile = profile_for(game.game_type)
    columns: list[tuple[str, str, float]] = [
        (pgettext("score sheet column", "Deal"), "deal", 10 * mm),
        (gettext("Dealer"), "dealer", 0),
    ]
    columns += [(str(heading), key, 14 * mm) for heading, key in profile.schedule_columns]
    groups: list[tuple[str, int]] = []
    for choice in fields["choices"]:
        heading = profile.pdf_headings.get(choice["name"])
        columns.append((str(heading) if heading else choice["name"], "", 16 * mm))
    for row in fields["rows"]:
        inputs = [_plain(i, profile.pdf_headings) for i in row["inputs"]]
        for label in inputs:
            columns.append((label, "", 0))
        columns.append((gettext("score"), "", 0))
        groups.append((row["label"], len(inputs) + 1))
    columns.append((gettext("Initials"), "", 16 * mm))
    fixed = sum(w for _, _, w in columns)
    flexible = [i for i, c in enumerate(columns) if c[2] == 0]
    share = (right - left - fixed) / len(flexible)
    widths = [c[2] or share for c in columns]

    rows = schedule(
        game.game_type,
        game.players,
        game.first_dealer,
        game.options,
        rows_for(game.game_type, game.options, engine_game.options),
    )
    row_h = min(8 * mm, (y - 20 * mm) / (len(rows) + 2))
    # Group headings (a side's name above its columns).
    canvas.setFont("Helvetica-Bold", 8)
    x = left
    start = len(columns) - 1 - sum(n for _, n in groups)
    for i in range(start):
        x += widths[i]
    index = start
    for label, span in groups:
        w = sum(widths[index : index + span])
        canvas.rect(x, y - row_h, w, row_h, stroke=1, fill=0)
        canvas.drawCentredString(x + w / 2, y - row_h + 3, _fit(label, w, canvas))
        x += w
        index += span
    y -= row_h
    canvas.setFont("Helvetica-Bold", 8)
    x = left
    for (label, _, _), w in zip(columns, widths, strict=True):
        canvas.rect(x, y - row_h, w, row_h, stroke=1, fill=0)
        canvas.drawCentredString(x + w / 2, y - row_h + 3, _fit(label, w, canvas))
        x += w
    y -= row_h
    canvas.setFont("Helvetica", 9)
    for number, deal in enumerate(rows):
        x = left
        if number % 2:
            canvas.setFillColorRGB(0.93, 0.93, 0.93)
            canvas.rect(left, y - row_h, right - left, row_h, stroke=0, fill=1)
            canvas.setFillColorRGB(0, 0, 0)
        for (_, key, _), w in zip(columns, widths, strict=True):
            canvas.rect(x, y - row_h, w, row_h, stroke=1, fill=0)
            value = deal.get(key) if key else None
            if key == "dealer":
                value = names.get(value, "")
            elif key != "deal" and isinstance(value, str):
                value = gettext(value)  # a schedule's word: "spades", "left"
            if value is not None:
                canvas.drawCentredString(x + w / 2, y - row_h + 3, _fit(str(value), w, canvas))
            x += w
        y -= row_h
    canvas.setFont("Helvetica", 8)
    canvas.drawString(
        left,
        12 * mm,
        gettext(
            "Enter each deal on the phone page (scan the code); a player of another side "
            "confirms it. Disputes go to the director."
        ),
    )


def _plain(field: dict[str, Any], headings: Mapping[str, str]) -> str:
    """A tally input's column heading in the PDF's standard fonts (no suit symbols),
    short: the profile's heading for its key, else its label shortened."""
    key = field["name"].rpartition("_")[0]
    if key in headings:
        return str(headings[key])
    short = (
        field["label"].replace(" hand", "").replace("card points", "points").replace("\u2666", "")
    )
    return short.strip()


def _fit(text: str, width: float, canvas: Canvas) -> str:
    font, size = canvas._fontname, canvas._fontsize
    while text and canvas.stringWidth(text, font, size) > width - 2:
        text = text[:-1]
    return text


def round_pdf(round_: Round, url_of: Callable[[Table], str]) -> bytes:
    """The PDF of the round's score sheets, one page per table with a game, in the
    club's language and on its clock."""
    with for_the_room(round_.tournament.club):
        return _round_pdf(round_, url_of)


def _round_pdf(round_: Round, url_of: Callable[[Table], str]) -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=A4, pageCompression=0)
    tournament = round_.tournament
    canvas.setTitle(
        gettext("%(tournament)s: round %(n)s score sheets")
        % {"tournament": tournament.name, "n": round_.number}
    )
    canvas.setAuthor("Tavolo")
    tables = round_.tables.select_related("game", "round__tournament").order_by("number")
    for table in tables:
        if table.game_id is None:
            continue
        _page(canvas, table, url_of(table))
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
