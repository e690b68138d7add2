"""Game file -> checked ``Game``: the file, its rules and tiles; then the constraint
sections (``constraints.py``) and the scorer (``build.py``).

Every fault found is recorded with its line and the yaku/part/tile/field it belongs to; if
there is any, ``GameError`` carries them all. See docs/games.md for the language.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

import yaml

from . import syntax as S
from . import yamlsafe as Y
from .build import build_engine
from .compiler import BUILTIN_ATTRIBUTES, FIRST_ATTR, WAITS, WAITS_INPUT
from .constraints import ConstraintReader
from .errors import GameError, Problem
from .game import Game
from .melds import notation_available
from .model import Input, Tile, Value
from .payment import DISCARD_PAYERS, SELF_DRAW_PAYERS, Payment
from .reader import suggest
from .spec import CALL_KINDS, DEFAULT_COPIES, MAX_HAND, MAX_POINTS, MAX_TILES, RulesSpec

TOP_KEYS = ("name", "description", "rules", "defaults", "tiles", "inputs", "parts", "sets",
            "yaku", "exclude", "payment")
RULE_KEYS = ("hand_size", "structure", "players", "starting_points", "rounds",
             "wildcards_per_hand", "order", "display", "unit", "han_points", "max_points",
             "minimum", "waits_structures", "calls")
# The sections only a game file has: a YAML mapping with none of them is not one.
GAME_SECTIONS = ("rules", "tiles", "yaku")
INPUT_KEYS = ("type", "values", "default", "min", "max", "description")
MAX_INPUTS = 32
MAX_DOUBLINGS = 40
META_KEYS = ("copies", "wildcard")
RESERVED = frozenset(BUILTIN_ATTRIBUTES) | set(META_KEYS) | S.KEYWORDS | {WAITS}
_TILE_NAME = re.compile(r"[^\s,]{1,40}")


def load_text(text: str, *, filename: str, fingerprint: str | None = None) -> Game:
    if fingerprint is None:
        fingerprint = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return _Loader(filename).load(text, fingerprint)


class _Loader(ConstraintReader):
    def __init__(self, filename: str) -> None:
        super().__init__()
        self.filename = filename

    def fail(self) -> GameError:
        return GameError.from_problems(self.filename, self.problems)

    def load(self, text: str, fingerprint: str) -> Game:
        try:
            root = Y.compose(text)
        except Y.YamlRefused as refused:
            self.problems.append(Problem(refused.line, refused.column, "", refused.message))
            raise self.fail() from None
        if root is None:
            self.problem(None, "", "the game file is empty")
            raise self.fail()
        self.recognise(root)
        self.check_tags(root)
        if self.problems:
            raise self.fail()
        top = self.mapping(root, "game file")
        if top is None:
            raise self.fail()
        self.known_keys(top, TOP_KEYS, "game file")
        sections = {key: value for key, _, value in top}
        for required in ("name", "rules", "tiles", "yaku"):
            if required not in sections:
                self.problem(root, "game file", f"missing the '{required}' section")
        name = self.text(sections["name"], "name") if "name" in sections else None
        description = ""
        if "description" in sections:
            description = self.text(sections["description"], "description", 2000) or ""
        rules = self.rules(sections.get("rules"))
        tiles, attributes = self.tiles(sections.get("defaults"), sections.get("tiles"), rules)
        display = self.display(rules, attributes)
        self.check_calls(rules, tiles)
        inputs = self.inputs(sections.get("inputs"), attributes)
        self.input_scope = {i.name: (i.type, n) for n, i in enumerate(inputs)}
        self.input_scope[WAITS] = ("int", WAITS_INPUT)
        parts = self.parts(sections.get("parts"), attributes)
        set_rules = self.set_rules(sections.get("sets"), attributes, parts, rules)
        patterns = self.patterns(sections, attributes, parts, rules)
        self.check_waits_structures(rules, patterns)
        payment = self.payment(sections.get("payment"))
        if self.problems or rules.hand_size is None or name is None:
            raise self.fail()
        engine = build_engine(self.filename, tiles, attributes, set_rules, patterns, rules,
                              tuple(inputs))
        return Game(
            name=name, description=description, filename=self.filename,
            fingerprint=fingerprint, tiles=tuple(tiles), hand_size=rules.hand_size,
            players=rules.players, starting_points=rules.starting_points, rounds=rules.rounds,
            unit=rules.unit, wildcards_per_hand=engine.wildcards_per_hand,
            yaku_names=tuple(dict.fromkeys(p.name for p, _ in patterns if not p.exclusion)),
            yaku=tuple(self.yaku_info[n] for n in dict.fromkeys(
                p.name for p, _ in patterns if not p.exclusion)),
            inputs=tuple(inputs), display=display, minimum=rules.minimum, _engine=engine,
            payment=payment, calls=rules.calls,
        )

    def recognise(self, root: yaml.Node) -> None:
        """Refuse, quoting none of it, a file that is not recognisably a game file: a YAML
        mapping with one of the sections only a game file has, or with game sections only
        (a file just begun: ``name: x``). Anyone may name a file (``Game["/etc/passwd"]``,
        ``game check ~/.ssh/id_rsa``) and errors end up in CI logs, so what is not a game
        file never has its text, keys or tags echoed."""
        if isinstance(root, yaml.MappingNode):
            keys = [key.value if isinstance(key, yaml.ScalarNode) else None
                    for key, _ in root.value]
            if set(keys) & set(GAME_SECTIONS) or (keys and set(keys) <= set(TOP_KEYS)):
                return
            found = "a mapping without any of them"
        elif isinstance(root, yaml.SequenceNode):
            found = "a list"
        else:
            found = "text"  # whatever YAML would make of it, it is a single value
        self.problem(root, "", "not a game file: a game file is a YAML mapping with the "
                     "sections name, rules, tiles and yaku (docs/games.md); this file's top "
                     f"level is {found}")
        raise self.fail()

    # -- rules --

    def rules(self, node: yaml.Node | None) -> RulesSpec:
        rules = RulesSpec()
        if node is None:
            return rules
        items = self.mapping(node, "rules")
        if items is None:
            return rules
        self.known_keys(items, RULE_KEYS, "rules")
        values = {key: value for key, _, value in items}
        if "hand_size" not in values:
            self.problem(node, "rules", "missing 'hand_size'")
        else:
            rules.hand_size = self.integer(values["hand_size"], "rules.hand_size", 1, MAX_HAND)
        if "structure" in values:
            rules.structure_given = True  # if it is bad, that alone is reported
            rules.structure = self.structure(values["structure"], "rules.structure", rules)
        for key, low, high in (("players", 1, 16), ("starting_points", 0, MAX_POINTS),
                               ("rounds", 1, 100)):
            if key in values:
                value = self.integer(values[key], f"rules.{key}", low, high)
                if value is not None:
                    setattr(rules, key, value)
        if "wildcards_per_hand" in values:
            rules.wildcards_per_hand = self.integer(
                values["wildcards_per_hand"], "rules.wildcards_per_hand", 0, MAX_HAND)
        if "order" in values:
            rules.order = self.order(values["order"])
        if "display" in values:
            rules.display = self.text_list(values["display"], "rules.display") or []
        if "unit" in values:
            unit = self.text(values["unit"], "rules.unit")
            if unit in ("points", "han"):
                rules.unit = unit
            elif unit is not None:
                self.problem(values["unit"], "rules.unit",
                             f"unit must be 'points' or 'han', not {unit!r}")
        if "minimum" in values:
            rules.minimum = self.integer(values["minimum"], "rules.minimum", 1, MAX_POINTS)
        if "han_points" in values:
            rules.han_points = self.han_points(values["han_points"])
        if rules.unit == "han" and rules.han_points is None and "han_points" not in values:
            self.problem(node, "rules", "a game counted in han needs 'han_points', the points "
                         "for 1, 2, ... han")
        if rules.unit == "points" and "han_points" in values:
            self.problem(values["han_points"], "rules.han_points",
                         "'han_points' only applies when 'unit' is han")
        if "max_points" in values:
            rules.max_points = self.integer(values["max_points"], "rules.max_points", 1,
                                            MAX_POINTS)
        if "waits_structures" in values:
            node_w = values["waits_structures"]
            found = self.structures(node_w, "rules.waits_structures", rules)
            rules.waits_structures = [(s, node_w) for s in found if s is not None]
        if "calls" in values:
            rules.calls = self.calls(values["calls"])
            rules.calls_node = values["calls"]
        return rules

    def calls(self, node: yaml.Node) -> tuple[str, ...]:
        """``rules.calls``: the claims the table offers after a discard, each once."""
        chosen: list[str] = []
        for kind, item in self.text_list(node, "rules.calls") or []:
            if kind not in CALL_KINDS:
                self.problem(item, "rules.calls", f"unknown call {kind!r}"
                             f"{suggest(kind, CALL_KINDS)}; calls are "
                             f"{', '.join(CALL_KINDS)}")
            elif kind in chosen:
                self.problem(item, "rules.calls", f"the call {kind!r} is listed twice")
            else:
                chosen.append(kind)
        return tuple(kind for kind in CALL_KINDS if kind in chosen)

    def check_calls(self, rules: RulesSpec, tiles: list[Tile]) -> None:
        """A claimed group is written ``( )`` in the hand the table scores: calls need
        that notation, which a tile whose name holds a bracket turns off."""
        if rules.calls and not notation_available(tile.name for tile in tiles):
            self.problem(rules.calls_node, "rules.calls",
                         "a tile's name holds a bracket, so hands cannot write a claimed "
                         "meld '( )': this game cannot offer calls")

    def payment(self, node: yaml.Node | None) -> Payment:
        """The ``payment`` section (payment.py): who pays a win; defaults for what it
        leaves out."""
        if node is None:
            return Payment()
        items = self.mapping(node, "payment")
        if items is None:
            return Payment()
        self.known_keys(items, ("discard", "self_draw", "base"), "payment")
        values = {key: value for key, _, value in items}
        chosen: dict[str, str] = {}
        for key, allowed in (("discard", DISCARD_PAYERS), ("self_draw", SELF_DRAW_PAYERS)):
            if key in values:
                text = self.text(values[key], f"payment.{key}")
                if text in allowed:
                    chosen[key] = text
                elif text is not None:
                    self.problem(values[key], f"payment.{key}",
                                 f"{key} must be {' or '.join(allowed)}, not {text!r}")
        base = 0
        if "base" in values:
            base = self.integer(values["base"], "payment.base", 0, MAX_POINTS) or 0
        return Payment(discard=chosen.get("discard", "discarder"),
                       self_draw=chosen.get("self_draw", "each"), base=base)

    def check_waits_structures(self, rules: RulesSpec, patterns: list[Any]) -> None:
        """Each structure `rules.waits_structures` names is one a yaku or exclusion is
        written for (in any order of its sizes): only those have readings."""
        written = {tuple(sorted(structure)) for _, (structure, _, _) in patterns}
        for sizes, node in rules.waits_structures or ():
            if tuple(sorted(sizes)) not in written:
                listed = ", ".join(" ".join(map(str, s)) for s in sorted(written))
                self.problem(node, "rules.waits_structures",
                             f"no yaku or exclusion is written for the structure "
                             f"{' '.join(map(str, sizes))!r}; the game's structures: {listed}")

    def han_points(self, node: yaml.Node) -> tuple[int, ...] | None:
        """The points for 1, 2, 3 ... han: a table (counts ascending, gaps allowed: a count
        not listed scores as the count below it, and counts below the first none), or the
        doubling formula ``{base: B, doubling_until: N}``: B, 2B, 4B ... up to N han."""
        items = self.mapping(node, "rules.han_points", number_keys=True)
        if items is None:
            return None
        keys = [key for key, _, _ in items]
        if keys and set(keys) <= {"base", "doubling_until"}:
            return self.han_formula(node, items)
        table: list[int] = []
        previous = 0
        for key, key_node, value_node in items:
            if not isinstance(key, int) or isinstance(key, bool) or not previous < key <= 1000:
                self.problem(key_node, "rules.han_points",
                             f"han counts must be whole numbers ascending from 1 (at most "
                             f"1000), after {previous}; found {key!r} (or write the formula "
                             "{base: B, doubling_until: N})")
                return None
            value = self.integer(value_node, f"rules.han_points[{key}]", 1, MAX_POINTS)
            if value is None:
                return None
            if table and value < table[-1]:
                # more han never scores less (the scorer relies on it to stop early)
                self.problem(value_node, f"rules.han_points[{key}]",
                             f"{value} is less than the {table[-1]} of {previous} han")
                return None
            table.extend([table[-1] if table else 0] * (key - previous - 1))
            table.append(value)
            previous = key
        if not table:
            self.problem(node, "rules.han_points", "the table is empty")
            return None
        return tuple(table)

    def han_formula(self, node: yaml.Node, items: list[tuple[Any, yaml.Node, yaml.Node]]
                    ) -> tuple[int, ...] | None:
        values = {key: value for key, _, value in items}
        if len(values) != 2:
            self.problem(node, "rules.han_points", "the doubling formula needs both 'base' "
                         "and 'doubling_until'")
            return None
        base = self.integer(values["base"], "rules.han_points.base", 1, MAX_POINTS)
        until = self.integer(values["doubling_until"], "rules.han_points.doubling_until", 1,
                             MAX_DOUBLINGS)
        if base is None or until is None:
            return None
        if base << (until - 1) > MAX_POINTS:
            self.problem(values["doubling_until"], "rules.han_points", f"{base} doubled "
                         f"{until - 1} times is more than {MAX_POINTS} points")
            return None
        return tuple(base << (han - 1) for han in range(1, until + 1))

    def order(self, node: yaml.Node) -> list[tuple[str, yaml.Node, tuple[Value, ...] | None]]:
        """``rules.order``: attribute names, each optionally with its values in order
        (``{colour: [aka, ao, kiiro]}``) instead of their natural order."""
        if not isinstance(node, yaml.SequenceNode):
            self.problem(node, "rules.order", f"expected a list, found {Y.describe(node)}")
            return []
        result: list[tuple[str, yaml.Node, tuple[Value, ...] | None]] = []
        for item in node.value:
            if isinstance(item, yaml.MappingNode):
                entries = self.mapping(item, "rules.order") or []
                if len(entries) != 1 or not isinstance(entries[0][2], yaml.SequenceNode):
                    self.problem(item, "rules.order", "a custom order is one attribute and "
                                 "its values in order, e.g. {colour: [red, blue, yellow]}")
                    continue
                key, _, values_node = entries[0]
                listed: list[Value] = []
                for value_node in values_node.value:
                    value = self.scalar(value_node, f"rules.order.{key}")
                    if isinstance(value, str | int) and value not in listed:
                        listed.append(value)
                    elif value is not None:
                        self.problem(value_node, f"rules.order.{key}", "expected a distinct "
                                     f"text or number, found {Y.describe(value_node)}")
                result.append((str(key), item, tuple(listed)))
                continue
            text = self.text(item, "rules.order")
            if text is not None:
                result.append((text, item, None))
        return result

    def display(self, rules: RulesSpec, attributes: dict[str, tuple[str, int]]
                ) -> tuple[str, ...]:
        """``rules.display``: the attributes shown for each tile (all when not given)."""
        shown = []
        for name, node in rules.display:
            if name not in attributes:
                self.problem(node, "rules.display", f"unknown attribute '{name}'"
                             f"{suggest(name, attributes)}")
            else:
                shown.append(name)
        return tuple(shown)

    def inputs(self, node: yaml.Node | None, attributes: dict[str, tuple[str, int]]
               ) -> list[Input]:
        """The ``inputs`` section: situation inputs (self-draw, seat wind ...) a hand is
        scored with, each read by yaku as a plain name."""
        if node is None:
            return []
        items = self.mapping(node, "inputs") or []
        if len(items) > MAX_INPUTS:
            self.problem(node, "inputs", f"more than {MAX_INPUTS} inputs")
            return []
        found = []
        for key, key_node, value_node in items:
            context = f"input '{key}'"
            if key == WAITS:
                self.problem(key_node, "inputs", "'waits' is a built-in name (how many tiles "
                             "complete the hand, docs/games.md \"Waits\"); name the input "
                             "otherwise")
                continue
            if (not isinstance(key, str) or not key.isidentifier() or not key.isascii()
                    or len(key) < 2 or key in RESERVED or key in S.AGGREGATES
                    or key in ("hand", "group") or re.fullmatch(r"g\d+", key)):
                self.problem(key_node, "inputs", f"an input is named by an ASCII identifier "
                             "of two or more characters that is not a slot (a, b ...), a group "
                             f"(g1 ...), hand, group, an aggregate or a keyword; not {key!r}")
                continue
            spec = self.input(key, value_node, context)
            if spec is not None:
                found.append(spec)
        return found

    def input(self, name: str, node: yaml.Node, context: str) -> Input | None:
        items = self.mapping(node, context)
        if items is None:
            return None
        self.known_keys(items, INPUT_KEYS, context)
        values = {key: value for key, _, value in items}
        description = ""
        if "description" in values:
            description = self.text(values["description"], f"{context}.description") or ""
        if "values" in values:
            listed = [text for text, _ in self.text_list(values["values"], f"{context}.values")
                      or []]
            if not listed or len(set(listed)) != len(listed):
                self.problem(values["values"], context, "'values' lists distinct texts")
                return None
            default_text = listed[0]
            if "default" in values:
                given = self.text(values["default"], f"{context}.default")
                if given is not None and given not in listed:
                    self.problem(values["default"], context, f"the default {given!r} is not "
                                 f"one of the values: {', '.join(listed)}")
                    return None
                default_text = given or default_text
            return Input(name, "str", default_text, tuple(listed), description=description)
        kind = self.text(values["type"], f"{context}.type") if "type" in values else None
        if kind == "bool":
            default = False
            if "default" in values:
                default = bool(self.boolean(values["default"], f"{context}.default"))
            return Input(name, "bool", default, description=description)
        if kind == "int":
            low = self.integer(values["min"], f"{context}.min", 0, 1000) if "min" in values \
                else 0
            high = self.integer(values["max"], f"{context}.max", 0, 1000) if "max" in values \
                else 1000
            if low is None or high is None:
                return None
            if low > high:
                self.problem(node, context, f"min {low} is more than max {high}")
                return None
            default_int = low
            if "default" in values:
                default_int = self.integer(values["default"], f"{context}.default", low,
                                           high) or low
            return Input(name, "int", default_int, None, low, high, description)
        self.problem(node, context, "an input has 'type: bool', 'type: int' (with min/max) "
                     "or 'values: [...]' (its possible texts)")
        return None

    # -- tiles --

    def tiles(self, defaults_node: yaml.Node | None, tiles_node: yaml.Node | None,
              rules: RulesSpec) -> tuple[list[Tile], dict[str, tuple[str, int]]]:
        types: dict[str, tuple[str, str]] = {}  # attribute -> (type, where first seen)
        defaults: dict[str, Value] = {}
        default_copies = DEFAULT_COPIES
        if defaults_node is not None:
            for key, key_node, value_node in self.mapping(defaults_node, "defaults") or []:
                if key == "copies":
                    default_copies = self.integer(value_node, "defaults.copies", 1, 1000) or 4
                    continue
                value = self.attribute(key, key_node, value_node, "defaults", types)
                if value is not None:
                    defaults[key] = value
        raw: list[tuple[str, yaml.Node, int, bool, dict[str, Value], set[str]]] = []
        items = self.mapping(tiles_node, "tiles") if tiles_node is not None else None
        if items is not None and len(items) > MAX_TILES:
            self.problem(tiles_node, "tiles", f"more than {MAX_TILES} tiles")
            items = None
        for key, key_node, value_node in items or []:
            tile = self.tile(key, key_node, value_node, default_copies, types)
            if tile is not None:
                raw.append(tile)
        attribute_names = sorted(types)
        tiles: list[Tile] = []
        for name, key_node, copies, wildcard, own, given in raw:
            if wildcard:
                tiles.append(Tile(name, copies, True, ()))
                continue
            merged = {**defaults, **own}
            # A value given but rejected is reported already; it is not also "missing".
            missing = [a for a in attribute_names if a not in merged and a not in given]
            if missing:
                self.problem(key_node, f"tile '{name}'", f"no value for {', '.join(missing)}; "
                             "give one here or under 'defaults'")
            tiles.append(Tile(name, copies, False,
                              tuple((a, merged[a]) for a in attribute_names if a in merged)))
        tiles = self.display_order(tiles, rules, types)
        if tiles_node is not None and items is not None:
            if not any(not t.wildcard for t in tiles) and not self.problems:
                self.problem(tiles_node, "tiles", "the game needs at least one ordinary tile")
            total = sum(t.copies for t in tiles)
            if rules.hand_size is not None and tiles and total < rules.hand_size:
                self.problem(tiles_node, "tiles", f"there are only {total} tiles in all, fewer "
                             f"than a hand of {rules.hand_size}")
        attributes = {name: (kind, FIRST_ATTR + i)
                      for i, (name, (kind, _)) in enumerate(sorted(types.items()))}
        return tiles, {**{k: v for k, v in BUILTIN_ATTRIBUTES.items()}, **attributes}

    def tile(self, name: Any, key_node: yaml.Node, value_node: yaml.Node, default_copies: int,
             types: dict[str, tuple[str, str]]
             ) -> tuple[str, yaml.Node, int, bool, dict[str, Value], set[str]] | None:
        if not isinstance(name, str):
            self.problem(key_node, "tiles", f"tile name {name!r} is not text; quote it "
                         f"('{name}') to use it as a name")
            return None
        context = f"tile '{name}'"
        if not _TILE_NAME.fullmatch(name):
            self.problem(key_node, context, "a tile name is 1 to 40 characters without spaces "
                         "or commas (hands list tiles separated by spaces or commas)")
            return None
        copies, wildcard = default_copies, False
        own: dict[str, Value] = {}
        if isinstance(value_node, yaml.ScalarNode) and value_node.tag == Y.NULL:
            return name, key_node, copies, wildcard, own, set()
        attribute_nodes: list[tuple[str, yaml.Node]] = []
        for key, attr_key_node, attr_value_node in self.mapping(value_node, context) or []:
            if key == "copies":
                copies = self.integer(attr_value_node, f"{context}.copies", 1, 1000) or copies
            elif key == "wildcard":
                wildcard = bool(self.boolean(attr_value_node, f"{context}.wildcard"))
            else:
                value = self.attribute(key, attr_key_node, attr_value_node, context, types)
                if value is not None:
                    own[key] = value
                attribute_nodes.append((key, attr_key_node))
        if wildcard and attribute_nodes:
            key, node = attribute_nodes[0]
            self.problem(node, context, f"a wildcard takes the attributes of the tile it "
                         f"stands for, so it cannot have its own ('{key}')")
        return name, key_node, copies, wildcard, own, {key for key, _ in attribute_nodes}

    def attribute(self, key: Any, key_node: yaml.Node, value_node: yaml.Node, context: str,
                  types: dict[str, tuple[str, str]]) -> Value | None:
        if not isinstance(key, str) or not key.isidentifier():
            self.problem(key_node, context, f"attribute name {key!r} must be a name made of "
                         "letters, digits and '_' (not starting with a digit)")
            return None
        if key in RESERVED:
            self.problem(key_node, context, f"'{key}' is reserved and cannot be an attribute")
            return None
        value = self.scalar(value_node, f"{context}.{key}")
        if isinstance(value, bool):
            kind = "bool"
        elif isinstance(value, int):
            kind = "int"
            if abs(value) > S.MAX_INT:
                self.problem(value_node, f"{context}.{key}", f"number beyond ±{S.MAX_INT}")
                return None
        elif isinstance(value, str):
            kind = "str"
        else:
            if value is not None or value_node.tag == Y.NULL:
                self.problem(value_node, f"{context}.{key}", "an attribute is text, a whole "
                             f"number or true/false, not {Y.describe(value_node)}")
            return None
        here = f"{context} (line {Y.where(value_node).line})"
        if key not in types:
            types[key] = (kind, here)
        elif types[key][0] != kind:
            first_kind, first_where = types[key]
            self.problem(value_node, f"{context}.{key}", f"'{key}' is {_a(first_kind)} in "
                         f"{first_where} but {_a(kind)} here")
            return None
        checked: Value = value
        return checked

    def display_order(self, tiles: list[Tile], rules: RulesSpec,
                      types: dict[str, tuple[str, str]]) -> list[Tile]:
        keys: list[tuple[str, tuple[Value, ...] | None]] = []
        for name, node, custom in rules.order:
            if name != "name" and name not in types:
                self.problem(node, "rules.order", f"unknown attribute '{name}'"
                             f"{suggest(name, types)}; tiles have: {', '.join(sorted(types))}")
            else:
                keys.append((name, custom))
        ordinary = [t for t in tiles if not t.wildcard]
        for name, custom in keys:
            for tile in ordinary:
                value = tile.name if name == "name" else tile.get(name)
                if custom is not None and value is not None and value not in custom:
                    self.problem(None, "rules.order", f"tile '{tile.name}' has {name} "
                                 f"{value!r}, which the custom order of '{name}' does not "
                                 "list", Y.where(rules.order[0][1]).line)

        def rank(tile: Tile, name: str, custom: tuple[Value, ...] | None) -> tuple[Any, ...]:
            value = tile.name if name == "name" else tile.get(name)
            if custom is not None:
                return (True, custom.index(value) if value in custom else len(custom))
            # A tile missing an attribute is already reported; it sorts first meanwhile.
            return (value is not None, value if value is not None else 0)

        if keys:
            ordinary.sort(key=lambda t: tuple(rank(t, name, custom) for name, custom in keys))
        return ordinary + [t for t in tiles if t.wildcard]

def _a(kind: str) -> str:
    return {"int": "a number", "str": "text", "bool": "true/false"}.get(kind, kind)
