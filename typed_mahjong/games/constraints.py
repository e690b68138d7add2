"""Parts, sets rules, yaku and exclusions: constraints read from YAML and compiled.

A constraint is an expression, true/false, a list (all must hold) or a one-key mapping
(all / any / not). Yaku constraints are split into clauses and planned for the scorer (see
``engine.Pattern``); equal clauses share an id so the scorer caches them once.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from dataclasses import dataclass
from typing import Any

import yaml

from . import syntax as S
from . import yamlsafe as Y
from .compiler import (
    MAX_COST,
    Compiled,
    CompileError,
    Part,
    Scope,
    all_of,
    any_of,
    compile_condition,
    compile_value,
    constant,
    negation,
)
from .engine import MAX_ARRANGEMENTS, Conjunct, Pattern, SetRule, count_orders
from .model import YakuInfo
from .overrides import override_cycle
from .reader import Reader, suggest
from .spec import MAX_ENTRIES, MAX_HAND, MAX_PART_DEPTH, MAX_POINTS, SLOT_NAMES, RulesSpec

YAKU_KEYS = ("structure", "when", "points", "han", "stacks", "overrides", "bonus", "fallback",
             "each", "account_once", "description")
EXCLUDE_KEYS = ("structure", "when", "description")

# A compiled yaku or exclusion, with its structure, environment size and YAML node.
Entry = tuple[Pattern, tuple[tuple[int, ...], int, yaml.Node]]


@dataclass(frozen=True, slots=True)
class _Leaf:
    expr: S.Expr
    node: yaml.ScalarNode


@dataclass(frozen=True, slots=True)
class _Const:
    value: bool


@dataclass(frozen=True, slots=True)
class _Combine:
    op: str  # "all", "any", "not"
    items: tuple[_Tree, ...]


_Tree = _Leaf | _Const | _Combine


def _tree_text(tree: _Tree, rename: dict[str, str]) -> str:
    if isinstance(tree, _Leaf):
        return S.canonical(tree.expr, rename)
    if isinstance(tree, _Const):
        return repr(tree.value)
    return f"{tree.op}[{'; '.join(_tree_text(item, rename) for item in tree.items)}]"


def _tree_calls(tree: _Tree) -> set[str]:
    if isinstance(tree, _Leaf):
        return S.called_parts(tree.expr)
    if isinstance(tree, _Combine):
        return set().union(*(_tree_calls(item) for item in tree.items))
    return set()


@dataclass(slots=True)
class _PartDef:
    name: str
    params: tuple[str, ...]
    key_node: yaml.Node
    tree: _Tree | None


class ConstraintReader(Reader):
    """The constraint sections of a game file (the loader subclasses it)."""

    def __init__(self) -> None:
        super().__init__()
        self.clause_ids: dict[str, int] = {}  # canonical clause -> id (keys the score cache)
        self.input_scope: dict[str, tuple[str, int]] = {}  # set by the loader
        self.yaku_info: dict[str, YakuInfo] = {}  # each yaku read, as written

    def structure(self, node: yaml.Node, context: str, rules: RulesSpec) -> tuple[int, ...] | None:
        known = len(self.problems)
        value = self.scalar(node, context)
        if len(self.problems) > known:  # reported already (a YAML 1.1 number, ...)
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str) or not re.fullmatch(r"\s*\d{1,2}(\s+\d{1,2})*\s*", value):
            self.problem(node, context,
                         "a structure is group sizes separated by spaces, such as '3 3 3'")
            return None
        sizes = tuple(int(part) for part in value.split())
        if 0 in sizes:
            self.problem(node, context, "a group holds at least one tile")
            return None
        if sum(sizes) > MAX_HAND:  # checked here too: hand_size may be missing or bad
            self.problem(node, context, f"the groups hold {sum(sizes)} tiles, more than a "
                         f"hand may have ({MAX_HAND})")
            return None
        if rules.hand_size is not None and sum(sizes) != rules.hand_size:
            self.problem(node, context, f"the groups hold {sum(sizes)} tiles, but hands have "
                         f"{rules.hand_size} (rules.hand_size)")
            return None
        return sizes

    # -- parts and constraints --

    def parts(self, node: yaml.Node | None, attributes: dict[str, tuple[str, int]]
              ) -> dict[str, Part]:
        if node is None:
            return {}
        items = self.mapping(node, "parts") or []
        if len(items) > MAX_ENTRIES:
            self.problem(node, "parts", f"more than {MAX_ENTRIES} parts")
            return {}
        defs: dict[str, _PartDef] = {}
        for key, key_node, value_node in items:
            header = self.part_header(key, key_node)
            if header is None:
                continue
            name, params = header
            if name in defs:
                self.problem(key_node, f"part '{name}'", "defined twice")
                continue
            tree = self.constraint(value_node, f"part '{name}'", 0)
            defs[name] = _PartDef(name, params, key_node, tree)
        order, cyclic = self.part_order(defs)
        cyclic |= self.too_deep(defs, order, cyclic)
        # Stand-ins for parts that cannot compile keep their callers from cascading errors.
        compiled: dict[str, Part] = {name: _stand_in(name, len(defs[name].params))
                                     for name in cyclic}
        for name in order:
            part = defs[name]
            scope = Scope(slots={p: i for i, p in enumerate(part.params)}, groups={},
                          attributes=attributes, parts=compiled)
            result = self.compile(part.tree, scope, f"part '{name}'")
            if result is None:
                compiled[name] = _stand_in(name, len(part.params))
            else:
                compiled[name] = Part(name, len(part.params), result.fn,
                                      max(result.env_size, len(part.params)), result.cost,
                                      result.flags)
        return compiled

    def part_header(self, key: Any, key_node: yaml.Node) -> tuple[str, tuple[str, ...]] | None:
        words = key.split() if isinstance(key, str) else []
        if not words:
            self.problem(key_node, "parts", f"a part is written 'name a b c' (its name, then "
                         f"its tiles), not {key!r}")
            return None
        name, params = words[0], tuple(words[1:])
        context = f"part '{name}'"
        for word in words:
            if not word.isidentifier():
                self.problem(key_node, context, f"'{word}' is not a name (letters, digits, _)")
                return None
            if word in S.KEYWORDS or word in S.AGGREGATES:
                self.problem(key_node, context, f"'{word}' is a reserved word")
                return None
        if not params:
            self.problem(key_node, context, "a part needs at least one tile: 'name a b c'")
            return None
        if len(set(params)) != len(params) or name in params:
            self.problem(key_node, context, "the part's name and tile names must all differ")
            return None
        if len(params) > MAX_HAND:
            self.problem(key_node, context, f"a part takes at most {MAX_HAND} tiles")
            return None
        return name, params

    def too_deep(self, defs: dict[str, _PartDef], order: list[str], cyclic: set[str]
                 ) -> set[str]:
        """Parts whose calls nest deeper than MAX_PART_DEPTH (each reported): every level
        is a few Python frames when scoring, so depth, not just cost, needs a bound."""
        depth: dict[str, int] = {}
        deep: set[str] = set()
        for name in order:  # callees come first
            tree = defs[name].tree
            callees = (_tree_calls(tree) & defs.keys()) if tree is not None else set()
            depth[name] = 1 + max((depth.get(c, 0) for c in callees if c not in cyclic),
                                  default=0)
            if depth[name] > MAX_PART_DEPTH and not callees & deep:
                deep.add(name)
                self.problem(defs[name].key_node, f"part '{name}'",
                             f"parts call parts {depth[name]} deep; the limit is "
                             f"{MAX_PART_DEPTH}")
            elif callees & deep:
                deep.add(name)
        return deep

    def part_order(self, defs: dict[str, _PartDef]) -> tuple[list[str], set[str]]:
        """Parts callees-first, and the parts caught in a call cycle (each reported)."""
        calls = {name: _tree_calls(d.tree) & defs.keys() if d.tree is not None else set()
                 for name, d in defs.items()}
        cyclic: set[str] = set()
        for start in defs:
            path = _cycle_through(start, calls)
            if path:
                cyclic.add(start)
                self.problem(defs[start].key_node, f"part '{start}'",
                             f"parts call each other in a cycle: {' -> '.join(path)}")
        order: list[str] = []
        done: set[str] = set()

        def visit(name: str) -> None:
            # Recursion depth is bounded by the number of parts (MAX_ENTRIES).
            if name in done or name in cyclic:
                return
            done.add(name)
            for callee in sorted(calls[name]):
                visit(callee)
            order.append(name)

        for name in defs:
            visit(name)
        return order, cyclic

    def constraint(self, node: yaml.Node, context: str, depth: int) -> _Tree | None:
        """A constraint: an expression string, true/false, a list (all must hold), or a
        mapping with one key: all / any (lists) or not (a constraint)."""
        if isinstance(node, yaml.ScalarNode):
            value = self.scalar(node, context)
            if isinstance(value, bool):
                return _Const(value)
            if not isinstance(value, str):
                if value is not None or node.tag == Y.NULL:
                    self.problem(node, context, "a constraint is an expression (text), "
                                 f"true/false, a list, or all/any/not; not {Y.describe(node)}")
                return None
            try:
                return _Leaf(S.parse(value), node)
            except S.ExprSyntaxError as exc:
                self.expr_problem(node, context, exc.message, exc.position)
                return None
        if isinstance(node, yaml.SequenceNode):
            return self.combine("all", node, context, depth)
        items = self.mapping(node, context)
        if items is None:
            return None
        if len(items) != 1 or items[0][0] not in ("all", "any", "not"):
            self.problem(node, context, "a constraint mapping has exactly one key: all, any "
                         "or not")
            return None
        op, _, inner = items[0]
        if op == "not":
            item = self.constraint(inner, context, depth + 1)
            return _Combine("not", (item,)) if item is not None else None
        if not isinstance(inner, yaml.SequenceNode):
            self.problem(inner, context, f"'{op}' takes a list of constraints")
            return None
        return self.combine(op, inner, context, depth)

    def combine(self, op: str, node: yaml.SequenceNode, context: str, depth: int
                ) -> _Tree | None:
        if not node.value:
            self.problem(node, context, "an empty list of constraints")
            return None
        items = [self.constraint(item, context, depth + 1) for item in node.value]
        if any(item is None for item in items):
            return None
        return _Combine(op, tuple(item for item in items if item is not None))

    def compile(self, tree: _Tree | None, scope: Scope, context: str) -> Compiled | None:
        if tree is None:
            return None
        result = self._compile(tree, scope, context)
        if result is not None and result.cost > MAX_COST:
            self.problem(None, context, f"the constraints cost {result.cost} evaluation steps "
                         f"(parts expanded); the limit is {MAX_COST}")
            return None
        return result

    def _compile(self, tree: _Tree, scope: Scope, context: str) -> Compiled | None:
        if isinstance(tree, _Const):
            return constant(tree.value)
        if isinstance(tree, _Leaf):
            try:
                return compile_condition(tree.expr, scope)
            except CompileError as exc:
                self.expr_problem(tree.node, context, exc.message, exc.position)
                return None
        items = [self._compile(item, scope, context) for item in tree.items]
        if any(item is None for item in items):
            return None
        done = [item for item in items if item is not None]
        if tree.op == "not":
            return negation(done[0])
        return all_of(done) if tree.op == "all" else any_of(done)

    def expr_problem(self, node: yaml.ScalarNode, context: str, message: str,
                     position: int | None) -> None:
        at = Y.where(node)
        line: int = at.line
        column: int | None = at.column
        text = str(node.value)
        if position is not None:
            if "\n" not in text and node.style in (None, "", "'", '"'):
                column = at.column + position + (1 if node.style in ("'", '"') else 0)
            else:
                # Block scalars: the line is exact for '|', the column is not knowable.
                line += text[:position].count("\n") + (1 if node.style in ("|", ">") else 0)
                column = None
                message += f" (character {position + 1} of the expression)"
        self.problem(None, context, message, line, column)

    # -- sets and yaku --

    def set_rules(self, node: yaml.Node | None, attributes: dict[str, tuple[str, int]],
                  parts: dict[str, Part], rules: RulesSpec) -> dict[int, SetRule]:
        found: dict[int, SetRule] = {}
        if node is None:
            return found
        for key, key_node, value_node in self.mapping(node, "sets", number_keys=True) or []:
            if not isinstance(key, int) or isinstance(key, bool) or not 1 <= key <= MAX_HAND:
                self.problem(key_node, "sets", f"a sets key is a group size (1 to {MAX_HAND}), "
                             f"not {key!r}")
                continue
            context = f"sets rule for groups of {key}"
            slots = {SLOT_NAMES[i]: i for i in range(key)}
            scope = Scope(slots=slots, groups={"group": tuple(range(key))},
                          attributes=attributes, parts=parts)
            result = self.compile(self.constraint(value_node, context, 0), scope, context)
            if result is not None:
                found[key] = SetRule(result.fn, max(result.env_size, key), result.flags,
                                     cost=result.cost)
        return found

    def patterns(self, sections: dict[Any, yaml.Node], attributes: dict[str, tuple[str, int]],
                 parts: dict[str, Part], rules: RulesSpec
                 ) -> list[Entry]:
        """Yaku and exclusions, each with (structure, environment size, node)."""
        result: list[Entry] = []
        yaku_names: set[str] = set()
        for section, kind in (("yaku", "yaku"), ("exclude", "excluded pattern")):
            node = sections.get(section)
            if node is None:
                continue
            items = self.mapping(node, section) or []
            if len(items) > MAX_ENTRIES:
                self.problem(node, section, f"more than {MAX_ENTRIES} entries")
                continue
            if section == "yaku" and not items:
                self.problem(node, "yaku", "the game needs at least one yaku")
            for key, key_node, value_node in items:
                name = str(key)
                if not name.strip() or len(name) > 80:
                    self.problem(key_node, section, "a name is 1 to 80 characters")
                    continue
                if section == "yaku":
                    yaku_names.add(name)
                elif name in yaku_names:
                    self.problem(key_node, f"{kind} '{name}'", "has the name of a yaku")
                    continue
                result.extend(self.pattern(name, kind, value_node, len(result), attributes,
                                           parts, rules, key_node.start_mark.line + 1))
        self.check_overrides(result, yaku_names)
        return result

    def pattern(self, name: str, kind: str, node: yaml.Node, order: int,
                attributes: dict[str, tuple[str, int]], parts: dict[str, Part], rules: RulesSpec,
                line: int = 0) -> list[Entry]:
        """A yaku or exclusion: one entry per structure it is written for (a yaku is also
        recorded in ``yaku_info``, as written on ``line``)."""
        context = f"{kind} '{name}'"
        items = self.mapping(node, context)
        if items is None:
            return []
        is_yaku = kind == "yaku"
        self.known_keys(items, YAKU_KEYS if is_yaku else EXCLUDE_KEYS, context)
        values = {key: value for key, _, value in items}
        structures: list[tuple[int, ...] | None] = [rules.structure]
        if "structure" in values:
            structures = self.structures(values["structure"], f"{context}.structure", rules)
        elif rules.structure is None and rules.hand_size is not None and \
                not rules.structure_given:
            self.problem(node, context, "no structure: give it one ('structure: 3 3 3') or set "
                         "rules.structure")
        value, stacks, overrides, bonus, in_points = 0, True, frozenset[str](), False, False
        fallback, each, once = False, False, False
        fewer: tuple[tuple[str, int], ...] = ()
        value_node: yaml.Node | None = None
        if is_yaku:
            value_key = "han" if rules.unit == "han" else "points"
            if rules.unit == "han" and "points" in values and "han" not in values:
                # a limit hand valued in points in a han game: it counts alone
                value_key, in_points = "points", True
                if "stacks" not in values or self.boolean(values["stacks"], context) is not \
                        False:
                    self.problem(values["points"], context, "in a game counted in han, a "
                                 "yaku valued in points is a limit hand: give it "
                                 "'stacks: false' (or write 'han:')")
            other = "points" if value_key == "han" else "han"
            if other in values:
                self.problem(values[other], context, f"this game counts {rules.unit} "
                             f"(rules.unit); write '{value_key}:'")
            if value_key not in values:
                self.problem(node, context, f"missing '{value_key}'")
            else:
                value_node = values[value_key]
                high = 1000 if value_key == "han" and not in_points else MAX_POINTS
                value = self.yaku_value(value_node, f"{context}.{value_key}", high)
            if "stacks" in values:
                stacks = self.boolean(values["stacks"], f"{context}.stacks") is not False
            if "bonus" in values:
                bonus = self.boolean(values["bonus"], f"{context}.bonus") is True
                if bonus and rules.minimum is None:
                    self.problem(values["bonus"], context, "'bonus' (not counted toward the "
                                 "minimum) needs rules.minimum")
            if "overrides" in values:
                overrides, fewer = self.override_list(values["overrides"],
                                                      f"{context}.overrides")
            if "fallback" in values:
                fallback = self.boolean(values["fallback"], f"{context}.fallback") is True
            if "each" in values:
                each = self.boolean(values["each"], f"{context}.each") is True
            if "account_once" in values:
                once = self.boolean(values["account_once"], f"{context}.account_once") is True
        description = None
        if "description" in values:
            description = self.text(values["description"], f"{context}.description", 2000)
        if is_yaku and value_node is not None:
            formula = self.scalar(value_node, context)
            self.yaku_info[name] = YakuInfo(
                name, line, None if isinstance(formula, str) else value,
                " ".join(formula.split()) if isinstance(formula, str) else None,
                "points" if value_key == "points" else "han", each=each, bonus=bonus,
                stacks=stacks, fallback=fallback, description=" ".join(
                    (description or "").split()))
        if "when" not in values:
            self.problem(node, context, "missing 'when' (the constraint)")
            return []
        tree = self.constraint(values["when"], context, 0)
        if tree is None or (is_yaku and value == 0):
            return []
        entries = []
        for structure in structures:
            if structure is None:
                continue
            entry = self.pattern_for(name, context, node, order, structure, tree, attributes,
                                     parts, value, value_node, stacks, overrides, bonus,
                                     in_points, not is_yaku)
            if entry is not None:
                if fallback or each or fewer or once:
                    entry = (dataclasses.replace(entry[0], fallback=fallback, each=each,
                                                 fewer=fewer, account_once=once), entry[1])
                if once and (not each or len(entry[0].group_order) != 2):
                    self.problem(values["account_once"], context, "'account_once' counts a "
                                 "yaku over two groups with its family: give it 'each: true' "
                                 "and a constraint that names exactly two groups")
                    continue
                if each and not entry[0].group_order:
                    self.problem(values["each"], context, "'each' counts the yaku once for "
                                 "each set of groups it is played by, but its constraint "
                                 "names no group (a slot such as a, or g1)")
                    continue
                entries.append(entry)
        return entries

    def override_list(self, node: yaml.Node, context: str
                      ) -> tuple[frozenset[str], tuple[tuple[str, int], ...]]:
        """``overrides``: names (overridden whole) and ``{yaku: NAME, times: N}`` entries
        (N of the times a yaku counted for each group counts are left out)."""
        if not isinstance(node, yaml.SequenceNode):
            self.problem(node, context, f"expected a list, found {Y.describe(node)}")
            return frozenset(), ()
        whole: set[str] = set()
        fewer: list[tuple[str, int]] = []
        for item in node.value:
            if not isinstance(item, yaml.MappingNode):
                text = self.text(item, context)
                if text is not None:
                    whole.add(text)
                continue
            items = self.mapping(item, context)
            if items is None:
                continue
            self.known_keys(items, ("yaku", "times"), context)
            fields = {key: value for key, _, value in items}
            if "yaku" not in fields or "times" not in fields:
                self.problem(item, context, "an entry in part is {yaku: NAME, times: N}")
                continue
            name = self.text(fields["yaku"], f"{context}.yaku")
            times = self.integer(fields["times"], f"{context}.times", 1, 99)
            if name is not None and times is not None:
                fewer.append((name, times))
        return frozenset(whole), tuple(fewer)

    def structures(self, node: yaml.Node, context: str, rules: RulesSpec
                   ) -> list[tuple[int, ...] | None]:
        """``structure: 3 3 3 3 2`` or a list of them (the yaku holds over any)."""
        if not isinstance(node, yaml.SequenceNode):
            return [self.structure(node, context, rules)]
        if not node.value or len(node.value) > 8:
            self.problem(node, context, "a list of structures holds 1 to 8 of them")
            return []
        found = [self.structure(item, context, rules) for item in node.value]
        if len({s for s in found if s is not None}) != len([s for s in found if s]):
            self.problem(node, context, "a structure is listed twice")
            return []
        return found

    def yaku_value(self, node: yaml.Node, context: str, high: int) -> int:
        """A yaku's value: a whole number (negative for a penalty, never 0), or an
        expression computed from the hand and the inputs (compiled per structure)."""
        value = self.scalar(node, context)
        if isinstance(value, str):
            return 1  # an expression: checked per structure by pattern_for
        number = self.integer(node, context, -high, high)
        if number == 0:
            self.problem(node, context, "a yaku is worth something: not 0")
            return 0
        return number or 0

    def pattern_for(self, name: str, context: str, node: yaml.Node, order: int,
                    structure: tuple[int, ...], tree: _Tree,
                    attributes: dict[str, tuple[str, int]], parts: dict[str, Part],
                    value: int | Compiled, value_node: yaml.Node | None, stacks: bool,
                    overrides: frozenset[str], bonus: bool, in_points: bool,
                    exclusion: bool) -> Entry | None:
        scope = _pattern_scope(structure, attributes, parts, self.input_scope)
        trees = _clauses(tree)
        clauses = [self.compile(clause, scope, context) for clause in trees]
        computed: Compiled | None = None
        if isinstance(value_node, yaml.ScalarNode) and isinstance(
                self.scalar(value_node, context), str):
            try:
                computed = compile_value(S.parse(str(value_node.value)), scope)
            except (S.ExprSyntaxError, CompileError) as exc:
                self.expr_problem(value_node, f"{context} value", exc.message, exc.position)
                return None
        if any(c is None for c in clauses):
            return None
        compiled = [c for c in clauses if c is not None]
        cost = sum(c.cost for c in compiled)
        if cost > MAX_COST:
            self.problem(node, context, f"the constraints cost {cost} evaluation steps "
                         f"(parts expanded); the limit is {MAX_COST}")
            return None
        named = frozenset().union(*(c.groups for c in compiled))
        orders = count_orders(structure, named)
        if orders > MAX_ARRANGEMENTS:
            self.problem(node, context, f"names groups that may come in {orders} orders; the "
                         f"limit is {MAX_ARRANGEMENTS} (name fewer groups of the same size, or "
                         "use hand and count())")
            return None
        fixed = value if isinstance(value, int) else 0
        pattern = self.plan(name, order, fixed, stacks, overrides, compiled, trees, structure)
        pattern = dataclasses.replace(
            pattern, exclusion=exclusion, bonus=bonus, in_points=in_points,
            value_fn=computed.fn if computed is not None else None,
            value_cost=computed.cost if computed is not None else 0)
        env_size = max([sum(structure), *(c.env_size for c in compiled),
                        computed.env_size if computed is not None else 0])
        return pattern, (structure, env_size, node)

    def plan(self, name: str, order: int, value: int, stacks: bool,
             overrides: frozenset[str], clauses: list[Compiled], trees: list[_Tree],
             structure: tuple[int, ...]) -> Pattern:
        """Sort clauses by what they read (see ``Pattern``); groups are chosen in the order
        clauses first name them."""
        group_order: list[int] = []
        for clause in clauses:
            for group in sorted(clause.groups):
                if group not in group_order:
                    group_order.append(group)
        hand: list[Conjunct] = []
        single: list[list[Conjunct]] = [[] for _ in group_order]
        multi: list[list[Conjunct]] = [[] for _ in range(len(group_order) + 1)]
        for clause, tree in zip(clauses, trees, strict=True):
            placed = sorted(group_order.index(g) for g in clause.groups)
            groups = tuple(group_order[i] for i in placed)
            uid, symmetric = self.clause_id(tree, groups, structure, clause.whole)
            conjunct = Conjunct(uid, clause.fn, groups, clause.whole, symmetric, clause.cost)
            if not placed:
                hand.append(conjunct)
            elif len(placed) == 1 and not clause.whole:
                single[placed[0]].append(conjunct)
            else:
                multi[placed[-1] + 1].append(conjunct)
        multi_steps = tuple(tuple(step) for step in multi) if any(multi) else ()
        symmetric = bool(multi_steps) and not any(multi[:-1]) and all(
            c.symmetric and len(c.groups) == len(group_order) for c in multi[-1])
        keys = tuple((structure[g], *sorted(c.uid for c in step))
                     for g, step in zip(group_order, single, strict=True))
        return Pattern(name, order, value, stacks, overrides, tuple(group_order), tuple(hand),
                       tuple(tuple(step) for step in single), keys, multi_steps, symmetric)

    def clause_id(self, tree: _Tree, groups: tuple[int, ...], structure: tuple[int, ...],
                  whole: bool) -> tuple[int, bool]:
        """An id shared by clauses that compute the same thing from the same groups, and
        whether the clause is symmetric in its groups.

        Slots are renamed by their group's place in ``groups`` and their offset in the
        group. Symmetric: renaming through any permutation of same-size groups gives the
        same canonical text (sound, not complete: a miss only costs time)."""
        sizes = tuple(structure[g] for g in groups)
        key = f"{whole}|{sizes}|{_tree_text(tree, _renaming(groups, structure))}"
        uid = self.clause_ids.setdefault(key, len(self.clause_ids) + 1)
        symmetric = False
        if 2 <= len(groups) <= 4 and len(set(sizes)) == 1:
            text = _tree_text(tree, _renaming(groups, structure))
            symmetric = all(
                _tree_text(tree, _renaming(permuted, structure)) == text
                for permuted in itertools.permutations(groups))
        return uid, symmetric

    def check_overrides(self, entries: list[tuple[Pattern, Any]], names: set[str]) -> None:
        overrides = {p.name: p.overrides | {name for name, _ in p.fewer}
                     for p, _ in entries if not p.exclusion}
        seen: set[str] = set()
        for pattern, (_, _, pattern_node) in entries:
            if pattern.name in seen:
                continue  # a yaku written for several structures: checked once
            seen.add(pattern.name)
            for target in sorted(overrides.get(pattern.name, ())):
                context = f"yaku '{pattern.name}'"
                if target == pattern.name:
                    self.problem(pattern_node, context, "a yaku cannot override itself")
                elif target not in names:
                    self.problem(pattern_node, context, f"overrides unknown yaku '{target}'"
                                 f"{suggest(target, names)}")
                elif pattern.name in overrides.get(target, ()) and pattern.name < target:
                    self.problem(pattern_node, context,
                                 f"'{pattern.name}' and '{target}' override each other")
        cycle = override_cycle({name: targets & names for name, targets in overrides.items()})
        if cycle is not None and len(cycle) > 3:  # two yaku: named above
            first = next(node for pattern, (_, _, node) in entries
                         if pattern.name == cycle[0])
            if isinstance(first, yaml.MappingNode):  # point at its overrides list
                first = next((value for key, value in first.value
                              if getattr(key, "value", None) == "overrides"), first)
            shown = [f"'{name}'" for name in cycle]
            if len(shown) > 8:  # a long cycle is named by its ends
                shown = [*shown[:4], f"... ({len(cycle) - 1} yaku in all)", *shown[-2:]]
            self.problem(first, f"yaku '{cycle[0]}'", "overrides go round in a cycle: "
                         + " -> ".join(shown)
                         + " (a yaku that does not count overrides nothing, so each must "
                           "be decided before those it overrides)")


def _renaming(groups: tuple[int, ...], structure: tuple[int, ...]) -> dict[str, str]:
    """Slot and group names of ``groups`` -> their place in ``groups`` and offset."""
    rename: dict[str, str] = {}
    offsets = [sum(structure[:g]) for g in range(len(structure))]
    for place, number in enumerate(groups):
        rename[f"g{number + 1}"] = f"#g{place}"
        for i in range(structure[number]):
            rename[SLOT_NAMES[offsets[number] + i]] = f"#{place}.{i}"
    return rename


def _clauses(tree: _Tree) -> list[_Tree]:
    """The top-level clauses of a constraint (a list, an all:, an 'and' expression)."""
    if isinstance(tree, _Combine) and tree.op == "all":
        return [clause for item in tree.items for clause in _clauses(item)]
    if isinstance(tree, _Leaf) and isinstance(tree.expr, S.BoolOp) and tree.expr.op == "and":
        return [clause for operand in tree.expr.operands
                for clause in _clauses(_Leaf(operand, tree.node))]
    return [tree]


def _pattern_scope(structure: tuple[int, ...], attributes: dict[str, tuple[str, int]],
                   parts: dict[str, Part], inputs: dict[str, tuple[str, int]]) -> Scope:
    slots: dict[str, int] = {}
    slot_group: dict[int, int] = {}
    groups: dict[str, tuple[int, ...]] = {"hand": tuple(range(sum(structure)))}
    group_number: dict[str, int] = {}
    index = 0
    for number, size in enumerate(structure):
        members = []
        for _ in range(size):
            slots[SLOT_NAMES[index]] = index
            slot_group[index] = number
            members.append(index)
            index += 1
        groups[f"g{number + 1}"] = tuple(members)
        group_number[f"g{number + 1}"] = number
    return Scope(slots=slots, groups=groups, attributes=attributes, parts=parts,
                 slot_group=slot_group, group_number=group_number, inputs=inputs)


def _stand_in(name: str, arity: int) -> Part:
    return Part(name, arity, lambda env: False, arity, 1)


def _cycle_through(start: str, calls: dict[str, set[str]]) -> list[str]:
    """A call path start -> ... -> start, or [] if there is none (breadth-first)."""
    parent: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for name in frontier:
            for callee in sorted(calls[name]):
                if callee == start:
                    path = [name]
                    while path[-1] != start:
                        path.append(parent[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if callee not in parent:
                    parent[callee] = name
                    following.append(callee)
        frontier = following
    return []
