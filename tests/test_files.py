"""Every file is written through one helper: the target is the old file or the whole new one,
no temporary file outlives a failure, and every OS error is one line."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from skirmish.errors import FileError
from skirmish.files import check_writable, read_text, write_text


def test_write_replaces_the_file_whole(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    target.write_text("old", encoding="utf-8")
    write_text(target, "new")
    assert target.read_text(encoding="utf-8") == "new"
    assert os.listdir(tmp_path) == ["game.json"]


def test_a_full_disk_is_one_line_and_leaves_the_old_file(full_folder: Path) -> None:
    target = full_folder / "keep.json"
    target.write_text("old", encoding="utf-8")
    with pytest.raises(FileError, match=r"cannot write .*keep.json: No space left on device"):
        write_text(target, "x" * 100_000)
    assert target.read_text(encoding="utf-8") == "old"
    assert os.listdir(full_folder) == ["keep.json"]


def test_a_read_only_file_system_is_one_line(read_only_folder: Path) -> None:
    target = read_only_folder / "keep.json"
    with pytest.raises(FileError, match=r"cannot write .*keep.json: Read-only file system"):
        write_text(target, "new")
    assert target.read_text(encoding="utf-8") == "old"
    assert os.listdir(read_only_folder) == ["keep.json"]


def test_a_folder_as_target_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    with pytest.raises(FileError, match="it is a folder"):
        write_text(folder, "svg")
    assert os.listdir(tmp_path) == ["out"] and os.listdir(folder) == []


def test_a_missing_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(FileError, match="no folder"):
        write_text(tmp_path / "nowhere" / "game.json", "{}")
    assert os.listdir(tmp_path) == []


def test_an_interrupted_write_removes_its_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "book.toml"
    target.write_text("old", encoding="utf-8")

    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_text(target, "new")
    assert os.listdir(tmp_path) == ["book.toml"]
    assert target.read_text(encoding="utf-8") == "old"


def test_reading_refuses_big_missing_and_binary_files(tmp_path: Path) -> None:
    big, binary = tmp_path / "big.toml", tmp_path / "bin.toml"
    big.write_bytes(b"#" * 2000)
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(
        FileError, match=r"big.toml is 2,000 bytes; files up to 1,000 bytes are read"
    ):
        read_text(big, limit=1000)
    with pytest.raises(FileError, match="no such file"):
        read_text(tmp_path / "missing.toml")
    with pytest.raises(FileError, match="not UTF-8 text"):
        read_text(binary)
    with pytest.raises(FileError, match="it is a folder"):
        read_text(tmp_path)


def test_a_link_is_written_through_to_its_target(tmp_path: Path) -> None:
    target, link = tmp_path / "target.svg", tmp_path / "link.svg"
    target.write_text("old", encoding="utf-8")
    link.symlink_to(target)
    write_text(link, "new")
    assert link.is_symlink() and target.read_text(encoding="utf-8") == "new"
    assert sorted(os.listdir(tmp_path)) == ["link.svg", "target.svg"]


def test_a_pipe_as_target_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    pipe = tmp_path / "board.svg"
    os.mkfifo(pipe)
    with pytest.raises(FileError, match=r"cannot write .*board.svg: it is no regular file"):
        write_text(pipe, "new")
    assert stat.S_ISFIFO(pipe.stat().st_mode) and os.listdir(tmp_path) == ["board.svg"]


def test_a_new_file_takes_the_umask_and_a_replaced_one_keeps_its_mode(tmp_path: Path) -> None:
    fresh, kept = tmp_path / "new.json", tmp_path / "kept.json"
    kept.write_text("old", encoding="utf-8")
    kept.chmod(0o640)
    mask = os.umask(0o022)
    try:
        write_text(fresh, "new")
        write_text(kept, "new")
    finally:
        os.umask(mask)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o644
    assert stat.S_IMODE(kept.stat().st_mode) == 0o640


def test_a_read_only_target_is_refused_before_any_work(read_only_folder: Path) -> None:
    with pytest.raises(FileError, match=r"cannot write .*new.json: Read-only file system"):
        check_writable(read_only_folder / "new.json")
    assert os.listdir(read_only_folder) == ["keep.json"]


def test_a_writable_target_is_checked_and_nothing_left_behind(tmp_path: Path) -> None:
    with pytest.raises(FileError, match=r"no folder"):
        check_writable(tmp_path / "missing" / "new.json")
    check_writable(tmp_path / "fine.json")
    assert os.listdir(tmp_path) == []
