"""The compiled build answers exactly as the pure build, hand by hand (issue 15).

Runs where the build under test is the compiled one (``python3 dev.py test --compiled``, and
in CI): this process scores the benchmark hands with the compiled core, a child process with
``TYPED_MAHJONG_PURE=1`` scores them with the pure-Python sources of the same install, and
every record must be equal: each ``Score`` attribute, ``explain()``, the yaku keys, and
shanten and waits (see score_dump.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from score_dump import records

from typed_mahjong import build_info

SEED, HANDS = 2024, 6000  # bench_core.py's default seed; enough hands for the rare yaku
DUMP = Path(__file__).with_name("score_dump.py")

pytestmark = pytest.mark.skipif(
    not build_info().is_compiled,
    reason="needs the compiled build: `python3 dev.py test --compiled` (CI runs it)")


def _flat(record: dict[str, object]) -> dict[str, object]:
    """{"score": {"points": ...}} -> {"score.points": ...}: a failure names the field."""
    flat: dict[str, object] = {}
    for key, value in record.items():
        if isinstance(value, dict):
            flat.update((f"{key}.{inner}", item) for inner, item in value.items())
        else:
            flat[key] = value
    return flat


def test_compiled_and_pure_builds_agree_on_every_benchmark_hand() -> None:
    env = {**os.environ, "TYPED_MAHJONG_PURE": "1"}
    # -P: the child imports typed_mahjong from PYTHONPATH (this same install), not a checkout.
    child = subprocess.run([sys.executable, "-P", str(DUMP), str(SEED), str(HANDS)],
                           env=env, capture_output=True, text=True, check=True)
    pure = json.loads(child.stdout)
    assert pure["build"].startswith("pure Python: TYPED_MAHJONG_PURE is set"), pure["build"]
    # Through JSON as the child's were, so that tuples and lists compare alike.
    compiled = json.loads(json.dumps(records(SEED, HANDS)))
    assert len(compiled) == len(pure["records"]) == 2 * HANDS
    differing = [i for i, (a, b) in enumerate(zip(compiled, pure["records"], strict=True))
                 if a != b]
    if differing:
        first = differing[0]
        ours, theirs = _flat(compiled[first]), _flat(pure["records"][first])
        detail = "\n".join(f"  {key}: compiled {ours.get(key)!r}, pure {theirs.get(key)!r}"
                           for key in sorted(ours.keys() | theirs.keys())
                           if ours.get(key) != theirs.get(key))
        where = (f"hands.generate({SEED}, {HANDS})[{first}]" if first < HANDS
                 else f"hands.random_concealed({SEED}, {HANDS})[{first - HANDS}]")
        pytest.fail(f"{len(differing)} of {len(compiled)} records differ; the first is "
                    f"{where}:\n{detail}")
    # The records are not trivially equal: real scores were compared.
    scored = [r["score"] for r in compiled if isinstance(r.get("score"), dict)]
    assert len(scored) > HANDS * 0.75  # the rest: HandErrors (e.g. red fives under wrc)
    assert len({r["points"] for r in scored}) > 20
