"""A model instance copied for one request or one callback, cheaply."""

from __future__ import annotations

import copy
from typing import TypeVar

from django.db.models import Model

T = TypeVar("T")


def model_copy(instance: T) -> T:
    """What ``copy.copy`` makes of a model instance (its fields, its own ``_state`` and
    related-object cache, as the model's ``__getstate__`` gives them), without the
    pickling protocol's detour through ``__reduce_ex__`` and the app registry, which
    cost more than the copy itself on a move's path. Anything else: ``copy.copy``."""
    if not isinstance(instance, Model):
        return copy.copy(instance)
    clone = instance.__class__.__new__(instance.__class__)
    clone.__dict__.update(instance.__getstate__())
    return clone
