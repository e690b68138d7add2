"""The compact key of a result annotation, read straight from mypy's types.

The short way of ``reading`` (which reads every node, for errors that point at a
character): light enough to load for a warm run whose answers are all remembered -- it
needs the input names (``names``), not the query layer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from mypy.nodes import Context, SymbolTableNode, TypeInfo
from mypy.plugin import TypeAnalyzerPluginInterface
from mypy.types import RawExpressionType, Type, UnboundType, UnionType

from typed_mahjong.query.keys import has_no_decimal_text

from .names import INPUT_BY_FULLNAME, NUMBER_INPUTS

__all__ = ["END", "FIELD", "LITERAL_FORMS", "Lookup", "Parts", "quick_key", "quick_read"]

LITERAL_FORMS: Final = frozenset({"typing.Literal", "typing_extensions.Literal"})

# A key's separators: after the result and each name or value, and after each input's
# values. Characters of Unicode's private use area, which no tile, seat or rules name has:
# a text that holds one is left to the careful key (``memo_key``, where ``repr`` escapes
# them). Not control characters: JSON escapes those, and the remembered answers of a big
# module (their keys) are read back several times faster unescaped.
FIELD: Final = "\ue01e"
END: Final = "\ue01f"

Lookup = Callable[[str, Context, bool], SymbolTableNode | None]
# (input name, values) pairs, as ``build_call`` takes them.
Parts = list[tuple[str, tuple[object, ...]]]


def quick_key(api: TypeAnalyzerPluginInterface, result: str,
              args: Sequence[Type]) -> tuple[str, bool] | None:
    """``inputs_key`` and whether Explain is among the inputs (``quick_read`` without the
    inputs)."""
    read = quick_read(api, result, args)
    return None if read is None else (read[0], read[1])


class InputNames:
    """The input each name of a module's global scope stands for, as ``lookup_qualified``
    found it: a fixtures module names the same few classes thousands of times.

    Kept for one module's symbol table at a time, and only used at module level (no
    function or class scope can shadow a global there); each use checks that the global is
    still the same symbol bound to the same class. The first lookup of each name goes
    through mypy (which records the module the name comes from as a dependency)."""

    def __init__(self) -> None:
        self.table: object = None
        # Written name -> (its symbol, the symbol's node, the input's name).
        self.known: dict[str, tuple[object, object, str]] = {}

    def globals_of(self, api: TypeAnalyzerPluginInterface) -> dict[str, object] | None:
        """The global symbol table when the analyser is at module level, else None."""
        semantic = getattr(api, "api", None)
        try:
            if semantic.locals[-1] is not None or semantic.type is not None:  # type: ignore[union-attr]
                return None
            table = semantic.globals  # type: ignore[union-attr]
        except (AttributeError, IndexError, TypeError):
            return None
        if table is not self.table:
            self.table = table
            self.known = {}
        return table if isinstance(table, dict) else None

    def put(self, name: str, symbol: object, node: object, input_name: str) -> None:
        self.known[name] = (symbol, node, input_name)


def quick_read(api: TypeAnalyzerPluginInterface, result: str, args: Sequence[Type],
               names: InputNames | None = None) -> tuple[str, bool, Parts] | None:
    """``inputs_key``, whether Explain is among the inputs, and the inputs as
    ``read_inputs`` gives their names and values, computed straight from the syntax -- or
    None when the annotation needs the careful reading (aliases, bare names, anything
    unusual). This is the path of nearly every annotation of a fixtures module, so it reads
    each input in one pass and avoids every call and allocation it can (its key must equal
    ``key_text``'s, its values ``read_inputs``'). ``names`` keeps what the global names
    stand for."""
    lookup: Lookup | None = getattr(api, "lookup_qualified", None)
    if lookup is None:
        return None
    table = names.globals_of(api) if names is not None else None
    # What the names stand for, each still the symbol and node it was when put.
    known = names.known if names is not None and table is not None else {}
    pieces = [result]
    parts: Parts = []
    explain = False
    for arg in args:
        if type(arg) is not UnboundType:
            return None
        written = arg.name
        entry = known.get(written)
        name = None
        if entry is not None:
            symbol = table.get(written)  # type: ignore[union-attr]
            if symbol is entry[0] and getattr(symbol, "node", None) is entry[1]:
                name = entry[2]
        if name is None:
            symbol = lookup(written, arg, True)
            node = symbol.node if symbol is not None else None
            if node is None or type(node) is not TypeInfo:
                return None
            name = INPUT_BY_FULLNAME.get(node.fullname)
            if name is None:
                return None
            # The node taken before this identity test: compiled, mypy's types are unknown
            # (Any) and the test would narrow the symbol to the table's plain object.
            if table is not None and table.get(written) is symbol:
                names.put(written, symbol, node, name)  # type: ignore[union-attr]
        pieces.append(name)
        number = name in NUMBER_INPUTS
        values: list[object] = []
        for value in arg.args:
            kind = type(value)
            if kind is RawExpressionType:
                literal = value.literal_value  # type: ignore[attr-defined]
            elif kind is UnboundType and value.original_str_expr is not None:  # type: ignore[attr-defined]
                literal = value.original_str_expr  # type: ignore[attr-defined]
            elif kind is UnboundType:
                # The editor spelling, Hand[L["..."]]: the same question as Hand["..."].
                literal = _one_literal(lookup, value)
            else:
                return None
            if type(literal) is str:
                if FIELD in literal or END in literal:
                    return None
                pieces.append(literal)
                values.append(literal)
            elif type(literal) is int and not has_no_decimal_text(literal):
                if number:
                    pieces.append(f"#{literal}")
                    values.append(literal)
                else:
                    # mypy reads "5" as the number: an input of text gets its text back.
                    text = str(literal)
                    pieces.append(text)
                    values.append(text)
            else:
                return None  # an int of thousands of digits has no decimal text
        pieces.append(END)
        parts.append((name, tuple(values)))
        if name == "Explain":
            explain = True
    return FIELD.join(pieces), explain, parts


def _one_literal(lookup: Lookup, value: Type) -> str | int | None:
    """The value of ``Literal[<one str or int>]`` under any name bound to Literal, else None."""
    if not isinstance(value, UnboundType) or len(value.args) != 1:
        return None
    inner = value.args[0]
    if isinstance(inner, RawExpressionType) and isinstance(inner.literal_value, (str, int)):
        literal: str | int = inner.literal_value
    elif isinstance(inner, (UnboundType, UnionType)) and inner.original_str_expr is not None:
        literal = inner.original_str_expr  # a string that parses as a type: L["E"]
    else:
        return None
    symbol = lookup(value.name, value, True)
    if symbol is None or symbol.node is None or symbol.node.fullname not in LITERAL_FORMS:
        return None
    return literal


