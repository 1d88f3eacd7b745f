"""Provably fair deals: the seed, its commitment, and re-deriving every deal."""

import json
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from engine import new_game
from tournaments.fairness import (
    VerificationFailed,
    commitment,
    deal_event,
    new_seed,
    shuffled_deck,
    verify_record,
)


def play_recorded_game(seed: bytes, name: str = "whist", players: int = 4) -> dict:
    """A whole game whose deals come from ``seed`` and whose plays are random."""
    game = new_game(name, players, {"target": 2} if name == "whist" else None)
    rng = random.Random(7)
    events, deals = [], 0
    while not game.over:
        if game.awaiting:
            event = deal_event(seed, deals, game.new_deck())
            deals += 1
        else:
            event = game.random_action(rng).to_event()
        game.apply(event)
        events.append(event)
    return {"game": name, "players": players, "options": {"target": 2}, "events": events}


def test_seed_comes_from_the_csprng_and_is_32_bytes():
    seeds = {new_seed() for _ in range(50)}
    assert len(seeds) == 50
    assert all(len(seed) == 32 for seed in seeds)


def test_commitment_is_sha256_of_the_seed():
    assert commitment(b"\x00" * 32) == (
        "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
    )


def test_shuffle_is_deterministic_per_seed_and_label_and_a_permutation():
    deck = new_game("whist", 4).new_deck()
    seed = bytes(range(32))
    first = shuffled_deck(seed, "deal:0", deck)
    assert first == shuffled_deck(seed, "deal:0", deck)
    assert Counter(first) == Counter(deck)
    assert first != shuffled_deck(seed, "deal:1", deck)
    assert first != shuffled_deck(bytes(32), "deal:0", deck)


def test_shuffle_is_close_to_uniform():
    # Where the ace of spades lands over 5,200 shuffles: each of 52 places ~100 times.
    deck = list(range(52))
    seed = bytes(range(32))
    places = Counter(shuffled_deck(seed, f"deal:{n}", deck).index(0) for n in range(5200))
    assert len(places) == 52
    chi_square = sum((count - 100) ** 2 / 100 for count in places.values())
    assert chi_square < 100  # 51 degrees of freedom: p < 1e-5 beyond this


def test_revealed_seed_verifies_every_deal_of_a_game():
    seed = new_seed()
    record = play_recorded_game(seed)
    deals = sum(1 for event in record["events"] if event["type"] == "deal")
    assert verify_record(record, seed.hex(), commitment(seed)) == deals
    assert deals >= 1


def test_wrong_seed_is_refused_by_the_commitment():
    seed = new_seed()
    record = play_recorded_game(seed)
    with pytest.raises(VerificationFailed, match="does not match the published commitment"):
        verify_record(record, new_seed().hex(), commitment(seed))


def test_a_tampered_deal_is_found():
    seed = new_seed()
    record = play_recorded_game(seed)
    deck = record["events"][0]["deck"]
    deck[0], deck[1] = deck[1], deck[0]
    with pytest.raises(VerificationFailed, match=r"events\[0\]: deal 0 is not the deal"):
        verify_record(record, seed.hex(), commitment(seed))


def test_a_seed_that_is_not_hex_is_a_clear_error():
    with pytest.raises(VerificationFailed, match="hexadecimal"):
        verify_record({"game": "whist", "players": 4, "events": []}, "zz", "00")


# ---------------------------------------------------------------- the verify command

ROOT = Path(__file__).resolve().parents[2]


def run_verify(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    return subprocess.run(
        [sys.executable, "-m", "tournaments.fairness", "verify", *args],
        cwd=ROOT,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.fixture
def exported(tmp_path) -> tuple[Path, dict, bytes]:
    """A finished game's record as the service exports it: with seed and commitment."""
    seed = new_seed()
    record = play_recorded_game(seed)
    record.update(format="tavolo-record/1", seed_commitment=commitment(seed), seed=seed.hex())
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    return path, record, seed


def deals_in(record: dict) -> int:
    return sum(1 for event in record["events"] if event.get("type") == "deal")


def test_verify_command_checks_the_deals_with_the_records_seed_and_commitment(exported):
    path, record, _ = exported
    result = run_verify(str(path))
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"verified: {deals_in(record)} deals\n"
    assert result.stderr == ""


def test_verify_command_takes_the_seed_and_commitment_from_the_command_line(exported, tmp_path):
    path, record, seed = exported
    bare = {k: v for k, v in record.items() if k not in ("seed", "seed_commitment")}
    bare_path = tmp_path / "bare.json"
    bare_path.write_text(json.dumps(bare))
    result = run_verify(
        str(bare_path), "--seed", seed.hex().upper(), "--commitment", commitment(seed)
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"verified: {deals_in(record)} deals\n"
    # From standard input too.
    result = run_verify("-", "--seed", seed.hex(), "--commitment", commitment(seed),
                        stdin=json.dumps(bare))  # fmt: skip
    assert result.returncode == 0 and result.stdout.startswith("verified: ")


def test_verify_command_fails_on_a_tampered_deal(exported):
    path, record, _ = exported
    later = [i for i, event in enumerate(record["events"]) if event["type"] == "deal"][-1]
    deck = record["events"][later]["deck"]
    deck[0], deck[-1] = deck[-1], deck[0]
    path.write_text(json.dumps(record))
    result = run_verify(str(path))
    assert result.returncode == 1
    assert f"FAILED: events[{later}]: deal {deals_in(record) - 1} is not the deal" in result.stdout
    assert "verified" not in result.stdout


def test_verify_command_fails_when_the_seed_does_not_open_the_commitment(exported):
    path, record, seed = exported
    for args in (
        ["--seed", new_seed().hex()],  # another seed
        ["--commitment", commitment(new_seed())],  # another commitment
        ["--commitment", "é" * 64],
    ):
        result = run_verify(str(path), *args)
        assert result.returncode == 1, args
        assert result.stdout.startswith("FAILED: ")
    result = run_verify(str(path), "--seed", "not hex")
    assert (result.returncode, result.stdout) == (
        1,
        "FAILED: the seed must be written in hexadecimal\n",
    )


def test_verify_command_needs_a_seed(exported, tmp_path):
    _, record, _ = exported
    del record["seed"]  # a game still in play: its seed is not revealed
    path = tmp_path / "in_play.json"
    path.write_text(json.dumps(record))
    result = run_verify(str(path))
    assert result.returncode == 2
    assert "no seed" in result.stderr and "--seed" in result.stderr


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read"),
        ("{not json", "is not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
    ],
)
def test_verify_command_reports_unreadable_input_clearly(tmp_path, content, message):
    path = tmp_path / "record.json"
    if content is not None:
        path.write_text(content)
    result = run_verify(str(path), "--seed", "00" * 32, "--commitment", commitment(bytes(32)))
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_verify_command_usage_errors_exit_2():
    result = subprocess.run(
        [sys.executable, "-m", "tournaments.fairness"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 2 and "verify" in result.stderr


def test_the_command_does_not_import_django(exported):
    path, _, _ = exported
    code = (
        "import sys\n"
        "from tournaments.fairness import main\n"
        "status = main(sys.argv[1:])\n"
        "loaded = [m for m in sys.modules if m.split('.')[0] in ('django', 'rest_framework')]\n"
        "assert not loaded, loaded\n"
        "sys.exit(status)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    result = subprocess.run(
        [sys.executable, "-c", code, "verify", str(path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("verified: ")


@pytest.mark.django_db
def test_verify_command_on_a_game_the_service_played_and_exported(tmp_path):
    from tests.support.factories import started_game
    from tests.support.games import play
    from tournaments.models import Game
    from tournaments.services.games import export_record

    game = started_game("whist", 4, {"target": 2})
    play(game.pk, random.Random(3))
    record = export_record(Game.objects.get(pk=game.pk))
    path = tmp_path / "served.json"
    path.write_text(json.dumps(record))
    result = run_verify(str(path))
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"verified: {deals_in(record)} deals\n"
