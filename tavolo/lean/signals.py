"""Django's request signals as the express lane sends them on every request."""

from __future__ import annotations

from typing import Any

from django.dispatch import Signal


class Sending:
    """``signal.send(sender=sender, **named)``, with the receivers for ``sender`` looked
    up again only when the signal's list of receivers has changed.

    ``request_started`` and ``request_finished`` do not cache their receivers: on every
    send Django takes the signal's lock, sweeps dead weak references and resolves the
    live ones, which cost more than the receivers themselves (closing old database
    connections, resetting the query log) on the two requests of every move. The
    receivers are called as ``send`` calls them, in order, and a raised error goes to
    the caller as it does there. A signal with an asynchronous receiver is sent by
    Django itself. Held here, a receiver connected weakly stays alive while it is
    connected: it is let go when the list changes (a disconnect, a new receiver)."""

    def __init__(self, signal: Signal, sender: Any) -> None:
        self.signal, self.sender = signal, sender
        self.seen: tuple[Any, ...] | None = None
        self.receivers: list[Any] = []
        self.by_django = False

    def send(self, **named: Any) -> None:
        signal = self.signal
        connected = tuple(signal.receivers)
        if connected != self.seen:
            sync, asynchronous = signal._live_receivers(self.sender)
            self.seen, self.receivers, self.by_django = connected, sync, bool(asynchronous)
        if self.by_django:
            signal.send(sender=self.sender, **named)
            return
        for receiver in self.receivers:
            receiver(signal=signal, sender=self.sender, **named)
