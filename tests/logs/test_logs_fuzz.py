"""Damaged logs never crash a reader or the verifier: a LogError, a round fault, or a verdict."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from typed_mahjong.logs import LogError, read_log, verify_win

DATA = Path(__file__).parent.parent / "data"
SAMPLES = [DATA / "tenhou_mjlog" / "pao.xml", DATA / "tenhou_mjlog" / "bug3.xml",
           DATA / "mjai" / "handmade.mjson", DATA / "tenhou6" / "handmade.json"]


def _mutate(text: str, rng: random.Random) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 6)):
        index = rng.randrange(len(chars))
        action = rng.random()
        if action < 0.5 and chars[index].isdigit():
            chars[index] = rng.choice("0123456789")
        elif action < 0.7:
            del chars[index]
        elif action < 0.85:
            chars.insert(index, rng.choice('0123456789,"[]{}<>/ ="abcrpmk-'))
        else:
            chars[index] = rng.choice("0123456789")
    return "".join(chars)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda path: path.name)
def test_mutated_logs_fail_cleanly(sample: Path, tmp_path: Path) -> None:
    rng = random.Random(sample.name)
    text = sample.read_text(encoding="utf-8")
    for attempt in range(150):
        path = tmp_path / f"m{attempt}{sample.suffix}"
        path.write_text(_mutate(text, rng), encoding="utf-8")
        try:
            game = read_log(path)
        except LogError:
            continue
        for win in game.wins:
            verify_win(win)  # any outcome, but no exception
