"""An edit re-parses only the statements it touched, and says what a full parse says.

Hands (tenhou rules): 234p234s456m567s44p won on 3p by ron is tanyao 1 han 40 fu, 1300
for a non-dealer; 123m456p234s789s55m won on 4s by ron is pinfu 1 han 30 fu, 1000.
"""

from __future__ import annotations

import pytest

from typed_mahjong.lsp.analysis import Checker, Report
from typed_mahjong.lsp.pieces import Buffer, split_lines
from typed_mahjong.query.settings import load_config

TANYAO = 'Points[Hand["234p234s456m567s44p"], Ron["3p"]]'
PINFU = 'Points[Hand["123m456p234s789s55m"], Ron["4s"]]'
MODULE = f"""from typed_mahjong import Hand, Points, Ron

a: {TANYAO} = 1600
b: {PINFU} = 1000


@decorator
def f(x: {TANYAO}) -> None:
    inner: {PINFU} = 1000


c: {TANYAO} = 1300; d: {PINFU} = 1000
e: {PINFU} = (
    1000)
g: {TANYAO} = 1600  # type: ignore[assignment]
"""

# (old text, new text) for each kind of edit; each is checked against a full parse.
EDITS = [
    ("= 1600\nb", "= 1300\nb"),  # a value, one line
    ("= 1600\nb", "= 1600\n\n\nb"),  # lines added: what follows moves down
    ("\n\n\n@decorator", "\n@decorator"),  # lines removed: what follows moves up
    ("inner: ", "inner2: "),  # inside a function's body
    ("1300; d", "1600; d"),  # two statements on one line
    ("    1000)", "    1600)"),  # the last line of a statement of two lines
    ("  # type: ignore[assignment]", ""),  # an ignore taken away
    ("from typed_mahjong import Hand, Points, Ron",
     "from typed_mahjong import Hand, Ron"),  # Points unbound: nothing is ours
    ("a: ", "    a: "),  # an indented line: not Python alone, nor whole
    ("e: ", "e = 1\ne: "),  # a new statement before another
]


def _same(incremental: Report, whole: Report) -> None:
    assert incremental.messages == whole.messages
    assert [item.found for item in incremental.answered] == \
        [item.found for item in whole.answered]


@pytest.mark.parametrize(("old", "new"), EDITS, ids=[new.strip() or "removed" for _, new in EDITS])
def test_an_edit_says_what_a_full_parse_says(old: str, new: str) -> None:
    assert old in MODULE
    edited = MODULE.replace(old, new, 1)
    checker = Checker(load_config(None))
    first = checker.check(MODULE, "buffer")
    # The module as written: a's and g's values are wrong (1300 is tanyao's answer), and
    # g's error is ignored.
    assert [(message.span.line, message.code) for message in first.messages] == \
        [(3, "assignment")]
    _same(checker.check(edited, "buffer"), Checker(load_config(None)).check(edited))
    # And back: the edit undone says what the module said.
    _same(checker.check(MODULE, "buffer"), first)


def test_a_value_edit_parses_and_reads_one_statement() -> None:
    checker = Checker(load_config(None))
    checker.check(MODULE, "buffer")
    before = checker.work("buffer")
    # The import, a, b, f, the two on one line, e and g: eight top-level statements.
    assert before["full_parses"] == 1 and before["statements_parsed"] == 8
    renamed = MODULE.replace("d: ", "d2: ")
    [wrong] = checker.check(renamed, "buffer").messages
    assert (wrong.span.line, wrong.text) == (3, 'Incompatible types in assignment (expression '
                                                'has type "Literal[1600]", variable has type '
                                                '"Literal[1300]")')
    assert checker.check(renamed.replace("= 1600\nb", "= 1300\nb"), "buffer").messages == ()
    after = checker.work("buffer")
    assert after["full_parses"] == 1  # no second full parse
    # Two edits of one line each: two lines parsed, and c, d then a read again.
    assert after["lines_parsed"] - before["lines_parsed"] == 2
    assert after["statements_read"] - before["statements_read"] == 3
    assert after["asked"] == before["asked"]  # the answer came from the memo


def test_a_new_binding_reads_again_only_the_statements_using_the_name() -> None:
    checker = Checker(load_config(None))
    checker.check(MODULE, "buffer")
    before = checker.work("buffer")["statements_read"]
    # Ron rebound to Tsumo: every statement naming Ron is read again (a, b, f, c, d, e and
    # g: seven), and the new one; not the first import.
    report = checker.check(MODULE.replace(
        "\n\n@decorator", "\nfrom typed_mahjong import Tsumo as Ron\n@decorator"), "buffer")
    assert checker.work("buffer")["statements_read"] - before == 8
    # a by tsumo: menzen tsumo 1 + tanyao 1 = 2 han; 20 + 2 tsumo + 2 kanchan = 24 -> 30
    # fu; 30 * 2**4 = 480 basic: 500 from each non-dealer and 1000 from the dealer, 2000.
    assert report.answered[0].found.inputs is not None
    assert report.answered[0].found.inputs[1].name == "Tsumo"
    assert [message.text for message in report.messages][0] == (
        'Incompatible types in assignment (expression has type "Literal[1600]", variable '
        'has type "Literal[2000]")')


def test_text_that_is_not_python_keeps_the_last_pieces() -> None:
    buffer = Buffer()
    assert buffer.update(MODULE)
    assert not buffer.update(MODULE.replace("= 1600\nb", "= (1600\nb"))
    assert buffer.lines == split_lines(MODULE)
    assert buffer.update(MODULE.replace("= 1600\nb", "= 1300\nb"))
    assert buffer.work.full_parses == 2  # the broken text was tried whole; the fix was not


def test_lines_break_where_python_breaks_them() -> None:
    assert split_lines("a\r\nb\rc\nd\x0ce") == ["a\r\n", "b\r", "c\n", "d\x0ce"]
    assert split_lines("") == []
