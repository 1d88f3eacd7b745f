"""The API's one layout (written down in ``tournaments/api/__init__.py``), checked.

Every resource is a package ``<app>/api/<resource>/`` of ``__init__`` (a docstring),
``serializers``, ``views`` and ``urls``; what resources share is in
``tournaments/api/shared/``. Serializers and fields are declared only in a
``serializers`` module (or shared), views only in a ``views`` module (or shared), and
a view imports serializers only from its own resource or shared. Each resource's
``urls`` route only to its own views, and the API's URL conf includes every resource.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re

import pytest
from django.urls import URLPattern, URLResolver
from rest_framework import serializers
from rest_framework.views import APIView

from tests.support.import_graph import ROOT, modules, raw_imports

API_PACKAGES = ("tournaments.api", "scoring.api")
SHARED = "tournaments.api.shared"
RESOURCE_MODULES = {"views", "serializers", "urls"}
TOP_MODULES = {"urls"}  # beside __init__: the URL conf that includes the resources
MAX_LINES = 400


def _api_modules() -> list[str]:
    return sorted(m for m in modules() if any(m.startswith(p + ".") for p in API_PACKAGES))


def _parts(name: str) -> tuple[str, str, str | None]:
    """``(package, resource or "", module or None)`` of an API module's name."""
    package = next(p for p in API_PACKAGES if name == p or name.startswith(p + "."))
    rest = name[len(package) + 1 :].split(".") if name != package else []
    if not rest:
        return package, "", None
    if len(rest) == 1:
        is_package = modules()[name].name == "__init__.py"
        return (package, rest[0], None) if is_package else (package, "", rest[0])
    return package, rest[0], ".".join(rest[1:])


def _resources() -> list[str]:
    """Every resource package (``tournaments.api.games`` …), shared left out."""
    found = {
        f"{package}.{resource}"
        for name in _api_modules()
        for package, resource, _ in [_parts(name)]
        if resource
    }
    return sorted(found - {SHARED})


def test_the_api_packages_and_their_resources_are_found():
    assert "tournaments.api.games" in _resources()
    assert "tournaments.api.sheets" in _resources()
    assert "scoring.api.standings" in _resources()
    assert len(_resources()) >= 15


@pytest.mark.parametrize("name", _api_modules())
def test_every_api_module_has_its_place_in_the_layout(name):
    package, resource, module = _parts(name)
    if not resource:
        assert module in TOP_MODULES, f"{name}: only {TOP_MODULES} sit beside the resources"
    elif f"{package}.{resource}" == SHARED:
        assert module is None or "." not in module, f"{name}: shared is one flat package"
    else:
        assert module is None or module in RESOURCE_MODULES, (
            f"{name}: a resource holds only {sorted(RESOURCE_MODULES)} (and __init__)"
        )


@pytest.mark.parametrize("resource", _resources())
def test_every_resource_has_views_serializers_and_urls(resource):
    for module in sorted(RESOURCE_MODULES):
        assert f"{resource}.{module}" in modules(), f"{resource} has no {module}.py"


@pytest.mark.parametrize("resource", [*_resources(), SHARED, *API_PACKAGES])
def test_a_resource_package_holds_a_docstring_and_nothing_else(resource):
    tree = ast.parse(modules()[resource].read_text())
    assert ast.get_docstring(tree), f"{resource}/__init__.py says nothing of what it is"
    assert len(tree.body) == 1, f"{resource}/__init__.py holds more than its docstring"


@pytest.mark.parametrize("name", _api_modules())
def test_no_api_module_is_over_the_limit(name):
    lines = len(modules()[name].read_text().splitlines())
    assert lines <= MAX_LINES, f"{name} has {lines} lines: split the resource in two"


def _defined_classes(name: str) -> list[type]:
    module = importlib.import_module(name)
    return [c for _, c in inspect.getmembers(module, inspect.isclass) if c.__module__ == name]


@pytest.mark.parametrize("name", _api_modules())
def test_serializers_and_fields_are_declared_only_in_serializers_modules(name):
    package, resource, module = _parts(name)
    shared = f"{package}.{resource}" == SHARED
    fields = [c.__name__ for c in _defined_classes(name) if issubclass(c, serializers.Field)]
    if module != "serializers" and not shared:
        assert not fields, f"{name} declares {fields}: they belong in {resource}/serializers.py"


@pytest.mark.parametrize("name", _api_modules())
def test_views_are_declared_only_in_views_modules(name):
    package, resource, module = _parts(name)
    shared = f"{package}.{resource}" == SHARED
    views = [c.__name__ for c in _defined_classes(name) if issubclass(c, APIView)]
    if module != "views" and not shared:
        assert not views, f"{name} declares {views}: they belong in {resource}/views.py"


def _imported_resources(name: str, module: str) -> set[str]:
    """The resources whose ``module`` (``serializers``, ``views``) ``name`` imports."""
    pattern = re.compile(rf"^((?:{'|'.join(map(re.escape, API_PACKAGES))})\.\w+)\.{module}\b")
    return {m.group(1) for raw in raw_imports(name) if (m := pattern.match(raw))}


@pytest.mark.parametrize("resource", _resources())
def test_views_import_serializers_only_from_their_resource_or_shared(resource):
    others = _imported_resources(f"{resource}.views", "serializers") - {resource, SHARED}
    assert not others, (
        f"{resource}.views imports the serializers of {sorted(others)}: import the shape in "
        f"{resource}/serializers.py (nested or re-exported) instead"
    )


@pytest.mark.parametrize("resource", _resources())
def test_serializers_import_no_views_or_urls(resource):
    name = f"{resource}.serializers"
    for kind in ("views", "urls"):
        assert not _imported_resources(name, kind), f"{name} imports {kind}"


def _views_routed(urlconf: str) -> list[tuple[str, str]]:
    """``(URL name, module of its view)`` of every pattern ``urlconf`` declares itself."""
    found = []
    for pattern in importlib.import_module(urlconf).urlpatterns:
        if isinstance(pattern, URLPattern):
            view = getattr(pattern.callback, "view_class", pattern.callback)
            found.append((pattern.name, view.__module__))
    return found


@pytest.mark.parametrize("resource", _resources())
def test_a_resources_urls_route_to_its_own_views_and_are_named_api(resource):
    routed = _views_routed(f"{resource}.urls")
    assert routed, f"{resource}.urls routes nothing"
    for url_name, view_module in routed:
        assert view_module == f"{resource}.views", f"{url_name} goes to {view_module}"
        assert url_name and url_name.startswith("api-"), f"{resource}.urls: {url_name!r}"


def _included(urlconf: str) -> set[str]:
    """The URL confs ``urlconf`` includes (``include`` hands over the module itself)."""
    return {
        getattr(pattern.urlconf_name, "__name__", str(pattern.urlconf_name))
        for pattern in importlib.import_module(urlconf).urlpatterns
        if isinstance(pattern, URLResolver)
    }


@pytest.mark.parametrize("package", API_PACKAGES)
def test_the_api_url_conf_includes_every_resource_and_routes_only_404s_itself(package):
    resources = {r for r in _resources() if r.startswith(package + ".")}
    assert _included(f"{package}.urls") == {f"{r}.urls" for r in resources}
    for url_name, view_module in _views_routed(f"{package}.urls"):
        assert view_module == f"{SHARED}.errors", f"{url_name}: a resource's URL, not a 404"


def test_the_site_includes_each_api_url_conf():
    assert {f"{p}.urls" for p in API_PACKAGES} <= _included("tavolo.urls")


def test_the_rule_is_written_where_maintainers_read_it():
    rule = ast.get_docstring(ast.parse(modules()["tournaments.api"].read_text())) or ""
    assert "serializers.py" in rule and "views.py" in rule and "shared" in rule
    assert "test_api_layout" in rule
    assert "## Layout" in (ROOT / "docs" / "api.md").read_text()
