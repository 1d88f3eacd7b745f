"""People count from 1 in one place (issue 32): :func:`numbering.for_people` and the
templates' ``{{ seat|for_people }}`` filter that calls it."""

from __future__ import annotations

import pytest
from django.template import Context, Template

from tournaments.services.numbering import for_people

LOADED = "{% load numbering %}"


def render(source: str, **context: object) -> str:
    return Template(LOADED + source).render(Context(context))


@pytest.mark.parametrize(("index", "read"), [(0, 1), (1, 2), (5, 6), (12, 13)])
def test_an_index_is_read_from_one(index, read):
    assert for_people(index) == read
    assert render("{{ seat|for_people }}", seat=index) == str(read)


@pytest.mark.parametrize(("value", "shown"), [("3", "4"), (None, ""), ("", ""), ("x", "")])
def test_the_filter_reads_numbers_in_text_and_shows_nothing_for_no_number(value, shown):
    # As ``|add:1`` did: a number in text counts, anything else shows nothing.
    assert render("{{ seat|for_people }}", seat=value) == shown


def test_the_filter_works_inside_a_translated_sentence():
    source = (
        "{% load i18n %}{% blocktranslate with n=s.number|for_people %}Seat {{ n }}"
        "{% endblocktranslate %}"
    )
    assert render(source, s={"number": 0}) == "Seat 1"
