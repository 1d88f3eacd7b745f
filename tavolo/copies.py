"""A model instance copied for one request or one callback, cheaply."""

from __future__ import annotations

import copy
import functools
from typing import Any, TypeVar

from django.db.models import Model
from django.db.models.base import ModelState

T = TypeVar("T")


@functools.cache
def _plain(model: type, state: type) -> bool:
    """Whether ``copy.copy`` of such an instance is Django's ``Model.__getstate__``
    with a plain shallow copy of its ``ModelState`` (neither class customises it)."""
    return (
        model.__getstate__ is Model.__getstate__  # type: ignore[comparison-overlap]
        and model.__reduce__ is Model.__reduce__
        and not hasattr(model, "__copy__")
        and issubclass(state, ModelState)
        and state.__reduce_ex__ is object.__reduce_ex__
        and state.__getstate__ is object.__getstate__  # type: ignore[comparison-overlap]
        and not hasattr(state, "__copy__")
    )


def model_copy(instance: T) -> T:
    """What ``copy.copy`` makes of a model instance (its fields, its own ``_state`` and
    related-object cache, as the model's ``__getstate__`` gives them), without the
    pickling protocol's detour through ``__reduce_ex__`` and the app registry, or the
    second detour ``Model.__getstate__`` takes to copy the ``ModelState``: those cost
    more than the copy itself on a move's path (every request copies its cached user).
    Anything else: ``copy.copy``."""
    if not isinstance(instance, Model):
        return copy.copy(instance)
    cls = instance.__class__
    fields: dict[str, Any] = instance.__dict__.copy()
    state = fields["_state"]
    if not _plain(cls, type(state)) or memoryview in map(type, fields.values()):
        clone = cls.__new__(cls)
        clone.__dict__.update(instance.__getstate__())
        return clone
    own_state = object.__new__(type(state))
    own_state.__dict__.update(state.__dict__)
    own_state.fields_cache = state.fields_cache.copy()
    fields["_state"] = own_state
    clone = cls.__new__(cls)
    clone.__dict__.update(fields)
    return clone
