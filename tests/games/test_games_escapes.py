"""Terminal escape sequences in a game file's names (issue 30): a game, tile or yaku name
holding ESC or a bidirectional override must reach the terminal escaped (``\\u001b``),
never raw, in every message of every command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hostile import assert_clean, run_capped

ESC = "\x1b[2J\x1b[31m"  # clear the screen, then red
RLO = "\u202e"  # right-to-left override ("Trojan source")
RAW = ("\x1b", "\u202e", "\x07")

# The same names in YAML's double-quoted escapes (a YAML file may not hold them raw).
ESC_YAML = "\\x1b[2J\\x1b[31m"
GAME = f"""\
name: "Game{ESC_YAML}\\u202e"
rules: {{hand_size: 3, structure: '3'}}
tiles:
  "t{ESC_YAML}": {{n: 1}}
  "u\\u202e": {{n: 2}}
yaku:
  "Yaku{ESC_YAML}\\a": {{when: a.n == 1, points: 10}}
"""
BROKEN = GAME.replace("when: a.n == 1", "when: a.nn == 1")


@pytest.fixture
def games(tmp_path: Path) -> tuple[Path, Path]:
    good, broken = tmp_path / "good.yaml", tmp_path / "broken.yaml"
    good.write_text(GAME, encoding="utf-8")
    broken.write_text(BROKEN, encoding="utf-8")
    return good, broken


def assert_escaped(text: str) -> None:
    for raw in RAW:
        assert raw not in text, repr(text)


@pytest.mark.parametrize("json_flag", [[], ["--json"]], ids=["text", "json"])
def test_every_game_command_escapes_names(games: tuple[Path, Path], json_flag: list[str]
                                          ) -> None:
    good, broken = games
    hand = f"t{ESC} t{ESC} t{ESC}"
    runs = [
        (["game", "score", str(good), hand, *json_flag], {0}),
        (["game", "score", str(good), f"u{RLO} u{RLO} x{ESC}", *json_flag], {2}),
        (["game", "score", str(broken), hand, *json_flag], {2}),
        (["game", "check", str(good), str(broken)], {1}),
        (["game", "tiles", str(good)], {0}),
    ]
    for argv, codes in runs:
        result = run_capped(argv)
        assert_clean(result, codes=codes)
        assert_escaped(result.stdout + result.stderr)
        assert "\\u001b" in result.stdout + result.stderr, result


def test_json_stays_json_with_the_names_escaped(games: tuple[Path, Path]) -> None:
    good, _ = games
    result = run_capped(["game", "score", str(good), f"t{ESC} t{ESC} t{ESC}", "--json"])
    assert_clean(result, codes={0})
    report = json.loads(result.stdout)
    # JSON's own escape: the value read back is the name as the file wrote it.
    assert report["game"] == f"Game{ESC}{RLO}"
    assert report["yaku"] == [[f"Yaku{ESC}\a", 10]]
