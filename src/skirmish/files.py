"""Files on disk: every file skirmish writes goes through :func:`write_text`, every file it
reads through :func:`read_text`.

A write goes to a temporary file beside the target, is flushed to disk and renamed over the
target, so the target is either the old file or the whole new one, never half of either; on
any failure the temporary file is removed. A symbolic link is written through to its target;
a target that is no regular file (a device, a pipe) is refused; the new file keeps the old
one's permissions, or takes the user's umask. Every operating-system error, on reading or
writing, becomes one :class:`~skirmish.errors.FileError` line naming the file.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

from skirmish.errors import FileError

MAX_INPUT_BYTES = 4 * 1024 * 1024
"""The largest file skirmish reads: saves, boards, squads and books are a few hundred KB."""


def write_text(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) atomically.

    Raises:
        FileError: the folder is missing, the target is a folder or no regular file, or the
            system refused (permissions, a read-only or full file system); the target is left
            as it was.
    """
    target = _target(path)
    data = text.encode("utf-8")
    try:
        handle, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as exc:
        raise FileError(f"cannot write {path}: {_reason(exc)}") from None
    try:
        os.fchmod(handle, _mode(target))
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, target)
    except OSError as exc:
        _discard(tmp)
        raise FileError(f"cannot write {path}: {_reason(exc)}") from None
    except BaseException:
        _discard(tmp)
        raise


def check_writable(path: Path) -> None:
    """Refuse, before any work is done, a file :func:`write_text` could not write: the checks
    it makes, and a file created and removed in its folder.

    Raises:
        FileError: why ``path`` cannot be written.
    """
    target = _target(path)
    try:
        handle, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as exc:
        raise FileError(f"cannot write {path}: {_reason(exc)}") from None
    os.close(handle)
    _discard(tmp)


def check_target(path: Path | None, inputs: Iterable[tuple[str, Path | None]] = ()) -> None:
    """Refuse, before any work is done, an output file that could not be written
    (:func:`check_writable`) or that is one of the command's ``inputs`` (its flag or argument
    and its path): writing it would destroy what the command read.

    Raises:
        FileError: why ``path`` cannot be written.
    """
    if path is None:
        return
    for flag, given in inputs:
        if given is not None and same_file(path, given):
            raise FileError(f"cannot write {path}: it is {flag}, which this command reads")
    check_writable(path)


def same_file(one: Path, other: Path) -> bool:
    """Whether ``one`` and ``other`` name one existing file (through links, or two names of
    it); a missing file is no other."""
    try:
        return os.path.samefile(one, other)
    except OSError:
        return False


def _target(path: Path) -> Path:
    """The file a write of ``path`` replaces: a link's target; refused when it is a folder,
    no regular file, or its folder is missing."""
    target = Path(os.path.realpath(path))
    if target.is_dir():
        raise FileError(f"cannot write {path}: it is a folder")
    if target.exists() and not target.is_file():
        raise FileError(f"cannot write {path}: it is no regular file")
    if not target.parent.is_dir():
        raise FileError(f"cannot write {path}: no folder {path.parent}")
    return target


def _mode(target: Path) -> int:
    """The permissions of the file written: the old file's, else what the umask leaves."""
    with contextlib.suppress(OSError):
        return stat.S_IMODE(target.stat().st_mode)
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def read_text(path: Path, limit: int = MAX_INPUT_BYTES) -> str:
    """The text of ``path`` (UTF-8), refusing files larger than ``limit`` bytes.

    Raises:
        FileError: the file is missing, a folder, unreadable, too large or not UTF-8 text.
    """
    try:
        size = path.stat().st_size
        if path.is_dir():
            raise FileError(f"cannot read {path}: it is a folder")
        if size > limit:
            raise FileError(f"{path} is {size:,} bytes; files up to {limit:,} bytes are read")
        return path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise FileError(f"no such file: {path}") from None
    except OSError as exc:
        raise FileError(f"cannot read {path}: {_reason(exc)}") from None
    except UnicodeDecodeError:
        raise FileError(f"{path} is not UTF-8 text") from None


def _reason(exc: OSError) -> str:
    return exc.strerror or " ".join(str(exc).split())


def _discard(tmp: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(tmp)
