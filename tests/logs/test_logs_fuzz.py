"""Damaged logs never crash a reader or the verifier: a LogError, a round fault, or a verdict."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hostile import assert_clean, run_capped

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


# Whole rounds settled (issue 38's checks of what a round records): the end tags' facts
# changed at random, on the logs with the most kinds of ending, plus byte noise.
ROUND_SAMPLES = [DATA / "tenhou_mjlog" / name for name in
                 ("bug2.xml", "bug6.xml", "chip.xml_", "sanma2.xml", "pao.xml")] + \
    [DATA / "mjai" / "handmade.mjson", DATA / "tenhou6" / "handmade.json"]
_END_TAG = re.compile(r"<(?:RYUUKYOKU|AGARI)[^>]*>")
_TYPES = ("", "yao9", "kaze4", "reach4", "kan4", "ron3", "nm", "other")
_ABORTS = ("流局", "九種九牌", "四風連打", "四家立直", "四槓散了", "三家和了", "流し満貫", "x")


def _mutate_facts(text: str, rng: random.Random) -> str:
    """One end tag's type, shown hands, ba, sc, owari or ten changed, or a tenhou.net/6
    result's name."""
    if text.lstrip().startswith("{") and "流局" in text and rng.random() < 0.5:
        return text.replace("流局", rng.choice(_ABORTS), 1)
    tags = list(_END_TAG.finditer(text))
    if not tags:
        return _mutate(text, rng)
    tag = rng.choice(tags)
    body = tag.group(0)
    choice = rng.randrange(5)
    if choice == 0:
        body = re.sub(r' type="[^"]*"', "", body)
        kind = rng.choice(_TYPES)
        if kind:
            body = body.replace(" ", f' type="{kind}" ', 1)
    elif choice == 1:
        body = re.sub(r' hai[0-3]="[^"]*"', "", body, count=1) if rng.random() < 0.5 else \
            body.replace(" sc=", f' hai{rng.randrange(4)}="{rng.randrange(136)},1,2" sc=', 1)
    else:
        name = ("ba", "sc", "owari" if "owari" in body else "ten")[choice - 2]
        found = re.search(f' {name}="([^"]*)"', body)
        if found is not None:
            values = found.group(1).split(",")
            index = rng.randrange(len(values))
            values[index] = rng.choice(("-1", "0", "999999999999", "1.5", "x", "13.0"))
            body = body.replace(found.group(0), f' {name}="{",".join(values)}"')
    return text[:tag.start()] + body + text[tag.end():]


def test_round_facts_of_damaged_logs_end_cleanly_under_caps(tmp_path: Path) -> None:
    # Every round of 140 damaged copies settled and compared in one capped child: it ends
    # in time and memory, exit 0 or 1, one JSON report, no internal error.
    rng = random.Random(38)
    for sample in ROUND_SAMPLES:
        text = sample.read_text(encoding="utf-8")
        for attempt in range(20):
            mutated = _mutate_facts(text, rng) if attempt % 4 else _mutate(text, rng)
            (tmp_path / f"{sample.stem}_{attempt}{sample.suffix}").write_text(
                mutated, encoding="utf-8")
    capped = run_capped(["logs", "verify", str(tmp_path), "--json", "--assume-rules",
                         "tenhou", "--rounds"], seconds=120)
    assert_clean(capped, (0, 1))
    report = json.loads(capped.stdout)
    assert report["files"] + report["skipped_count"] == 140
    assert report["rounds"] > 500
    # The changes reach the checks of issue 38, not only the readers' faults.
    facts = {difference.split(":")[0] for verdict in report["round_disagreements"]
             for difference in verdict["differences"]}
    assert len(facts & {"tenpai", "nine terminals", "four kans", "triple ron", "nagashi mangan",
                        "points before the payment", "exhaustive draw"}) >= 3, facts
