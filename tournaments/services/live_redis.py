"""Publishing to the Redis pub/sub channel layer from one thread, in batches.

A move's push to the pages that watch its game (:func:`tournaments.services.live.publish`)
went through channels_redis's asyncio layer on a publishing loop of its own: a coroutine
scheduled from the request's thread, a task, the asyncio Redis client, a future back.
On a gunicorn worker that was about a third of a move's CPU (docs/benchmarks.md at 8dfeb90,
"The express lane, the known row and the push"). Here the request's thread only queues the
message; one thread per process sends it to Redis with redis-py's plain client a few
milliseconds later, in one pipelined round trip with whatever was queued meanwhile.
Many moves a second cost one wake-up of the thread and one round trip for many pushes.

What goes over the wire is channels_redis's own: the group's channel name and the
shard come from a ``RedisPubSubLoopLayer`` made with the layer's settings (its
``_get_group_channel_name`` and ``_get_shard``: there is no public way to ask), the
bytes from the layer's ``serialize``; ``tests/live/test_live_push.py`` has a real
consumer receive a push sent this way. Only hosts given as addresses (the site's
``[REDIS_URL]``) are published here; any other layer or host form goes the asyncio way.

A push never waits for Redis and never raises into the move: a failed send is set on
its future (logged by the caller), the next batch tries again with a new connection.
"""

from __future__ import annotations

import logging
import os
import queue
import threading
import time
from concurrent.futures import Future
from typing import Any

import redis

log = logging.getLogger(__name__)

MAX_BATCH = 500
"""Pushes sent in one round trip at most."""
MAX_WAITING = 10_000
"""Pushes queued at most (Redis down or slow): beyond, a push is dropped and said so."""
TIMEOUT_SECONDS = 2.0
GATHER_SECONDS = 0.01
"""How long the thread waits after a push for more to send with it: a push reaches
the pages up to this much later, and a busy worker wakes the thread once per this
much time instead of once per move."""


class RedisPublisher:
    """The publisher of one channel layer in this process."""

    def __init__(self, layer: Any, naming: Any, addresses: list[str]) -> None:
        self.layer, self.naming, self.addresses = layer, naming, addresses
        self.waiting: queue.SimpleQueue[tuple[str, bytes, Future[None]]] = queue.SimpleQueue()
        self.pid = 0
        self.lock = threading.Lock()

    @classmethod
    def of(cls, layer: Any) -> RedisPublisher | None:
        """The publisher for ``layer`` if it is channels_redis's pub/sub layer with
        hosts given as addresses, else ``None``."""
        try:
            from channels_redis.pubsub import RedisPubSubChannelLayer, RedisPubSubLoopLayer
        except ImportError:
            return None
        if type(layer) is not RedisPubSubChannelLayer:
            return None
        naming = RedisPubSubLoopLayer(*layer._args, **layer._kwargs, channel_layer=layer)
        hosts = [shard.host for shard in naming._shards]
        if not all(set(host) == {"address"} for host in hosts):
            return None
        return cls(layer, naming, [host["address"] for host in hosts])

    def publish(self, group: str, message: dict[str, Any]) -> Future[None]:
        """Queue ``message`` for ``group``; the future is done once Redis has it."""
        future: Future[None] = Future()
        if self.waiting.qsize() >= MAX_WAITING:
            future.set_exception(RuntimeError(f"{MAX_WAITING} pushes wait for Redis already"))
            return future
        channel = self.naming._get_group_channel_name(group)
        self.waiting.put((channel, self.layer.serialize(message), future))
        if self.pid != os.getpid():
            self._start()
        return future

    def _start(self) -> None:
        """This process's sending thread (a new one after a fork)."""
        with self.lock:
            if self.pid == os.getpid():
                return
            clients = [
                redis.Redis.from_url(
                    address,
                    socket_timeout=TIMEOUT_SECONDS,
                    socket_connect_timeout=TIMEOUT_SECONDS,
                )
                for address in self.addresses
            ]
            thread = threading.Thread(
                target=self._send_forever, args=(clients,), name="tavolo-redis-publisher"
            )
            thread.daemon = True
            thread.start()
            self.pid = os.getpid()

    def _send_forever(self, clients: list[redis.Redis]) -> None:
        while True:
            batch = [self.waiting.get()]
            # Waking this thread costs more than the send (a GIL hand-over each way):
            # the pushes of the next few milliseconds go with this one.
            time.sleep(GATHER_SECONDS)
            while len(batch) < MAX_BATCH:
                try:
                    batch.append(self.waiting.get_nowait())
                except queue.Empty:
                    break
            self._send(clients, batch)

    def _send(self, clients: list[redis.Redis], batch: list[tuple[str, bytes, Future[None]]]):
        by_shard: dict[int, list[tuple[str, bytes, Future[None]]]] = {}
        for item in batch:
            shard = self.naming._shards.index(self.naming._get_shard(item[0]))
            by_shard.setdefault(shard, []).append(item)
        for shard, items in by_shard.items():
            try:
                pipe = clients[shard].pipeline(transaction=False)
                for channel, payload, _future in items:
                    pipe.publish(channel, payload)
                pipe.execute()
            except Exception as error:  # noqa: BLE001 - Redis down: said on each future
                for _channel, _payload, future in items:
                    future.set_exception(error)
                continue
            for _channel, _payload, future in items:
                future.set_result(None)
