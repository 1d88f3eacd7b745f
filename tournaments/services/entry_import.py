"""Entrants imported from a CSV file: all of them, or none.

The file's first line names the columns (in any order, any case):

- ``name`` (required): the player's name. A player of the club with exactly that
  name (ignoring case) is entered; otherwise a new guest of the club is made.
- ``rating``: a whole number from 0 to 999999 (empty: 0).
- ``household``: players of one household can be kept apart.
- ``affiliation``: a club team they belong to.
- ``email`` (or ``e-mail``): when a member of the site has that address, their
  account's player is entered (so their history follows them). Tavolo stores no
  e-mail address for guests; the column is only used to find an account.

Commas or semicolons separate the columns (spreadsheets in Italy save with
semicolons); a value holding one is put in double quotes. Blank lines are skipped.
Every line is checked and every problem reported by its line number; when any line
is bad, nothing at all is imported (one transaction).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import Entry, Player, Role, Tournament
from tournaments.services import clubs as club_service
from tournaments.services import tournaments as tournament_service
from tournaments.services.access import User, require_role
from tournaments.services.drafts import require_editable
from tournaments.services.errors import ServiceError
from tournaments.services.players import player_of_user

COLUMNS = ("name", "rating", "household", "affiliation", "email")
ALIASES = {"e-mail": "email", "e_mail": "email", "mail": "email"}
MAX_BYTES = 200_000
MAX_ROWS = 500


class ImportRefused(ServiceError):
    """Some lines are bad: ``details["lines"]`` lists ``{"line", "error"}``; nothing
    was imported."""


@dataclass
class Row:
    line: int
    name: str
    rating: int
    household: str
    affiliation: str
    email: str


def decode(data: bytes) -> str:
    """The file's text: UTF-8 (with or without a byte-order mark), else Windows-1252."""
    if len(data) > MAX_BYTES:
        raise ServiceError(
            _("the file is larger than %(n)s kB") % {"n": MAX_BYTES // 1000}, field="file"
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _header(cells: list[str]) -> list[str]:
    names = [ALIASES.get(c.strip().casefold(), c.strip().casefold()) for c in cells]
    unknown = [c for c in names if c and c not in COLUMNS]
    if unknown:
        raise _bad_header(
            _("unknown column “%(column)s” (the columns are: %(columns)s)")
            % {"column": unknown[0], "columns": ", ".join(COLUMNS)}
        )
    if "name" not in names:
        raise _bad_header(
            _("it must name the columns, with a “name” column (the columns are: %(c)s)")
            % {"c": ", ".join(COLUMNS)}
        )
    if len(set(n for n in names if n)) != len([n for n in names if n]):
        raise _bad_header(_("it names a column twice"))
    return names


def _bad_header(error: str) -> ImportRefused:
    """Line 1 is wrong: said in the message and in the line's entry (which the entries
    page lists, so it is in the reader's words too)."""
    return ImportRefused(
        _("Line %(line)s: %(error)s") % {"line": 1, "error": error},
        field="file",
        lines=[{"line": 1, "error": error}],
    )


def parse(text: str) -> tuple[list[Row], list[dict[str, object]]]:
    """The rows of a CSV text, and the problems found in them (``line``, ``error``)."""
    first = text.split("\n", 1)[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        header = next(reader)
    except StopIteration:
        raise ServiceError(_("the file is empty"), field="file") from None
    names = _header(header)
    rows: list[Row] = []
    problems: list[dict[str, object]] = []
    for cells in reader:
        line = reader.line_num
        if not any(c.strip() for c in cells):
            continue
        if len(rows) + len(problems) >= MAX_ROWS:
            raise ServiceError(
                _("at most %(n)s entrants in one file") % {"n": MAX_ROWS}, field="file"
            )
        if len(cells) > len(names):
            problems.append(
                {
                    "line": line,
                    "error": ngettext(
                        "%(found)s values, but line 1 names %(named)s column",
                        "%(found)s values, but line 1 names %(named)s columns",
                        len(names),
                    )
                    % {"found": len(cells), "named": len(names)},
                }
            )
            continue
        values = {n: c.strip() for n, c in zip(names, cells, strict=False) if n}
        error = _row_error(values)
        if error:
            problems.append({"line": line, "error": error})
            continue
        rows.append(
            Row(
                line=line,
                name=values["name"],
                rating=int(values.get("rating") or 0),
                household=values.get("household", "")[:120],
                affiliation=values.get("affiliation", "")[:120],
                email=values.get("email", ""),
            )
        )
    return rows, problems


def _row_error(values: dict[str, str]) -> str:
    name = values.get("name", "")
    if not name:
        return _("the name is missing")
    if len(name) > 120:
        return _("the name is longer than 120 characters")
    rating = values.get("rating", "")
    if rating and (not rating.isdigit() or int(rating) > 999_999):
        return _("the rating “%(r)s” is not a whole number from 0 to 999999") % {"r": rating}
    email = values.get("email", "")
    if email:
        try:
            validate_email(email)
        except ValidationError:
            return _("“%(e)s” is not an e-mail address") % {"e": email}
    return ""


def _player(tournament: Tournament, row: Row, by: User) -> Player:
    club = tournament.club
    if row.email:
        user = get_user_model().objects.filter(email__iexact=row.email).first()
        if user is not None:
            return player_of_user(user.get_username())
    named = [p for p in club_service.club_players(club) if p.name.casefold() == row.name.casefold()]
    if len(named) > 1:
        raise ServiceError(
            _("the club has %(n)s players called %(name)s: enter this one on the entries page")
            % {"n": len(named), "name": row.name}
        )
    if named:
        return named[0]
    return club_service.add_guest(club, by=by, name=row.name, household=row.household)


def import_entries(tournament: Tournament, *, by: User, text: str) -> list[Entry]:
    """Enter every line of a CSV text (scorers and directors), or nothing:
    :class:`ImportRefused` names each bad line."""
    require_role(by, tournament.club, Role.SCORER)
    require_editable(tournament)
    if tournament.entry_kind != Tournament.EntryKind.INDIVIDUAL:
        raise ServiceError(_("a CSV file enters individuals; this tournament's are teams"))
    rows, problems = parse(text)
    if not rows and not problems:
        raise ServiceError(_("the file names no entrant below its first line"), field="file")
    entered: list[Entry] = []
    with transaction.atomic():
        for row in rows:
            try:
                with transaction.atomic():  # a savepoint: the next lines are still checked
                    player = _player(tournament, row, by)
                    entry = tournament_service.register(
                        tournament,
                        by=by,
                        player=player,
                        rating=row.rating,
                        affiliation=row.affiliation,
                    )
                    if row.household and entry.household != row.household:
                        entry.household = row.household
                        entry.save(update_fields=["household"])
                    entered.append(entry)
            except ServiceError as error:
                problems.append({"line": row.line, "error": str(error)})
        if problems:
            raise _refused(problems)  # and everything above is rolled back
    return entered


def _refused(problems: list[dict[str, object]]) -> ImportRefused:
    problems = sorted(problems, key=lambda p: p["line"])  # type: ignore[arg-type,return-value]
    listed = "; ".join(
        _("Line %(line)s: %(error)s") % {"line": p["line"], "error": p["error"]} for p in problems
    )
    return ImportRefused(
        _("Nothing was imported. %(listed)s.") % {"listed": listed},
        field="file",
        lines=[{"line": p["line"], "error": str(p["error"])} for p in problems],
    )
