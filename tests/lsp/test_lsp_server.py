"""``typed-mahjong lsp`` driven over stdio as an editor drives it.

Hands and values (worked by hand, tenhou rules):
- 234p234s456m567s44p won on 3p by ron: tanyao 1 han; fu 20 + 10 closed ron + 2 kanchan
  = 32, rounded up to 40; 40 * 2**3 = 320 basic, * 4 = 1280, rounded up: 1300.
- 123m456p234s789s55m won on 4s by ron with riichi: riichi 1 + pinfu 1 = 2 han 30 fu;
  30 * 2**4 = 480, * 4 = 1920 -> 2000 for a non-dealer.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pygls", reason="the lsp extra is not installed: pip install -e '.[lsp]'")

from lsp_client import Client  # noqa: E402 - after the skip

CONFIG = "[mypy]\nplugins = typed_mahjong.plugin\n\n[mypy.plugins.typed_mahjong]\nrules = tenhou\n"
TANYAO = 'x: Points[Hand["234p234s456m567s44p"], Ron["3p"]] = {value}\n'
HEADER = "from typed_mahjong import Hand, Points, Ron\n\n"
# Where 1600 starts: "x: Points[Hand[\"234p234s456m567s44p\"], Ron[\"3p\"]] = " is 52 long.
VALUE_COLUMN = 52


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "mypy.ini").write_text(CONFIG)
    (tmp_path / ".git").mkdir()  # the project's root: the settings search stops here
    return tmp_path


@pytest.fixture
def client(project: Path) -> Iterator[Client]:
    client = Client(project)
    client.initialize(project)
    yield client
    assert client.close() == 0


def _summary(diagnostics: list[dict[str, Any]]) -> list[tuple[int, int, str, str]]:
    return [(d["range"]["start"]["line"], d["range"]["start"]["character"], d["code"],
             d["message"]) for d in diagnostics]


def test_a_wrong_value_is_mypys_error_and_a_same_length_fix_clears_it(
        client: Client, project: Path) -> None:
    path = project / "fixtures.py"
    path.write_text(HEADER + TANYAO.format(value=1600))
    uri = client.open(path)
    assert _summary(client.diagnostics(uri)) == [(
        2, VALUE_COLUMN, "assignment", 'Incompatible types in assignment (expression has type '
        '"Literal[1600]", variable has type "Literal[1300]")')]
    # The edit pylsp-mypy's live mode gets wrong (issue 40): same length, unsaved.
    client.change(uri, 2, HEADER + TANYAO.format(value=1300))
    assert client.diagnostics(uri, version=2) == []


def test_hover_gives_the_answer_and_why(client: Client, project: Path) -> None:
    path = project / "fixtures.py"
    path.write_text(HEADER + TANYAO.format(value=1300))
    uri = client.open(path)
    assert client.diagnostics(uri) == []
    hover = client.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                  "position": {"line": 2, "character": 6}})
    text = hover["contents"]["value"]
    assert text.startswith("**Points = 1300**")
    assert "tanyao 1 = 1 han" in text
    assert "= 40 fu" in text and "2 kanchan wait" in text
    assert "discarder pays 1300" in text
    # Away from any annotation: nothing.
    assert client.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                 "position": {"line": 0, "character": 2}}) is None


def test_the_quick_fix_writes_the_right_value(client: Client, project: Path) -> None:
    path = project / "fixtures.py"
    path.write_text(HEADER + TANYAO.format(value=1600))
    uri = client.open(path)
    [diagnostic] = client.diagnostics(uri)
    actions = client.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": diagnostic["range"],
        "context": {"diagnostics": [diagnostic]}})
    [action] = actions
    [edit] = action["edit"]["changes"][uri]
    assert edit == {"range": {"start": {"line": 2, "character": VALUE_COLUMN},
                              "end": {"line": 2, "character": VALUE_COLUMN + 4}},
                    "newText": "1300"}
    assert action["kind"] == "quickfix"


def test_a_yaku_union_offers_each_name(client: Client, project: Path) -> None:
    path = project / "fixtures.py"
    path.write_text('from typed_mahjong import Hand, Riichi, Ron, Yaku\n\n'
                    'y: Yaku[Hand["123m456p234s789s55m"], Ron["4s"], Riichi] = "tanyao"\n')
    uri = client.open(path)
    [diagnostic] = client.diagnostics(uri)
    assert diagnostic["message"].endswith(
        'variable has type "Literal[\'riichi\', \'pinfu\']")')
    actions = client.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": diagnostic["range"],
        "context": {"diagnostics": [diagnostic]}})
    assert [a["edit"]["changes"][uri][0]["newText"] for a in actions] == ["'riichi'",
                                                                          "'pinfu'"]


def test_imports_resolve_as_a_user_expects(client: Client, project: Path) -> None:
    path = project / "styles.py"
    path.write_text(
        "from typing import Final, Literal as L\n"
        "import typed_mahjong as tm\n"
        "from typed_mahjong import Hand as H, Points, Ron\n"
        "Win = Ron\n"
        'HAND: Final = "123m456p234s789s55m"\n'
        'a: tm.Points[tm.Hand["234p234s456m567s44p"], tm.Ron["3p"]] = 1300\n'
        'b: Points[H[L["234p234s456m567s44p"]], Win["3p"]] = 1600\n'
        'c: Points[H[HAND], Ron["4s"], tm.Riichi] = 2000\n'
        'd: Points[Hand["234p234s456m567s44p"], Ron["3p"]] = 1600\n')
    uri = client.open(path)
    # b is wrong; d's Hand is not imported: mypy says so itself ("not defined"), not we.
    assert _summary(client.diagnostics(uri)) == [(
        6, 52, "assignment", 'Incompatible types in assignment (expression has type '
        '"Literal[1600]", variable has type "Literal[1300]")')]


def test_code_that_is_not_ours_is_left_alone(client: Client, project: Path) -> None:
    path = project / "other.py"
    path.write_text("from other import Points, Hand, Ron\n"
                    "x: int = 'not a number'\n"
                    'y: Points[Hand["234p234s456m567s44p"], Ron["3p"]] = 1600\n'
                    "def broken(:\n")  # a syntax error: not ours either
    uri = client.open(path)
    assert client.diagnostics(uri) == []
    client.change(uri, 2, path.read_text().replace("def broken(:\n", ""))
    assert client.diagnostics(uri, version=2) == []


def test_bad_input_gets_bounded_errors_and_the_server_lives_on(client: Client,
                                                               project: Path) -> None:
    path = project / "hostile.py"
    # A hand of 10,000 tiles: refused as too long before it is read; the error is on the
    # whole string (its opening quote), as mypy places an error of no one character.
    hand = "1m" * 10_000
    path.write_text("from typed_mahjong import Game, Hand, Points, Ron\n"
                    'g: Points[Game["/etc/passwd"], Hand["fox"]] = 1\n'
                    f'h: Points[Hand["{hand}"], Ron["1m"]] = 1\n')
    uri = client.open(path)
    found = _summary(client.diagnostics(uri))
    assert [(line, column, code) for line, column, code, _ in found] == [
        (1, 15, "mahjong-game"), (2, 15, "mahjong-malformed")]
    assert "'/etc/passwd' is outside the project" in found[0][3]
    assert "20000 characters is too long for a hand (at most 256)" in found[1][3]
    assert all(len(message) < 500 for *_, message in found)
    huge = "x = 1\n" * ((9 << 20) // 6)  # 9 MiB of Python
    client.change(uri, 2, huge)
    [too_big] = client.diagnostics(uri, version=2)
    assert too_big["code"] == "mahjong-usage" and "are not checked" in too_big["message"]
    client.change(uri, 3, HEADER + TANYAO.format(value=1300))
    assert client.diagnostics(uri, version=3) == []
    assert client.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                 "position": {"line": 2, "character": 6}})


def test_settings_problems_are_reported_not_hands_checked_under_them(
        client: Client, project: Path) -> None:
    (project / "mypy.ini").write_text(CONFIG + "colour = red\n")
    path = project / "fixtures.py"
    path.write_text(HEADER + TANYAO.format(value=1600))
    uri = client.open(path)
    [problem] = client.diagnostics(uri)
    assert problem["code"] == "mahjong-config"
    assert "unknown key 'colour'" in problem["message"]


def test_inlay_hints_are_off_by_default_and_give_the_value_when_on(project: Path) -> None:
    path = project / "fixtures.py"
    path.write_text(HEADER + 'x: Points[Hand["234p234s456m567s44p"], Ron["3p"]]\n')
    whole = {"start": {"line": 0, "character": 0}, "end": {"line": 5, "character": 0}}
    for options, expected in (({}, None), ({"inlayHints": True}, [" = 1300"])):
        client = Client(project)
        try:
            client.initialize(project, options)
            uri = client.open(path)
            assert client.diagnostics(uri) == []
            hints = client.request("textDocument/inlayHint",
                                   {"textDocument": {"uri": uri}, "range": whole})
            assert (hints if hints is None else [hint["label"] for hint in hints]) == expected
        finally:
            assert client.close() == 0
