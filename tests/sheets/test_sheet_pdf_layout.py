"""The printed sheet's heading keeps clear of the QR code and its link, for every
game (Scopa's rules once ran under the link). Each game's page is also rendered to
test-artifacts/pdf/ (pdftoppm) to be looked at."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from tests.support.factories import published
from tournaments.web import sheet_pdf
from tournaments.web.sheet_pages import table_code

pytestmark = pytest.mark.django_db

GAMES = [
    ("scopa", 2, {}),
    ("italian_whist", 3, {}),
    ("whist", 4, {"pairing_method": "whist_drive"}),
    ("german_whist", 2, {}),
    ("three_handed_whist", 3, {}),
    ("briscola", 2, {}),
    ("tresette", 4, {"pairing_method": "whist_drive"}),
    ("burraco", 2, {}),
    ("scala40", 3, {}),
]
OUT = Path(__file__).resolve().parents[2] / "test-artifacts" / "pdf"


@pytest.mark.parametrize(("game_type", "players", "settings"), GAMES)
def test_nothing_overlaps_the_qr_code_or_its_link(monkeypatch, game_type, players, settings):
    s = published(game_type, players, **settings)
    drawn: list[tuple[str, float, float, float, float]] = []
    width = Canvas.stringWidth

    def record(kind):
        original = getattr(Canvas, kind)

        def draw(self, x, y, text, *args, **kwargs):
            w = width(self, text, self._fontname, self._fontsize)
            x0 = {"drawString": x, "drawRightString": x - w, "drawCentredString": x - w / 2}[kind]
            drawn.append((text, x0, y - self._fontsize * 0.25, x0 + w, y + self._fontsize * 0.8))
            return original(self, x, y, text, *args, **kwargs)

        monkeypatch.setattr(Canvas, kind, draw)

    for kind in ("drawString", "drawRightString", "drawCentredString"):
        record(kind)
    url = f"https://tavolo.example.org/s/{table_code(s.table().pk)}/"
    pdf = sheet_pdf.round_pdf(s.round, lambda table: url)
    right, top = A4[0] - 15 * mm, A4[1] - 15 * mm
    qr = (right - 38 * mm, top - 38 * mm, right, top)
    link = next(box for box in drawn if box[0] == url)
    first_page = drawn[: drawn.index(link) + 40]
    for text, *box in first_page:
        if text == url:
            continue
        assert not _overlap(box, qr), f"{text!r} runs over the QR code"
        assert not _overlap(box, link[1:]), f"{text!r} runs over the link"
        assert box[2] <= A4[0] - 15 * mm + 0.5, f"{text!r} runs off the page"
    if shutil.which("pdftoppm"):
        OUT.mkdir(parents=True, exist_ok=True)
        (OUT / f"{game_type}.pdf").write_bytes(pdf)
        subprocess.run(
            ["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(OUT / f"{game_type}.pdf"),
             str(OUT / game_type)],
            check=True,
        )  # fmt: skip


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
