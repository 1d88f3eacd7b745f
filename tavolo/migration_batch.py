"""One migration operation made of many independent ones, with one re-render per model.

Django re-renders a model (and, for a relation or a referenced field, every model
related to it) after each ``AlterField`` or ``AlterModelOptions``. A migration that
only renames things for people, such as ``tournaments.0015_verbose_names`` (172
``AlterField``: new ``verbose_name`` values), spent about half of every ``migrate``
of a new database doing that, and a new database is made by every test worker, the
benchmarks and a new machine's ``./bin/serve``. :class:`Batch` applies the same
operations to the state, asks for each touched model's re-render once, then lets each
operation change the database as it would alone (for verbose names: nothing).

Only for operations that do not depend on each other (none reads what another in the
batch changes): each one's database step sees the state before the whole batch and
after it.
"""

from __future__ import annotations

from typing import Any

from django.db.migrations.operations.base import Operation


class Batch(Operation):
    """``operations`` applied as one: the same state, the same database changes."""

    reversible = True

    def __init__(self, operations: list[Operation]) -> None:
        self.operations = operations

    def deconstruct(self) -> tuple[str, list[Any], dict[str, Any]]:
        return (self.__class__.__qualname__, [], {"operations": self.operations})

    def describe(self) -> str:
        return f"{len(self.operations)} operations at once"

    def state_forwards(self, app_label: str, state: Any) -> None:
        wanted: dict[tuple[str, str], bool] = {}

        def note_reload(app: str, model: str, delay: bool = False) -> None:
            key = (app, model)
            wanted[key] = wanted.get(key, True) and delay

        state.reload_model = note_reload
        try:
            for operation in self.operations:
                operation.state_forwards(app_label, state)
        finally:
            del state.reload_model  # the instance attribute: the method again
        for (app, model), delay in wanted.items():
            state.reload_model(app, model, delay=delay)

    def database_forwards(
        self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any
    ) -> None:
        for operation in self.operations:
            operation.database_forwards(app_label, schema_editor, from_state, to_state)

    def database_backwards(
        self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any
    ) -> None:
        for operation in reversed(self.operations):
            operation.database_backwards(app_label, schema_editor, from_state, to_state)
