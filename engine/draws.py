"""Random draws for random play, without a Python call per draw.

``random.Random.shuffle`` calls ``_randbelow`` once per card and ``randrange`` goes
through ``_index`` and ``_randbelow``: Python-level calls that were a fifth of a random
whist deal. For a plain :class:`random.Random` the same draws are made here inline:
``_randbelow(n)`` is ``getrandbits(n.bit_length())``, retried while it is ``n`` or more.
So :func:`shuffle` and :func:`below` give exactly what ``rng.shuffle`` and
``rng.randrange`` give, from the same state, and leave the generator in the same state
(the same seed plays the same game; ``tests/engine/test_seeded_digests.py`` holds that).

That equality is checked once at import against the running Python's own ``random``
(:data:`INLINE`); if a Python ever draws differently, or for any other generator (a
subclass, ``SystemRandom``), the generator's own methods are called.
"""

from __future__ import annotations

import random
from typing import Any, Final

BIT_LENGTHS: Final = tuple(n.bit_length() for n in range(256))
"""``n.bit_length()`` for n < 256, a look-up instead of a method call."""

_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}
"""Per list length, the steps of a shuffle: (position, choices, bits)."""


def _steps(length: int) -> tuple[tuple[int, int, int], ...]:
    steps = _STEPS.get(length)
    if steps is None:
        steps = tuple((i, i + 1, (i + 1).bit_length()) for i in range(length - 1, 0, -1))
        if len(_STEPS) < 256:
            _STEPS[length] = steps
    return steps


def _inline_shuffle(items: list[Any], getrandbits: Any) -> None:
    for i, n, bits in _steps(len(items)):
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def _inline_below(getrandbits: Any, n: int) -> int:
    bits = n.bit_length()
    j: int = getrandbits(bits)
    while j >= n:
        j = getrandbits(bits)
    return j


def _draws_alike() -> bool:
    """Whether the inline draws are the running Python's (``_randbelow`` unchanged)."""
    ours, theirs = random.Random(2026), random.Random(2026)
    mine, yours = list(range(108)), list(range(108))
    for size in (1, 2, 3, 7, 13, 52, 64, 65, 108):
        if _inline_below(ours.getrandbits, size) != theirs.randrange(size):
            return False
    _inline_shuffle(mine, ours.getrandbits)
    theirs.shuffle(yours)
    return mine == yours and ours.getstate() == theirs.getstate()


INLINE: Final = _draws_alike()
"""Whether a plain :class:`random.Random` is drawn from inline (see the module's note)."""


def shuffle(items: list[Any], rng: random.Random) -> None:
    """``rng.shuffle(items)``: the same order, the same draws."""
    if INLINE and type(rng) is random.Random:
        _inline_shuffle(items, rng.getrandbits)
    else:
        rng.shuffle(items)


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n`` > 0 (and ``rng.choice``'s index into ``n`` items):
    the same number, the same draws (``ValueError`` for an empty range, as there)."""
    if n > 0 and INLINE and type(rng) is random.Random:
        bits = n.bit_length()
        j: int = rng.getrandbits(bits)
        while j >= n:
            j = rng.getrandbits(bits)
        return j
    return rng.randrange(n)
