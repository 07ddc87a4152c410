"""Every event the Strange Aeons rules log has a line of its own in :data:`.log.TEMPLATES`:
an event kind without one fails here, rather than in a game's log (where ``describe`` has no
fallback to print it by)."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path
from types import ModuleType

import skirmish.rulesets.strange_aeons as package
from skirmish.rulesets.strange_aeons.log import TEMPLATES
from skirmish.rulesets.strange_aeons.psychology import Trial


def _modules() -> list[ModuleType]:
    """Every module of the package, imported."""
    found = pkgutil.walk_packages(package.__path__, f"{package.__name__}.")
    return [importlib.import_module(info.name) for info in found]


def _value(module: ModuleType, node: ast.expr) -> object:
    """What a constant, a module's name or a dotted name through its imports stands for in
    ``module`` (``None`` for a local variable)."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return getattr(module, node.id, None)
    if isinstance(node, ast.Attribute):
        return getattr(_value(module, node.value), node.attr, None)
    return None


def _emitted() -> dict[str, str]:
    """The kind each ``emit`` call of the package names by a literal or a constant, with
    the module making it."""
    kinds: dict[str, str] = {}
    for module in _modules():
        if module.__file__ is None:
            continue
        tree = ast.parse(Path(module.__file__).read_text())
        for node in ast.walk(tree):
            call = isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            if call and node.func.attr == "emit" and node.args:  # type: ignore[union-attr]
                kind = _value(module, node.args[0])  # type: ignore[union-attr]
                if isinstance(kind, str):
                    kinds.setdefault(kind, module.__name__)
    return kinds


def _trials(cls: type[Trial]) -> list[type[Trial]]:
    """Every subclass of ``cls``, however deep."""
    return [t for sub in cls.__subclasses__() for t in (sub, *_trials(sub))]


def test_sa_every_event_the_rules_emit_has_a_line_in_the_log() -> None:
    emitted = _emitted()
    assert {"crowded", "compelled", "regained", "forced-to-break", "stake"} <= set(emitted)
    assert "direct" in emitted  # gaze.DIRECT, named through its module
    # What worsens a Resolve is logged by kinds psychology._worsening names in its table.
    emitted |= {"unnerved": "psychology", "node": "psychology"}
    missing = {kind: where for kind, where in emitted.items() if kind not in TEMPLATES}
    assert not missing, f"events with no line in log.TEMPLATES: {missing}"


def test_sa_every_resolve_trial_has_a_line_in_the_log() -> None:
    # A Trial logs its test under its own kind (psychology.Trial.run); only its subclasses
    # are ever run.
    _modules()
    missing = [t.__name__ for t in _trials(Trial) if t.kind not in TEMPLATES]
    assert not missing, f"Resolve tests with no line in log.TEMPLATES: {missing}"
