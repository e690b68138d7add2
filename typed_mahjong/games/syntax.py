"""Constraint expressions: tokenizer, syntax tree and a recursive-descent parser.

The grammar is tiny and fixed (see docs/games.md), so a hand-written parser is shorter than
any grammar library glue, has no dependency, and lets every limit (text length, node count,
nesting depth) be checked *while* parsing: hostile input stops at the first token past a
limit instead of after Python's own parser has built a huge tree. Nothing here evaluates
anything; ``compiler.py`` type-checks the tree and turns it into closures.

Grammar, loosest binding first::

    expr       := or
    or         := and ("or" and)*
    and        := not ("and" not)*
    not        := "not" not | comparison
    comparison := sum (COMPARE sum)*            COMPARE: == != < <= > >= in, not in
    sum        := product (("+" | "-") product)*
    product    := unary (("*" | "/") unary)*
    unary      := "-" unary | postfix
    postfix    := atom ("." NAME)*
    atom       := INT | STRING | "true" | "false" | NAME
                | AGGREGATE "(" expr "for" NAME "in" postfix ")"
                | NAME "(" [expr ("," expr)*] ")"
                | "(" expr ")" | "[" expr ("," expr)* "]"
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..errors import MahjongError

MAX_CHARS = 2000
MAX_NODES = 400
MAX_DEPTH = 24
MAX_INT = 10**9

KEYWORDS = frozenset({"and", "or", "not", "in", "for", "true", "false"})
AGGREGATES = frozenset({"count", "distinct", "all", "any", "sum"})
COMPARE_OPS = frozenset({"==", "!=", "<", "<=", ">", ">=", "in", "not in"})

# One alternative per token class; every alternative is linear (no nested quantifiers), so
# the scan is O(length) whatever the input.
_TOKEN = re.compile(
    r"""
    (?P<space>\s+)
  | (?P<int>[0-9]+)
  | (?P<name>[^\W\d]\w*)
  | (?P<string>'[^'\n]*'|"[^"\n]*")
  | (?P<op>==|!=|<=|>=|[<>+\-*/().,:\[\]])
    """,
    re.VERBOSE,
)


class ExprSyntaxError(MahjongError):
    """A constraint that does not parse; ``position`` is the 0-based offset in the text
    (``column`` that plus 1; the loader adds the file and line of the constraint)."""

    def __init__(self, message: str, position: int) -> None:
        super().__init__(message, column=position + 1, field="constraint")
        self.position = position


@dataclass(frozen=True, slots=True)
class Token:
    kind: str  # "int", "name", "string", "op", "end"
    text: str
    pos: int


# --- syntax tree -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class IntLit:
    value: int
    pos: int


@dataclass(frozen=True, slots=True)
class StrLit:
    value: str
    pos: int


@dataclass(frozen=True, slots=True)
class BoolLit:
    value: bool
    pos: int


@dataclass(frozen=True, slots=True)
class Name:
    id: str
    pos: int


@dataclass(frozen=True, slots=True)
class Attr:
    obj: Expr
    attr: str
    pos: int  # of the attribute name, so "unknown attribute" points at it


@dataclass(frozen=True, slots=True)
class ListLit:
    items: tuple[Expr, ...]
    pos: int


@dataclass(frozen=True, slots=True)
class Not:
    operand: Expr
    pos: int


@dataclass(frozen=True, slots=True)
class Negate:
    operand: Expr
    pos: int


@dataclass(frozen=True, slots=True)
class Arith:
    op: str  # "+", "-", "*" or "/"
    left: Expr
    right: Expr
    pos: int


@dataclass(frozen=True, slots=True)
class BoolOp:
    op: str  # "and" or "or"
    operands: tuple[Expr, ...]
    pos: int


@dataclass(frozen=True, slots=True)
class Compare:
    operands: tuple[Expr, ...]
    ops: tuple[str, ...]
    pos: int


@dataclass(frozen=True, slots=True)
class Call:
    func: str
    args: tuple[Expr, ...]
    pos: int


@dataclass(frozen=True, slots=True)
class Aggregate:
    func: str
    var: str
    var_pos: int
    group: Expr
    body: Expr
    pos: int


Expr = (
    IntLit
    | StrLit
    | BoolLit
    | Name
    | Attr
    | ListLit
    | Not
    | Negate
    | Arith
    | BoolOp
    | Compare
    | Call
    | Aggregate
)


def tokenize(text: str) -> list[Token]:
    """Split ``text`` into tokens, rejecting anything outside the language at its position."""
    if len(text) > MAX_CHARS:
        raise ExprSyntaxError(
            f"expression is {len(text)} characters long; the limit is {MAX_CHARS}", MAX_CHARS
        )
    tokens: list[Token] = []
    pos = 0
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None:
            raise ExprSyntaxError(_bad_character(text, pos), pos)
        kind = match.lastgroup
        assert kind is not None
        if kind != "space":
            tokens.append(Token(kind, match.group(), pos))
        pos = match.end()
    tokens.append(Token("end", "", len(text)))
    return tokens


def _bad_character(text: str, pos: int) -> str:
    char = text[pos]
    if char in "'\"":
        return "unterminated string (strings end on the same line, with the same quote)"
    if char == "=":
        return "unexpected '='; compare with '=='"
    return f"unexpected character {char!r}"


def parse(text: str) -> Expr:
    """Parse one constraint expression; raises ``ExprSyntaxError`` naming the position."""
    return _Parser(tokenize(text)).parse_all()


class _Parser:
    def __init__(self, tokens: list[Token]) -> None:
        self.tokens = tokens
        self.index = 0
        self.nodes = 0
        self.depth = 0

    # -- helpers --

    @property
    def tok(self) -> Token:
        return self.tokens[self.index]

    def advance(self) -> Token:
        token = self.tokens[self.index]
        self.index += 1
        return token

    def at(self, text: str) -> bool:
        token = self.tok
        return token.kind in ("op", "name") and token.text == text

    def at_not_in(self) -> bool:
        nxt = self.tokens[self.index + 1] if self.index + 1 < len(self.tokens) else self.tok
        return self.at("not") and nxt.kind == "name" and nxt.text == "in"

    def expect(self, text: str, context: str) -> Token:
        if not self.at(text):
            raise ExprSyntaxError(f"expected '{text}' {context}, found {_describe(self.tok)}",
                                  self.tok.pos)
        return self.advance()

    def node(self) -> None:
        # Counted as nodes are built, so a huge expression stops at the first node too many.
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise ExprSyntaxError(
                f"expression has more than {MAX_NODES} nodes; split it into parts",
                self.tok.pos,
            )

    def enter(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ExprSyntaxError(
                f"expression nests deeper than {MAX_DEPTH} levels", self.tok.pos
            )

    def leave(self) -> None:
        self.depth -= 1

    # -- grammar --

    def parse_all(self) -> Expr:
        if self.tok.kind == "end":
            raise ExprSyntaxError("empty expression", 0)
        expr = self.parse_expr()
        if self.tok.kind != "end":
            raise ExprSyntaxError(f"unexpected {_describe(self.tok)}", self.tok.pos)
        return expr

    def parse_expr(self) -> Expr:
        self.enter()
        try:
            return self.parse_or()
        finally:
            self.leave()

    def parse_or(self) -> Expr:
        return self._bool_chain("or", self.parse_and)

    def parse_and(self) -> Expr:
        return self._bool_chain("and", self.parse_not)

    def _bool_chain(self, op: str, operand: Callable[[], Expr]) -> Expr:
        start = self.tok.pos
        operands = [operand()]
        while self.at(op):
            self.advance()
            operands.append(operand())
        if len(operands) == 1:
            return operands[0]
        self.node()
        return BoolOp(op, tuple(operands), start)

    def parse_not(self) -> Expr:
        if self.at("not") and not self.at_not_in():
            pos = self.advance().pos
            self.enter()
            try:
                operand = self.parse_not()
            finally:
                self.leave()
            self.node()
            return Not(operand, pos)
        return self.parse_comparison()

    def parse_comparison(self) -> Expr:
        start = self.tok.pos
        operands = [self.parse_sum()]
        ops: list[str] = []
        while True:
            if self.at_not_in():
                self.advance()
                self.advance()
                ops.append("not in")
            elif self.tok.kind in ("op", "name") and self.tok.text in COMPARE_OPS:
                ops.append(self.advance().text)
            else:
                break
            operands.append(self.parse_sum())
        if not ops:
            return operands[0]
        self.node()
        return Compare(tuple(operands), tuple(ops), start)

    def parse_sum(self) -> Expr:
        left = self.parse_product()
        while self.tok.kind == "op" and self.tok.text in ("+", "-"):
            op = self.advance()
            right = self.parse_product()
            self.node()
            left = Arith(op.text, left, right, op.pos)
        return left

    def parse_product(self) -> Expr:
        left = self.parse_unary()
        while self.tok.kind == "op" and self.tok.text in ("*", "/"):
            op = self.advance()
            right = self.parse_unary()
            self.node()
            left = Arith(op.text, left, right, op.pos)
        return left

    def parse_unary(self) -> Expr:
        if self.at("-"):
            pos = self.advance().pos
            self.enter()
            try:
                operand = self.parse_unary()
            finally:
                self.leave()
            self.node()
            return Negate(operand, pos)
        return self.parse_postfix()

    def parse_postfix(self) -> Expr:
        expr = self.parse_atom()
        while self.at("."):
            self.advance()
            name = self.tok
            if name.kind != "name" or name.text in KEYWORDS:
                raise ExprSyntaxError(
                    f"expected an attribute name after '.', found {_describe(name)}", name.pos
                )
            self.advance()
            self.node()
            expr = Attr(expr, name.text, name.pos)
        return expr

    def parse_atom(self) -> Expr:
        token = self.tok
        self.node()
        if token.kind == "int":
            self.advance()
            value = int(token.text) if len(token.text) <= 10 else MAX_INT + 1
            if value > MAX_INT:
                raise ExprSyntaxError(f"number {token.text[:20]} is larger than {MAX_INT}",
                                      token.pos)
            return IntLit(value, token.pos)
        if token.kind == "string":
            self.advance()
            return StrLit(token.text[1:-1], token.pos)
        if token.kind == "name":
            return self.parse_name_atom(token)
        if self.at("("):
            self.advance()
            inner = self.parse_expr()
            self.expect(")", "to close '('")
            return inner
        if self.at("["):
            return self.parse_list()
        raise ExprSyntaxError(f"expected a value, found {_describe(token)}", token.pos)

    def parse_name_atom(self, token: Token) -> Expr:
        self.advance()
        if token.text in ("true", "false"):
            return BoolLit(token.text == "true", token.pos)
        if token.text in KEYWORDS:
            raise ExprSyntaxError(f"unexpected keyword '{token.text}'", token.pos)
        if not self.at("("):
            return Name(token.text, token.pos)
        self.advance()
        self.enter()
        try:
            if token.text in AGGREGATES:
                return self.parse_aggregate(token)
            args: list[Expr] = []
            if not self.at(")"):
                args.append(self.parse_expr())
                while self.at(","):
                    self.advance()
                    args.append(self.parse_expr())
            self.expect(")", f"to close the call of '{token.text}'")
            return Call(token.text, tuple(args), token.pos)
        finally:
            self.leave()

    def parse_aggregate(self, func: Token) -> Expr:
        # Python's generator form, count(t.colour == 'red' for t in hand), rather than a
        # "t in hand: ..." form: ": " would end a plain YAML scalar and force quoting.
        example = f"as in {func.text}(t.colour == 'red' for t in hand)"
        if self.at(")"):
            raise ExprSyntaxError(f"{func.text}() is written {func.text}(<expression> for t "
                                  "in <group>)", self.tok.pos)
        body = self.parse_expr()
        self.expect("for", f"in {func.text}(), {example}")
        var = self.tok
        if var.kind != "name" or var.text in KEYWORDS:
            raise ExprSyntaxError(f"expected a variable name after 'for', {example}", var.pos)
        self.advance()
        self.expect("in", f"after the variable of {func.text}(), {example}")
        group = self.parse_postfix()
        self.expect(")", f"to close {func.text}(")
        return Aggregate(func.text, var.text, var.pos, group, body, func.pos)

    def parse_list(self) -> Expr:
        pos = self.advance().pos
        self.enter()
        try:
            if self.at("]"):
                raise ExprSyntaxError("empty list", self.tok.pos)
            items = [self.parse_expr()]
            while self.at(","):
                self.advance()
                items.append(self.parse_expr())
            self.expect("]", "to close '['")
            return ListLit(tuple(items), pos)
        finally:
            self.leave()


def _describe(token: Token) -> str:
    if token.kind == "end":
        return "the end of the expression"
    return f"'{token.text}'"


def children(expr: Expr) -> tuple[Expr, ...]:
    """The direct sub-expressions of ``expr``."""
    if isinstance(expr, Attr):
        return (expr.obj,)
    if isinstance(expr, ListLit):
        return expr.items
    if isinstance(expr, Not | Negate):
        return (expr.operand,)
    if isinstance(expr, Arith):
        return (expr.left, expr.right)
    if isinstance(expr, BoolOp | Compare):
        return expr.operands
    if isinstance(expr, Call):
        return expr.args
    if isinstance(expr, Aggregate):
        return (expr.group, expr.body)
    return ()


def called_parts(expr: Expr) -> set[str]:
    """Names of the parts an expression calls (iteratively: trees are bounded anyway)."""
    found: set[str] = set()
    stack = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, Call):
            found.add(node.func)
        stack.extend(children(node))
    return found


def canonical(expr: Expr, rename: Mapping[str, str]) -> str:
    """A text for ``expr`` without positions, names replaced through ``rename``.

    Two clauses with equal canonical texts compute the same thing on the same tiles, so
    the scorer caches them once (``family(a, b, c)`` of g1 and ``family(d, e, f)`` of g2
    both become ``family(#0, #1, #2)``). Constructs whose order cannot matter (operands of
    and/or, of a chain of ==, the list an aggregate runs over) are sorted, so a clause
    symmetric in its groups gets one text whichever way the groups are named.
    """
    if isinstance(expr, IntLit | BoolLit):
        return repr(expr.value)
    if isinstance(expr, StrLit):
        return repr(expr.value)
    if isinstance(expr, Name):
        return rename.get(expr.id, expr.id)
    if isinstance(expr, Attr):
        return f"{canonical(expr.obj, rename)}.{expr.attr}"
    if isinstance(expr, Aggregate):
        group = canonical(expr.group, rename)
        if isinstance(expr.group, ListLit):  # aggregates ignore order: normalise it
            group = "[" + ", ".join(sorted(canonical(i, rename) for i in expr.group.items)) + "]"
        return f"{expr.func}({canonical(expr.body, rename)} for {expr.var} in {group})"
    if isinstance(expr, Call):
        return f"{expr.func}({', '.join(canonical(a, rename) for a in expr.args)})"
    if isinstance(expr, Compare):
        if set(expr.ops) == {"=="}:  # a chain of == holds in any order
            return "(" + " == ".join(sorted(canonical(o, rename) for o in expr.operands)) + ")"
        text = canonical(expr.operands[0], rename)
        for op, operand in zip(expr.ops, expr.operands[1:], strict=True):
            text += f" {op} {canonical(operand, rename)}"
        return f"({text})"
    if isinstance(expr, BoolOp):  # no side effects or errors, so operand order is free
        return "(" + f" {expr.op} ".join(sorted(canonical(o, rename) for o in expr.operands)) + ")"
    if isinstance(expr, Arith):
        return f"({canonical(expr.left, rename)} {expr.op} {canonical(expr.right, rename)})"
    if isinstance(expr, Not):
        return f"(not {canonical(expr.operand, rename)})"
    if isinstance(expr, Negate):
        return f"(-{canonical(expr.operand, rename)})"
    return "[" + ", ".join(canonical(item, rename) for item in expr.items) + "]"
