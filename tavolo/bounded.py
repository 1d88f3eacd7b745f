"""A process's small caches: at most so many entries, each for so long at most, shared
by its threads. Every map is reset by :func:`tavolo.caches.forget_all`."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

from tavolo import caches

K = TypeVar("K")
V = TypeVar("V")


class BoundedMap(Generic[K, V]):
    """Up to ``size`` entries; the entry stored last is the newest, and the oldest goes
    first when one more is stored. With ``ttl`` (seconds), an entry is kept that long
    at most (``get`` no longer finds it after). Every call holds the map's lock for its
    length only."""

    def __init__(self, size: int, ttl: float | None = None) -> None:
        self.size = size
        self.ttl = ttl
        self._items: OrderedDict[K, tuple[float, V]] = OrderedDict()
        self._lock = threading.Lock()
        caches.register_map(self)

    def _alive(self, entry: tuple[float, V] | None) -> V | None:
        if entry is None or (self.ttl is not None and entry[0] <= time.monotonic()):
            return None
        return entry[1]

    def get(self, key: K) -> V | None:
        with self._lock:
            return self._alive(self._items.get(key))

    def take(self, key: K) -> V | None:
        """The entry, removed (for a caller that owns it until it stores it again)."""
        with self._lock:
            return self._alive(self._items.pop(key, None))

    def put(self, key: K, value: V, keep: Callable[[V], bool] | None = None) -> None:
        """Store ``value`` as the newest entry, unless ``keep(current)`` says the entry
        already there stays."""
        expires = time.monotonic() + self.ttl if self.ttl is not None else 0.0
        with self._lock:
            if keep is not None:
                current = self._alive(self._items.get(key))
                if current is not None and keep(current):
                    return
            self._items[key] = (expires, value)
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def forget(self, key: K | None = None) -> None:
        """Drop one entry (every entry: ``None``)."""
        with self._lock:
            if key is None:
                self._items.clear()
            else:
                self._items.pop(key, None)

    def __len__(self) -> int:
        return len(self._items)
