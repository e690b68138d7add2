"""One query layer: the plugin, ``Query.evaluate()`` and the function forms ask the core the
same question and get the same answer; faults of issue 13 that lived between them.

Hands (worked by hand):
- P = 123m456p234s789s55m won on 4s: pinfu, 1 han 30 fu, 1000 by ron; with riichi 2 han
  30 fu, 2000; yaku in the core's order ("riichi", "pinfu").
- T = 234p234s456m567s44p won on 3p: tanyao (kanchan wait, no pinfu), 1 han 40 fu, 1300.
- FOREST_HAND in the built-in game "forest" (below).
"""

from __future__ import annotations

import re
import typing

import pytest
from plugin_support import REPO, Project, pyproject

from typed_mahjong import Game, Hand, HandError, Points, Riichi, Ron, Yaku, YakuSet, points
from typed_mahjong.query.names import EXACT, MEMBER, RESULT_NAMES

P, T = "123m456p234s789s55m", "234p234s456m567s44p"
# Won on the moon, which must be the cub: Forest Walk 100 + Family Reunion 500 + Three
# Colours 150 + Moonrise 100 = 850 (tests/games/test_games_forest.py works it out).
FOREST_HAND = "fox vixen kit owl eagle_owl owlet bear grizzly moon"
FOREST_YAKU = ("Forest Walk", "Family Reunion", "Three Colours", "Moonrise")


def test_a_call_without_the_winning_tile_is_only_mypys_error(project: Project) -> None:
    project.write("pyproject.toml", pyproject())
    project.write("m.py", f"""\
        from typed_mahjong import han, points, yaku
        a = points("{T}")
        b = yaku(hand="{T}", riichi=True)
        c = han("{T}", "3p", nagashi=True)
    """)
    result = project.check("m.py")
    assert result.status == 1
    assert "mahjong-internal" not in result.stdout
    errors = [line for line in result.lines if ": error: " in line]
    assert [line.rsplit("  ", 1)[1] for line in errors] == [
        "[call-arg]", "[call-arg]", "[call-arg]"], result.stdout


def test_a_ten_is_no_dora_indicator(project: Project) -> None:
    project.write("pyproject.toml", pyproject())
    annotation = f'x: Points[Hand["{T}"], Ron["3p"], Dora["10m"]]'
    call = f'y = points("{T}", win="3p", dora="4m10m")'
    project.write("m.py", f"from typed_mahjong import Dora, Hand, Points, Ron, points\n"
                          f"{annotation}\n{call}\n")
    result = project.check("m.py", "--show-column-numbers")
    assert len(result.lines) == 2, result.stdout
    first, second = result.lines
    # The error is at the "1" of "10m" (columns are 1-based), in either form.
    at_ten = annotation.index('"10m"') + 2
    assert first.startswith(f"m.py:2:{at_ten}: error: dora: '10m' is not a tile")
    assert first.endswith("[mahjong-malformed]")
    assert second.startswith(f"m.py:3:{call.index('10m') + 1}: error: dora: '10m' is not a "
                             f"tile")


def test_runtime_rejects_a_ten_as_the_plugin_does() -> None:
    with pytest.raises(HandError) as caught:
        points(T, win="3p", dora="10m")
    assert (caught.value.field, caught.value.position) == ("dora", 0)


def _query(hint: object) -> typing.Any:
    return typing.get_args(hint)[1]


def test_game_yaku_at_run_time_are_the_names() -> None:
    query = _query(Yaku[Game["forest"], Hand[FOREST_HAND]])
    assert query.evaluate() == FOREST_YAKU
    assert query.accepts("Forest Walk") and not query.accepts("('Forest Walk', 100)")
    assert _query(Points[Game["forest"], Hand[FOREST_HAND]]).evaluate() == 850


def test_builtin_game_names_and_paths(project: Project) -> None:
    project.write("pyproject.toml", pyproject())
    forest = (REPO / "typed_mahjong" / "games" / "builtin" / "forest.yaml").read_text()
    # A file named like the built-in game, with one yaku renamed.
    project.write("forest", forest.replace("Moonrise", "Local Moon"))
    project.write("m.py", f"""\
        from typed_mahjong import Game, Hand, Points, Yaku
        a: Points[Game["forest"], Hand["{FOREST_HAND}"]] = 850
        b: Yaku[Game["forest"], Hand["{FOREST_HAND}"]] = "Moonrise"
        c: Yaku[Game["./forest"], Hand["{FOREST_HAND}"]] = "Local Moon"
        d: Yaku[Game["./forest"], Hand["{FOREST_HAND}"]] = "Moonrise"
    """)
    result = project.check("m.py")
    assert len(result.lines) == 1 and result.lines[0].startswith("m.py:5: error: ")
    assert result.lines[0].endswith("[assignment]"), result.stdout
    assert "Local Moon" in _query(Yaku[Game["./forest"], Hand[FOREST_HAND]]).evaluate(
        base_dir=project.root)


def test_yaku_set_is_every_yaku_in_order(project: Project) -> None:
    project.write("pyproject.toml", pyproject())
    project.write("m.py", f"""\
        from typed_mahjong import Hand, Riichi, Ron, Yaku, YakuSet, yaku
        every: YakuSet[Hand["{P}"], Ron["4s"], Riichi] = ("riichi", "pinfu")
        missing: YakuSet[Hand["{P}"], Ron["4s"], Riichi] = ("riichi",)
        extra: YakuSet[Hand["{P}"], Ron["4s"], Riichi] = ("riichi", "pinfu", "tanyao")
        swapped: YakuSet[Hand["{P}"], Ron["4s"], Riichi] = ("pinfu", "riichi")
        one: Yaku[Hand["{P}"], Ron["4s"], Riichi] = "pinfu"
        call: tuple[str, ...] = yaku("{P}", win="4s", riichi=True)
        wrong: tuple[()] = yaku("{P}", win="4s", riichi=True)
    """)
    result = project.check("m.py")
    assert [line.split(":")[1] for line in result.lines] == ["3", "4", "5", "8"], result.stdout
    assert all(line.endswith("[assignment]") for line in result.lines)
    query = _query(YakuSet[Hand[P], Ron["4s"], Riichi])
    assert query.evaluate() == ("riichi", "pinfu")
    assert query.accepts(("riichi", "pinfu")) and not query.accepts(("riichi",))


# One annotation per result name, with what mypy must reveal for it.
def _annotation(name: str, game: bool) -> str:
    if game:  # Waits: a waiting hand, the winning hand without its last tile
        hand = FOREST_HAND.rsplit(" ", 1)[0] if name == "Waits" else FOREST_HAND
        return f'{name}[Game["forest"], Hand["{hand}"]]'
    if name in ("Shanten", "Waits"):
        return f'{name}[Hand["123m456p789s55m23s"]]'
    if name == "Readings":
        return f'{name}[Hand["{P}"]]'
    if name == "Settlement":  # a ron names its discarder
        return f'{name}[Hand["{P}"], Ron["4s"], Riichi, From["W"]]'
    return f'{name}[Hand["{P}"], Ron["4s"], Riichi]'


def _revealed_values(text: str) -> list[object]:
    """The values inside a revealed Literal type, union or tuple (mypy's spelling)."""
    return [int(item) if re.fullmatch(r"-?\d+", item) else item.strip("'")
            for item in re.findall(r"'[^']*'|-?\d+", text)]


def test_run_time_equals_type_time_for_every_result_name(project: Project) -> None:
    cases = [(row, game) for row in RESULT_NAMES for game in (False, True)
             if not game or row.game]
    project.write("pyproject.toml", pyproject())
    lines = ["from typed_mahjong import (From, Fu, Game, Han, Hand, Payment, Points, "
             "Readings, Riichi, Ron, Settlement, Shanten, Total, Waits, Yaku, YakuSet)"]
    lines += [f"v{index}: {_annotation(row.name, game)}\nreveal_type(v{index})"
              for index, (row, game) in enumerate(cases)]
    project.write("m.py", "\n".join(lines) + "\n")
    result = project.check("m.py")
    revealed = [line.split("Revealed type is ", 1)[1] for line in result.lines]
    assert len(revealed) == len(cases), result.stdout
    namespace: dict[str, object] = {}
    exec("from typed_mahjong import *", namespace)  # noqa: S102 - our own names
    for (row, game), shown in zip(cases, revealed, strict=True):
        hint = eval(_annotation(row.name, game), namespace)  # noqa: S307 - our own text
        query = _query(hint)
        answer = query.evaluate()
        values = list(answer) if isinstance(answer, tuple) else [answer]
        assert _revealed_values(shown) == values, (row.name, game, shown, answer)
        assert typing.get_args(hint)[0] is row.base
        if row.form == MEMBER:
            assert "tuple" not in shown and all(query.accepts(value) for value in values)
        elif row.form == EXACT:
            assert shown.startswith('"tuple[') and query.accepts(answer)
        else:
            assert query.accepts(answer) and not query.accepts(str(answer) + "0")


def test_the_docs_get_type_hints_recipe_holds_for_the_examples() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("fixtures", REPO / "examples" / "fixtures.py")
    assert spec is not None and spec.loader is not None
    fixtures = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fixtures)
    # The recipe of docs/plugin.md, "At run time", word for word.
    hints = typing.get_type_hints(fixtures, include_extras=True)
    checked = 0
    for name, hint in hints.items():
        if typing.get_origin(hint) is typing.Annotated:
            query = hint.__metadata__[0]
            assert query.accepts(getattr(fixtures, name), base_dir=REPO / "examples"), name
            checked += 1
    assert checked >= 60


def test_result_classes_are_the_result_table() -> None:
    from typed_mahjong.query import annotations

    declared = {name for name in annotations.__all__
                if isinstance(getattr(annotations, name), type)
                and issubclass(getattr(annotations, name), annotations._Result)}
    assert declared == {row.name for row in RESULT_NAMES}


def test_a_hand_without_yaku_raises_where_the_plugin_reports_it() -> None:
    # An open hand (chi) whose only honours are a pair of East -- a pair is no yakuhai --
    # with terminals (no tanyao): complete, but without a yaku. The plugin reports
    # mahjong-no-yaku (test_functions.yaml); run time raises the same fault.
    from typed_mahjong.errors import NoYaku

    open_hand = "123m456p789s11z chi:234s"
    with pytest.raises(NoYaku, match="has no yaku"):
        points(open_hand, win="1m")
    with pytest.raises(NoYaku):
        _query(Points[Hand[open_hand], Ron["1m"]]).evaluate()
