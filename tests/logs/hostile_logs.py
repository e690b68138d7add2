"""Generators of hostile game logs for the reliability tests (tests/logs/test_logs_hostile.py).

Each builds the bytes of a log that attacks one reader: super-linear work, memory blow-up,
numbers past what a conversion takes, impossible events. The valid parts are copied from
the hand-written logs of tests/data so only the attack differs from a log we read.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent.parent / "data"
MJAI = DATA / "mjai" / "handmade.mjson"
TENHOU6 = DATA / "tenhou6" / "handmade.json"
MJLOG = DATA / "tenhou_mjlog"


def tenhou6_document() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(TENHOU6.read_text(encoding="utf-8"))
    return document


def tenhou6_with_result_text(text: str) -> bytes:
    """The hand-made tenhou.net/6 log whose last win's value text ("30符1飜1000点") is
    ``text``."""
    document = tenhou6_document()
    document["log"][-1][-1][2][3] = text
    return json.dumps(document, ensure_ascii=False).encode("utf-8")


def tenhou6_one_entry_rounds(size: int) -> bytes:
    """A tenhou.net/6 document of ``size`` bytes whose log is rounds of one entry each."""
    head, tail = b'{"log":[', b"[0]]}"
    count = (size - len(head) - len(tail)) // 4
    return head + b"[0]," * count + tail


def mjai_start(players: int = 4) -> str:
    hands = [["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p"],
             ["1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "2p", "3p", "4p", "5p"],
             ["E", "E", "S", "S", "W", "W", "N", "N", "P", "P", "F", "F", "C"],
             ["6p", "7p", "8p", "9p", "6s", "7s", "8s", "9s", "C", "C", "5m", "6m", "7m"]]
    return json.dumps({"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0,
                       "kyotaku": 0, "oya": 0, "dora_marker": "1p",
                       "scores": [25000] * players, "tehais": hands[:players]})


def mjai_many_draws(pairs: int) -> bytes:
    """``pairs`` draws of 1m by seat 0, then ``pairs`` draw/discard pairs of 9p: a reader
    that keeps the hand in a list scans past every 1m at each discard."""
    draw = json.dumps({"type": "tsumo", "actor": 0, "pai": "1m"})
    pair = (json.dumps({"type": "tsumo", "actor": 0, "pai": "9p"}) + "\n"
            + json.dumps({"type": "dahai", "actor": 0, "pai": "9p", "tsumogiri": True}))
    lines = [mjai_start()] + [draw] * pairs + [pair] * pairs
    return ("\n".join(lines) + "\n").encode()


def mjai_win_lines(size: int) -> bytes:
    """One round start, then ``hora`` lines up to ``size`` bytes."""
    hora = json.dumps({"type": "hora", "actor": 1, "target": 0, "pai": "4p",
                       "deltas": [-1000, 1000, 0, 0]}) + "\n"
    dahai = json.dumps({"type": "dahai", "actor": 0, "pai": "4p", "tsumogiri": False})
    head = mjai_start() + "\n" + dahai + "\n"
    return (head + hora * ((size - len(head)) // len(hora))).encode()


def gzip_bytes(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=9)


def mjlog(events: str, *, go: int = 169, declaration: str = "") -> str:
    """A one-round mjlog, dealer seat 0, then ``events``. Seat s is dealt copy s of each of
    1m..4p (ids 4k + s, k = 0..12); the dora indicator is id 135."""
    dealt = {seat: [4 * kind + seat for kind in range(13)] for seat in range(4)}
    hands_text = " ".join(f'hai{seat}="{",".join(map(str, ids))}"'
                          for seat, ids in dealt.items())
    return (f'{declaration}<mjloggm ver="2.3"><GO type="{go}" lobby="0"/>'
            f'<TAIKYOKU oya="0"/><INIT seed="0,0,0,1,1,135" ten="250,250,250,250" oya="0" '
            f"{hands_text}/>{events}</mjloggm>")


def mjlog_rounds_read_twice(draws: int, rounds: int) -> str:
    """A one-line mjlog (``mjlog``) whose first round is ``draws`` draws of id 0 by seat 0
    (a fault: past the cap of draws and discards in a round), followed by ``rounds - 1``
    rounds that end at once in an exhaustive draw written with one single-quoted
    attribute: the fast path reads only Tenhou's own spelling, so every round falls back
    to the careful reader."""
    base = mjlog("")
    init = base[base.index("<INIT"):base.index("</mjloggm>")]
    draw = "<RYUUKYOKU ba='0,0' sc=\"250,0,250,0,250,0,250,0\"/>"
    return mjlog("<T0/>" * draws + draw + (init + draw) * (rounds - 1))
