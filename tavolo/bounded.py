"""A process's small caches: at most so many entries, shared by its threads."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class BoundedMap(Generic[K, V]):
    """Up to ``size`` entries; the entry stored last is the newest, and the oldest goes
    first when one more is stored. Every call holds the map's lock for its length only."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            return self._items.get(key)

    def take(self, key: K) -> V | None:
        """The entry, removed (for a caller that owns it until it stores it again)."""
        with self._lock:
            return self._items.pop(key, None)

    def put(self, key: K, value: V, keep: Callable[[V], bool] | None = None) -> None:
        """Store ``value`` as the newest entry, unless ``keep(current)`` says the entry
        already there stays."""
        with self._lock:
            if keep is not None:
                current = self._items.get(key)
                if current is not None and keep(current):
                    return
            self._items[key] = value
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
