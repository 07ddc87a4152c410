"""Build hook: the geometry kernel compiled with mypyc (``pyproject.toml`` names the modules
under ``[tool.hatch.build.targets.wheel.hooks.custom]``).

hatch-mypyc moves ``pyproject.toml`` aside while it compiles, which uv takes for a change of
the project and rebuilds on every run; the setuptools it compiles with reads the file without
trouble, so here it stays where it is.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from hatch_mypyc.plugin import MypycBuildHook


class CompiledGeometry(MypycBuildHook):
    """hatch-mypyc's hook, leaving ``pyproject.toml`` in place."""

    PLUGIN_NAME = "custom"

    @contextmanager
    def hide_project_file(self) -> Iterator[None]:
        yield


def get_build_hook() -> type[CompiledGeometry]:
    """The hook hatchling runs (the module imports hatch-mypyc's too)."""
    return CompiledGeometry
