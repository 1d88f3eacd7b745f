"""The scripts' words in Italian: Django's JavaScript catalogue (/jsi18n/, loaded by
base.html before static/js) answers with the Italian translations of djangojs.po for
an Italian reader, and with none (the scripts' English) for an English one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import reverse

STATIC_JS = Path(__file__).resolve().parents[2] / "static" / "js"

# Every word a person reads from static/js, and its Italian (djangojs.po).
ITALIAN = {
    "HTTP %(status)s": "Errore HTTP %(status)s",
    "Copied": "Copiato",
}


def _catalogue(client, language: str) -> str:
    response = client.get(reverse("javascript-catalog"), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    return response.content.decode()


@pytest.mark.django_db
def test_the_catalogue_answers_in_italian_for_an_italian_reader(client):
    body = _catalogue(client, "it")
    for english, italian in ITALIAN.items():
        assert f'"{english}": "{italian}"' in body


@pytest.mark.django_db
def test_the_catalogue_has_no_italian_for_an_english_reader(client):
    body = _catalogue(client, "en")
    assert "globals.gettext = django.gettext" in body  # gettext() is there all the same
    for italian in ITALIAN.values():
        assert italian not in body


def test_every_word_of_the_scripts_is_in_the_table():
    marked: set[str] = set()
    for script in STATIC_JS.glob("*.js"):
        marked |= set(re.findall(r'gettext\("([^"]+)"\)', script.read_text()))
    assert marked == set(ITALIAN)


@pytest.mark.django_db
def test_every_page_loads_the_catalogue_before_the_scripts(client):
    html = client.get(reverse("home")).content.decode()
    catalogue = html.index(f'src="{reverse("javascript-catalog")}"')
    assert catalogue < html.index("js/tavolo.js")
