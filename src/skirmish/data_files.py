"""Rules data files: the TOML boundary every ruleset's data shares.

:func:`read_data` reads one TOML file of a data folder (the package's, a user's copy, or a
zipped install's resource) into a pydantic model and turns any problem into one
:class:`~skirmish.errors.RulesDataError` line naming the file, the table, the entry and the bad
value.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from skirmish.documents import decode_document
from skirmish.errors import FileError, RulesDataError, quoted
from skirmish.files import read_text

_M = TypeVar("_M", bound=BaseModel)
Source = Path | Traversable


def read_data(source: Source, filename: str, model: type[_M]) -> _M:
    """Read the TOML file ``filename`` of the data folder ``source`` into ``model``.

    :raises RulesDataError: one line naming the file, the table, the entry and the bad value.
    """
    path = source / filename
    label = str(path)
    raw = decode_document(_text(path), "toml", label, RulesDataError)
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise RulesDataError(_describe(label, raw, exc)) from None


def _text(path: Source) -> str:
    """A data file's text: a folder on disk (the package's, or a user's data folder) through
    :func:`skirmish.files.read_text`; a zipped install's resource as it is."""
    try:
        if isinstance(path, Path):
            return read_text(path)
        return path.read_text(encoding="utf-8")
    except FileError as exc:
        raise RulesDataError(f"cannot read rules data: {exc}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RulesDataError(f"{path}: cannot read rules data: {exc}") from None


def _describe(label: str, raw: object, exc: ValidationError) -> str:
    errors = exc.errors(include_url=False)
    first = errors[0]
    loc = first["loc"]
    name = _entry_name(raw, loc)
    entry = f" ({name!r})" if name else ""
    error = first.get("ctx", {}).get("error")
    message = str(error) if error is not None else f"{first['msg']} (got {first['input']!r})"
    more = f" (and {len(errors) - 1} more problems)" if len(errors) > 1 else ""
    return f"{label}: {location_text(loc) or '<top>'}{entry}: {message}{more}"


def location_text(loc: tuple[int | str, ...]) -> str:
    """A pydantic error location as written in a file's terms, e.g. ``models[2].changes``."""
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        elif "[" not in part:  # skip pydantic's union-member tags such as "function-plain[...]"
            text += f".{part}" if text else part
    return text


def shape_problems(exc: ValidationError, wording: Mapping[str, str] | None = None) -> str:
    """Every problem of a document's shape on one line, each at its place in the file's terms;
    ``wording`` words an error type where pydantic's own message would not suit the file."""
    return problem_list(
        [
            f"{location_text(error['loc']) or '<top>'}: {_shape_message(error, wording or {})}"
            for error in exc.errors(include_url=False)
        ]
    )


#: Problems shown in one error line; a file with thousands of bad entries says how many more.
SHOWN_PROBLEMS = 20


def problem_list(problems: Sequence[str]) -> str:
    """The problems of a file on one line, the first :data:`SHOWN_PROBLEMS` of them."""
    shown = "; ".join(problems[:SHOWN_PROBLEMS])
    more = len(problems) - SHOWN_PROBLEMS
    return f"{shown}; and {plural(more, 'more problem')}" if more > 0 else shown


def plural(count: int, word: str) -> str:
    """``count`` with ``word`` in the right number: ``1 model``, ``3 models``, ``2 Bosses``."""
    if count == 1:
        return f"1 {word}"
    return f"{count} {word}es" if word.endswith("ss") else f"{count} {word}s"


TABLE_ERRORS = ("model_type", "model_attributes_type", "dict_type")
"""pydantic's errors for a value that is no table of fields: their message names a class of
ours, never worth showing, so a message says "must be a table of fields" instead."""


def _shape_message(error: Mapping[str, Any], wording: Mapping[str, str]) -> str:
    if error["type"] in wording:
        return wording[error["type"]]
    if error["type"] in TABLE_ERRORS:
        return f"must be a table of fields (got {quoted(error['input'])})"
    cause = error.get("ctx", {}).get("error")
    return str(cause) if cause is not None else str(error["msg"]).lower()


def _entry_name(raw: Any, loc: tuple[int | str, ...]) -> str | None:
    # The deepest mapping along the error path with a "name" (or an "id") is the entry.
    name = None
    node = raw
    for part in (*loc, None):
        if isinstance(node, Mapping):
            label = node.get("name", node.get("id"))
            name = label if isinstance(label, str) else name
        if part is None:
            break
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            break
    return name
