"""Generated hostile logs (hypothesis): whatever a log holds, reading it ends in rounds, round
faults or one LogError, and verifying its wins ends in verdicts; a quoted value is short.

The generators build each format from its own pieces (mjlog elements, tenhou.net/6 round
entries, mjai events) with values drawn from the edges: ids past 135, seats past the
table, negative and 30-digit numbers, floats, wrong types, long strings, control
characters. docs/reliability.md ("Game logs") lists them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hostile_logs import mjai_start, tenhou6_document
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from typed_mahjong.logs import LogError, read_log, verify_wins
from typed_mahjong.logs.checked import QUOTE_LIMIT

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])

edge_numbers = st.one_of(st.integers(-3, 140), st.integers(-10**30, 10**30),
                         st.sampled_from([0, 1, 3, 4, 13, 135, 136, 65535, 65536, 10**12]))
edge_text = st.one_of(st.text(max_size=12), st.text(alphabet="0123456789,-", max_size=24),
                      st.sampled_from(["", "\x1b[2J", "1" * 200, "30符1飜1000点", "r60",
                                       "c121314", "p474747", "E", "5mr", "?", "NaN"]))
json_leaves = st.one_of(edge_numbers, edge_text, st.booleans(), st.none(),
                        st.floats(allow_nan=False, allow_infinity=False))
json_values = st.recursive(json_leaves, lambda inner: st.one_of(
    st.lists(inner, max_size=6), st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=20)


def _read_and_verify(path: Path) -> None:
    try:
        game = read_log(path)
    except LogError as error:
        _check_message(str(error))
        return
    for fault in game.faults:
        _check_message(str(fault))
    verify_wins(game.wins)  # any outcome, but no exception


def _check_message(text: str) -> None:
    assert "\x1b" not in text
    assert "1" * (QUOTE_LIMIT + 20) not in text  # a quoted value is cut short


# --- Tenhou mjlog ------------------------------------------------------------------------

def _attribute_values() -> st.SearchStrategy[str]:
    return st.one_of(edge_numbers.map(str),
                     st.lists(edge_numbers, max_size=16).map(lambda xs: ",".join(map(str, xs))),
                     st.sampled_from(["", "1,2,", "0x10", "&amp;", "\x1b", "9" * 5000]))


mjlog_elements = st.one_of(
    st.tuples(st.sampled_from("TUVWDEFG"), st.integers(0, 140)).map(
        lambda pair: f"<{pair[0]}{pair[1]}/>"),
    st.builds(lambda name, attrs: f"<{name} " + " ".join(
        f'{key}="{value}"' for key, value in attrs.items()) + "/>",
        st.sampled_from(["INIT", "N", "REACH", "DORA", "AGARI", "RYUUKYOKU", "GO", "UN"]),
        st.dictionaries(st.sampled_from(["seed", "oya", "hai0", "hai1", "hai2", "hai3", "who",
                                         "fromWho", "m", "step", "hai", "machi", "sc", "ten",
                                         "yaku", "type", "ba", "doraHai", "doraHaiUra"]),
                        _attribute_values(), max_size=8)),
    st.sampled_from(["<!-- x -->", "<!DOCTYPE m>", "<?pi x?>", "text", "<a><b/></a>",
                     "<T1 />", "<INIT", "</mjloggm>"]),
)


@SETTINGS
@given(st.lists(mjlog_elements, max_size=40))
def test_generated_mjlogs(tmp_path: Path, elements: list[str]) -> None:
    path = tmp_path / "gen.xml"
    path.write_text('<mjloggm ver="2.3"><GO type="169"/>' + "".join(elements) + "</mjloggm>",
                    encoding="utf-8")
    _read_and_verify(path)


# --- tenhou.net/6 ------------------------------------------------------------------------

@SETTINGS
@given(st.integers(0, 3), st.integers(0, 16), json_values)
def test_generated_tenhou6_entries(tmp_path: Path, round_index: int, entry: int,
                                   value: Any) -> None:
    document = tenhou6_document()
    document["log"][round_index][entry] = value
    path = tmp_path / "gen.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    _read_and_verify(path)


@SETTINGS
@given(st.lists(json_values, max_size=8))
def test_generated_tenhou6_logs(tmp_path: Path, rounds: list[Any]) -> None:
    path = tmp_path / "gen.json"
    path.write_text(json.dumps({"rule": {"disp": "般南喰赤", "aka": 1}, "log": rounds}),
                    encoding="utf-8")
    _read_and_verify(path)


# --- mjai --------------------------------------------------------------------------------

mjai_events = st.builds(
    lambda kind, fields: {"type": kind, **fields},
    st.sampled_from(["tsumo", "dahai", "chi", "pon", "daiminkan", "ankan", "kakan", "reach",
                     "reach_accepted", "dora", "hora", "ryukyoku", "nukidora", "end_kyoku",
                     "start_kyoku"]),
    st.dictionaries(st.sampled_from(["actor", "target", "pai", "consumed", "deltas",
                                     "dora_marker", "yakus", "fan", "fu", "hora_points",
                                     "ura_markers", "bakaze", "kyoku", "honba", "tehais"]),
                    st.one_of(json_values, st.sampled_from(["1m", "5pr", "E", "C", "?"]),
                              st.integers(0, 3)), max_size=6))


@SETTINGS
@given(st.lists(mjai_events, max_size=30))
def test_generated_mjai_logs(tmp_path: Path, events: list[dict[str, Any]]) -> None:
    path = tmp_path / "gen.mjson"
    path.write_text("\n".join([mjai_start(), *map(json.dumps, events)]), encoding="utf-8")
    _read_and_verify(path)
