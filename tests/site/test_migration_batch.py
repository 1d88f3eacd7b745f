"""tavolo/migration_batch.Batch: the batched verbose-name migrations leave exactly the
state (and rendered models) that their operations leave one by one."""

from __future__ import annotations

import functools

import pytest
from django.db.migrations.loader import MigrationLoader

from tavolo.migration_batch import Batch

BATCHED = [("tournaments", "0015_verbose_names"), ("scoring", "0003_verbose_names")]


def named(field):
    """The verbose name the field was given (None: Django's default, from its name)."""
    return field.deconstruct()[3].get("verbose_name")


@functools.cache  # ~2 s a migration: the states are only read
def states_after(app: str, name: str):
    loader = MigrationLoader(None, ignore_no_migrations=True)
    migration = loader.get_migration(app, name)
    (batch,) = migration.operations
    assert isinstance(batch, Batch) and len(batch.operations) > 10
    parents = [parent.key for parent in loader.graph.node_map[(app, name)].parents]
    before = loader.project_state(parents, at_end=True)
    assert before.apps  # rendered: each clone then re-renders what its operations touch
    batched = before.clone()
    batch.state_forwards(app, batched)
    one_by_one = before.clone()
    for operation in batch.operations:
        operation.state_forwards(app, one_by_one)
    return before, batched, one_by_one, batch


@pytest.mark.parametrize(("app", "name"), BATCHED)
def test_a_batch_leaves_the_state_its_operations_leave_one_by_one(app, name):
    before, batched, one_by_one, _batch = states_after(app, name)
    assert batched.models == one_by_one.models
    assert batched.models != before.models  # the batch did change something


@pytest.mark.parametrize(("app", "name"), BATCHED)
def test_the_rendered_models_carry_the_new_names(app, name):
    before, batched, one_by_one, batch = states_after(app, name)

    def field(state, operation):
        return state.apps.get_model(app, operation.model_name)._meta.get_field(operation.name)

    renamed = [
        op
        for op in batch.operations
        if type(op).__name__ == "AlterField" and named(field(before, op)) != op.field.verbose_name
    ]
    assert renamed
    for operation in renamed:
        ours, theirs = field(batched, operation), field(one_by_one, operation)
        assert named(ours) == named(theirs) == operation.field.verbose_name
    plurals = [op for op in batch.operations if "verbose_name_plural" in getattr(op, "options", {})]
    for operation in plurals:
        model = batched.apps.get_model(app, operation.name)
        assert model._meta.verbose_name_plural == operation.options["verbose_name_plural"]


def test_a_batch_deconstructs_to_its_operations():
    _before, _batched, _one, batch = states_after(*BATCHED[1])
    name, args, kwargs = batch.deconstruct()
    assert (name, args) == ("Batch", [])
    assert kwargs["operations"] is batch.operations
    assert batch.describe() == f"{len(batch.operations)} operations at once"
