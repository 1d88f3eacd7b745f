"""People count from 1 in one place (issue 32): the templates turn a 0-based seat,
side or deal into the number a person reads only through ``{{ …|for_people }}``,
and the code only through :func:`tournaments.services.numbering.for_people`."""

from __future__ import annotations

import re

from tests.support.import_graph import ROOT

ADD_ONE = re.compile(r"""\|\s*add\s*:\s*["']?1["']?(?![\d])""")
SEAT_PLUS_ONE = re.compile(r"""\b(?:seat|seat\.number|\["seat"\])\s*\+\s*1\b""")


def test_no_template_counts_from_one_with_add():
    found = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "templates").rglob("*.html"))
        if ADD_ONE.search(path.read_text(encoding="utf-8"))
    ]
    assert found == [], "use {{ seat|for_people }} (tournaments.templatetags.numbering)"


def test_no_module_adds_one_to_a_seat_but_numbering():
    found = []
    for folder in ("tournaments", "scoring"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = str(path.relative_to(ROOT))
            if name == "tournaments/services/numbering.py":
                continue
            code = "\n".join(
                line
                for line in path.read_text(encoding="utf-8").splitlines()
                if "help_text=" not in line
            )
            if SEAT_PLUS_ONE.search(code):
                found.append(name)
    assert found == [], "use numbering.for_people(seat)"
