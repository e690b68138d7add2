"""Python answers -> mypy types: ``1300`` -> ``Literal[1300]``, names -> a Literal union."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from mypy.types import Instance, LiteralType, TupleType, Type, UninhabitedType, UnionType

from typed_mahjong.query.wording import literal_text

from .names import EXACT_RESULTS

if TYPE_CHECKING:
    from typed_mahjong.query.names import Answer

__all__ = ["answer_type", "literal_text", "result_type"]

# Builds an Instance of a builtin class with type arguments; the semantic analyser and the
# type checker each have their own way of doing it.
NamedType = Callable[[str, list[Type]], Instance]


def answer_type(value: Answer, named: NamedType, *, as_tuple: bool = False) -> Type:
    """The Literal type of one answer. A tuple of names becomes the union of its Literals
    (``Yaku[...]``, ``Waits[...]``), or with ``as_tuple`` a tuple of them (what the function
    forms return); no names at all is ``Never``. A tuple of numbers (``Settlement``) is
    typed the same way."""
    if isinstance(value, int):
        return LiteralType(value, named("builtins.int", []))
    if isinstance(value, str):
        return LiteralType(value, named("builtins.str", []))
    str_type = named("builtins.str", [])
    int_type = named("builtins.int", [])
    # Names, or point changes (Settlement): each item the Literal of itself.
    items: list[Type] = [LiteralType(item, int_type if isinstance(item, int) else str_type)
                         for item in value]
    if as_tuple:
        item_type = int_type if value and isinstance(value[0], int) else str_type
        return TupleType(items, named("builtins.tuple", [item_type]))
    if not items:
        return UninhabitedType()
    return UnionType.make_union(items)


def result_type(result: str, value: Answer, named: NamedType) -> Type:
    """The type of result annotation ``result`` (``Points``, ``YakuSet``...) whose answer is
    ``value``: as the core's result table says, a tuple for an exact set of names."""
    return answer_type(value, named, as_tuple=result in EXACT_RESULTS)
