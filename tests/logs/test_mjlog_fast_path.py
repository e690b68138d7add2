"""The mjlog reader's two ways of reading a round give the same rounds.

The fast path (``mjlog_fast``) reads a round from its tags in bulk and gives up on any
fault or any spelling Tenhou does not write; the careful path (``tenhou_xml._XmlRound``)
then reads it element by element and names the fault. Every real log is read the fast
way whole, and the same as the careful way; logs damaged at random (tags dropped,
repeated, swapped or edited, attribute values changed, blanks added) read the same both
ways too: the same rounds, wins, draws and faults, or the same error.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from typed_mahjong.logs import LogError, tenhou_xml
from typed_mahjong.logs.model import Round

DATA = Path(__file__).parent.parent / "data" / "tenhou_mjlog"
REAL_LOGS = sorted(path for path in DATA.iterdir() if path.suffix != ".md")
_TAG = re.compile(rb"<[^<>]*/>")


def _outcome(data: bytes, fast: bool) -> tuple[object, ...]:
    """Everything the reader gives for ``data``: each round (its faults as text) and the
    error that stopped it, if any."""
    return _read(data, fast)[0]


def _read(data: bytes, fast: bool) -> tuple[tuple[object, ...], int]:
    """``_outcome`` and how many rounds were read the careful way."""
    rounds: list[object] = []
    careful = 0
    try:
        reader = tenhou_xml.MjlogReader(data, "game.xml", fast=fast)
        rounds.append(reader.lobby)
        for round_ in reader.rounds():
            rounds.append(_comparable(round_))
        careful = reader.careful_rounds
    except LogError as error:
        rounds.append(("LogError", error.where, error.fault))
    return tuple(rounds), careful


def _comparable(round_: Round) -> tuple[object, ...]:
    # LogError instances compare by identity: compare what they say.
    return (round_.source, round_.where, round_.name, round_.dealer, round_.honba,
            round_.sticks, round_.scores, round_.riichi, round_.final, tuple(round_.wins),
            round_.draw, tuple((fault.where, fault.fault) for fault in round_.faults))


@pytest.mark.parametrize("path", REAL_LOGS, ids=lambda path: path.name)
def test_real_logs_read_the_fast_way_as_the_careful_way(path: Path) -> None:
    data = path.read_bytes()
    fast, fast_careful = _read(data, fast=True)
    slow, slow_careful = _read(data, fast=False)
    rounds = len(fast) - 1  # the lobby, then the rounds
    assert fast_careful == 0  # every round of a real log was read the fast way
    assert slow_careful == rounds  # and the careful way reads them all
    assert fast == slow
    assert rounds > 0 and not any(isinstance(item, tuple) and item[0] == "LogError"
                                  for item in fast)


def _mutate(data: bytes, seed: int, edits: int) -> bytes:
    """``data`` with ``edits`` random changes to its tags and attribute values."""
    rng = random.Random(seed)
    tags = _TAG.findall(data)
    head = data[:data.index(tags[0])]
    tail = data[data.rindex(tags[-1]) + len(tags[-1]):]
    for _ in range(edits):
        index = rng.randrange(len(tags))
        tag = tags[index]
        action = rng.randrange(9)
        if action == 0:
            del tags[index]
        elif action == 1:
            tags.insert(index, tag)
        elif action == 2:
            other = rng.randrange(len(tags))
            tags[index], tags[other] = tags[other], tag
        elif action == 3:  # another number in the tag
            numbers = list(re.finditer(rb"[0-9]+", tag))
            if numbers:
                found = rng.choice(numbers)
                value = rng.choice([b"0", b"1", b"3", b"4", b"13", b"135", b"136", b"999",
                                    b"01", b"-1", b"65535", str(rng.randrange(140)).encode()])
                tags[index] = tag[:found.start()] + value + tag[found.end():]
        elif action == 4:  # a blank or a line break somewhere in the tag
            place = rng.randrange(1, len(tag))
            tags[index] = tag[:place] + rng.choice([b" ", b"\n", b"  ", b"\t"]) + tag[place:]
        elif action == 5:  # an attribute dropped
            tags[index] = re.sub(rb' [A-Za-z0-9]+="[^"]*"', b"", tag, count=1)
        elif action == 6:  # a value list cut or grown
            tags[index] = tag.replace(b',', b'', 1) if rng.random() < 0.5 else \
                tag.replace(b'="', b'="7,', 1)
        elif action == 7:  # a seat changed
            tags[index] = re.sub(rb'(who|fromWho)="[0-9]"',
                                 lambda m: m.group(1) + b'="' + str(rng.randrange(5)).encode()
                                 + b'"', tag, count=1)
        else:  # a draw made a discard or the other way round, or another seat's
            tags[index] = tag[:1] + bytes([rng.choice(b"DEFGTUVW")]) + tag[2:] \
                if re.match(rb"<[D-GT-W][0-9]", tag) else tag
    return head + b"".join(tags) + tail


_SETTINGS = settings(max_examples=150, deadline=None,
                     suppress_health_check=[HealthCheck.too_slow])


@_SETTINGS
@given(st.sampled_from(REAL_LOGS), st.integers(0, 2 ** 32), st.integers(1, 3))
def test_damaged_logs_read_the_fast_way_as_the_careful_way(path: Path, seed: int,
                                                           edits: int) -> None:
    data = _mutate(path.read_bytes(), seed, edits)
    assert _outcome(data, fast=True) == _outcome(data, fast=False)


@pytest.mark.slow
@pytest.mark.parametrize("path", REAL_LOGS, ids=lambda path: path.name)
def test_many_damaged_logs_read_the_same_both_ways(path: Path) -> None:
    data = path.read_bytes()
    for seed in range(300):
        damaged = _mutate(data, seed, 1 + seed % 4)
        assert _outcome(damaged, fast=True) == _outcome(damaged, fast=False), seed
