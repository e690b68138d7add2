"""Game files are read only when they are regular files under the size cap (issue 13/14)."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from typed_mahjong import games
from typed_mahjong.games import GameError
from typed_mahjong.games.files import read_game_bytes
from typed_mahjong.games.yamlsafe import MAX_BYTES
from typed_mahjong.plugin.games import file_digest


def refusal(path: str | Path) -> str:
    with pytest.raises(GameError) as caught:
        games.load(path)
    assert caught.value.kind == games.BAD_FILE
    return caught.value.message


def test_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "game.yaml"
    os.mkfifo(fifo)
    outcome: list[str] = []
    # A blocking open would hang this thread forever; the join timeout makes that a failure.
    worker = threading.Thread(target=lambda: outcome.append(refusal(fifo)), daemon=True)
    worker.start()
    worker.join(timeout=10)
    assert outcome and "a FIFO (named pipe)" in outcome[0]


def test_device_is_refused() -> None:
    assert "a character device" in refusal("/dev/zero")


def test_symlink_to_stdin_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "game.yaml"
    link.symlink_to("/dev/stdin")
    assert "must be a regular file" in refusal(link)


def test_directory_is_refused(tmp_path: Path) -> None:
    assert "a directory" in refusal(tmp_path)


def test_symlink_loop_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").symlink_to(tmp_path / "b.yaml")
    (tmp_path / "b.yaml").symlink_to(tmp_path / "a.yaml")
    assert "loop of symbolic links" in refusal(tmp_path / "a.yaml")


def test_nul_in_path_is_refused() -> None:
    message = refusal("games/a\0b.yaml")
    assert "NUL character" in message and "a\\0b.yaml" in message


def test_missing_file_names_the_fault(tmp_path: Path) -> None:
    assert "No such file or directory" in refusal(tmp_path / "absent.yaml")


def test_oversized_file_reads_no_more_than_the_cap(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_bytes(b"#" * (MAX_BYTES + 1))
    assert f"larger than {MAX_BYTES} bytes" in refusal(path)
    assert read_game_bytes(path, max_bytes=MAX_BYTES + 1) == b"#" * (MAX_BYTES + 1)


def test_symlink_to_a_regular_file_is_followed(tmp_path: Path) -> None:
    target = tmp_path / "real.yaml"
    target.write_bytes(b"name: x\n")
    link = tmp_path / "link.yaml"
    link.symlink_to(target)
    assert read_game_bytes(link) == b"name: x\n"


def test_plugin_digest_of_a_device_is_a_refusal_not_a_read() -> None:
    # /dev/zero never ends: the old digest read it whole until mypy ran out of memory.
    assert file_digest("/dev/zero").startswith("unreadable: ")
    assert "a character device" in file_digest("/dev/zero")
