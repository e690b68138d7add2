"""Everything the core answers on the benchmark hands, as JSON-ready text, for one build.

    python -P tests/builds/score_dump.py SEED N   # prints {"build": ..., "records": [...]}

The differential test runs this in a child process with ``TYPED_MAHJONG_PURE=1`` and calls
``records`` in its own (compiled) process: one process cannot hold both builds, their module
names are the same. A record holds every public attribute of the ``Score`` (found with
``dir``, so fields added by a rewrite are compared too), ``explain()``, the yaku's keys, and
shanten/waits of the hand before its winning tile; an error is recorded by its message.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import typed_mahjong  # first: from PYTHONPATH (the build under test), never the checkout
from typed_mahjong import HandError, score, shanten, waits
from typed_mahjong.core.rules import PRESETS

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))  # benchmarks/ is not installed; appended, so it shadows nothing

from benchmarks.hands import generate, random_concealed, tiles_text  # noqa: E402

# Every four-player preset in turn: sanma presets need sanma hands.
RULES = tuple(name for name, preset in PRESETS.items() if preset.players == 4)


def _answer(function: Callable[[str], object], text: str) -> object:
    try:
        answer = function(text)
    except HandError as exc:
        return f"HandError: {exc}"
    return list(answer) if isinstance(answer, tuple) else answer


def score_record(text: str, win: str, rules: str, kwargs: dict[str, object]) -> object:
    try:
        result = score(text, win, rules=rules, **kwargs)  # type: ignore[arg-type]
    except HandError as exc:
        return f"HandError: {exc}"
    fields = {name: repr(getattr(result, name)) for name in dir(result)
              if not name.startswith("_") and not callable(getattr(result, name))}
    fields["explain()"] = result.explain()
    fields["yaku_names('key')"] = repr(result.yaku_names("key"))
    return fields


def records(seed: int, n: int) -> list[object]:
    out: list[object] = []
    for index, hand in enumerate(generate(seed, n)):
        rules = RULES[index % len(RULES)]
        before = list(hand.concealed)
        before.remove(hand.win)
        waiting = " ".join([tiles_text(before)] + [meld.text for meld in hand.melds])
        out.append({
            "score": score_record(hand.hand_text, hand.win_text, rules, hand.score_kwargs()),
            "shanten": _answer(shanten, hand.hand_text),
            "waiting shanten": _answer(shanten, waiting),
            "waits": _answer(waits, waiting),
        })
    for counts in random_concealed(seed, n):
        text = tiles_text([4 * tile + copy for tile in range(34) for copy in range(counts[tile])])
        out.append({"shanten": _answer(shanten, text), "waits": _answer(waits, text)})
    return out


def main(argv: list[str]) -> int:
    seed, n = int(argv[0]), int(argv[1])
    json.dump({"build": str(typed_mahjong.build_info()), "records": records(seed, n)},
              sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
