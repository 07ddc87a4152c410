"""Build hook: the geometry kernel compiled with mypyc (``pyproject.toml`` names the modules
under ``[tool.hatch.build.targets.wheel.hooks.custom]``).

hatch-mypyc moves ``pyproject.toml`` aside while it compiles, which uv takes for a change of
the project and rebuilds on every run; the setuptools it compiles with reads the file without
trouble, so here it stays where it is. A build first removes every compiled module from the
source tree, so one taken off the list is imported from its source again.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from hatch_mypyc.plugin import MypycBuildHook


class CompiledGeometry(MypycBuildHook):
    """hatch-mypyc's hook, leaving ``pyproject.toml`` in place."""

    PLUGIN_NAME = "custom"

    @contextmanager
    def hide_project_file(self) -> Iterator[None]:
        yield

    def clean(self, versions: list[str]) -> None:
        """hatch-mypyc's clean, and the compiled form of a module no longer listed (another
        branch's list, an older commit's): left in the source tree, it would be imported in
        place of the source and fail to find the library it was built with."""
        super().clean(versions)
        for path in Path(self.root, "src").rglob(f"*{self.compiled_extension}"):
            path.unlink()


def get_build_hook() -> type[CompiledGeometry]:
    """The hook hatchling runs (the module imports hatch-mypyc's too)."""
    return CompiledGeometry
