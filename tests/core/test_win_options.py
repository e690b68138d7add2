"""The one table of win options, and every place derived from it or held to it.

Each client either builds its list from ``WIN_OPTIONS`` or (where a type checker needs a
static declaration) is compared with it here, so no client can drift from the table.
"""

from __future__ import annotations

import argparse
import inspect
import typing
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from typed_mahjong import HandError, score
from typed_mahjong.cli import main
from typed_mahjong.cli.score import register
from typed_mahjong.codegen.fixtures import SITUATION_TYPES
from typed_mahjong.core import scoring
from typed_mahjong.core.rules import Rules
from typed_mahjong.core.situation import Situation
from typed_mahjong.core.win_option_reading import _checked, parsed, read_options
from typed_mahjong.core.win_options import COUNT, FLAG, TILES, WIN_OPTIONS, WIND
from typed_mahjong.query import annotations
from typed_mahjong.query.functions import WinOptions
from typed_mahjong.query.names import (
    FLAG_INPUTS,
    GAME_ONLY_INPUTS,
    INPUTS,
    KEYWORD_TYPES,
    NUMBER_INPUTS,
    TABLE_INPUTS,
    TEXT_INPUTS,
)

HAND, WIN_TILE = "234p234s456m567s44p", "3p"  # tanyao, 1 han 40 fu: 1300 by ron
ROOT = Path(__file__).resolve().parents[2]


def test_situation_has_one_field_per_option_in_table_order() -> None:
    # A new row needs its field here, in the same place: "nuki: int = 0".
    assert Situation._fields == tuple(option.name for option in WIN_OPTIONS), \
        "typed_mahjong.core.situation.Situation must list the rows of WIN_OPTIONS, in order"
    hints = typing.get_type_hints(Situation)
    read_types = {FLAG: bool, COUNT: int, TILES: str, WIND: int}  # winds are tile indices
    for option in WIN_OPTIONS:
        wanted = read_types[option.kind]
        assert hints[option.name] == (wanted | None if option.optional else wanted), option


def test_win_options_typed_dict_is_the_table_and_rules() -> None:
    hints = typing.get_type_hints(WinOptions)
    assert list(hints) == [option.name for option in WIN_OPTIONS] + ["rules"], \
        "win_options.WinOptions must list the rows of WIN_OPTIONS, in order, then rules"
    for option in WIN_OPTIONS:
        wanted = option.type | None if option.optional else option.type
        assert hints[option.name] == wanted, option
    assert hints["rules"] == str | Rules


_VALUES: dict[str, list[object]] = {
    FLAG: [True, False, 1, None], COUNT: [0, 3, -1, True], WIND: ["E", "N", "2z", "X", 1],
    TILES: ["", "3p", 5]}


@given(st.fixed_dictionaries({}, optional={
    option.name: st.sampled_from(_VALUES[option.kind]) for option in WIN_OPTIONS}))
@settings(max_examples=300, deadline=None)
def test_quick_reading_agrees_with_the_rows(options: dict[str, object]) -> None:
    # read_options decides the plain values at once and sends the rest to the rows'
    # checks: the same Situation as reading every value by its row, or the same refusal.
    try:
        rows = _read_by_rows(options)
    except HandError as exc:
        with pytest.raises(HandError) as raised:
            read_options(options)
        assert str(raised.value) == str(exc)
        return
    read = read_options(options)
    assert read == rows
    assert type(read) is Situation


def _read_by_rows(options: dict[str, object]) -> Situation:
    values = list(read_options({}))
    for name, value in options.items():
        option = next(option for option in WIN_OPTIONS if option.name == name)
        values[[o.name for o in WIN_OPTIONS].index(name)] = parsed(option, _checked(option,
                                                                                     value))
    index = {option.name: place for place, option in enumerate(WIN_OPTIONS)}
    for option in WIN_OPTIONS:
        if option.implies is not None and values[index[option.name]]:
            values[index[option.implies]] = True
    return Situation._make(values)


def test_read_options_gives_the_defaults_of_the_table() -> None:
    situation = read_options({})
    assert situation == Situation()  # the table's defaults, read, are Situation's defaults
    assert (situation.seat, situation.round) == (28, 27)  # "S" and "E" as tile indices
    assert read_options({"double_riichi": True}).riichi  # a double riichi is a riichi


def test_situation_is_a_value_like_the_named_tuple_it_was() -> None:
    # A plain class (compiled, its fields are struct reads) that still behaves as a value:
    # equal and hashed by its fields, shown and iterated in table order, copied with changes.
    riichi = Situation(riichi=True, seat=27)
    values = list(Situation())
    values[Situation._fields.index("riichi")] = True
    values[Situation._fields.index("seat")] = 27
    assert riichi == Situation._make(values)
    assert riichi != Situation() and riichi != tuple(riichi)
    assert hash(riichi) == hash(Situation(riichi=True, seat=27))
    assert len({riichi, Situation(riichi=True, seat=27), Situation()}) == 2
    assert riichi._replace(seat=28) == Situation(riichi=True)
    assert riichi.seat == 27  # _replace made a new value
    assert riichi.dealer and not Situation().dealer  # seat 27 is East
    assert riichi._asdict()["riichi"] is True
    assert list(riichi._asdict()) == list(Situation._fields)
    # Every field by name in table order, each the table's default read (winds as tiles).
    read = {option.name: parsed(option, option.default) for option in WIN_OPTIONS}
    shown = ", ".join(f"{name}={29 if name == 'pao' else value!r}" for name, value in read.items())
    assert repr(Situation(pao=29)) == f"Situation({shown})"
    assert "seat=28, round=27" in shown  # "S" and "E" as tile indices


def test_annotation_markers_are_the_table_markers() -> None:
    markers = {option.marker for option in WIN_OPTIONS if option.marker is not None}
    assert set(FLAG_INPUTS) | set(TEXT_INPUTS) | set(NUMBER_INPUTS) == markers
    table = {row.marker for row in TABLE_INPUTS}  # the settlement's own inputs (From)
    assert set(INPUTS) == markers | table | {"Hand", "Game", "Rules", "Explain", "Ron",
                                             "Tsumo", *GAME_ONLY_INPUTS}
    for option in WIN_OPTIONS:
        if option.marker is None:
            continue
        assert option.marker in annotations.__all__, \
            f"typed_mahjong.query.annotations needs the marker class {option.marker} (in __all__)"
        marker = getattr(annotations, option.marker)
        kind = annotations._Flag if option.kind == FLAG else annotations._Input
        assert issubclass(marker, kind), option.marker
    declared = {name for name in annotations.__all__
                if isinstance(getattr(annotations, name), type)
                and issubclass(getattr(annotations, name), annotations._Flag | annotations._Input)}
    assert declared == set(INPUTS) - {"Rules"}  # Rules["..."] is typed_mahjong.Rules


def test_function_hook_keywords_and_codegen_keys_come_from_the_table() -> None:
    assert KEYWORD_TYPES == {"hand": str, "win": str, "rules": str,
                             **{option.name: option.type for option in WIN_OPTIONS},
                             **{row.name: str for row in TABLE_INPUTS}}
    assert SITUATION_TYPES == {option.name: option.type for option in WIN_OPTIONS}


def test_cli_has_a_flag_for_every_option() -> None:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    flags = [option.cli_flag for option in WIN_OPTIONS]
    assert "--renchan" in flags  # the flag the hand-written CLI had lost
    args = parser.parse_args(["score", HAND, "--win", WIN_TILE, "--renchan", "7", "--seat",
                              "E", "--riichi", "--dora", "4m"])
    assert (args.renchan, args.seat, args.riichi, args.dora, args.pao) == (7, "E", True,
                                                                            "4m", None)
    defaults = parser.parse_args(["score", HAND, "--win", WIN_TILE])
    for option in WIN_OPTIONS:
        assert getattr(defaults, option.name) == option.default, option


def test_cli_passes_renchan_to_the_core(capsys: pytest.CaptureFixture[str]) -> None:
    # The flag reaches score(); a count out of the row's range is refused before any
    # conversion, with the row's bounds (issue 30).
    assert main(["score", HAND, "--win", WIN_TILE, "--renchan", "2"]) == 0
    assert "1300" in capsys.readouterr().out
    assert main(["score", HAND, "--win", WIN_TILE, "--renchan", "-1"]) == 2
    assert "argument --renchan: -1 is out of range (0 to 999)" in capsys.readouterr().err


@pytest.mark.parametrize(("keyword", "value", "message"), [
    ("riichi", 1, "riichi: must be True or False, got 1"),
    ("honba", -1, "honba: must be a whole number from 0 to 999, got -1"),
    ("sticks", True, "sticks: must be a whole number from 0 to 999, got True"),
    ("renchan", -2, "renchan: must be a whole number from 0 to 999, got -2"),
    # Issue 30: counts are bounded, and a number too long to print is not printed.
    ("honba", 1000, "honba: must be a whole number from 0 to 999, got 1000"),
    ("nuki", 5, "nuki: must be a whole number from 0 to 4, got 5"),  # four North tiles
    pytest.param("sticks", 10**5000, "sticks: must be a whole number from 0 to 999, got a "
                 "number of about 5001 digits", id="sticks-5001-digits"),
    pytest.param("riichi", -10**5000, "riichi: must be True or False, got a number of about "
                 "5001 digits", id="riichi-5001-digits"),
    ("seat", 1, "seat: must be a string"),
    ("dora", None, "dora: must be a string"),
])
def test_score_checks_each_keyword_by_its_row(keyword: str, value: object,
                                              message: str) -> None:
    with pytest.raises(HandError) as caught:
        score(HAND, WIN_TILE, **{keyword: value})  # type: ignore[misc]
    assert caught.value.field == keyword and message in caught.value.message


def test_score_refuses_an_unknown_keyword() -> None:
    with pytest.raises(TypeError, match="unexpected keyword argument 'nagashi'"):
        score(HAND, WIN_TILE, nagashi=True)  # type: ignore[call-arg]


@pytest.mark.parametrize(("keyword", "suggested"), [
    ("riichii", "riichi"), ("tsumoo", "tsumo"), ("double_richi", "double_riichi"),
    ("Seat", "seat"), ("rule", "rules"), ("dora_indicators", None),
])
def test_a_misspelt_keyword_is_named_with_the_nearest_one(keyword: str,
                                                          suggested: str | None) -> None:
    # Refused before any value is read, even beside a bad value and with good ones around.
    with pytest.raises(TypeError) as caught:
        score(HAND, WIN_TILE, riichi=True, honba=-1, **{keyword: True})  # type: ignore[misc]
    message = str(caught.value)
    assert message.startswith(f"score() got an unexpected keyword argument {keyword!r}")
    if suggested is None:
        assert "did you mean" not in message
    else:
        assert message.endswith(f" (did you mean {suggested!r}?)")


@pytest.mark.parametrize("keywords", [
    {"renchan": -2, "honba": -1}, {"honba": -1, "renchan": -2}, {"nuki": -1, "sticks": -1},
    {"renhou": 1, "riichi": 1}, {"open_riichi": 1, "double_riichi": 2},
])
def test_the_first_bad_value_in_table_order_whether_declared_or_not(
        keywords: dict[str, object]) -> None:
    # renchan, nuki, renhou and open_riichi come in through **unknown; the table's earlier
    # row is still the one named, whatever the order of the call.
    first = min(keywords, key=[option.name for option in WIN_OPTIONS].index)
    with pytest.raises(HandError) as caught:
        score(HAND, WIN_TILE, **keywords)  # type: ignore[misc]
    assert caught.value.field == first


def test_an_unknown_keyword_before_a_bad_undeclared_value() -> None:
    with pytest.raises(TypeError, match="unexpected keyword argument 'nagashi'"):
        score(HAND, WIN_TILE, nuki=-1, renchan=-1, nagashi=True)  # type: ignore[call-arg]


@pytest.mark.parametrize("rules", [5, None, ["tenhou"]])
def test_rules_of_another_type_is_a_located_error(rules: object) -> None:
    with pytest.raises(HandError) as caught:
        score(HAND, WIN_TILE, rules=rules)  # type: ignore[arg-type]
    assert caught.value.field == "rules"
    assert caught.value.message == (f"rules: must be a preset name or a Rules value, got "
                                    f"{rules!r}")


def test_score_declares_the_declared_rows_and_takes_the_others_too() -> None:
    # score() declares each row marked declared (faster to bind than **options; written by
    # scripts/build_win_options.py, whose freshness test_win_option_mirrors.py checks):
    # the function itself, whichever build runs, has the declared rows' names and defaults
    # in order, then rules and the catch-all that takes the other rows and names an unknown
    # keyword.
    parameters = list(inspect.signature(scoring._score).parameters.values())
    assert [(p.name, p.default) for p in parameters[2:-2]] == [
        (option.name, option.default) for option in WIN_OPTIONS if option.declared]
    assert [p.name for p in parameters[-2:]] == ["rules", "unknown"]
    undeclared = [option for option in WIN_OPTIONS if not option.declared]
    assert undeclared  # the options of optional rules and of three-player play
    for option in undeclared:
        # Through **unknown each still reaches its row's check: a bad value names it.
        bad = {FLAG: 1, COUNT: -1, WIND: 5, TILES: 5}[option.kind]
        with pytest.raises(HandError) as caught:
            score(HAND, WIN_TILE, **{option.name: bad})  # type: ignore[misc]
        assert caught.value.field == option.name


_WIND_TILES = {"E": "1z", "S": "2z", "W": "3z", "N": "4z"}


@given(st.fixed_dictionaries({}, optional={
    option.name: st.sampled_from(_VALUES[option.kind]) for option in WIN_OPTIONS
    if option.name not in ("seat", "pao", "nuki")}), st.sampled_from("ESWN"))
@settings(max_examples=200, deadline=None)
def test_score_reads_plain_keywords_as_the_table_does(options: dict[str, object],
                                                      seat: str) -> None:
    # score() makes the Situation at once when every value is plain and sends the rest to
    # read_options (held to the rows above). Seat "1z" instead of "E" reads the same seat
    # but is not plain: the same call through read_options, the same Score or refusal.
    def outcome(seat_text: str) -> object:
        try:
            return score(HAND, WIN_TILE, seat=seat_text, **options)  # type: ignore[misc]
        except HandError as exc:
            return str(exc)

    assert outcome(seat) == outcome(_WIND_TILES[seat])


@pytest.mark.parametrize(("keyword", "text", "position", "words"), [
    # "10m" is no tile (Tile rejects it too): not the indicators 1m and red 5m.
    ("dora", "10m", 0, "'10m' is not a tile"),
    ("dora", "4m10m", 2, "'10m' is not a tile"),
    ("ura", "44p", 0, "write each tile whole, e.g. 4p4p"),
    ("dora", "4x", 1, "unknown character 'x'"),
])
def test_indicators_are_tiles_written_whole(keyword: str, text: str, position: int,
                                            words: str) -> None:
    with pytest.raises(HandError) as caught:
        score(HAND, WIN_TILE, riichi=True, **{keyword: text})  # type: ignore[misc]
    fault = caught.value
    assert (fault.kind, fault.field, fault.position) == ("malformed", keyword, position)
    assert words in fault.message


def test_indicators_one_after_another_or_spaced() -> None:
    # Indicator 4m shows 5m (one in 456m), 1z shows 2z (none): one dora either way.
    for text in ("4m1z", "4m 1z", " 4m1z "):
        assert score(HAND, WIN_TILE, dora=text).han == 2, text


@pytest.mark.parametrize(("keyword", "text"), [
    ("seat", "e"), ("seat", "5z"), ("round", "10z"), ("pao", "1m"), ("seat", "EE"),
])
def test_winds_go_through_the_tile_grammar(keyword: str, text: str) -> None:
    with pytest.raises(HandError) as caught:
        score(HAND, WIN_TILE, **{keyword: text})  # type: ignore[misc]
    assert caught.value.field == keyword and "is not a wind" in caught.value.message


def test_winds_as_letters_or_tiles() -> None:
    # Dealer ron of tanyao 1 han 40 fu: 40 * 2^3 * 6 = 1920 -> 2000.
    assert score(HAND, WIN_TILE, seat="E").points == score(HAND, WIN_TILE, seat="1z").points \
        == 2000
