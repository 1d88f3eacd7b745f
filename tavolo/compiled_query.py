"""ORM reads compiled to SQL once per process, for the lookups every page makes.

Django compiles a queryset to SQL each time it is evaluated: for the club, tournament
and entry every tournament page reads (by slug, by slug, by id), compiling cost more
CPU than the round trips (the tournament's 34 columns: 0.6 ms a read, 0.2 ms of it
running the SQL and building the object; the player page's entry with its player, team
and standings state: 1.2 ms, of which 0.2 ms). :class:`CompiledQuery` builds the
queryset once per process and database with stand-in values, keeps its SQL and what
Django's model iterable needs to build the objects (the columns each model takes, the
related objects' populators, the annotations' columns, the fields' converters), and then
runs that SQL with the real values through :func:`tavolo.prepared.run_statement` (query
logging, ``execute_wrapper`` hooks and error translation as a Django cursor has them).
On PostgreSQL, unless ``TAVOLO_DB_PREPARED`` is off, that prepares the statement once
per connection, so the server plans it once, which halved the entry's read (0.55 to
0.27 ms: three joins to plan).

It is for a fixed shape: filters on ``=`` (the value goes to the database unchanged),
``select_related``, ``annotate`` (subqueries too), ``values_list`` (tuples or ``flat``)
and slicing. A value may reach the database in several places (a subquery naming the
same entry again): each takes the real value. A shape that changes a value
(``contains`` sends ``%value%``) or does not send it as a parameter is refused when it
is first compiled, not answered wrongly.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.db import connections
from django.db.models import Model, QuerySet
from django.db.models.query import (
    FlatValuesListIterable,
    ModelIterable,
    ValuesListIterable,
    get_related_populators,
)

from tavolo.prepared import run_statement

T = TypeVar("T")

_ROWS = {ModelIterable: "objects", ValuesListIterable: "tuples", FlatValuesListIterable: "flat"}
"""What a compiled query gives, by the queryset's iterable: model objects,
``values_list`` tuples, or a ``flat`` list."""

_STAND_IN_INT = 31_991
"""The first integer stand-in: inside every integer field's range, the small ones' too
(Django answers an out-of-range comparison without sending the value, and compiling
then refuses the shape); a real value equal to it is harmless, it is replaced."""


def _stand_in(kind: type, index: int) -> Any:
    if kind is int:
        return _STAND_IN_INT + index
    if kind is str:
        return f"\x1fstand-in {index}\x1f"
    raise TypeError(f"a compiled query takes int or str values, not {kind.__name__}")


@dataclass(frozen=True)
class _Compiled:
    sql: str
    params: tuple[Any, ...]
    slots: tuple[tuple[int, int], ...]
    """``(position in params, index of the value)`` for each place a stand-in took."""
    rows: str
    """``_ROWS``'s name of what is given."""
    model: type[Model] | None
    start: int
    end: int
    attnames: tuple[str, ...]
    populators: tuple[Any, ...]
    annotations: tuple[tuple[str, int], ...]
    converters: tuple[tuple[int, tuple[Any, ...], Any], ...]


class CompiledQuery(Generic[T]):
    """``build(*values)``'s queryset, compiled once per database alias and run again
    with other ``values`` of the same ``kinds`` (``int`` or ``str``)."""

    def __init__(self, build: Callable[..., QuerySet[Any]], *kinds: type) -> None:
        self._build = build
        self._kinds = kinds
        self._compiled: dict[tuple[str, str], _Compiled] = {}
        self._lock = threading.Lock()

    def all(self, *values: Any, using: str = "default") -> list[T]:
        """What the queryset gives for ``values``."""
        compiled = self._compiled_for(using)
        params = list(compiled.params)
        for position, index in compiled.slots:
            params[position] = values[index]
        connection = connections[using]
        rows = run_statement(connection, compiled.sql, params)
        if compiled.converters:
            rows = [_converted(compiled, row, connection) for row in rows]
        if compiled.rows == "flat":
            return [row[0] for row in rows]
        if compiled.rows == "tuples":
            return [tuple(row) for row in rows]  # type: ignore[misc]
        return [self._object(compiled, row, using) for row in rows]

    def first(self, *values: Any, using: str = "default") -> T | None:
        """The first thing given, or ``None``; give the queryset its ``[:1]``."""
        found = self.all(*values, using=using)
        return found[0] if found else None

    def _object(self, compiled: _Compiled, row: Any, using: str) -> T:
        # What django.db.models.query.ModelIterable does with each row.
        assert compiled.model is not None
        obj = compiled.model.from_db(using, compiled.attnames, row[compiled.start : compiled.end])
        for populator in compiled.populators:
            populator.populate(row, obj)
        for name, position in compiled.annotations:
            setattr(obj, name, row[position])
        return obj  # type: ignore[return-value]

    def _compiled_for(self, using: str) -> _Compiled:
        key = (using, connections[using].vendor)
        compiled = self._compiled.get(key)
        if compiled is None:
            with self._lock:
                compiled = self._compiled.get(key) or self._compile(using)
                self._compiled[key] = compiled
        return compiled

    def _compile(self, using: str) -> _Compiled:
        stand_ins = [_stand_in(kind, index) for index, kind in enumerate(self._kinds)]
        queryset = self._build(*stand_ins).using(using)
        rows = _ROWS.get(queryset._iterable_class)
        if rows is None:
            raise ValueError("a compiled query gives model objects or values_list rows")
        if queryset._known_related_objects or queryset._prefetch_related_lookups:
            raise ValueError("a compiled query cannot prefetch or come from a related manager")
        compiler = queryset.query.get_compiler(using)
        sql, params = compiler.as_sql()
        slots = []
        for index, stand_in in enumerate(stand_ins):
            found = [p for p, value in enumerate(params) if value == stand_in]
            if not found:
                raise ValueError(
                    f"value {index + 1} does not reach the database unchanged: "
                    "only a value compared with = can be compiled"
                )
            slots.extend((position, index) for position in found)
        select, klass_info = compiler.select, compiler.klass_info
        converters = compiler.get_converters([column[0] for column in select[: compiler.col_count]])
        start = end = 0
        if rows == "objects":
            fields = klass_info["select_fields"]
            start, end = fields[0], fields[-1] + 1
        return _Compiled(
            sql=sql,
            params=tuple(params),
            slots=tuple(slots),
            rows=rows,
            model=klass_info["model"] if rows == "objects" else None,
            start=start,
            end=end,
            attnames=tuple(column[0].target.attname for column in select[start:end]),
            populators=(
                tuple(get_related_populators(klass_info, select, using))
                if rows == "objects"
                else ()
            ),
            annotations=tuple((compiler.annotation_col_map or {}).items()),
            converters=tuple(
                (position, tuple(functions), expression)
                for position, (functions, expression) in converters.items()
            ),
        )


def _converted(compiled: _Compiled, row: Any, connection: Any) -> list[Any]:
    """The row with its fields' converters applied (JSON, times), as Django's
    compiler applies them."""
    row = list(row)
    for position, functions, expression in compiled.converters:
        value = row[position]
        for convert in functions:
            value = convert(value, expression, connection)
        row[position] = value
    return row
