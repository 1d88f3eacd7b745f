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
    """The revealed seed does not explain the game's chance events."""


def verify_record(record: Mapping[str, Any], seed_hex: str, expected_commitment: str) -> int:
    """Check that ``seed_hex`` matches ``expected_commitment`` and that every deal of
    ``record`` (RECORDS.md format) is the one the seed generates. Returns the number
    of deals checked; raises :class:`VerificationFailed` saying which deal differs."""
    try:
        seed = bytes.fromhex(seed_hex)
    except ValueError:
        raise VerificationFailed("the seed must be written in hexadecimal") from None
    if not hmac.compare_digest(commitment(seed), expected_commitment.lower()):
        raise VerificationFailed("the seed does not match the published commitment")
    try:
        game = new_game(
            record["game"], record["players"], record.get("options"), record.get("first_dealer", 0)
        )
    except (KeyError, TypeError, EngineError) as error:
        raise VerificationFailed(f"the record cannot be set up: {error}") from None
    deals = 0
    for index, event in enumerate(record.get("events", [])):
        if not isinstance(event, Mapping) or "expect" in event:
            continue
        if event.get("type") == "deal":
            wanted = deal_event(seed, deals, game.new_deck())
            if list(event.get("deck", [])) != wanted["deck"]:
                raise VerificationFailed(
                    f"events[{index}]: deal {deals} is not the deal the seed generates"
                )
            deals += 1
        try:
            game.apply(event)
        except EngineError as error:
            raise VerificationFailed(f"events[{index}] is not legal: {error}") from None
    return deals
