"""How an event reaches its handler: the :func:`parser` and :func:`applier` decorators,
and :class:`EventDispatch`, the base of :class:`~engine.game.Game` that gathers a
class's marked handlers into ``EVENTS`` and routes each event to them.

A subclass overrides a handler under the same name without marking it again; a parser
without an applier (or the reverse) fails when the class is defined.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import FunctionType
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
    name, applier method name)) and ``HANDLERS`` (type → (parser, applier), the plain
    functions, called with the game first) are gathered per class; each instance reads
    ``HANDLERS`` through its own ``_handlers``, the same dict (an instance value: a
    class attribute read through the instance is a generic look-up in CPython 3.11,
    once per event). Shared, not bound per game: binding two methods per event type
    was a third of what creating a game cost. Not pickled (set again on unpickling).
    One table, not two: every attribute of a game counts toward CPython 3.11's 29
    shared instance keys, past which every attribute read is slower."""

    name: ClassVar[str]
    EVENTS: ClassVar[Mapping[str, tuple[str, str]]] = {}
    HANDLERS: ClassVar[Mapping[str, tuple[Callable[..., Action], Callable[..., None]]]] = {}
    OPTIONAL_FIELDS: ClassVar[Mapping[str, frozenset[str]]] = {}
    """Fields an event type may carry that its canonical form can leave out (Scopa's
    empty ``capture``, Tresette's ``signal``); the strict check (:func:`unknown_fields`)
    accepts them besides the canonical ones."""

    _handlers: Mapping[str, tuple[Callable[..., Action], Callable[..., None]]]

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
        cls.HANDLERS = {
            event_type: (_function(cls, parser), _function(cls, applier))
            for event_type, (parser, applier) in cls.EVENTS.items()
        }

    def _bind_handlers(self) -> None:
        self._handlers = type(self).HANDLERS

    def __getstate__(self) -> dict[str, Any]:
        # The dispatch table is the class's; it is set again, not pickled.
        state = self.__dict__.copy()
        state.pop("_handlers", None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._bind_handlers()

    def apply(self, event: Event) -> Action:
        """Parse, validate and apply ``event`` (:meth:`engine.game.Game.apply`)."""
        raise NotImplementedError

    def apply_events(self, events: Iterable[Event]) -> None:
        """Apply ``events`` in order, each as :meth:`apply` would (raising on the first
        bad one, with the events before it applied). :func:`engine.replay` goes through
        here, so that a game can replay a run of events in one loop (whist does)."""
        apply = self.apply
        for event in events:
            apply(event)

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

        return handlers[0](self, event)

    def unknown_fields(self, event: Event, action: Action) -> list[str]:
        """The fields of ``event`` (already parsed as ``action``) that this game does not
        read: a misspelt ``"ilegal"``, a ``capture`` on a whist play. :meth:`parse`
        trusts its caller and ignores them; ``python -m engine check`` rejects them."""
        known = {"type", "seat", *action.to_event(), *self.OPTIONAL_FIELDS.get(action.type, ())}
        return sorted(key for key in event if key not in known)


def _function(cls: type, name: str) -> Callable[..., Any]:
    """The plain function ``cls`` has under ``name`` (a handler is called with the game
    first, so a static or class method would get the wrong arguments: refused)."""
    function = getattr(cls, name)
    if not isinstance(function, FunctionType):
        raise TypeError(f"{cls.__name__}.{name}: an event handler must be a plain method")
    return function
