"""Documents that players write (Sacred Wire squads and books, Wolsung club lists, Strange Aeons
lists): one TOML or JSON file each, the format chosen by the extension.

:func:`read_document` reads the text through :func:`skirmish.files.read_text` (size-capped) and
drops a leading byte-order mark; :func:`decode_document` turns it into plain data. Each failure
is one line, raised as the caller's own :class:`~skirmish.errors.SkirmishError` subclass, so a
ruleset keeps its error family while sharing the reading. :data:`Text` is how the lists'
schemas read a name a player writes.
"""

from __future__ import annotations

import json
import re
import tomllib
import unicodedata
from pathlib import Path
from typing import Annotated

from pydantic import AfterValidator, Strict, StringConstraints

from skirmish.errors import FileError, SkirmishError, quoted
from skirmish.files import read_text

FORMATS = ("toml", "json")
"""The document formats, named as the file extensions that choose them."""

BOM = "\ufeff"
PATH_LIMIT = 80


def read_document(
    path: str | Path, kind: str, error: type[SkirmishError] = SkirmishError
) -> tuple[str, str]:
    """The text and format of the document at ``path`` (``kind`` names it in messages):
    ``toml`` or ``json`` by the extension, a leading byte-order mark dropped (editors that save
    "UTF-8 with BOM").

    Raises:
        error: another extension, or the file cannot be read (one line).
    """
    path = Path(path)
    fmt = path.suffix.lower().lstrip(".")
    if fmt not in FORMATS:
        raise error(f"{file_label(kind, path)}: the file name must end in .toml or .json")
    try:
        text = read_text(path)
    except FileError as exc:
        raise error(f"{kind}: {exc}") from None
    return text.removeprefix(BOM), fmt


def decode_document(
    text: str, fmt: str, label: str, error: type[SkirmishError] = SkirmishError
) -> object:
    """The data of a TOML or JSON (``fmt``) document.

    Raises:
        error: one line naming ``label`` and the syntax error.
    """
    try:
        if fmt == "toml":
            return tomllib.loads(text)
        return json.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{label} is not valid TOML: {one_line(str(exc))}") from None
    except json.JSONDecodeError as exc:
        raise error(f"{label} is not valid JSON: {one_line(str(exc))}") from None
    except RecursionError:
        raise error(f"{label} is not valid {fmt.upper()}: nested too deeply") from None
    except ValueError as exc:  # e.g. a number of more than 4300 digits
        raise error(f"{label} is not valid {fmt.upper()}: {one_line(str(exc))}") from None


def file_label(kind: str, path: str | Path) -> str:
    """``squad file 'crew.toml'``: how messages name a file (a long path cut short)."""
    text = str(path)
    # The end of a path names the file, so a long one loses its start.
    return f"{kind} {text!r}" if len(text) <= PATH_LIMIT else f"{kind} '...{text[-PATH_LIMIT:]}'"


def printable_line(text: str) -> str:
    """``text``, if it is printable on one line: every name a player writes (a squad's, a
    club's, a list's, a model's) ends up in logs, menus, drawings and error lines, where a
    control character or a line break would garble the terminal or forge a line.

    Raises:
        ValueError: the text holds a control character or a line break.
    """
    if not text.isprintable():
        raise ValueError(f"must be printable text on one line (got {quoted(text)})")
    return text


Text = Annotated[
    str,
    Strict(),
    StringConstraints(strip_whitespace=True, min_length=1, max_length=80),
    AfterValidator(printable_line),
]
"""A name or a word a player writes in a list (a Wolsung club list, a Strange Aeons list), as
its schema reads it: a string, stripped, of 1 to 80 characters, printable on one line."""


def one_line(text: str) -> str:
    """``text`` with every run of white space (newlines too) made one space."""
    return " ".join(text.split())


def name_key(name: str) -> str:
    """How names in a player's document are matched: no accents, case, punctuation or extra
    spaces; ``_`` as a space (so ids match too): ``"Windbüchse"``, ``"windbuchse"`` and
    ``"WINDBUCHSE"`` are one."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    words = re.findall(r"[a-z0-9]+", plain.casefold().replace("'", "").replace("_", " "))
    return " ".join(words)
