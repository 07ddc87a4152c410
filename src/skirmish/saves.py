"""Saved games on disk: a save or a record is one JSON file, read with one-line errors and
written atomically, so a crash never leaves half a file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from skirmish.documents import decode_document
from skirmish.errors import SaveError
from skirmish.files import read_text, write_text


def write_save(path: Path, data: dict[str, Any]) -> None:
    """Write ``data`` to ``path`` atomically (see :func:`skirmish.files.write_text`)."""
    write_text(path, json.dumps(data, separators=(",", ":")))


def read_save(path: Path) -> dict[str, Any]:
    """The JSON object of a save or record; a missing, unreadable or malformed file is a
    :class:`~skirmish.errors.SkirmishError`."""
    data = decode_document(read_text(path), "json", f"{path}: a save or record", SaveError)
    if not isinstance(data, dict):
        raise SaveError(f"{path} is not a skirmish save or record")
    return data
