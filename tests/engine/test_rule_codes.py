"""Rule codes: every refusal of the engine has a catalogued code, typed parameters and
one English template (engine/messages.py), so the web and API can write it in the
reader's language; the English text stays exactly the engine's."""

from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

import engine
from engine import EngineError, IllegalEvent, InvalidOption, MalformedEvent, new_game
from engine.messages import (
    PARAMETER_KINDS,
    Message,
    all_codes,
    catalogue,
    kind_of,
    message,
    placeholders,
    render,
)
from engine.record import game_from_record
from tests.support.engine import RECORDS

ENGINE = Path(engine.__file__).parent
CATALOGUE_MODULES = {"messages.py", "trick_game_messages.py", "rummy_messages.py"}
REFUSALS = {
    "MalformedCard",
    "UnknownGame",
    "InvalidOption",
    "MalformedEvent",
    "IllegalEvent",
    "NotYourTurn",
    "CardNotHeld",
    "MustFollowSuit",
    "WrongPhase",
    "InvalidTally",
    "RuleViolation",
    "MeldError",
}
"""The engine's exceptions whose text a player reads (MeldError becomes a refusal)."""
REFUSAL_HELPERS = {"_tally_error", "_breach"}
"""Helpers that build a refusal from the reason given last."""

SAMPLE: dict[str, Any] = {
    "seat": 1,
    "seats": [0, 2],
    "side": 0,
    "card": "TH",
    "cardname": "TH",
    "cards": ["TH", "RJ=JH"],
    "melds": [["7H", "8H", "9H"], ["2S", "2H", "2C"]],
    "suit": "H",
    "suitone": "H",
    "suits": "HD",
    "suitsone": "SC",
    "rank": 12,
    "count": 3,
    "number": 4,
    "addends": [3, 3, 4],
    "points": 35,
    "option": "target",
    "field": "cards",
    "event": "play",
    "game": "scopa",
    "phase": "deal",
    "value": "'x'",
    "text": "words",
    "reason": {"code": "follow_suit", "params": {"suit": "S", "seat": 2}},
    "action": {"code": "text", "params": {"text": "7H 8H 9H"}},
    "signal": "volo",
    "colour": "red",
    "pile": "stock",
    "counts": [2, 3, 4, 6],
    "games": ["scopa", "briscola"],
    "events": ["deal", "play"],
    "options": ["target", "games"],
    "choices": ["each_play", "deal"],
    "signals": ["busso", "volo"],
}
"""A value of every parameter kind, to render every template with."""


def engine_sources() -> list[Path]:
    return sorted(ENGINE.rglob("*.py"))


def called_name(call: ast.Call) -> str | None:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def literal_codes(node: ast.AST) -> list[str]:
    """The string constants a code expression can take (``"a" if x else "b"``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return literal_codes(node.body) + literal_codes(node.orelse)
    return []


def codes_in_source() -> dict[str, list[str]]:
    """Every code the engine's source names, with where: the first argument of
    ``message(...)`` / ``Message(...)``, and values given to a variable ``code``."""
    found: dict[str, list[str]] = {}
    for path in engine_sources():
        if path.name in CATALOGUE_MODULES - {"messages.py"}:
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            values: list[ast.expr] = []
            if isinstance(node, ast.Call) and called_name(node) in ("message", "Message"):
                if node.args:
                    values.append(node.args[0])
            elif isinstance(node, ast.Assign):
                if any(isinstance(t, ast.Name) and t.id == "code" for t in node.targets):
                    values.append(node.value)
                for target in node.targets:  # code, whom = "turn", {...}
                    if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                        for name, value in zip(target.elts, node.value.elts, strict=False):
                            if isinstance(name, ast.Name) and name.id == "code":
                                values.append(value)
            for value in values:
                for code in literal_codes(value):
                    found.setdefault(code, []).append(f"{path.name}:{node.lineno}")  # type: ignore[attr-defined]
    return found


# ---------------------------------------------------------------------- the catalogue


def test_every_code_is_dotted_lower_case_and_has_one_template() -> None:
    codes = all_codes()
    assert len(codes) == len(set(codes)) > 150
    for code in codes:
        assert re.fullmatch(r"[a-z0-9_]+(\.[a-z0-9_]+)*", code), code
        assert catalogue()[code].strip(), code


def test_game_codes_start_with_a_game_and_shared_ones_do_not() -> None:
    games = set(engine.available_games())
    from engine.games.rummy_messages import RUMMY_MESSAGES
    from engine.games.trick_game_messages import TRICK_GAME_MESSAGES
    from engine.messages import MESSAGES

    for code in [*TRICK_GAME_MESSAGES, *RUMMY_MESSAGES]:
        assert code.split(".")[0] in games, code
    for code in MESSAGES:
        assert code.split(".")[0] not in games, code
    assert not set(MESSAGES) & set(TRICK_GAME_MESSAGES) & set(RUMMY_MESSAGES)


def test_each_game_class_declares_its_own_codes_and_the_catalogue_is_theirs() -> None:
    """A game's codes are its class's ``rule_messages`` (found through the registry):
    each starts with the game's name, and with the shared ones they are the catalogue."""
    from engine.games.rummy_messages import RUMMY_MESSAGES
    from engine.games.trick_game_messages import TRICK_GAME_MESSAGES
    from engine.messages import MESSAGES

    declared: dict[str, str] = {}
    for name in engine.available_games():
        own = engine.game_class(name).rule_messages
        assert own, name
        assert all(code.split(".")[0] == name for code in own), name
        declared.update(own)
    assert declared == {**TRICK_GAME_MESSAGES, **RUMMY_MESSAGES}
    assert catalogue() == {**MESSAGES, **declared}


def test_every_placeholder_is_a_known_parameter_kind() -> None:
    for code, template in catalogue().items():
        for name in placeholders(template):
            assert name.isidentifier(), (code, name)
            assert kind_of(name) in PARAMETER_KINDS, (code, name)


def test_every_template_renders_in_english_with_a_value_of_each_kind() -> None:
    for code, template in catalogue().items():
        params = {name: SAMPLE[kind_of(name)] for name in placeholders(template)}
        text = render(code, params)
        assert "{" not in text.replace("{text}", ""), (code, text)
        json.dumps(params)  # plain JSON


def test_the_english_renderer_writes_each_kind_as_the_engine_always_has() -> None:
    assert message("card.not_held", seat=2, event="play", card="TH", cardname="TH") == (
        "seat 2 cannot play TH: it does not hold the ten of hearts"
    )
    assert message("turn.seats", seat=0, event="split", seats=[1, 2]) == (
        "seat 0 cannot split now: it is the turn of seat(s) 1, 2"
    )
    assert message("scala40.set.rank", cards=["7H", "RJ=7S"], rank=13) == (
        "7H RJ=7S is not of the set's rank (Ks)"
    )
    assert message("tresette.signal.volo", suitone="C", seat=1, suit="C") == (
        "volo says it is the player's last club, and seat 1 holds more clubs"
    )
    assert message("italian_whist.follow.joker_led", cardname="RJ", colour="red", suits="HD") == (
        "the red joker was led and no natural red card has followed it, so hearts or diamonds "
        "are to be followed"
    )


def test_a_message_is_its_english_text_with_json_code_and_params() -> None:
    why = message("follow_suit", suit="D", seat=0)
    said = message("play.refused", seat=0, card=engine.Card.parse("KC"), reason=why)
    assert isinstance(said, str) and isinstance(said, Message)
    assert said == (
        "seat 0 cannot play KC: diamonds were led and seat 0 holds diamonds, so it must follow suit"
    )
    assert said.code == "play.refused"
    assert said.params == {
        "seat": 0,
        "card": "KC",
        "reason": {"code": "follow_suit", "params": {"suit": "D", "seat": 0}},
    }
    assert json.loads(json.dumps(said.to_json())) == said.to_json()


def test_an_unknown_parameter_kind_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="unknown parameter kind"):
        message("text", texts="x")


def test_a_plain_string_from_outside_the_engine_gets_the_text_code() -> None:
    error = InvalidOption("option 'target' clashes with the moon", option="target")
    assert (error.code, error.params) == ("text", {"text": "option 'target' clashes with the moon"})
    assert str(error) == "option 'target' clashes with the moon"


def test_no_rule_code_but_text_carries_prose_in_its_params() -> None:
    """Every parameter is typed data a reader's language can write (numbers, keys,
    lists of them): only the ``text`` code (words from outside the engine) holds prose."""
    for code, template in catalogue().items():
        kinds = {kind_of(name) for name in placeholders(template)}
        assert code == "text" or "text" not in kinds, code


def test_the_listing_params_are_lists_of_keys_and_english_writes_them_as_it_did() -> None:
    assert message("players.count", game="scopa", counts=(2, 3, 4, 6), count=5) == (
        "scopa is played by 2 or 3 or 4 or 6 players, not 5"
    )
    assert message("option.unknown", game="scopa", value="'x'", options=[]) == (
        "scopa has no option 'x' (its options are: none)"
    )
    with pytest.raises(InvalidOption) as raised:
        new_game("scopa", 2, {"x": 1})
    assert raised.value.params["options"] == sorted(engine.game_class("scopa").option_spec)
    with pytest.raises(InvalidOption) as raised:
        new_game("scopa", 5)
    assert raised.value.params == {"game": "scopa", "counts": [2, 3, 4, 6], "count": 5}
    with pytest.raises(EngineError) as raised:
        engine.game_class("poker")
    assert raised.value.params["games"] == engine.available_games()
    assert str(raised.value).endswith(f"(the games are: {', '.join(engine.available_games())})")


# ---------------------------------------------------------------------- the source


def test_no_refusal_in_the_engine_is_raised_with_bare_english() -> None:
    bare = []
    for path in engine_sources():
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            if called_name(node) in REFUSALS:
                first = node.args[0]
            elif called_name(node) in REFUSAL_HELPERS:
                first = node.args[-1]  # (action, [rule,] why)
            else:
                continue
            if (
                isinstance(first, (ast.JoinedStr, ast.BinOp))
                or (isinstance(first, ast.Constant) and isinstance(first.value, str))
                or (isinstance(first, ast.Call) and called_name(first) == "str")
            ):
                bare.append(f"{path.relative_to(ENGINE)}:{node.lineno}")
    assert bare == []


def _has_words(node: ast.AST) -> bool:
    return any(
        isinstance(part, ast.Constant) and isinstance(part.value, str) for part in ast.walk(node)
    )


def test_no_message_is_given_a_parameter_written_as_english_prose() -> None:
    """A ``text=`` parameter, an f-string, a joined value would reach a
    reader in English whatever their language: the raise sites give data instead."""
    prose = []
    for path in engine_sources():
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Call) and called_name(node) in ("message", "Message")):
                continue
            for keyword in node.keywords:
                value = keyword.value
                if (
                    keyword.arg == "text"
                    or isinstance(value, ast.JoinedStr)
                    or (isinstance(value, ast.Call) and called_name(value) == "join")
                    or (isinstance(value, ast.BinOp) and _has_words(value))
                ):
                    prose.append(f"{path.relative_to(ENGINE)}:{node.lineno} {keyword.arg}")
    assert prose == []


def test_every_code_the_source_names_is_catalogued() -> None:
    unknown = {code: where for code, where in codes_in_source().items() if code not in catalogue()}
    assert unknown == {}


def string_constants() -> set[str]:
    """Every string constant outside the catalogue (codes picked in a loop, say)."""
    found = set()
    for path in engine_sources():
        if path.name not in CATALOGUE_MODULES:
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    found.add(node.value)
    return found


def test_every_catalogued_code_is_used() -> None:
    used = set(codes_in_source()) | string_constants() | {"text"}  # "text": plain_text
    assert [code for code in all_codes() if code not in used] == []


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="gettext is not installed")
def test_xgettext_extracts_every_template_for_translation() -> None:
    paths = [str(path) for path in engine_sources() if path.name in CATALOGUE_MODULES]
    extracted = subprocess.run(
        ["xgettext", "--language=Python", "--keyword=gettext_noop", "--from-code=UTF-8",
         "-o", "-", *paths],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    msgids = set()
    for block in re.findall(r'msgid ((?:".*"\n)+)', extracted):
        msgids.add("".join(json.loads(line) for line in block.splitlines()))
    missing = sorted(set(catalogue().values()) - msgids)
    assert missing == []


# ---------------------------------------------------------------------- refusals


def refusals_in_records() -> list[EngineError]:
    refused = []
    for path in sorted(RECORDS.glob("*.json")):
        record = json.loads(path.read_text())
        game = game_from_record(record)
        for event in record["events"]:
            if "expect" in event:
                continue
            try:
                game.apply({k: v for k, v in event.items() if k != "illegal"})
            except EngineError as error:
                refused.append(error)
    return refused


def nested_codes(code: str, params: dict[str, Any]) -> list[str]:
    """``code`` and the codes nested in its params; each gives only what it uses."""
    assert set(params) <= set(placeholders(catalogue()[code])), code
    codes = [code]
    for name, value in params.items():
        if kind_of(name) in ("reason", "action"):
            codes += nested_codes(value["code"], value["params"])
    return codes


def test_every_refusal_in_the_sample_records_has_a_catalogued_code_all_the_way_down() -> None:
    refused = refusals_in_records()
    assert len(refused) > 40
    for error in refused:
        codes = nested_codes(error.code, error.params)
        assert "text" not in codes, str(error)
        assert all(code in catalogue() for code in codes)
        assert render(error.code, error.params) == str(error)
        assert json.loads(json.dumps(error.params)) == error.params


def refused(game: engine.Game, event: dict[str, Any]) -> EngineError:
    with pytest.raises(EngineError) as caught:
        game.apply(event)
    return caught.value


def test_a_whist_refusal_nests_the_follow_suit_rule() -> None:
    game = new_game("whist", 4)
    game.apply({"type": "deal", "deck": [c.code for c in game.new_deck()]})
    seat = game.to_act
    assert isinstance(seat, int)
    error = refused(game, {"type": "play", "seat": (seat + 1) % 4, "card": "AS"})
    assert error.code == "turn" and error.params["seat_expected"] == seat
    assert str(error) == f"seat {(seat + 1) % 4} cannot play now: it is seat {seat}'s turn"


def test_a_scopa_capture_refusal_has_code_params_and_the_english_text() -> None:
    game = new_game("scopa", 2)
    deck = [c.code for c in game.new_deck()]
    game.apply({"type": "deal", "deck": deck})
    view = game.view(None)
    seat = game.to_act
    assert isinstance(seat, int)
    hand = [c.code for c in game.hand(seat)]
    absent = next(c for c in deck if c not in view["table"] and c not in hand)
    error = refused(game, {"type": "play", "seat": seat, "card": hand[0], "capture": [absent]})
    assert isinstance(error, IllegalEvent)
    assert error.code == "scopa.capture.refused"
    assert error.params["reason"] == {"code": "scopa.capture.absent", "params": {"cards": [absent]}}
    assert str(error) == (
        f"seat {seat} cannot play {hand[0]} capturing {absent}: {absent} is not on the table"
    )


def test_a_tally_refusal_names_the_game_rule_under_tally_rejected() -> None:
    game = new_game("scopa", 2)
    error = refused(
        game,
        {
            "type": "tally",
            "cards": [20, 21],
            "coins": [5, 5],
            "scope": [0, 0],
            "settebello": 0,
            "primiera": [70, 70],
        },
    )
    assert error.code == "tally.rejected"
    assert error.params["reason"]["code"] == "scopa.tally.cards_total"
    assert error.params["reason"]["params"] == {"count": 40, "count_got": 41}
    assert str(error) == "tally rejected: the sides' cards must add up to 40, not 41"


def test_malformed_events_and_bad_options_have_codes_too() -> None:
    game = new_game("briscola", 2)
    error = refused(game, {"type": "play", "seat": 9, "card": "AS"})
    assert isinstance(error, MalformedEvent)
    assert (error.code, error.params) == ("malformed.seat", {"seat": 1, "value": "9"})
    with pytest.raises(InvalidOption) as caught:
        new_game("scopa", 2, {"target": 0})
    assert caught.value.code == "option.minimum" and caught.value.params["option"] == "target"
    with pytest.raises(EngineError) as bad_card:
        engine.Card.parse("th")
    assert bad_card.value.code == "card.capitals"
    assert bad_card.value.params == {"value": "'th'", "card": "TH"}


def test_a_rummy_refusal_describes_the_action_as_a_nested_message() -> None:
    game = new_game("scala40", 2)
    game.apply({"type": "deal", "deck": [c.code for c in game.new_deck()]})
    seat = game.to_act
    assert isinstance(seat, int)
    error = refused(game, {"type": "discard", "seat": seat, "card": game.hand(seat)[0].code})
    assert error.code == "scala40.refused"
    assert error.params["action"]["code"] == "scala40.action.card"
    assert error.params["reason"] == {"code": "scala40.turn.draw_first", "params": {}}
    assert str(error).endswith(": a turn begins with a draw")
