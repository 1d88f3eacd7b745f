"""The batching Redis publisher (tournaments.services.live_redis), on a real Redis."""

from __future__ import annotations

import time
import uuid
from typing import Any

import pytest
import redis
from channels.layers import InMemoryChannelLayer
from channels_redis.pubsub import RedisPubSubChannelLayer

from tournaments.services import live
from tournaments.services.live_redis import RedisPublisher


def subscribed(url: str, channel: str) -> Any:
    pubsub = redis.Redis.from_url(url).pubsub(ignore_subscribe_messages=True)
    pubsub.subscribe(channel)
    pubsub.get_message(timeout=1)  # the subscription's confirmation
    return pubsub


def test_a_burst_of_pushes_arrives_whole_and_in_order(redis_url: str) -> None:
    layer = RedisPubSubChannelLayer(hosts=[redis_url], prefix=f"t{uuid.uuid4().hex[:8]}")
    publisher = RedisPublisher.of(layer)
    assert publisher is not None
    group = "game.burst"
    pubsub = subscribed(redis_url, publisher.naming._get_group_channel_name(group))
    futures = [publisher.publish(group, {"type": "live.message", "n": n}) for n in range(60)]
    for future in futures:
        assert future.result(timeout=5) is None
    received = []
    deadline = time.monotonic() + 5
    while len(received) < 60 and time.monotonic() < deadline:
        message = pubsub.get_message(timeout=0.5)
        if message is not None:
            received.append(layer.deserialize(message["data"])["n"])
    assert received == list(range(60))


def test_redis_out_of_reach_fails_the_push_not_the_caller() -> None:
    layer = RedisPubSubChannelLayer(hosts=["redis://127.0.0.1:1/0"], prefix="nowhere")
    publisher = RedisPublisher.of(layer)
    assert publisher is not None
    started = time.monotonic()
    future = publisher.publish("game.x", {"type": "live.message"})
    assert time.monotonic() - started < 0.5  # queued, not sent by the caller
    assert isinstance(future.exception(timeout=10), redis.ConnectionError)


def test_only_the_pub_sub_layer_with_addresses_is_published_here(redis_url: str) -> None:
    assert RedisPublisher.of(InMemoryChannelLayer()) is None
    by_parts = RedisPubSubChannelLayer(hosts=[{"host": "127.0.0.1", "port": 6379}])
    assert RedisPublisher.of(by_parts) is None


def test_the_in_memory_layer_is_not_published_to_without_a_consumer_here(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sent: list[Any] = []
    layer = InMemoryChannelLayer()
    monkeypatch.setattr(layer, "group_send", lambda *args: sent.append(args))
    monkeypatch.setattr("channels.layers.get_channel_layer", lambda: layer)
    monkeypatch.setattr(live, "_server_loop", None)
    assert live.publish("game.nobody", {"kind": "game"}) is None
    assert sent == []
