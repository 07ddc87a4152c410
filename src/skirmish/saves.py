"""Saved games on disk: a save or a record is one JSON file, read with one-line errors and
written atomically, so a crash never leaves half a file."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from skirmish.errors import SaveError


def write_save(path: Path, data: dict[str, Any]) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename."""
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
    os.replace(tmp, path)


def read_save(path: Path) -> dict[str, Any]:
    """The JSON object of a save or record; a missing, unreadable or malformed file is a
    :class:`SaveError`."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SaveError(f"no such file: {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"cannot read {path}: {' '.join(str(exc).split())}") from None
    except json.JSONDecodeError as exc:
        raise SaveError(f"{path} is not a skirmish save or record: {exc}") from None
    if not isinstance(data, dict):
        raise SaveError(f"{path} is not a skirmish save or record")
    return data
