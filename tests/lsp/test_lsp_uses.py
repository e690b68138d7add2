"""Where a written value meets a name declared with a result, as the server reads it.

The slow comparison (test_lsp_matches_mypy) holds these forms to mypy's own output; these
quick tests pin the reading of scopes, the edits that must re-read a use, and the cases
that must stay silent.

Hand (tenhou rules): 234p234s456m567s44p won on 3p by ron: tanyao, 1 han. Fu: 20 + 10
(closed ron) + 2 (3p fills the 2-4p kanchan) = 32 -> 40. Non-dealer: 40 * 2**(1+2) * 4 =
1280 -> 1300; dealer (Seat["E"]): 40 * 2**3 * 6 = 1920 -> 2000.
"""

from __future__ import annotations

from pathlib import Path

from typed_mahjong.lsp.analysis import Checker
from typed_mahjong.query.settings import load_config

HEAD = "from typed_mahjong import Hand, Points, Ron, Seat\n"
TANYAO = 'Points[Hand["234p234s456m567s44p"], Ron["3p"]]'
DEALER = 'Points[Hand["234p234s456m567s44p"], Ron["3p"], Seat["E"]]'


def _errors(source: str, checker: Checker | None = None) -> list[tuple[int, int, str, str]]:
    report = (checker or Checker(load_config(None))).check(source)
    return [(m.span.line, m.span.column + 1, m.code, m.text) for m in report.messages
            if m.severity == "error"]


def test_a_comparison_with_a_declared_variable_is_held_to_its_answer() -> None:
    # (Each wrong assert in a test of its own: after one, mypy checks no more of the
    # block, which it then knows unreachable; docs/editors.md.)
    source = (HEAD + f"def test() -> None:\n    expected: {TANYAO} = 1300\n"
              "    assert expected == 1300\n    assert expected == 1600\n"
              f"def test_not() -> None:\n    expected: {TANYAO} = 1300\n"
              "    assert 1600 != expected\n")
    assert _errors(source) == [
        (5, 12, "mahjong-mismatch", "typed-mahjong computed 1300 here, not 1600: this "
                                    "comparison is always False"),
        (8, 12, "mahjong-mismatch", "typed-mahjong computed 1300 here, not 1600: this "
                                    "comparison is always True")]


def test_a_local_name_without_a_declaration_hides_the_module_fixture() -> None:
    source = (HEAD + f"expected: {TANYAO} = 1300\n"
              "def test() -> None:\n    expected = 1600\n    assert expected == 1600\n"
              "def other() -> None:\n    assert expected == 1600\n")
    # Only the function that reads the module's fixture compares with its answer.
    assert [(line, code) for line, _, code, _ in _errors(source)] == [(7, "mahjong-mismatch")]


def test_an_untyped_function_is_not_read_as_mypy_does_not_check_it() -> None:
    source = HEAD + f"def test():\n    expected: {TANYAO} = 1300\n    assert expected == 1600\n"
    assert _errors(source) == []


def test_arguments_of_annotated_parameters_and_fields() -> None:
    source = (HEAD + "from dataclasses import dataclass\n"
              f"def dealer(value: {DEALER}, note: str = '') -> None: ...\n"
              "dealer(2000)\ndealer(1300)\ndealer(value=1300)\ndealer(2000, 'x')\n"
              f"@dataclass(frozen=True)\nclass Row:\n    name: str\n    points: {TANYAO}\n"
              "Row('a', 1300)\nRow('a', 1600)\nRow('a', points=2000)\n")
    assert [(line, column, text) for line, column, _, text in _errors(source)] == [
        (5, 8, 'Argument 1 to "dealer" has incompatible type "Literal[1300]"; expected '
               '"Literal[2000]"'),
        (6, 14, 'Argument "value" to "dealer" has incompatible type "Literal[1300]"; '
                'expected "Literal[2000]"'),
        (13, 10, 'Argument 2 to "Row" has incompatible type "Literal[1600]"; expected '
                 '"Literal[1300]"'),
        (14, 17, 'Argument "points" to "Row" has incompatible type "Literal[2000]"; '
                 'expected "Literal[1300]"')]


def test_arguments_are_checked_where_mypy_maps_them() -> None:
    # Too many arguments: mypy reports the call and still checks the first. After a
    # star the positions are unknown; a plain class's constructor takes no fields.
    source = (HEAD + f"def dealer(value: {DEALER}) -> None: ...\n"
              "dealer(1300, 2)\ndealer(*[1300])\ndealer(other=1300)\n"
              "class Plain:\n    points: " + TANYAO + "\nPlain(1600)\n")
    assert [(line, column, code) for line, column, code, _ in _errors(source)] == [
        (3, 8, "arg-type")]


def test_parametrize_rows_against_annotated_parameters() -> None:
    source = (HEAD + "import pytest\n"
              "@pytest.mark.parametrize('expected, label', [(1300, 'a'), (1600, 'b'),\n"
              "                                             pytest.param(1200, 'c')])\n"
              f"def test_points(expected: {TANYAO}, label: str) -> None: ...\n"
              "@pytest.mark.parametrize('expected', [1600], indirect=True)\n"
              f"def test_fixture(expected: {TANYAO}) -> None: ...\n")
    assert [(line, column) for line, column, _, _ in _errors(source)] == [(3, 60), (4, 59)]


def test_an_edit_of_a_declaration_re_reads_its_uses_in_other_statements() -> None:
    checker = Checker(load_config(None))
    source = (HEAD + f"def dealer(value: {DEALER}) -> None: ...\n"
              "def test() -> None:\n    dealer(2000)\n")
    assert _errors(source, checker) == []
    # The seat goes: the parameter now answers 1300 and the unchanged call is wrong.
    edited = source.replace(', Seat["E"]', "")
    assert [(line, code) for line, _, code, _ in _errors(edited, checker)] == [
        (4, "arg-type")]
    assert _errors(source, checker) == []


def test_aliases_of_results_and_inputs_written_alone() -> None:
    source = (HEAD + "from typing import TypeAlias\n"
              f"DealerRon: TypeAlias = {DEALER}\nright: DealerRon = 2000\n"
              "wrong: DealerRon = 1300\n"
              'Broken = Points[Hand["234p234s456m567s44q"], Ron["3p"]]\n'
              "broken: Broken = 1300\n"
              'alone: Hand["234p234s456m567s44p"]\n')
    errors = _errors(source)
    assert [(line, column, code) for line, column, code, _ in errors] == [
        (5, 20, "assignment"),
        (6, 41, "mahjong-malformed"),  # at the alias only, not again at its use
        (8, 8, "mahjong-usage")]
    assert errors[2][3].startswith("Hand[...] is an input, not a type")
    assert 'HAND: Final = "234p234s456m567s44p" then Hand[HAND]' in errors[2][3]


def test_codes_disabled_by_a_mypy_comment_or_the_config(tmp_path: Path) -> None:
    wrong = f"x: {TANYAO} = 1600\n"
    assert [code for _, _, code, _ in _errors(HEAD + wrong)] == ["assignment"]
    assert _errors('# mypy: disable-error-code="assignment, misc"\n' + HEAD + wrong) == []
    config = tmp_path / "mypy.ini"
    config.write_text("[mypy]\nplugins = typed_mahjong.plugin\n"
                      "disable_error_code = assignment\n")
    assert _errors(HEAD + wrong, Checker(load_config(str(config)))) == []
    config.write_text("[mypy]\ndisable_error_code = assignment\n"
                      "enable_error_code = assignment\n")
    assert len(_errors(HEAD + wrong, Checker(load_config(str(config))))) == 1
