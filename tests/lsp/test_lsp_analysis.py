"""The server's checker without the protocol: memoised answers and column units.

Hands (tenhou rules): 234p234s456m567s44p won on 3p by ron is tanyao 1 han 40 fu, 1300;
123m456p234s789s55m won on 4s by ron is pinfu 1 han 30 fu, 1000.
"""

from __future__ import annotations

from pathlib import Path

from typed_mahjong.lsp.analysis import Checker
from typed_mahjong.lsp.positions import UTF8, UTF16, Lines
from typed_mahjong.query.settings import load_config

MODULE = ('from typed_mahjong import Hand, Points, Ron\n'
          'a: Points[Hand["234p234s456m567s44p"], Ron["3p"]] = {a}\n'
          'b: Points[Hand["123m456p234s789s55m"], Ron["4s"]] = 1000\n')


def test_an_edit_re_answers_only_the_annotations_it_touched(tmp_path: Path) -> None:
    checker = Checker(load_config(None))
    assert checker.check(MODULE.format(a=1300)).messages == ()
    assert checker.asked == 2
    # A new value asks nothing new: the answer is kept by what the annotation asks.
    [wrong] = checker.check(MODULE.format(a=1600)).messages
    assert wrong.code == "assignment" and (wrong.span.line, wrong.span.column) == (2, 52)
    assert checker.asked == 2
    # A new hand is one new question.
    edited = MODULE.format(a=1300).replace('Ron["4s"]', 'Ron["1s"]')
    checker.check(edited)
    assert checker.asked == 3


def test_columns_turn_into_the_clients_units_and_back() -> None:
    # "é" is 2 UTF-8 bytes and 1 UTF-16 unit; "𝄞" is 4 bytes and 2 units.
    lines = Lines('s = "é𝄞"; x = 1\n', UTF16)
    byte_column = len('s = "é𝄞"; '.encode())
    assert lines.to_client(1, byte_column) == (0, 11)  # 9 one-unit characters and 𝄞
    assert lines.from_client(0, 11) == (1, byte_column)
    assert Lines("é\n", UTF8).to_client(1, 2) == (0, 2)
