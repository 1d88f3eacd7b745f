"""Every in-process cache, and the one reset: :func:`forget_all`.

Each of the process's caches is a :class:`tavolo.bounded.BoundedMap` (a size, an
expiry, and ``forget(key)`` to drop one entry), and every map registers itself here
when it is made, so nothing can be cached that :func:`forget_all` does not reach.
A cache of another kind (a ``functools.cache`` over data that may change) registers
its clearing function with :func:`register`.

Production calls ``forget(key)`` on one map when it knows an entry went stale (a
seat saved, a token deleted); the tests call :func:`forget_all` around every test
(``tests/conftest.py``), so no test sees what another left in this process. (Redis
keys are another matter: ``tests/support/caches.py``.)
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from typing import Any, Protocol


class Forgetful(Protocol):
    def forget(self, key: Any = None) -> None: ...


_lock = threading.Lock()
_maps: weakref.WeakSet[Any] = weakref.WeakSet()
_clears: list[Callable[[], None]] = []


def register_map(cache: Forgetful) -> None:
    """Called by every :class:`~tavolo.bounded.BoundedMap` as it is made."""
    with _lock:
        _maps.add(cache)


def register(clear: Callable[[], None]) -> Callable[[], None]:
    """Register a cache's clearing function (a ``functools.cache``'s ``cache_clear``)."""
    with _lock:
        _clears.append(clear)
    return clear


def forget_all() -> None:
    """Empty every in-process cache of this process."""
    with _lock:
        maps, clears = list(_maps), list(_clears)
    for cache in maps:
        cache.forget()
    for clear in clears:
        clear()
