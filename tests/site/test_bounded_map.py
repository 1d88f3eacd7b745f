"""tavolo.bounded.BoundedMap: the processes' small caches."""

from __future__ import annotations

import threading

from tavolo import bounded, caches
from tavolo.bounded import BoundedMap


def test_the_oldest_stored_entry_goes_first():
    cache: BoundedMap[str, int] = BoundedMap(2)
    cache.put("a", 1)
    cache.put("b", 2)
    cache.put("a", 3)  # stored again: now the newest
    cache.put("c", 4)
    assert (cache.get("a"), cache.get("b"), cache.get("c"), len(cache)) == (3, None, 4, 2)


def test_keep_leaves_the_entry_there_and_take_removes_it():
    cache: BoundedMap[str, int] = BoundedMap(4)
    cache.put("game", 7)
    cache.put("game", 5, keep=lambda current: current >= 5)
    assert cache.get("game") == 7
    cache.put("game", 9, keep=lambda current: current >= 9)
    assert cache.take("game") == 9 and cache.get("game") is None and cache.take("game") is None


def test_forget_one_or_every_entry():
    cache: BoundedMap[int, int] = BoundedMap(8)
    for n in range(3):
        cache.put(n, n)
    cache.forget(1)
    assert [cache.get(n) for n in range(3)] == [0, None, 2]
    cache.forget()
    assert len(cache) == 0


def test_threads_storing_at_once_keep_the_bound():
    cache: BoundedMap[int, int] = BoundedMap(50)

    def store(start: int) -> None:
        for n in range(start, start + 500):
            cache.put(n, n)

    threads = [threading.Thread(target=store, args=(k * 1000,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(cache) == 50


def test_an_entry_expires_after_the_maps_ttl(monkeypatch):
    now = [100.0]
    monkeypatch.setattr(bounded.time, "monotonic", lambda: now[0])
    cache: BoundedMap[str, int] = BoundedMap(4, ttl=5.0)
    cache.put("seat", 1)
    now[0] += 4.9
    assert cache.get("seat") == 1
    now[0] += 0.2
    assert cache.get("seat") is None and cache.take("seat") is None
    cache.put("seat", 2, keep=lambda current: True)  # an expired entry is not kept
    assert cache.get("seat") == 2


def test_forget_all_empties_every_map_and_every_registered_cache(monkeypatch):
    monkeypatch.setattr(caches, "_clears", list(caches._clears))  # this test's stays here
    first: BoundedMap[str, int] = BoundedMap(4)
    second: BoundedMap[int, str] = BoundedMap(4, ttl=60.0)
    first.put("a", 1)
    second.put(1, "b")
    cleared = []
    caches.register(lambda: cleared.append(True))
    caches.forget_all()
    assert (len(first), len(second), cleared) == (0, 0, [True])


def test_the_projects_caches_are_all_reset_by_forget_all():
    from tavolo import authentication
    from tournaments.services import access, state_cache, table_driver

    maps = [
        authentication._tokens,
        access._seats,
        state_cache._states,
        table_driver._bot_seats_of_started,
    ]
    for number, cache in enumerate(maps):
        cache.put(f"key-{number}", object())  # type: ignore[arg-type]
    caches.forget_all()
    assert [len(cache) for cache in maps] == [0, 0, 0, 0]
