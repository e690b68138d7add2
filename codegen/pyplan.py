"""The class layout of the typed table module, chosen for type-checker speed.

``TABLE[han]`` picks a han class by a short list of ``__getitem__`` overloads, ``[fu]`` a cell
class the same way, and the cell class holds the payments as ``Final`` ``Literal``
attributes. To keep both the module and each overload list small:

* cells at a limit (mangan and up) share one class per limit: every 6-7 han cell is the
  same ``Haneman``; a cell missing its ron or tsumo half gets ``...TsumoOnly``/``RonOnly``;
* han values whose fu -> class lists are equal share one han class (``Han6To7``);
* fu values that lead to the same class share one overload (``Literal[30, 40, ...]``).

Cells no hand reaches get a class of their own with no payments
(``Han1Fu20CannotOccur``), so a lookup fails on the attribute with one readable error
naming the cell; a fu or han outside the table falls to ``UnknownCell``/``UnknownHan``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .table import Cell, Payment, ScoreTable


@dataclass(frozen=True, slots=True)
class CellClass:
    name: str
    docs: tuple[str, ...]  # why a half is missing, or why the cell cannot occur
    limit: str | None
    payments: tuple[Payment, ...]  # empty for a cell that cannot occur


@dataclass(frozen=True, slots=True)
class IndexClass:
    """A class whose ``__getitem__`` overloads map groups of keys to result classes."""

    name: str
    keys: tuple[int, ...]  # the han values this class serves (han classes)
    overloads: tuple[tuple[tuple[int, ...], str], ...]


@dataclass(frozen=True, slots=True)
class PythonPlan:
    cell_classes: tuple[CellClass, ...]
    han_classes: tuple[IndexClass, ...]
    table_overloads: tuple[tuple[tuple[int, ...], str], ...]
    instances: tuple[tuple[int, int, str], ...]  # (han, fu, cell class) for run time
    cannot_occur: tuple[tuple[int, int, str], ...]  # (han, fu, reason)


def python_plan(table: ScoreTable) -> PythonPlan:
    classes: dict[str, CellClass] = {}
    class_of: dict[tuple[int, int], str] = {}
    for cell in table.cells:
        shared = _cell_class(cell)
        known = classes.get(shared.name)
        if known is not None:
            assert known.payments == shared.payments, shared.name
            docs = tuple(dict.fromkeys((*known.docs, *shared.docs)))
            shared = CellClass(known.name, docs, known.limit, known.payments)
        classes[shared.name] = shared
        class_of[cell.han, cell.fu] = shared.name
    for masked in table.masked:
        name = f"Han{masked.han}Fu{masked.fu}CannotOccur"
        classes[name] = CellClass(name, (masked.reason,), None, ())
        class_of[masked.han, masked.fu] = name
    han_classes = _han_classes(table, class_of)
    table_overloads = tuple((han_class.keys, han_class.name) for han_class in han_classes)
    instances = tuple((cell.han, cell.fu, class_of[cell.han, cell.fu]) for cell in table.cells)
    cannot_occur = tuple((masked.han, masked.fu, masked.reason) for masked in table.masked)
    return PythonPlan(tuple(classes.values()), han_classes, table_overloads, instances,
                      cannot_occur)


def _cell_class(cell: Cell) -> CellClass:
    suffix = "" if cell.ron and cell.tsumo else "RonOnly" if cell.ron else "TsumoOnly"
    if cell.limit is not None:
        # Every cell at one limit pays the same, whatever its han and fu.
        base = "".join(word.capitalize() for word in cell.limit.split())
    else:
        base = f"Han{cell.han}Fu{cell.fu}"
    docs = tuple(f"No {how}: {reason}" for how, reason in cell.masked_reasons)
    return CellClass(base + suffix, docs, cell.limit, cell.payments)


def _han_classes(table: ScoreTable,
                 class_of: dict[tuple[int, int], str]) -> tuple[IndexClass, ...]:
    by_column: dict[tuple[str, ...], list[int]] = {}
    for han in table.han_values:
        column = tuple(class_of[han, fu] for fu in table.fu_values)
        by_column.setdefault(column, []).append(han)
    result = []
    for column, hans in by_column.items():
        groups: dict[str, list[int]] = {}
        for fu, name in zip(table.fu_values, column, strict=True):
            groups.setdefault(name, []).append(fu)
        name = _han_class_name(hans)
        result.append(IndexClass(name, tuple(hans), tuple(
            (tuple(fus), cell_class) for cell_class, fus in groups.items())))
    return tuple(result)


def _han_class_name(hans: list[int]) -> str:
    if len(hans) == 1:
        return f"Han{hans[0]}"
    if hans == list(range(hans[0], hans[-1] + 1)):
        return f"Han{hans[0]}To{hans[-1]}"
    return "Han" + "And".join(map(str, hans))
