"""Every model and field name a person could read (the admin, a model's validation
errors) is marked for translation and reads as Italian in Italian."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.db import models
from django.utils import translation
from django.utils.functional import Promise

OURS = ("tournaments", "scoring")


def our_models() -> list[type[models.Model]]:
    return [m for label in OURS for m in apps.get_app_config(label).get_models()]


def our_fields() -> list[tuple[str, models.Field]]:  # type: ignore[type-arg]
    return [
        (f"{model.__name__}.{field.name}", field)
        for model in our_models()
        for field in model._meta.get_fields(include_hidden=False)
        if isinstance(field, models.Field) and not field.auto_created
    ]


def test_there_are_models_to_check() -> None:
    assert len(our_models()) > 20 and len(our_fields()) > 150


@pytest.mark.parametrize("model", our_models(), ids=lambda m: m.__name__)
def test_a_model_name_is_translatable_and_translated(model: type[models.Model]) -> None:
    names = (model._meta.verbose_name, model._meta.verbose_name_plural)
    assert all(isinstance(name, Promise) for name in names), (
        f"{model.__name__}: Meta.verbose_name and verbose_name_plural must be gettext_lazy"
    )
    with translation.override("it"):
        italian = [str(name) for name in names]
    english = [str(name) for name in names]
    assert italian != english or model.__name__ in {"Account"}, (
        f"{model.__name__}: no Italian name ({english})"
    )


def test_every_field_name_is_translatable() -> None:
    plain = [name for name, field in our_fields() if not isinstance(field.verbose_name, Promise)]
    assert not plain, f"field names not marked for translation: {plain}"


def test_field_names_read_as_italian() -> None:
    with translation.override("it"):
        shown = {name: str(field.verbose_name) for name, field in our_fields()}
    assert shown["Tournament.name"] == "nome"
    assert shown["Round.number"] == "numero"
    assert shown["Club.time_zone"] == "fuso orario"
