"""The engine's refusals in Italian: every rule code has an Italian message in the
compiled catalogue, a refused move on a game page reads in Italian with seats counted
from 1, and the English rendering is the engine's text with seats counted from 1
(what the pages always showed)."""

from __future__ import annotations

import random
import string
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils.translation import override

from engine import EngineError, new_game
from engine.messages import all_codes, catalogue, kind_of, message
from tests.engine.test_rule_codes import SAMPLE
from tests.games.test_web_games import make_game, seat_url, stamp, to_act
from tests.games.test_web_italian import page as trick_page
from tests.games.test_web_rummy import page as rummy_page
from tests.games.test_web_rummy import state_of, until
from tests.support.factories import published
from tests.support.sheets import cid
from tournaments.games import profile_for
from tournaments.models import Game
from tournaments.services import sheets
from tournaments.services.game_store import read_state
from tournaments.services.numbering import count_from_one
from tournaments.services.rule_words import render
from tournaments.web.words import engine_sentence

LOCALE = Path(settings.BASE_DIR) / "locale"


def placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


@pytest.fixture(scope="module")
def italian() -> dict[str, str]:
    """The compiled Italian catalogue (the .mo the site uses): msgid → msgstr."""
    mo = polib.mofile(str(LOCALE / "it" / "LC_MESSAGES" / "django.mo"))
    return {entry.msgid: entry.msgstr for entry in mo if not entry.msgctxt}


def test_every_rule_code_has_an_italian_message_with_the_same_placeholders(italian):
    templates = catalogue()
    assert len(all_codes()) > 200
    missing = [code for code in all_codes() if not italian.get(templates[code])]
    assert not missing, f"rule codes without an Italian message: {missing}"
    for code in all_codes():
        english, translated = templates[code], italian[templates[code]]
        assert placeholders(translated) == placeholders(english), code
        words = "".join(text for text, *_ in string.Formatter().parse(english))
        if any(letter.isalpha() for letter in words):  # not "{reason}" or "'{field}': …"
            assert translated != english, f"{code} is not translated"


SAMPLES = [
    message("turn", seat=0, event="play", seat_expected=2),
    message("turn.seats", seat=3, event="split", seats=[0, 2]),
    message("card.not_held", seat=1, event="play", card="7D", cardname="7D"),
    message("play.refused", seat=0, card="KC", reason=message("follow_suit", suit="D", seat=0)),
    message("scopa.capture.refused", seat=1, card="3D", cards=["2S", "AH"],
            reason=message("scopa.capture.sum", number_got=3, number=4)),
    message("burraco.refused.add", seat=1, event="add", cards=["7H"], number=2,
            reason=message("burraco.add.off_suit", card="7H", suit="S")),
    message("scala40.refused", seat=2, event="draw",
            action=message("scala40.action.draw", pile="discard"),
            reason=message("scala40.draw.not_opened")),
    message("scala40.tally.closer", seat=3, points=12),
    message("italian_whist.split.again", seat=0, seats=[1, 2]),
]  # fmt: skip


def test_every_event_and_phase_has_its_word_from_the_shared_ones_or_its_games_profile():
    """A refusal's verb ("seat 1 cannot split now") and phase are worded from the shared
    words of rule_words and each game's profile (``rule_event_words``,
    ``rule_phase_words``), found through the registry."""
    import engine
    from tournaments.services.rule_words import event_words, phase_words

    events = event_words()
    for name in engine.available_games():
        assert set(engine.game_class(name).EVENTS) <= set(events), name
    assert set(events) == {
        "play", "deal", "deals", "tally", "split", "joker", "exchange", "draw", "meld",
        "add", "discard", "open", "swap", "reshuffle", "resign", "concede", "adjourn",
        "resume",
    }  # fmt: skip
    assert set(phase_words()) == {
        "deal", "draw", "exchange", "joker", "meld", "over", "play", "reshuffle", "split"
    }  # fmt: skip


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda m: m.code)
def test_english_is_the_engines_text_with_seats_from_1(sample):
    assert render(sample, language="en") == count_from_one(str(sample))
    with override("en"):  # a page's English: the engine's text counted from 1, as before
        assert engine_sentence(sample) == engine_sentence(str(sample))


def test_italian_rendering_names_seats_from_1_cards_suits_and_nested_reasons():
    follow = SAMPLES[3]
    assert render(follow, language="it") == (
        "il posto 1 non può giocare Re di fiori: si è aperto a quadri e il posto 1 ha "
        "quadri, quindi deve rispondere a quadri"
    )
    # The Italian games' cards are the Italian deck's.
    assert "Re di bastoni" in render(follow, language="it", game="briscola")
    assert "denari" in render(follow, language="it", game="tresette")
    # A meld's number counts from 1; a pile and an event are said in Italian.
    assert "alla combinazione 3" in render(SAMPLES[5], language="it")
    assert render(SAMPLES[6], language="it") == (
        "il posto 3 non può pescare (dal pozzo degli scarti): solo chi ha già aperto può "
        "pescare dal pozzo degli scarti"
    )
    assert render("turn.seats", {"seat": 3, "event": "split", "seats": [0, 2]}, language="it") == (
        "il posto 4 non può dividere la mano adesso: tocca ai posti 1, 3"
    )


def test_lists_games_and_options_read_in_italian_and_english_stays_the_engines():
    counts = message("players.count", game="scopa", counts=[2, 3, 4, 6], count=5)
    assert render(counts, language="it") == "a Scopa si gioca in 2, 3, 4 o 6 giocatori, non in 5"
    assert render(counts, language="en") == "scopa is played by 2 or 3 or 4 or 6 players, not 5"
    unknown = message("game.unknown", value="'poker'", games=["scopa", "briscola"])
    assert render(unknown, language="it") == (
        "non esiste un gioco chiamato 'poker' (i giochi sono: Scopa, Briscola)"
    )
    assert render(unknown, language="en").endswith("(the games are: scopa, briscola)")
    signal = message("tresette.malformed.signal", signals=["busso", "volo", "striscio"], value="1")
    assert render(signal, language="it") == (
        "'signal' deve essere busso, volo o striscio (o mancare), non 1"
    )
    assert render("phase.over", {"event": "play"}, language="it") == (
        "la partita è finita: non si può più giocare"
    )


def test_an_option_and_its_choices_are_named_by_their_italian_labels():
    with pytest.raises(EngineError) as raised:
        new_game("scopa", 2, {"target": 0})
    assert raised.value.params["game"] == "scopa"
    with override("it"):
        label = str(
            profile_for("scopa").option_label(profile_for("scopa").option_spec["target"])[0]
        )
    italian = render(raised.value, language="it")
    assert f"'{label}'" in italian and "target" not in italian
    assert "'target'" in render(raised.value, language="en")
    with pytest.raises(EngineError) as raised:
        new_game("scopa", 2, {"nonsense": 1})
    italian = render(raised.value, language="it")
    assert italian.startswith("Scopa non ha l'opzione 'nonsense' (le sue opzioni sono: ")
    assert label in italian
    spec = profile_for("scopa").option_spec
    chooser = next(name for name, option in spec.items() if option.choices)
    with pytest.raises(EngineError) as raised:
        new_game("scopa", 2, {chooser: "nonsense"})
    italian = render(raised.value, language="it")
    with override("it"):
        labels = [
            str(profile_for("scopa").choice_label(spec[chooser], c)) for c in spec[chooser].choices
        ]
    assert all(f"“{label}”" in italian for label in labels), italian
    assert " o “" in italian and " or " not in italian


@pytest.mark.parametrize("code", all_codes())
def test_no_rule_code_reads_english_words_in_italian(code):
    """Each code rendered in Italian with a value of every kind its template takes: its
    lists are joined the Italian way, its options and games named by their labels."""
    params = {name: SAMPLE[kind_of(name)] for name in placeholders(catalogue()[code])}
    if code == "text":
        return
    italian = render(
        code, {**params, "game": "scopa"} if "option" in params else params, language="it"
    )
    for english in (" or ", "none", "hearts", "spades", " seat ", "the game"):
        assert english not in italian, (code, italian)


# ------------------------------------------------------------ through the pages


@pytest.fixture
def organiser(db: None) -> object:
    """The user who makes the games (as in tests/games/conftest.py)."""
    return get_user_model().objects.create_user("olga", password="pw")


def test_a_refused_briscola_play_reads_in_italian_with_seats_from_1(client, organiser):
    game, users = make_game("briscola", 2, organiser)
    seat = to_act(game)[0]
    html = trick_page(client, game, users, seat)
    other = read_state(Game.objects.get(pk=game.pk), lambda s: s.hand(1 - seat)[0].code)
    refused = client.post(
        seat_url(game, seat, "act"),
        {**stamp(html), "action": "play", "card": other},
        HTTP_ACCEPT_LANGUAGE="it",
    )
    text = refused.content.decode()
    assert refused.status_code == 400
    assert f"Il posto {seat + 1} non può giocare" in text and "non ha in mano la carta" in text
    assert "cannot play" not in text and "does not hold" not in text
    # The same refusal in English, as before.
    english = client.post(
        seat_url(game, seat, "act"), {**stamp(html), "action": "play", "card": other}
    )
    assert f"Seat {seat + 1} cannot play {other}" in english.content.decode()


def test_a_refused_burraco_meld_reads_in_italian(client, organiser):
    game, users = make_game("burraco", 2, organiser)
    seat = until(game, random.Random(4), lambda s, n: s.phase == "meld")
    pick = [c.code for c in state_of(game).hand(seat)][:2]
    html = rummy_page(client, game, users, seat)
    response = client.post(
        seat_url(game, seat, "act"),
        {**stamp(html), "action": "meld", "cards": pick},
        HTTP_HX_REQUEST="true",
        HTTP_ACCEPT_LANGUAGE="it",
    )
    text = response.content.decode()
    assert response.status_code == 400
    assert f"Il posto {seat + 1} non può calare" in text
    assert "una combinazione vuole almeno 3 carte, non 2" in text
    assert "at least 3 cards" not in text


# ------------------------------------------------------------ the score sheet


@pytest.mark.django_db
def test_a_refusal_from_the_sheet_reads_in_italian_with_the_sides_names():
    s = published("scopa", 2)
    table = s.table()
    names = sheets.build_state(table)["sides"]
    bad = {"cards": [22, 18], "coins": [0, 10], "scope": [0, 0], "primiera": [70, 70],
           "settebello": 0}  # fmt: skip
    with override("it"), pytest.raises(EngineError) as refused:
        sheets.submit(table, 1, bad, s.seat(0), cid())
    text = str(refused.value)
    assert text.startswith("conteggio respinto: la parte 1 (")
    assert f"la parte 1 ({names[0]}) ha preso il settebello" in text
    assert "took the settebello" not in text
    # In English (and the API) it reads as it always did.
    with override("en"), pytest.raises(EngineError) as english:
        sheets.submit(table, 1, bad, s.seat(0), cid())
    assert f"{names[0]} took the settebello" in str(english.value)


# ------------------------------------------------------------- options and game names


def test_an_option_refused_reads_in_the_readers_language_and_the_api_keeps_english():
    from engine import InvalidOption, new_game
    from tournaments.services.rule_words import in_words

    with pytest.raises(InvalidOption) as caught:
        new_game("scopa", 2, {"target": 0})
    error = caught.value
    with override("en"):
        assert in_words(error) == str(error) == "option 'target' must be at least 1"
    with override("it"):
        assert in_words(error) == "l'opzione 'Punti per vincere' deve essere almeno 1"


@pytest.mark.django_db
def test_a_casual_game_refused_by_its_options_says_why_in_italian():
    from tournaments.services.casual import new_casual_game
    from tournaments.services.errors import ServiceError

    user = get_user_model().objects.create_user("olga", password="pw")
    with override("it"), pytest.raises(ServiceError) as caught:
        new_casual_game(user=user, game_type="scopa", players=2, options={"target": 0}, seat=0)
    assert str(caught.value) == "l'opzione 'Punti per vincere' deve essere almeno 1"
    assert Game.objects.count() == 0


def test_a_tournaments_table_sizes_are_refused_with_the_games_italian_title():
    from tournaments.services.errors import ServiceError
    from tournaments.services.tournaments import check_game

    settings = {"game_type": "german_whist", "table_sizes": [3], "options": {}}
    settings |= {"pairing_method": "swiss", "entry_kind": "individual"}
    with override("it"), pytest.raises(ServiceError) as italian:
        check_game(settings)
    assert str(italian.value) == "a Whist a due con pesca si gioca in 2 giocatori, non in 3"
    with override("en"), pytest.raises(ServiceError) as english:
        check_game(settings)
    assert str(english.value) == "german_whist is played by 2 players, not 3"
