"""Hostile game files through the command line, each run in a child under the caps of
``tests/hostile.py`` (60 s, 2 GiB): what held before issue 30 and must keep holding (YAML
bombs, deep nesting, unsafe tags, special paths), and generated files built to break the
loader and the scorer. Every run ends with the documented exit code and no traceback.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import pytest
from hostile import assert_clean, run_capped
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))
from game_fuzz import GOOD, hostile_file, load_and_score  # noqa: E402
from test_games_hostile import BILLION_LAUGHS  # noqa: E402


def check_and_score(path: str) -> list[tuple[list[str], set[int]]]:
    """Every command that reads a game file, and its exit code for a refused one."""
    return [(["game", "check", path], {1}), (["game", "score", path, "red red red"], {2}),
            (["game", "tiles", path], {2})]


@pytest.mark.parametrize(("name", "text", "fragment"), [
    ("bomb", BILLION_LAUGHS, "YAML aliases (*name) are not allowed"),
    ("deep", "name: " + "[" * 50_000 + "]" * 50_000 + "\n", "nests deeper than 24"),
    ("python tag", GOOD.replace("name: Trio", "name: !!python/object/apply:os.system ['true']"),
     "is not allowed in game files"),
    ("huge", GOOD + "# " + "x" * 300_000 + "\n", "larger than 262144 bytes"),
    ("not utf-8", "name: \udcff\n", "not UTF-8"),
])
def test_refused_files_end_cleanly(tmp_path: Path, name: str, text: str, fragment: str
                                   ) -> None:
    path = tmp_path / "evil.yaml"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    for argv, codes in check_and_score(str(path)):
        result = run_capped(argv)
        assert_clean(result, codes=codes)
        assert fragment in result.stdout + result.stderr, result


def test_special_paths_end_cleanly(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    cases = [(str(fifo), "a FIFO"), (str(loop), "loop of symbolic links"),
             (str(tmp_path), "a directory"), ("/dev/zero", "character device"),
             ("/dev/stdin", "not a regular file"), ("", "cannot read the game file")]
    for path, fragment in cases:
        if path.startswith("/dev/") and not os.path.exists(path):
            continue
        for argv, codes in check_and_score(path):
            # stdin is a pipe that never ends: reading it would hang the run.
            result = run_capped(argv, stdin=b"", seconds=30)
            assert_clean(result, codes=codes)
            if path != "/dev/stdin":
                assert fragment in result.stdout + result.stderr, result


# -- generated hostile files (game_fuzz.py) ---------------------------------------------


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rng=st.randoms(use_true_random=False))
def test_generated_hostile_files_fail_cleanly(rng: random.Random) -> None:
    load_and_score(hostile_file(rng))


FUZZ_CHILD = """\
import random, sys
sys.path.insert(0, sys.argv[1])
from game_fuzz import hostile_file, load_and_score
for seed in range(int(sys.argv[2]), int(sys.argv[3])):
    load_and_score(hostile_file(random.Random(seed)))
print("done")
"""


@pytest.mark.slow
def test_many_generated_hostile_files_within_the_caps() -> None:
    # The same generator, 3000 seeds, in a child under the time and memory caps.
    result = run_capped([str(Path(__file__).parent), "0", "3000"], code=FUZZ_CHILD,
                        seconds=300)
    assert_clean(result, codes={0})
    assert result.stdout.strip() == "done"


def test_generated_files_through_the_command_line(tmp_path: Path) -> None:
    rng = random.Random(30)
    for number in range(6):
        path = tmp_path / f"fuzz{number}.yaml"
        path.write_text(hostile_file(rng), encoding="utf-8")
        result = run_capped(["game", "check", str(path)])
        assert_clean(result, codes={0, 1})
