"""A table's score-sheet code (``/s/<code>/``): the table's id and a 40-bit HMAC of it
under the site's key, so nobody can guess another table's code. Wrong codes count as
failed attempts at the table the code names, from the client's address, and at a much
higher limit of the address (``services.lockouts``)."""

from __future__ import annotations

import base64

from django.http import Http404, HttpRequest
from django.utils.crypto import constant_time_compare, salted_hmac

from tavolo.ids import is_row_id
from tournaments.models import Game, Table
from tournaments.services import lockouts

TAG = 8
"""Characters of the HMAC in a table's code (40 bits)."""


def _b32(data: bytes) -> str:
    return base64.b32encode(data).decode().rstrip("=").lower()


def table_code(table_id: int) -> str:
    """The short, unguessable code of a table's sheet page."""
    raw = table_id.to_bytes((table_id.bit_length() + 7) // 8 or 1, "big")
    tag = _b32(salted_hmac("tavolo.sheets.table", str(table_id)).digest())[:TAG]
    return _b32(raw) + tag


def _table_with_all(table_id: int) -> Table | None:
    """The table with its round, tournament, club and game, in one query: read by every
    score-sheet request."""
    return (
        Table.objects.select_related("round__tournament__club", "game").filter(pk=table_id).first()
    )


def table_from_code(code: str, request: HttpRequest | None = None) -> Table:
    """The table a code names (Http404 for a wrong or unknown code, or a table without
    a score sheet: not published yet, or playing online). Given the request, a wrong
    code counts as a failed attempt of its address, and a locked-out address is
    refused (``lockouts.LockedOut``, 429) before the code is even read."""
    if request is not None:
        lockouts.refuse_code_if_locked(request, _claimed_table(code))
    table_id = _table_id(code)
    if table_id is None:
        if request is not None:
            lockouts.code_failed(request, _claimed_table(code))
        raise Http404("no such score sheet")
    table = _table_with_all(table_id) if is_row_id(table_id) else None
    if table is None or table.game is None or table.game.mode != Game.Mode.PHYSICAL:
        raise Http404("no such score sheet")  # an online table has no sheet
    return table


def _claimed_table(code: str) -> int | None:
    """The table id a code's head names, right HMAC or not (``None``: no table id):
    wrong codes are counted per table, so guessing at one table never locks another's
    sheet (services.lockouts)."""
    code = code.lower()
    if len(code) <= TAG or len(code) > TAG + 16:
        return None
    head = code[:-TAG]
    try:
        raw = base64.b32decode(head.upper() + "=" * (-len(head) % 8))
    except ValueError:
        return None
    return int.from_bytes(raw, "big")


def _table_id(code: str) -> int | None:
    """The table id a well-formed code with the right HMAC names, else ``None``."""
    table_id = _claimed_table(code)
    if table_id is None or not constant_time_compare(table_code(table_id), code.lower()):
        return None
    return table_id
