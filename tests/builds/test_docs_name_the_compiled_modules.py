"""Issue 44: the docs say which modules a compiled install runs compiled as the one list
(``COMPILED_MODULES``, typed_mahjong/build.py) says it. docs/logs.md said the log reader
was not compiled after its modules had joined the list, and the README counted 30."""

from __future__ import annotations

import re
from pathlib import Path

from typed_mahjong.build import COMPILED_MODULES

ROOT = Path(__file__).resolve().parents[2]


def test_the_version_lines_in_the_docs_count_the_list() -> None:
    for name in ("README.md", "docs/builds.md"):
        counts = re.findall(r"compiled \(mypyc\): (\d+) modules run as",
                            (ROOT / name).read_text(encoding="utf-8"))
        assert counts and {int(count) for count in counts} == {len(COMPILED_MODULES)}, name


def test_the_log_reader_docs_name_its_modules_as_compiled() -> None:
    text = " ".join((ROOT / "docs" / "logs.md").read_text(encoding="utf-8").split())
    sentence = re.search(r"the build a compiled install runs now: (.*?) are in "
                         r"`COMPILED_MODULES`", text)
    assert sentence is not None
    named = re.findall(r"`(logs\.\w+)`", sentence.group(1))
    assert named == [name for name in COMPILED_MODULES if name.startswith("logs.")]
    assert "not committed" not in text and "with the modules below added" not in text
