"""scripts/profile_pure.py: the sampling profile that says where pure ``score()`` time goes."""

from __future__ import annotations

import importlib.util
import signal
import sys
from pathlib import Path
from types import ModuleType

import pytest

import typed_mahjong

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "profile_pure.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("profile_pure", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["profile_pure"] = module
    spec.loader.exec_module(module)
    return module


def test_samples_are_charged_to_the_stage_score_was_running(
        capsys: pytest.CaptureFixture[str]) -> None:
    script = load_script()
    # Innermost first, as the timer handler records them.
    samples = [
        ["shape.HandTiles.__init__", "scoring._quick_tiles", "scoring._score", "loop"],
        ["scoring._quick_tiles", "scoring._score", "loop"],
        ["fu.fu_total", "scoring._evaluate", "scoring._score", "loop"],
        ["scoring._score", "loop"],
        ["loop"],
    ]
    script.report(samples, top=3)
    out = capsys.readouterr().out
    assert "5 samples" in out
    # 2 of 5 under _quick_tiles, 1 under _evaluate, 1 in _score's own code, 1 outside.
    assert " 40.0%  scoring._quick_tiles" in out
    assert " 20.0%  scoring._evaluate" in out
    assert " 20.0%  scoring._score (own code)" in out
    assert " 20.0%  outside score()" in out
    # Own code against inclusive: _quick_tiles runs itself in 1 sample, is on the stack in 2.
    assert " 20.0%  (incl.  40.0%)  scoring._quick_tiles" in out


@pytest.mark.skipif(typed_mahjong.build_info().is_compiled,
                    reason="profiles the pure-Python build only")
def test_a_short_run_profiles_scoring(capsys: pytest.CaptureFixture[str]) -> None:
    script = load_script()
    before = signal.getsignal(signal.SIGALRM)
    argv = ["--rounds", "2", "--hands", "300", "--interval", "0.0002", "--top", "5"]
    assert script.main(argv) == 0
    # The profiler leaves the process as it found it: no handler or timer of its own.
    assert signal.getsignal(signal.SIGALRM) is before
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    out = capsys.readouterr().out
    assert "stages: what scoring._score was running" in out
    assert "scoring._quick_tiles" in out  # every hand's text is read there
