"""The constraint language's tokenizer and parser: every construct, every syntax error."""

from __future__ import annotations

import pytest

from typed_mahjong.games import syntax as S


def test_precedence_or_below_and_below_not() -> None:
    expr = S.parse("not x or y and z")
    # or(not x, and(y, z))
    assert isinstance(expr, S.BoolOp) and expr.op == "or"
    left, right = expr.operands
    assert isinstance(left, S.Not)
    assert isinstance(right, S.BoolOp) and right.op == "and"


def test_and_or_chains_are_flat() -> None:
    expr = S.parse("a and b and c")
    assert isinstance(expr, S.BoolOp) and len(expr.operands) == 3


def test_comparison_chain_keeps_every_operator() -> None:
    expr = S.parse("a.colour == b.colour != c.colour")
    assert isinstance(expr, S.Compare)
    assert expr.ops == ("==", "!=")
    assert [type(o) for o in expr.operands] == [S.Attr, S.Attr, S.Attr]


@pytest.mark.parametrize("op", ["==", "!=", "<", "<=", ">", ">=", "in", "not in"])
def test_every_comparison_operator(op: str) -> None:
    expr = S.parse(f"a.n {op} b")
    assert isinstance(expr, S.Compare) and expr.ops == (op,)


def test_not_in_is_one_operator_and_not_a_negation() -> None:
    expr = S.parse("a.name not in ['x', 'y']")
    assert isinstance(expr, S.Compare) and expr.ops == ("not in",)
    assert isinstance(expr.operands[1], S.ListLit)


def test_arithmetic_binds_tighter_than_comparison_and_is_left_associative() -> None:
    expr = S.parse("a.n + 1 - 2 == b.n")
    assert isinstance(expr, S.Compare)
    left = expr.operands[0]
    # (a.n + 1) - 2
    assert isinstance(left, S.Arith) and left.op == "-"
    assert isinstance(left.left, S.Arith) and left.left.op == "+"


def test_unary_minus_and_literals() -> None:
    expr = S.parse("-3 == x")
    assert isinstance(expr, S.Compare)
    negated = expr.operands[0]
    assert isinstance(negated, S.Negate) and isinstance(negated.operand, S.IntLit)
    assert S.parse("true") == S.BoolLit(True, 0)
    assert S.parse("'red'") == S.StrLit("red", 0)
    assert S.parse('"blue"') == S.StrLit("blue", 0)


def test_part_call_and_aggregate() -> None:
    call = S.parse("same(a, b, c)")
    assert isinstance(call, S.Call) and call.func == "same" and len(call.args) == 3
    agg = S.parse("count(t.colour == 'red' for t in hand)")
    assert isinstance(agg, S.Aggregate)
    assert (agg.func, agg.var) == ("count", "t")
    assert isinstance(agg.group, S.Name) and agg.group.id == "hand"
    assert isinstance(agg.body, S.Compare)


def test_aggregate_over_a_slot_list() -> None:
    agg = S.parse("distinct(t.suit for t in [a, d, g])")
    assert isinstance(agg, S.Aggregate) and isinstance(agg.group, S.ListLit)
    assert len(agg.group.items) == 3


def test_parentheses_group() -> None:
    expr = S.parse("(x or y) and z")
    assert isinstance(expr, S.BoolOp) and expr.op == "and"
    assert isinstance(expr.operands[0], S.BoolOp) and expr.operands[0].op == "or"


def test_unicode_names_are_allowed() -> None:
    # Game files may be written in any language, like the Japanese Mahverous files.
    expr = S.parse("a.色 == b.色")
    assert isinstance(expr, S.Compare)
    assert isinstance(expr.operands[0], S.Attr) and expr.operands[0].attr == "色"


def test_called_parts_finds_nested_calls() -> None:
    assert S.called_parts(S.parse("p(a) and not q(b) or count(r(t) for t in hand) > 1")) == {
        "p", "q", "r"}


@pytest.mark.parametrize(
    ("text", "position", "fragment"),
    [
        ("", 0, "empty expression"),
        ("a.colour = 'red'", 9, "compare with '=='"),
        ("a.colour == 'red", 12, "unterminated string"),
        ("a.colour @ b", 9, "unexpected character '@'"),
        ("a.colour ==", 11, "expected a value, found the end"),
        ("(a.n == 1", 9, "expected ')' to close '('"),
        ("a. == b", 3, "expected an attribute name after '.'"),
        ("a.and", 2, "expected an attribute name"),
        ("a b", 2, "unexpected 'b'"),
        ("[]", 1, "empty list"),
        ("count(t in hand)", 15, "expected 'for'"),
        ("count(x for in hand)", 12, "expected a variable name after 'for'"),
        ("count(x for t hand)", 14, "expected 'in'"),
        ("count()", 6, "written count(<expression> for t in <group>)"),
        ("f(a, b", 6, "to close the call of 'f'"),
        ("x and or y", 6, "unexpected keyword 'or'"),
    ],
)
def test_syntax_errors_name_the_position(text: str, position: int, fragment: str) -> None:
    with pytest.raises(S.ExprSyntaxError) as caught:
        S.parse(text)
    assert caught.value.position == position
    assert fragment in caught.value.message


def test_expression_length_limit() -> None:
    text = "a.n == 1 or " * 200 + "true"  # 2404 characters
    with pytest.raises(S.ExprSyntaxError, match=f"limit is {S.MAX_CHARS}"):
        S.parse(text)


def test_node_limit_stops_a_wide_expression() -> None:
    # MAX_NODES names and the node joining them: under the length limit, one node too many
    text = " or ".join(["x"] * S.MAX_NODES)
    assert len(text) <= S.MAX_CHARS
    with pytest.raises(S.ExprSyntaxError, match="more than 400 nodes"):
        S.parse(text)


@pytest.mark.parametrize("opener,closer", [("(", ")"), ("not ", ""), ("-", ""), ("[", "]")])
def test_depth_limit_stops_deep_nesting_before_python_recursion(opener: str,
                                                                closer: str) -> None:
    depth = 300  # far past MAX_DEPTH; would also be far past it inside Python's own parser
    text = opener * depth + "x" + closer * depth
    with pytest.raises(S.ExprSyntaxError, match="nests deeper than"):
        S.parse(text)


def test_numbers_are_bounded() -> None:
    with pytest.raises(S.ExprSyntaxError, match="larger than"):
        S.parse("a.n == 12345678901234567890")
    assert S.parse("1000000000") == S.IntLit(10**9, 0)


def test_canonical_text_normalises_order_free_constructs() -> None:
    rename = {"a": "#0", "d": "#1"}
    assert S.canonical(S.parse("a.n == d.n"), rename) == S.canonical(
        S.parse("d.n == a.n"), rename)
    assert S.canonical(S.parse("x and y"), {}) == S.canonical(S.parse("y and x"), {})
    assert S.canonical(S.parse("count(t.w for t in [a, d])"), rename) == S.canonical(
        S.parse("count(t.w for t in [d, a])"), rename)
    # != chains, < and arithmetic keep their order: swapping changes their meaning.
    assert S.canonical(S.parse("a.n < d.n"), rename) != S.canonical(S.parse("d.n < a.n"), rename)
