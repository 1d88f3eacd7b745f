"""tavolo.lean.signals.Sending: a signal sent as Django sends it, receivers looked up once."""

from __future__ import annotations

import pytest
from django.dispatch import Signal

from tavolo.lean.signals import Sending


class Sender:
    pass


class Other:
    pass


def test_receivers_are_called_as_django_calls_them_and_follow_the_list():
    signal = Signal()
    heard: list[tuple] = []

    def first(signal, sender, **named):
        heard.append(("first", sender, named))

    def second(signal, sender, **named):
        heard.append(("second", sender, named))

    def elsewhere(signal, sender, **named):
        heard.append(("elsewhere", sender, named))

    signal.connect(first)
    signal.connect(elsewhere, sender=Other)
    sending = Sending(signal, Sender)
    sending.send(environ={"a": 1})
    assert heard == [("first", Sender, {"environ": {"a": 1}})]
    signal.connect(second)  # connected after the first send: called from the next one
    sending.send()
    signal.disconnect(first)
    sending.send()
    assert [name for name, _sender, _named in heard] == ["first", "first", "second", "second"]


def test_an_error_goes_to_the_caller_and_a_dropped_receiver_is_let_go():
    signal = Signal()

    def refuses(signal, sender, **named):
        raise RuntimeError("no")

    signal.connect(refuses)
    sending = Sending(signal, Sender)
    with pytest.raises(RuntimeError, match="no"):
        sending.send()
    signal.disconnect(refuses)
    sending.send()  # nothing connected: nothing called
    assert sending.receivers == []


def test_a_signal_with_an_asynchronous_receiver_is_sent_by_django():
    signal = Signal()
    heard = []

    async def later(signal, sender, **named):
        heard.append(("async", named))

    def now(signal, sender, **named):
        heard.append(("sync", named))

    signal.connect(now)
    signal.connect(later)
    Sending(signal, Sender).send(n=1)
    assert heard == [("sync", {"n": 1}), ("async", {"n": 1})]
