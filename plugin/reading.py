"""Reading the inputs of ``Points[...]`` from the annotation's syntax.

mypy hands a type-analyse hook its arguments unanalysed. Each input's head (``Hand`` of
``Hand["..."]``) is resolved as a name -- so imports, ``typed_mahjong.Hand`` and aliases all
work, and a typo gets mypy's own "not defined" error -- and the values (strings, ints,
``Literal[...]``) are read from the syntax, which keeps each string's line and column for
pointing errors at the offending character.

This runs once per annotation, tens of thousands of times in a big fixtures module, so the
common case (a plain name bound to one of our classes) takes the short way: one symbol
lookup, no type analysis.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from mypy.nodes import Context, TypeInfo, Var
from mypy.plugin import TypeAnalyzerPluginInterface
from mypy.types import (
    AnyType,
    Instance,
    LiteralType,
    RawExpressionType,
    Type,
    TypeOfAny,
    UnboundType,
    UnionType,
    get_proper_type,
)

from typed_mahjong.query.building import NotALiteral
from typed_mahjong.query.keys import has_no_decimal_text, memo_key
from typed_mahjong.query.names import NUMBER_INPUTS

# One definition of a bare name, shared with the language server's reader.
from typed_mahjong.query.wording import BareName

from .claims import withdraw_name_errors
from .names import INPUT_BY_FULLNAME, RULES_CLASS  # noqa: F401

# The short way, in a module of its own (loaded without the query layer); kept here too.
from .quick import END, FIELD, LITERAL_FORMS, Lookup, Parts, quick_key, quick_read  # noqa: F401

ANNOTATIONS_MODULE: Final = "typed_mahjong.query.annotations"

# What mypy's parser makes of an expression that is no type (a - b, f(x)).
_NOT_A_TYPE: Final = "typing.Any"



@dataclass(frozen=True, slots=True)
class RawInput:
    name: str  # "Hand", "Riichi", ... or the written name of something that is no input
    values: tuple[object, ...]
    node: Context
    value_nodes: tuple[Context, ...]


class Unresolved(Exception):
    """A name mypy could not resolve (yet): it reports that itself, or analyses again."""


def read_inputs(api: TypeAnalyzerPluginInterface, args: Sequence[Type]) -> list[RawInput]:
    # The type analyser can look names up directly; the plugin interface only promises
    # analyze_type, which is the slow (and always correct) way.
    lookup: Lookup | None = getattr(api, "lookup_qualified", None)
    return [_read_input(api, lookup, arg) for arg in args]


def _read_input(api: TypeAnalyzerPluginInterface, lookup: Lookup | None,
                arg: Type) -> RawInput:
    if not isinstance(arg, UnboundType):
        value, node = read_value(api, arg)
        return RawInput(_describe(value), (), node, ())
    name = _resolve(api, lookup, arg)
    if not arg.args:
        return RawInput(name, (), arg, ())
    read = [read_value(api, value) for value in arg.args]
    values = tuple(value for value, _ in read)
    if name not in NUMBER_INPUTS:
        # mypy reads a string that looks like a number ("5") as the number: give inputs
        # that take text their text back, so the core can say what is wrong with it.
        values = tuple(str(value) if type(value) is int else value for value in values)
    else:
        # A linter unquotes strings, not numbers: what mypy could not read as a type where
        # a number goes (a number too long to convert) is no lost string.
        values = tuple(NotALiteral(_NOT_A_TYPE) if isinstance(value, BareName)
                       and value.name is None else value for value in values)
    return RawInput(name, values, arg, tuple(node for _, node in read))


def _resolve(api: TypeAnalyzerPluginInterface, lookup: Lookup | None,
             arg: UnboundType) -> str:
    """The input name ``arg``'s head refers to (or the written name, for other things)."""
    if lookup is not None:
        symbol = lookup(arg.name, arg, True)
        if symbol is not None and isinstance(symbol.node, TypeInfo):
            known = INPUT_BY_FULLNAME.get(symbol.node.fullname)
            if known is not None:
                return known
    head = UnboundType(arg.name, [], line=arg.line, column=arg.column)
    analysed = get_proper_type(api.analyze_type(head))
    if isinstance(analysed, AnyType) and analysed.type_of_any in (
        TypeOfAny.from_error, TypeOfAny.special_form
    ):
        raise Unresolved(arg.name)
    if isinstance(analysed, Instance):
        return INPUT_BY_FULLNAME.get(analysed.type.fullname, arg.name)
    return arg.name


def read_value(api: TypeAnalyzerPluginInterface, value: Type) -> tuple[object, Context]:
    """A type argument as a Python value, and the node its text is at."""
    if isinstance(value, RawExpressionType):
        if isinstance(value.literal_value, int) and not isinstance(value.literal_value, bool) \
                and has_no_decimal_text(value.literal_value):
            # As mypy's parser reads it in an annotation; in an alias it keeps the int.
            return BareName(None, variable=False), value
        if isinstance(value.literal_value, (str, int)):
            return value.literal_value, value
        if value.literal_value is None and value.base_type_name == _NOT_A_TYPE:
            return BareName(None, variable=False), value
        return NotALiteral(value.simple_name()), value
    if isinstance(value, (UnboundType, UnionType)) and value.original_str_expr is not None:
        # A string that also parses as a type ("E", "C", "majsoul") arrives as a name.
        return value.original_str_expr, value
    if isinstance(value, UnboundType):
        constant = _final_constant(api, value)
        if constant is not None:
            return constant, value
        bare = _bare_name(api, value)
        if bare is not None:
            return bare, value
        analysed = get_proper_type(api.analyze_type(value))
        if isinstance(analysed, LiteralType) and isinstance(analysed.value, (str, int)):
            # Literal["..."]: point errors at the string inside it.
            inner = value.args[0] if len(value.args) == 1 else value
            return analysed.value, inner
        return NotALiteral(_type_text(analysed)), value
    return NotALiteral(_type_text(value)), value


def _final_constant(api: TypeAnalyzerPluginInterface, value: UnboundType) -> str | int | None:
    """The value of ``HS`` in ``Hand[HS]`` when ``HS: Final = "..."`` (a name is a type to
    mypy, so without this the constant would be "not valid as a type")."""
    lookup: Lookup | None = getattr(api, "lookup_qualified", None)
    if lookup is None or value.args:
        return None
    symbol = lookup(value.name, value, True)
    node = symbol.node if symbol is not None else None
    if isinstance(node, Var) and node.is_final and isinstance(node.final_value, (str, int)) \
            and not isinstance(node.final_value, bool):
        return node.final_value
    return None


def _bare_name(api: TypeAnalyzerPluginInterface, value: UnboundType) -> BareName | None:
    """``E`` of ``Seat[E]`` when no such name is defined, or ``HAND`` of ``Hand[HAND]`` when
    it is a variable that is not Final; None for anything else (a Literal alias, a class).
    mypy reports an undefined name itself; the annotation hook withdraws that error and
    says what most likely happened instead."""
    lookup: Lookup | None = getattr(api, "lookup_qualified", None)
    if lookup is None or value.args or "." in value.name:
        return None
    symbol = lookup(value.name, value, True)
    if symbol is None:
        # mypy reports the name (taken back here: the hook says what happened), or defers
        # when it may be defined further on and analyses the annotation again.
        analysed = get_proper_type(api.analyze_type(value))
        if withdraw_name_errors(api, [(value.name, value.line, value.column)]):
            return BareName(value.name, variable=False)
        if isinstance(analysed, AnyType):
            raise Unresolved(value.name)
        return None
    if isinstance(symbol.node, Var) and not symbol.node.is_final:
        return BareName(value.name, variable=True)
    return None


def _type_text(typ: Type) -> str:
    # The class name alone: mypy versions differ in how they print "builtins.int".
    if isinstance(typ, Instance) and not typ.args:
        return typ.type.name
    return str(typ)




def inputs_key(result: str, inputs: Sequence[RawInput]) -> str:
    """A text key for what an annotation asks: its result and its inputs as resolved."""
    return key_text(result, [(raw.name, raw.values) for raw in inputs])


def key_text(result: str, parts: Parts) -> str:
    """``result`` and ``parts`` as one string, different for different questions.

    Names and values are joined with two private-use characters (``quick.FIELD`` and
    ``quick.END``), which is several times cheaper than ``repr`` and matters for a module of
    10,000 hands; a value that is not a plain str/int, or that holds those characters, makes
    it fall back to ``repr`` (which begins with "(", unlike any result name, so the two
    kinds of key never meet).
    """
    pieces = [result]
    for name, values in parts:
        pieces.append(name)
        for value in values:
            if type(value) is int and not has_no_decimal_text(value):
                pieces.append(f"#{value}")
            elif type(value) is str and FIELD not in value and END not in value:
                pieces.append(value)
            else:
                return memo_key((result, tuple(parts)))
        pieces.append(END)
    return FIELD.join(pieces)


def _describe(value: object) -> str:
    if isinstance(value, NotALiteral):
        return value.text
    return repr(value)
