"""How an event reaches its handler: the :func:`parser` and :func:`applier` decorators,
and :class:`EventDispatch`, the base of :class:`~engine.game.Game` that gathers a
class's marked handlers into ``EVENTS`` and routes each event to them.

A subclass overrides a handler under the same name without marking it again; a parser
without an applier (or the reverse) fails when the class is defined.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar

from engine.actions import Action
from engine.errors import MalformedEvent
from engine.events import Event
from engine.messages import message

Handler = TypeVar("Handler", bound=Callable[..., Any])


def parser(event_type: str) -> Callable[[Handler], Handler]:
    """Mark a method as the parser of ``event_type`` events (event -> :class:`Action`).
    A subclass may override the method under the same name without marking it again."""

    def mark(method: Handler) -> Handler:
        method._event_handler = ("parse", event_type)  # type: ignore[attr-defined]
        return method

    return mark


def applier(event_type: str) -> Callable[[Handler], Handler]:
    """Mark a method as the applier of ``event_type`` actions (validate, then change)."""

    def mark(method: Handler) -> Handler:
        method._event_handler = ("apply", event_type)  # type: ignore[attr-defined]
        return method

    return mark


class EventDispatch:
    """Routes events to a class's marked handlers. ``EVENTS`` (type → (parser method
    name, applier method name)) is gathered per class; each instance binds them in
    ``_handlers`` (type → (parser, applier), :meth:`_bind_handlers`), rebuilt, not
    pickled. One table, not two: every attribute of a game counts toward CPython
    3.11's 29 shared instance keys, past which every attribute read is slower."""

    name: ClassVar[str]
    EVENTS: ClassVar[Mapping[str, tuple[str, str]]] = {}
    OPTIONAL_FIELDS: ClassVar[Mapping[str, frozenset[str]]] = {}
    """Fields an event type may carry that its canonical form can leave out (Scopa's
    empty ``capture``, Tresette's ``signal``); the strict check (:func:`unknown_fields`)
    accepts them besides the canonical ones."""

    _handlers: dict[str, tuple[Callable[[Event], Action], Callable[[Action], None]]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        handlers: dict[str, dict[str, str]] = {"parse": {}, "apply": {}}
        for klass in reversed(cls.__mro__):
            for name, attribute in vars(klass).items():
                mark = getattr(attribute, "_event_handler", None)
                if mark is not None:
                    handlers[mark[0]][mark[1]] = name
        parsers, appliers = handlers["parse"], handlers["apply"]
        if set(parsers) != set(appliers):
            unpaired = ", ".join(sorted(set(parsers) ^ set(appliers)))
            raise TypeError(f"{cls.__name__}: events lacking a parser or an applier: {unpaired}")
        cls.EVENTS = {
            event_type: (parsers[event_type], appliers[event_type]) for event_type in parsers
        }

    def _bind_handlers(self) -> None:
        self._handlers = {
            event_type: (getattr(self, parser), getattr(self, applier))
            for event_type, (parser, applier) in self.EVENTS.items()
        }

    def __getstate__(self) -> dict[str, Any]:
        # The dispatch tables hold bound methods; they are rebuilt, not pickled.
        state = self.__dict__.copy()
        state.pop("_handlers", None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._bind_handlers()

    def parse(self, event: Event) -> Action:
        """Check the shape of ``event`` and return it as an :class:`Action`.

        Raises :class:`MalformedEvent` for a missing or malformed field or an event
        type this game does not know. Legality is not checked here.
        """
        # ``type(...) is dict`` first: the ABC isinstance check is slow on the hot path.
        if type(event) is not dict and not isinstance(event, Mapping):
            raise MalformedEvent(message("malformed.not_an_object", value=repr(event)))
        event_type = event.get("type")
        handlers = self._handlers.get(event_type) if isinstance(event_type, str) else None
        if handlers is None:
            known = sorted(self._handlers)
            raise MalformedEvent(
                message("malformed.type", game=self.name, value=repr(event_type), events=known),
                event,
            )

        return handlers[0](event)

    def unknown_fields(self, event: Event, action: Action) -> list[str]:
        """The fields of ``event`` (already parsed as ``action``) that this game does not
        read: a misspelt ``"ilegal"``, a ``capture`` on a whist play. :meth:`parse`
        trusts its caller and ignores them; ``python -m engine check`` rejects them."""
        known = {"type", "seat", *action.to_event(), *self.OPTIONAL_FIELDS.get(action.type, ())}
        return sorted(key for key in event if key not in known)
