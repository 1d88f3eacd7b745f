"""Imports say what is wrong in the reader's language: a game record's problems (its
own, and the engine's refusals through rule_words, seats and events counted from 1)
and a CSV file of entrants (each bad line in words, on the entries page too). The
API answers in English whatever the client's language."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils.translation import override
from rest_framework.test import APIClient

from tests.games.test_event_store import finished_record
from tests.support.factories import director_of, make_club, make_tournament, make_user
from tournaments.services.errors import RecordRejected
from tournaments.services.games import import_record

pytestmark = pytest.mark.django_db

ENGLISH = ("cannot", "seat", "record", "must be", "players", "the games are", " or ")


def refused(record, language: str) -> RecordRejected:
    with override(language), pytest.raises(RecordRejected) as raised:
        import_record(record)
    return raised.value


def out_of_turn() -> dict:
    """A finished whist record whose sixth event is played by the wrong seat."""
    record = finished_record()
    event = record["events"][5]
    record["events"][5] = {**event, "seat": (event["seat"] + 1) % 4}
    return record


def test_a_refused_event_of_a_record_reads_in_italian() -> None:
    record = out_of_turn()
    error = refused(record, "it")
    seat = record["events"][5]["seat"]
    assert str(error).startswith(f"L'evento 6 della registrazione è rifiutato: il posto {seat + 1}")
    assert not [word for word in ENGLISH if word in str(error)], str(error)
    # A program still gets the engine's English reason, its code and the 0-based index.
    assert error.details["index"] == 5 and error.details["code"].startswith("turn")
    assert error.details["reason"].startswith(f"seat {seat} cannot play")
    english = refused(record, "en")
    assert str(english).startswith(f"Event 6 of the record is refused: seat {seat + 1} cannot")


@pytest.mark.parametrize(
    ("change", "italian", "english"),
    [
        (lambda r: r.pop("events"), "Nella registrazione manca “events”.", "no “events”"),
        (
            lambda r: r.update(game="poker"),
            "La partita della registrazione non si può preparare: non esiste un gioco "
            "chiamato 'poker' (i giochi sono: ",
            "there is no game called 'poker' (the games are: ",
        ),
        (
            lambda r: r.update(players=7),
            "La partita della registrazione non si può preparare: a Whist a coppie si gioca in 4 "
            "giocatori, non in 7",
            "whist is played by 4 players, not 7",
        ),
        (
            lambda r: r.update(format="tavolo-record/9"),
            'Il formato di questa registrazione è "tavolo-record/9"',
            'format is "tavolo-record/9"',
        ),
        (
            lambda r: r.update(events={"0": {}}),
            "Gli “events” della registrazione devono essere una lista.",
            "“events” must be a list",
        ),
    ],
)
def test_a_bad_record_header_reads_in_italian(change, italian, english) -> None:
    record = finished_record()
    change(record)
    assert str(refused(record, "it")).startswith(italian)
    assert english in str(refused(record, "en"))
    if "poker" in english:  # the games by their titles, the Italian way
        assert "Scopa" in str(refused(record, "it")) and "Briscola" in str(refused(record, "it"))


def test_the_api_answers_a_bad_record_in_english_to_an_italian_client() -> None:
    client = APIClient()
    client.force_authenticate(make_user("importer"))
    response = client.post(
        "/api/games/import", out_of_turn(), format="json", HTTP_ACCEPT_LANGUAGE="it"
    )
    assert response.status_code == 400
    assert response.data["detail"].startswith("Event 6 of the record is refused: seat ")
    assert response.data["index"] == 5 and response.data["code"].startswith("turn")


@pytest.fixture
def cup():
    club = make_club(language="it")
    director = director_of(club)
    return make_tournament(club, director, {"name": "Coppa"}), director


@pytest.mark.parametrize(
    ("body", "italian"),
    [
        (b"name;colour\nAda;rossa\n", "Riga 1: colonna sconosciuta «colour»"),
        (b"rating\n1200\n", "Riga 1: deve dare i nomi delle colonne, con una colonna «name»"),
        (b"name;name\nAda;Ada\n", "Riga 1: nomina due volte una colonna"),
        (b"name;rating\nAda;1500\nBea;12x\n", "Riga 3: il punteggio"),
        (b"name\nAda,1,2\n", "Riga 2: 3 valori, ma la riga 1 nomina 1 colonna"),
    ],
)
def test_a_bad_csv_of_entrants_lists_its_lines_in_italian_on_the_page(cup, body, italian) -> None:
    tournament, director = cup
    client = Client()
    client.force_login(director)
    url = f"/clubs/{tournament.club.slug}/t/{tournament.slug}/entries/import"
    upload = SimpleUploadedFile("iscritti.csv", body)
    response = client.post(url, {"csv-file": upload}, HTTP_ACCEPT_LANGUAGE="it")
    assert response.status_code == 400
    page = response.content.decode().replace("<strong>", "").replace("</strong>", "")
    assert "Non è stato importato nulla" in page
    assert italian in page, page[page.find("import-problems") :][:600]
    for english in ("unknown column", "must name", "twice", "values, but", "is not a whole"):
        assert english not in page
    assert tournament.entries.count() == 0
