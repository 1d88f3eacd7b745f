"""Provably fair deals: every chance event of a game comes from one secret seed.

When a game starts the service draws a 32-byte secret seed from the operating
system's CSPRNG and publishes only its SHA-256 **commitment**. Each deal is the
game's canonical deck shuffled by a deterministic stream derived from the seed
(HMAC-SHA256 in counter mode) and the deal's label. When the game is over the
seed is revealed; anyone can then check that it matches the commitment and
re-derive every deal of the game. Nothing here imports Django.

>>> seed = bytes(range(32))
>>> commitment(seed)[:16]
'630dcd2966c43366'
>>> from engine import new_game
>>> game = new_game("whist", 4)
>>> deck = shuffled_deck(seed, "deal:0", game.new_deck())
>>> deck == shuffled_deck(seed, "deal:0", game.new_deck())
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, TypeVar

from engine import new_game
from engine.errors import EngineError

SEED_BYTES = 32
T = TypeVar("T")


def new_seed() -> bytes:
    """A fresh secret seed from the operating system's CSPRNG."""
    return secrets.token_bytes(SEED_BYTES)


def commitment(seed: bytes) -> str:
    """The public SHA-256 commitment to ``seed`` (hex)."""
    return hashlib.sha256(seed).hexdigest()


def _stream(seed: bytes, label: str) -> Iterator[int]:
    """An endless stream of 64-bit integers: HMAC-SHA256(seed, label:counter)."""
    counter = 0
    key = seed
    while True:
        block = hmac.new(key, f"{label}:{counter}".encode(), hashlib.sha256).digest()
        for offset in range(0, 32, 8):
            yield int.from_bytes(block[offset : offset + 8], "big")
        counter += 1


def _uniform_below(stream: Iterator[int], bound: int) -> int:
    """A uniform integer in [0, bound) by rejection sampling (no modulo bias)."""
    limit = (1 << 64) - ((1 << 64) % bound)
    while True:
        value = next(stream)
        if value < limit:
            return value % bound


def shuffled_deck(seed: bytes, label: str, deck: Sequence[T]) -> list[T]:
    """``deck`` shuffled by a Fisher–Yates shuffle driven by ``seed`` and ``label``."""
    cards = list(deck)
    stream = _stream(seed, label)
    for index in range(len(cards) - 1, 0, -1):
        other = _uniform_below(stream, index + 1)
        cards[index], cards[other] = cards[other], cards[index]
    return cards


def deal_event(seed: bytes, deal_index: int, canonical_deck: Sequence[Any]) -> dict[str, Any]:
    """The ``deal`` event of deal number ``deal_index`` (0-based) of a game."""
    deck = shuffled_deck(seed, f"deal:{deal_index}", canonical_deck)
    return {"type": "deal", "deck": [getattr(c, "code", c) for c in deck]}


class VerificationFailed(Exception):
    """The revealed seed does not explain the game's chance events. ``code`` says which
    check failed (``format``, ``commitment``, ``setup``, ``deal``, ``shuffle``, ``illegal``)
    and ``params`` its details (``index``: the event; ``deal``: the deal's number), so a
    caller can say it in its reader's words; ``str()`` is the English message."""

    def __init__(self, message: str, code: str = "", **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


def verify_record(record: Mapping[str, Any], seed_hex: str, expected_commitment: str) -> int:
    """Check that ``seed_hex`` matches ``expected_commitment`` and that every deal (and
    every other chance event, e.g. Scala 40's reshuffle) of ``record`` (RECORDS.md
    format) is the one the seed generates. Returns the number of deals checked; raises
    :class:`VerificationFailed` saying which event differs."""
    try:
        seed = bytes.fromhex(seed_hex)
    except (TypeError, ValueError):
        raise VerificationFailed("the seed must be written in hexadecimal", "format") from None
    if not isinstance(expected_commitment, str) or not expected_commitment.isascii():
        raise VerificationFailed("the commitment must be written in hexadecimal", "format")
    if not hmac.compare_digest(commitment(seed), expected_commitment.lower()):
        raise VerificationFailed("the seed does not match the published commitment", "commitment")
    try:
        game = new_game(
            record["game"], record["players"], record.get("options"), record.get("first_dealer", 0)
        )
    except (KeyError, TypeError, EngineError) as error:
        raise VerificationFailed(f"the record cannot be set up: {error}", "setup") from None
    events = record.get("events", [])
    if not isinstance(events, list):
        raise VerificationFailed("the record's 'events' must be a list", "setup")
    deals = 0
    for index, event in enumerate(events):
        if not isinstance(event, Mapping) or "expect" in event:
            continue
        shuffle = game.pending_shuffle()  # a reshuffle is drawn from the seed like a deal
        if shuffle is not None and event.get("type") == shuffle.event_type:
            if event != shuffle.event(shuffled_deck(seed, shuffle.label, shuffle.cards)):
                raise VerificationFailed(
                    f"events[{index}]: the {shuffle.event_type} is not the one the seed generates",
                    "shuffle",
                    index=index,
                )
        elif event.get("type") == "deal":
            wanted = deal_event(seed, deals, game.new_deck())
            if list(event.get("deck", [])) != wanted["deck"]:
                raise VerificationFailed(
                    f"events[{index}]: deal {deals} is not the deal the seed generates",
                    "deal",
                    index=index,
                    deal=deals,
                )
            deals += 1
        try:
            game.apply(event)
        except EngineError as error:
            raise VerificationFailed(
                f"events[{index}] is not legal: {error}", "illegal", index=index
            ) from None
    return deals


# ---------------------------------------------------------------------- the command

USAGE_ERROR = 2
FAILED = 1


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m tournaments.fairness verify RECORD.json [--seed HEX] [--commitment HEX]``

    Re-derives every deal of an exported game record from the revealed seed and checks
    the seed against the commitment published when the game was created. The seed and
    the commitment default to the record's ``seed`` and ``seed_commitment`` fields (as
    the service exports them once a game is over); pass them explicitly to check
    against the values you noted yourself. Prints ``verified: N deals`` and exits 0,
    or says what failed and exits 1 (2 for a usage or input error).
    """
    import argparse
    import json
    import sys

    parser = argparse.ArgumentParser(
        prog="python -m tournaments.fairness",
        description="Check a finished game's deals against its revealed seed and commitment.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    verify = commands.add_parser("verify", help="verify the deals of a game record")
    verify.add_argument("record", help="the game record (JSON), as exported; '-' for stdin")
    verify.add_argument("--seed", help="the revealed seed (hex); default: the record's 'seed'")
    verify.add_argument(
        "--commitment",
        help="the published commitment (hex); default: the record's 'seed_commitment'",
    )
    args = parser.parse_args(argv)

    def fail(message: str, status: int) -> int:
        print(f"{parser.prog}: {message}", file=sys.stderr)
        return status

    try:
        if args.record == "-":
            record = json.load(sys.stdin)
        else:
            with open(args.record, encoding="utf-8") as handle:
                record = json.load(handle)
    except OSError as error:
        return fail(f"cannot read {args.record}: {error.strerror or error}", USAGE_ERROR)
    except (ValueError, UnicodeDecodeError) as error:
        return fail(f"{args.record} is not valid JSON: {error}", USAGE_ERROR)
    if not isinstance(record, Mapping):
        return fail(f"{args.record}: a record must be a JSON object", USAGE_ERROR)

    seed = args.seed if args.seed is not None else record.get("seed")
    expected = args.commitment if args.commitment is not None else record.get("seed_commitment")
    if not isinstance(seed, str) or not seed:
        return fail(
            "no seed: the record has none (the seed is revealed only when the game is over); "
            "pass --seed",
            USAGE_ERROR,
        )
    if not isinstance(expected, str) or not expected:
        return fail("no commitment: the record has no 'seed_commitment'; pass --commitment", 2)
    try:
        deals = verify_record(record, seed.strip(), expected.strip())
    except VerificationFailed as error:
        print(f"FAILED: {error}")
        return FAILED
    print(f"verified: {deals} deals")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
