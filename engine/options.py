"""House-rule options.

Each game declares its options as :class:`Option` values with a default (the
default of RULES.md). :func:`resolve_options` checks what a tournament or a record
asks for and fills in the defaults; anything unknown or out of range is an
:class:`~engine.errors.InvalidOption` naming the option.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.cards import Card
from engine.errors import InvalidOption, MalformedCard
from engine.messages import Message, message


@dataclass(frozen=True)
class Option:
    """One house rule: its ``name``, ``kind`` (``int``, ``bool``, ``str``, ``card``),
    ``default`` and what it means. ``minimum``/``maximum`` bound integers;
    ``choices`` lists the values a string may take; ``nullable`` allows ``None``;
    ``check`` may add a further rule (returning an error message or ``None``)."""

    name: str
    kind: str
    default: Any
    help: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] | None = None
    nullable: bool = False
    check: Callable[[Any], Message | None] | None = None

    def validate(self, value: Any, game: str | None = None) -> Any:
        """Return ``value`` in canonical form, or raise :class:`InvalidOption`. With the
        ``game``'s name, the refusal carries it (a reader's page names the option by
        the game's label for it)."""
        name = self.name
        of = {"game": game} if game else {}
        if value is None:
            if self.nullable:
                return None
            raise InvalidOption(message("option.null", option=name, **of), option=name)
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise InvalidOption(
                    message("option.bool", option=name, value=repr(value), **of), option=name
                )
        elif self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidOption(
                    message("option.int", option=name, value=repr(value), **of), name
                )
            if self.minimum is not None and value < self.minimum:
                raise InvalidOption(
                    message("option.minimum", option=name, number=self.minimum, **of), name
                )
            if self.maximum is not None and value > self.maximum:
                raise InvalidOption(
                    message("option.maximum", option=name, number=self.maximum, **of), name
                )
        elif self.kind == "str":
            if not isinstance(value, str) or (self.choices and value not in self.choices):
                allowed = list(self.choices or ())
                raise InvalidOption(
                    message("option.choice", option=name, choices=allowed, value=repr(value), **of),
                    name,
                )
        elif self.kind == "card":
            try:
                value = Card.parse(value).code
            except MalformedCard as error:
                raise InvalidOption(
                    message("option.card", option=name, reason=error.message, **of),
                    option=name,
                ) from None
        if self.check is not None:
            problem = self.check(value)
            if problem:
                raise InvalidOption(
                    message("option.check", option=name, reason=problem, **of), option=name
                )
        return value


def resolve_options(
    game_name: str, spec: Mapping[str, Option], given: Mapping[str, Any] | None
) -> dict[str, Any]:
    """Validate ``given`` against ``spec`` and return every option with defaults filled in."""
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise InvalidOption(message("option.not_an_object", value=repr(given)))
    for name in given:
        if name not in spec:
            raise InvalidOption(
                message("option.unknown", game=game_name, value=repr(name), options=sorted(spec)),
                option=name,
            )

    return {
        name: option.validate(given[name], game_name) if name in given else option.default
        for name, option in spec.items()
    }
