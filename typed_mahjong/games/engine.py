"""Scoring a hand: hand text -> tile counts -> every reading -> yaku -> the best reading.

Vocabulary (see docs/games.md):

* an *item type* is a tile of the hand as written: an ordinary tile or a wildcard, and
  whether it is the hand's last-named tile;
* a *reading* splits the hand into groups whose sizes match a structure (``3 3 3``), every
  wildcard standing for some ordinary tile, every group passing the game's ``sets`` rule for
  its size. Groups are unordered; inside a group tiles sit in display order, so slot ``a``
  is the group's first tile in display order;
* a yaku applies to a reading when its constraint holds for *some* order of the reading's
  groups (``g1`` may be any group of the right size), so a yaku never depends on the
  order the player laid the sets out in.

Readings are generated once each: a reading is a multiset of groups, and groups are
produced in a canonical order (each group holds the smallest remaining item type; groups
sharing that smallest type come in non-decreasing (size, content) order).
"""

from __future__ import annotations

import difflib
import itertools
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from . import melds
from .compiler import Fn, InputEnv
from .errors import BAD_FILE, BAD_HAND, GameError
from .fallback import with_fallbacks
from .model import GameScore, Input, Reading, ReadingTile, Value
from .multisets import splits, submultisets
from .overrides import dropped
from .repeats import account_once, most_disjoint
from .spec import MAX_POINTS

# The work budget of one score() call. Every unit of work is counted: a search step, a
# grouping of tiles tried and each tile a wildcard is tried as (a unit a tile, whether
# the group is new or not), a group built or checked against a sets rule, a reading
# evaluated, a yaku tried on a reading, a group placed in a yaku's group order, a
# constraint evaluated (its load-time cost: nodes with parts expanded). The weights make
# a unit roughly the same Python time whatever it counts, so the budget bounds the time of
# the worst file that passes `check` (docs/games.md has the measurements, from
# benchmarks/bench_games.py). Cache entries (groups, results) are counted apart: they are
# what holds memory, and MAX_ENTRIES bounds a score call's caches.
WORK_BUDGET = 1_000_000
MAX_ENTRIES = 150_000
PLACE_WORK = 1  # one step of the search for readings
GROUP_WORK = 4  # intern a group: its records, its codes, its cache slot
READING_WORK = 12  # sort the groups, intern the hand, dispatch the patterns
ORDER_WORK = 2  # place one group in a yaku's group order
MATCH_WORK = 2  # try one yaku on a reading (or on a new hand), whatever its caches know
CLAUSE_WORK = 2  # call one clause and cache its result (plus the clause's own cost)
_BLOCK_BITS = 24  # cache keys put a group or hand id (< MAX_ENTRIES) in the low bits
# Orders of groups one yaku may need to try (e.g. 6 for a yaku naming g1..g3 of `3 3 3`).
MAX_ARRANGEMENTS = 5040

_HAND_TOKEN = re.compile(r"[^\s,]+")
_TRUTH = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}
Record = tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Conjunct:
    """One clause of a yaku's constraint (all clauses must hold).

    ``groups`` are the structure groups it reads; ``whole`` says it also reads the whole
    hand. Its result depends on nothing else, so one ``score`` call caches it by the
    groups' contents (and the hand's), across readings and group orders.
    """

    uid: int
    fn: Fn
    groups: tuple[int, ...]
    whole: bool
    symmetric: bool = False  # same result whichever of its groups plays which
    cost: int = 1  # evaluation steps (compiler cost), counted against the work budget

@dataclass(frozen=True, slots=True)
class Pattern:
    """A compiled yaku (``value`` > 0) or exclusion (``value`` == 0), its clauses sorted by
    what they read, cheapest to match first:

    * ``hand_clauses`` read no particular group (cached per multiset of tiles);
    * ``group_clauses[k]`` read only group ``group_order[k]`` (cached per group of tiles);
      they pick which of the reading's groups may play that structure group;
    * ``multi_steps[k]`` read several groups (or a group and the whole hand); they are
      checked while choosing groups in ``group_order``, once the first ``k`` are chosen.
    """

    name: str
    order: int  # position in the file, for output order
    value: int
    stacks: bool
    overrides: frozenset[str]
    group_order: tuple[int, ...]
    hand_clauses: tuple[Conjunct, ...]
    group_clauses: tuple[tuple[Conjunct, ...], ...]
    # per group of group_order: (its size, its clause ids); equal keys, equal candidates
    group_keys: tuple[tuple[int, ...], ...]
    multi_steps: tuple[tuple[Conjunct, ...], ...]  # empty when there is no such clause
    # Every multi-group clause is symmetric and reads all of group_order: when the groups
    # may be chosen from the same candidates, only the *set* of chosen groups matters.
    symmetric: bool = False
    exclusion: bool = False  # an `exclude` pattern, not a yaku
    bonus: bool = False  # its value does not count toward rules.minimum
    fallback: bool = False  # counts only where no other yaku does (bonus yaku aside)
    each: bool = False  # counts once for each set of groups that plays it (repeats.py)
    account_once: bool = False  # counted with its family by the account-once principle
    # Yaku it overrides only in part: (name, how many of the times it counts).
    fewer: tuple[tuple[str, int], ...] = ()
    in_points: bool = False  # a limit hand valued in points in a game counted in han
    value_fn: Fn | None = None  # a value computed from the hand and the inputs
    value_cost: int = 0


@dataclass(frozen=True, slots=True)
class Structure:
    """A slot layout (``3 3 3 3 2``) and the patterns written for it.

    Structure group ``g`` occupies environment slots ``offsets[g]`` .. ``+ sizes[g]``; in a
    reading (groups sorted by size) it may be played by any group at ``positions[g]``.
    """

    sizes: tuple[int, ...]
    offsets: tuple[int, ...]
    positions: tuple[tuple[int, ...], ...]
    canonical: tuple[int, ...]  # one consistent choice: group g played by canonical[g]
    env_size: int
    yaku: tuple[Pattern, ...]
    excludes: tuple[Pattern, ...]


@dataclass(frozen=True, slots=True)
class Shape:
    """Structures whose group sizes are the same multiset share their readings."""

    sizes: tuple[int, ...]  # distinct group sizes, ascending
    counts: tuple[int, ...]  # how many groups of each size
    structures: tuple[Structure, ...]


@dataclass(frozen=True, slots=True)
class SetRule:
    """The ``sets`` rule for one group size.

    When the rule ignores ``wild``/``last`` and the game has wildcards, the load step
    tabulates it: ``valid`` holds every valid group as sorted display ranks, and
    ``completions`` maps the ranks of a group's ordinary tiles to the rank tuples its
    wildcards may take, so wildcards never try tiles that cannot complete the group.
    """

    fn: Fn
    env_size: int
    reads_flags: bool = False
    cost: int = 1
    valid: frozenset[tuple[int, ...]] | None = None
    completions: Mapping[tuple[int, ...], tuple[tuple[int, ...], ...]] | None = None
    # partners[rank]: per item type, may it share a valid group with a tile of this rank
    partners: tuple[tuple[bool, ...], ...] | None = None


@dataclass(frozen=True, slots=True)
class Engine:
    """Everything ``score`` needs, precomputed at load time."""

    filename: str
    hand_size: int
    kinds: tuple[str, ...]  # ordinary tiles, display order
    wildcards: tuple[str, ...]
    copies: Mapping[str, int]
    wildcards_per_hand: int
    records: tuple[Record, ...]  # by record code, see record_code()
    set_rules: Mapping[int, SetRule]
    shapes: tuple[Shape, ...]
    han_points: tuple[int, ...] | None  # points for 1, 2, ... han; None: the unit is points
    max_points: int | None
    ceiling: int | None  # no reading can score more; None when exclusions force a full search
    minimum: int | None = None  # least total (bonus yaku aside) that wins
    inputs: tuple[Input, ...] = ()
    # The yaku with overrides, each before those it overrides (overrides.override_order).
    override_order: tuple[tuple[str, frozenset[str]], ...] = ()
    fewer: Mapping[str, tuple[tuple[str, int], ...]] = field(default_factory=dict)
    meld_notation: bool = True  # brackets write melds (no tile name has one; melds.py)
    # the shapes whose readings make a hand complete for waits (rules.waits_structures);
    # None: every shape
    waits_shapes: tuple[Shape, ...] | None = None

    def record_code(self, rank: int, source: int, last: bool) -> int:
        """Records sort by code: display rank, then real before wildcard, then last."""
        return ((rank * (len(self.wildcards) + 1) + source) * 2) + int(last)

    def score(self, hand: str, inputs: Mapping[str, Value | str] | None = None) -> GameScore:
        situation = self.situation(hand, inputs or {})
        counts, written = self.read_hand(hand)
        return _Search(self, counts, situation, hand, written).run()

    def situation(self, hand: str, given: Mapping[str, Value | str]) -> tuple[Value, ...]:
        """The inputs' values in declaration order (defaults filled in). Text is accepted
        for every type (as the command line gives it): 'true'/'false', digits."""
        declared = {spec.name: spec for spec in self.inputs}
        for name in given:
            if name not in declared:
                known = ", ".join(declared) or "none"
                close = difflib.get_close_matches(name, list(declared), n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                raise self._input_error(name, f"unknown input '{name}'{hint}; this game's "
                                        f"inputs: {known}")
        return tuple(self.input_value(hand, spec, given[spec.name]) if spec.name in given
                     else spec.default for spec in self.inputs)

    def input_value(self, hand: str, spec: Input, raw: Value | str) -> Value:
        value: Value | None = None
        if spec.type == "bool":
            if isinstance(raw, bool):
                value = raw
            elif isinstance(raw, str) and raw.lower() in _TRUTH:
                value = _TRUTH[raw.lower()]
            wanted = "true or false"
        elif spec.type == "int":
            if isinstance(raw, int) and not isinstance(raw, bool):
                value = raw
            elif isinstance(raw, str) and raw.isascii() and raw.isdigit() and len(raw) < 6:
                value = int(raw)
            if isinstance(value, int) and not spec.low <= value <= spec.high:
                value = None
            wanted = f"a whole number from {spec.low} to {spec.high}"
        else:
            assert spec.values is not None
            if isinstance(raw, str) and raw in spec.values:
                value = raw
            wanted = f"one of {', '.join(spec.values)}"
        if value is None:
            raise self._input_error(spec.name, f"input '{spec.name}' is {wanted}, not "
                                               f"{_shown(raw)}")
        return value

    # -- hands --

    def parse_hand(self, hand: str, waiting: bool = False) -> list[int]:
        """Counts per item type: ordinary ``rank*2 + last``, then wildcards after them
        (the tiles outside melds). A ``waiting`` hand has a tile less and no last-named
        tile (see waits.py)."""
        return self.read_hand(hand, waiting)[0]

    def read_hand(self, hand: str, waiting: bool = False
                  ) -> tuple[list[int], melds.HandMelds | None]:
        """The counts of the tiles outside melds, and the melds (``None``: none written)."""
        if self.meld_notation and melds.has_brackets(hand):
            return melds.read(self, hand, waiting)
        size = self.hand_size - waiting
        tokens: list[tuple[str, int]] = []
        for match in _HAND_TOKEN.finditer(hand):
            tokens.append((match.group(), match.start()))
            if len(tokens) > size:
                break
        self.check_tiles(hand, tokens, size, size, waiting=waiting)
        return self.item_counts(tokens, waiting), None

    def check_tiles(self, hand: str, tokens: list[tuple[str, int]], size: int, most: int,
                    kongs: int = 0, waiting: bool = False) -> None:
        """Every tile known, the right number of them (``tokens`` stops past ``most``),
        no tile more often than its copies, no more wildcards than allowed."""
        if not tokens and size:
            raise self.hand_error(hand, "the hand is empty", None)
        rank = {name: i for i, name in enumerate(self.kinds)}
        wild = {name: i for i, name in enumerate(self.wildcards)}
        for name, start in tokens:
            if name not in rank and name not in wild:
                close = difflib.get_close_matches(name, [*self.kinds, *self.wildcards], n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                raise self.hand_error(hand, f"unknown tile '{name}'{hint}", start)
        if len(tokens) != size:
            # Counting stopped at one token too many: say "more than", not a wrong number.
            count = f"more than {most}" if len(tokens) > most else str(len(tokens))
            whose = "a waiting hand of this game has" if waiting else "this game's hands have"
            with_kongs = (f" and one more for each kong ({size} with {kongs} kong"
                          f"{'s' if kongs != 1 else ''})" if kongs else "")
            raise self.hand_error(
                hand, f"the hand has {count} tiles; {whose} {size - kongs}{with_kongs}",
                None,
            )
        seen: dict[str, int] = {}
        wild_count = 0
        for name, start in tokens:
            seen[name] = seen.get(name, 0) + 1
            if seen[name] > self.copies[name]:
                raise self.hand_error(
                    hand, f"the hand has {seen[name]} '{name}' but the game has only "
                    f"{self.copies[name]}", start,
                )
            if name in wild:
                wild_count += 1
                if wild_count > self.wildcards_per_hand:
                    raise self.hand_error(
                        hand, f"the hand has more than {self.wildcards_per_hand} wildcard"
                        f"{'s' if self.wildcards_per_hand != 1 else ''}", start,
                    )

    def item_counts(self, tokens: list[tuple[str, int]], waiting: bool = False) -> list[int]:
        """Counts per item type; the last token is the last-named (winning) tile, unless
        the hand is ``waiting`` (it has none)."""
        rank = {name: i for i, name in enumerate(self.kinds)}
        wild = {name: i for i, name in enumerate(self.wildcards)}
        counts = [0] * (2 * len(self.kinds) + 2 * len(self.wildcards))
        for i, (name, _) in enumerate(tokens):
            last = int(i == len(tokens) - 1 and not waiting)
            if name in rank:
                counts[rank[name] * 2 + last] += 1
            else:
                counts[2 * len(self.kinds) + wild[name] * 2 + last] += 1
        return counts

    def _input_error(self, name: str, message: str) -> GameError:
        # The hand is not at fault: the message names the input, not the hand.
        return GameError(f"{self.filename}: {message}", filename=self.filename,
                         kind=BAD_HAND, input=name)

    def hand_error(self, hand: str, message: str, position: int | None) -> GameError:
        # 1-based, as the error's ``column`` (and ``score``'s hand errors) give it.
        where = f" at column {position + 1}" if position is not None else ""
        return GameError(
            f"{self.filename}: hand {hand[:200]!r}: {message}{where}",
            filename=self.filename, kind=BAD_HAND, position=position,
        )


class _Excluded(Exception):
    def __init__(self, pattern: Pattern, blocks: list[int]) -> None:
        super().__init__(pattern.name)
        self.pattern = pattern
        self.blocks = list(blocks)


class _Done(Exception):
    """The best reading already scores the game's ceiling."""


@dataclass(slots=True)
class _Live:
    """For one multiset of tiles: the patterns whose whole-hand clauses hold, split into
    those that hold whatever the grouping and those still to match against it."""

    always_excluded: list[Pattern] = field(default_factory=list)
    maybe_excluded: list[tuple[Pattern, Structure]] = field(default_factory=list)
    always: list[Pattern] = field(default_factory=list)
    maybe: list[tuple[Pattern, Structure]] = field(default_factory=list)
    values: dict[int, int] = field(default_factory=dict)  # id(pattern) -> computed value


class _Search:
    """The mutable state of one ``score`` call (never shared between calls)."""

    def __init__(self, engine: Engine, counts: list[int],
                 situation: tuple[Value, ...] = (), text: str = "",
                 written: melds.HandMelds | None = None) -> None:
        self.engine = engine
        self.counts = counts
        self.situation = situation
        self.text = text  # the hand as written, for `waits` (read again if a yaku asks)
        self.waits_known: int | None = None
        self.kinds = len(engine.kinds)
        self.first_wild_item = 2 * self.kinds
        # Groups met so far, interned: codes -> id; records, codes and size by id.
        self.block_ids: dict[tuple[int, ...], int] = {}
        self.block_records: list[tuple[Record, ...]] = []
        self.block_codes: list[tuple[int, ...]] = []
        self.block_size: list[int] = []
        self.block_extra: list[tuple[Record, ...]] = []  # a kong's fourth tile (melds.py)
        self.validity: dict[tuple[int, ...], bool] = {}
        self.hands: dict[tuple[int, ...], int] = {}
        # Clause results: hand and single-group clauses keyed by an int (clause id, then
        # hand or group id in the low bits); multi-group clauses by a tuple.
        self.memo: dict[int, bool] = {}
        self.multi_memo: dict[tuple[int, ...], bool] = {}
        self.work = 0
        self.entries = 0
        # Work spent matching each pattern's groups (orders and multi-group clauses), so
        # a budget error can name the yaku that costs most; `matching` is the one at work.
        self.pattern_work: dict[str, int] = {}
        self.matching: Pattern | None = None
        self.matching_start = 0
        self.has_wild = any(counts[self.first_wild_item:])
        # The item types the hand holds (at most its size): the search never scans the
        # game's whole tile list.
        self.present = [item for item, count in enumerate(counts) if count]
        self.readings = 0
        self.best_points = 0
        self.best_yaku: list[tuple[Pattern, int]] = []
        self.best_blocks: list[int] | None = None
        self.shape = engine.shapes[0] if engine.shapes else None
        self.remaining: list[int] = []
        # The reading being evaluated: block ids sorted by size, and its hand id.
        self.current: list[int] = []
        self.hand_id = -1
        self.envs: dict[int, InputEnv] = {}
        self.live: dict[tuple[int, int], _Live] = {}
        # For the current reading: positions whose group passes given single-group clauses.
        self.fitting: dict[tuple[int, ...], list[int]] = {}
        # Melds: groups of every reading, fixed before the search (melds.py).
        self.kongs = written is not None and written.kongs > 0
        self.melds: list[int] = []
        if written is not None:
            self.spend(written.work)
            self.melds = [self.meld_block(meld) for meld in written.blocks]

    def run(self) -> GameScore:
        try:
            for shape in self.engine.shapes:
                blocks = self.start(shape)
                if blocks is not None:
                    self.place(blocks, None)
        except _Excluded as excluded:
            return GameScore(0, (), self.reading(excluded.blocks), self.readings,
                             excluded.pattern.name, self.work)
        except _Done:
            pass
        if self.best_blocks is None:
            return GameScore(0, (), None, self.readings, work=self.work)
        yaku = tuple((p.name, value) for p, value in
                     sorted(self.best_yaku, key=lambda chosen: chosen[0].order))
        return GameScore(self.best_points, yaku, self.reading(self.best_blocks), self.readings,
                         work=self.work)

    # -- enumerating readings --

    def start(self, shape: Shape) -> list[int] | None:
        """Set up the readings of ``shape``: the groups every reading starts with (the
        melds, each playing a group of 3), or None when the shape has no room for them."""
        self.shape = shape
        self.remaining = list(shape.counts)
        if self.melds:
            threes = shape.sizes.index(3) if 3 in shape.sizes else -1
            if threes < 0 or self.remaining[threes] < len(self.melds):
                return None
            self.remaining[threes] -= len(self.melds)
        return list(self.melds)

    def place(self, blocks: list[int], prev: tuple[int, int, tuple[int, ...]] | None) -> None:
        shape = self.shape
        assert shape is not None
        # This step, and each group size it may try.
        self.spend(PLACE_WORK * (1 + len(shape.sizes)))
        counts = self.counts
        start = prev[0] if prev is not None else 0
        first = next((i for i in self.present if i >= start and counts[i]), None)
        if first is None:
            self.complete(blocks)
            return
        later = [i for i in self.present if i >= first]
        same_start = prev is not None and prev[0] == first
        for index, size in enumerate(shape.sizes):
            if not self.remaining[index]:
                continue
            if same_start and prev is not None and size < prev[1]:
                continue
            counts[first] -= 1
            self.remaining[index] -= 1
            rule = self.engine.set_rules.get(size)
            items = later
            if rule is not None and rule.partners is not None and first < self.first_wild_item:
                allowed = rule.partners[first >> 1]
                items = [i for i in later if allowed[i]]
            for rest in submultisets(counts, size - 1, items):
                # A grouping of `size` tiles tried (spend() inlined: the hottest count).
                self.work += size
                if self.work > WORK_BUDGET:
                    raise self.over_budget()
                if same_start and prev is not None and size == prev[1] and rest < prev[2]:
                    continue
                for block in self.groups_of((first, *rest), size):
                    blocks.append(block)
                    self.place(blocks, (first, size, rest))
                    blocks.pop()
            self.remaining[index] += 1
            counts[first] += 1

    def groups_of(self, items: tuple[int, ...], size: int) -> Iterator[int]:
        """Ids of the valid groups these items can form (wildcards standing for tiles).

        Each tile a wildcard may stand for is one unit of work per tile of the group: the
        substitutions are what wildcards cost, whether the group they make is new or not.
        """
        engine = self.engine
        split = self.first_wild_item
        reals = [i for i in items if i < split]
        real_codes = [engine.record_code(i >> 1, 0, bool(i & 1)) for i in reals]
        wild = [i - split for i in items if i >= split]
        rule = engine.set_rules.get(size)
        if not wild:
            key = tuple(real_codes)  # item order already matches code order
            if rule is None or (rule.valid is not None and tuple(i >> 1 for i in reals)
                                in rule.valid) or (rule.valid is None and self.valid(key, rule)):
                yield self.block(key)
            return
        if rule is not None and rule.completions is not None:
            for ranks in rule.completions.get(tuple(i >> 1 for i in reals), ()):
                for codes in self.wild_codes(wild, ranks):
                    self.work += size  # spend(), inlined in the hot loop
                    if self.work > WORK_BUDGET:
                        raise self.over_budget()
                    yield self.block(tuple(sorted(real_codes + codes)))
            return
        for ranks in self.any_ranks(len(wild)):
            for codes in self.wild_codes(wild, ranks):
                self.spend(size)
                key = tuple(sorted(real_codes + codes))
                if rule is None or self.valid(key, rule):
                    yield self.block(key)

    def any_ranks(self, n: int) -> Iterator[tuple[int, ...]]:
        return itertools.combinations_with_replacement(range(self.kinds), n)

    def wild_codes(self, wild: list[int], ranks: tuple[int, ...]) -> Iterator[list[int]]:
        """Record codes for wildcard items taking these ranks, each distinct way once.

        Items of one kind (the same wildcard, both last or both not) are interchangeable,
        so the ways are the splits of the ranks among the kinds (``multisets.splits``),
        never the orders of the ranks: eleven alike wildcards and a last one standing for
        two different ranks have 2 ways, not 12! orders to sift.
        """
        engine = self.engine
        kinds = sorted(set(wild))
        if len(kinds) == 1:  # all alike: one way
            source, last = (kinds[0] >> 1) + 1, bool(kinds[0] & 1)
            yield [engine.record_code(rank, source, last) for rank in ranks]
            return
        sizes = [wild.count(kind) for kind in kinds]
        for parts in splits(ranks, sizes):
            yield [engine.record_code(rank, (kind >> 1) + 1, bool(kind & 1))
                   for kind, part in zip(kinds, parts, strict=True) for rank in part]

    def valid(self, key: tuple[int, ...], rule: SetRule) -> bool:
        known = self.validity.get(key)
        if known is None:
            self.spend(CLAUSE_WORK + rule.cost, 1)
            records = [self.engine.records[code] for code in key]
            known = bool(rule.fn(records + [None] * (rule.env_size - len(key))))
            self.validity[key] = known
        return known

    def block(self, key: tuple[int, ...]) -> int:
        block = self.block_ids.get(key)
        if block is None:
            self.spend(GROUP_WORK, 1)
            block = len(self.block_codes)
            self.block_ids[key] = block
            self.block_codes.append(key)
            self.block_records.append(tuple(self.engine.records[code] for code in key))
            self.block_size.append(len(key))
            self.block_extra.append(())
        return block

    def put_extra(self, env: InputEnv, group: int, block: int) -> None:
        """With kongs: the tiles of ``block`` beyond its slots, seen by aggregates over
        ``hand`` and the structure group it plays (``InputEnv.extra``)."""
        assert env.extra is not None
        env.extra[group] = self.block_extra[block]

    def meld_block(self, meld: melds.MeldBlock) -> int:
        """A meld's group: a kong plays a 3, its fourth tile an extra (``InputEnv``)."""
        block = self.block_ids.get(meld.codes)
        if block is None:
            self.spend(GROUP_WORK, 1)
            block = len(self.block_codes)
            self.block_ids[meld.codes] = block
            self.block_codes.append(meld.codes)
            self.block_records.append(meld.records[:3])
            self.block_size.append(3)
            self.block_extra.append(meld.records[3:])
        return block

    def spend(self, units: int, entries: int = 0) -> None:
        """Count work (and new cache entries) against the budget; stop when it is spent."""
        self.work += units
        self.entries += entries
        if self.work > WORK_BUDGET or self.entries > MAX_ENTRIES:
            raise self.over_budget()

    def over_budget(self) -> GameError:
        engine = self.engine
        if self.entries > MAX_ENTRIES:
            spent = f"more than {MAX_ENTRIES} cache entries (the memory bound of the work budget)"
        else:
            spent = f"more than the work budget of {WORK_BUDGET} units"
        return GameError(
            f"{engine.filename}: scoring this hand needs {spent}: readings, groups, group "
            f"orders and constraint evaluations; {self.advice()}",
            filename=engine.filename, kind=BAD_FILE,
        )

    def advice(self) -> str:
        """What would reduce the work: the biggest share of it, named."""
        shares = dict(self.pattern_work)
        if self.matching is not None:
            name = self.matching.name
            shares[name] = shares.get(name, 0) + self.work - self.matching_start
        worst = max(shares, key=shares.__getitem__, default=None)
        if worst is not None and 2 * shares[worst] > self.work:
            return (f"most of it goes to trying yaku {worst!r} on the groups of each reading "
                    "in their possible orders: name fewer groups of the same size (use "
                    "`hand` with count()/any() instead), or put single-group clauses first "
                    "so that fewer groups qualify")
        shape = self.shape
        sizes = shape.sizes if shape is not None else ()
        free = [size for size in sizes if size > 1 and size not in self.engine.set_rules]
        if free:
            listed = ", ".join(str(size) for size in free)
            return (f"most of it goes to the readings of the hand: give groups of {listed} a "
                    "`sets` rule so that fewer groupings are valid")
        if self.has_wild:
            return ("most of it goes to the readings wildcards make possible: allow fewer "
                    "wildcards in a hand (rules.wildcards_per_hand) or make the `sets` "
                    "rules stricter")
        return ("most of it goes to the readings of the hand: make the `sets` rules stricter "
                "so that fewer groupings are valid")

    # -- evaluating one reading --

    def complete(self, blocks: list[int]) -> None:
        self.readings += 1
        shape = self.shape
        assert shape is not None
        sizes = self.block_size
        self.current = blocks if len(shape.sizes) == 1 else sorted(blocks, key=sizes.__getitem__)
        self.hand_id = self.hand()
        self.fitting = {}
        live = self.live.get((id(shape), self.hand_id))
        if live is None:
            self.spend(0, 1)
            live = self.live[(id(shape), self.hand_id)] = self.sort_patterns(shape)
        # The reading, and each pattern still to match against its groups.
        self.spend(READING_WORK + MATCH_WORK * (len(live.maybe) + len(live.maybe_excluded)))
        if live.always_excluded:
            raise _Excluded(live.always_excluded[0], blocks)
        for pattern, structure in live.maybe_excluded:
            if self.match_groups(pattern, structure):
                raise _Excluded(pattern, blocks)
        applied = live.always + [p for p, structure in live.maybe
                                 if self.match_groups(p, structure)]
        if not applied:
            return
        self.spend(len(applied))
        values = live.values
        times: dict[int, int] = {}  # id(pattern) -> how many times an `each` yaku counts
        if any(pattern.each for pattern in applied):
            values = dict(values)
            held = {id(pattern) for pattern in applied}
            family: list[tuple[int, int, list[tuple[int, ...]]]] = []
            for pattern, structure in live.maybe:
                if pattern.each and id(pattern) in held:
                    if pattern.account_once:
                        family.append((id(pattern), values.get(id(pattern), pattern.value),
                                       self.assignments(pattern, structure)))
                        continue
                    times[id(pattern)] = self.count_groups(pattern, structure)
                    values[id(pattern)] = (values.get(id(pattern), pattern.value)
                                           * times[id(pattern)])
            if family:
                for ident, counted in account_once(family, self.spend).items():
                    times[ident] = counted
                    values[ident] = next(value for key, value, _ in family
                                         if key == ident) * counted
        points, chosen = self.best_combination(applied, values, times)
        if points > self.best_points:
            self.best_points = points
            self.best_yaku = chosen
            self.best_blocks = list(blocks)
            ceiling = self.engine.ceiling
            if ceiling is not None and points >= ceiling:
                raise _Done

    def sort_patterns(self, shape: Shape) -> _Live:
        """Sort the shape's patterns by their whole-hand clauses, which depend only on the
        current hand's tiles (see ``_Live``)."""
        live = _Live()
        for structure in shape.structures:
            self.spend(MATCH_WORK * (len(structure.excludes) + len(structure.yaku)))
            for pattern in structure.excludes:
                if self.match_hand(pattern, structure):
                    if pattern.group_order:
                        live.maybe_excluded.append((pattern, structure))
                    else:
                        live.always_excluded.append(pattern)
            for pattern in structure.yaku:
                if self.match_hand(pattern, structure):
                    if pattern.value_fn is not None:
                        # reads the hand and the inputs only: one value per multiset
                        self.spend(CLAUSE_WORK + pattern.value_cost + len(structure.sizes))
                        env = self.env(structure)
                        self.fill(structure, env, [-1] * len(structure.sizes))
                        # A product of numbers can grow past any score: bounded like
                        # the values written in the file.
                        live.values[id(pattern)] = max(-MAX_POINTS, min(
                            MAX_POINTS, int(pattern.value_fn(env))))
                    if pattern.group_order:
                        live.maybe.append((pattern, structure))
                    else:
                        live.always.append(pattern)
        return live

    def env(self, structure: Structure) -> InputEnv:
        env = self.envs.get(id(structure))
        if env is None:
            env = self.envs[id(structure)] = InputEnv(structure.env_size, self.situation,
                                                      self.waits)
            if self.kongs:
                env.extra = [()] * len(structure.sizes)
        return env

    def waits(self) -> int:
        """The built-in `waits`, counted the first time a clause reads it (waits.py)."""
        if self.waits_known is None:
            from .waits import count_waits

            self.waits_known = count_waits(self)
        return self.waits_known

    def match_hand(self, pattern: Pattern, structure: Structure) -> bool:
        memo = self.memo
        for clause in pattern.hand_clauses:
            key = (clause.uid << _BLOCK_BITS) | (self.hand_id if clause.whole else 0)
            known = memo.get(key)
            if known is None:
                env = self.env(structure)
                if clause.whole:
                    self.spend(CLAUSE_WORK + clause.cost + len(structure.sizes), 1)
                    self.fill(structure, env, [-1] * len(structure.sizes))
                else:
                    self.spend(CLAUSE_WORK + clause.cost, 1)
                known = memo[key] = bool(clause.fn(env))
            if not known:
                return False
        return True

    def match_groups(self, pattern: Pattern, structure: Structure) -> bool:
        """Can the reading's groups play the pattern's groups (its hand clauses hold)?"""
        env = self.env(structure)
        candidates = self.candidates(pattern, structure, env)
        if candidates is None:
            return False
        if not pattern.multi_steps:
            if all(c is candidates[0] for c in candidates):  # one shared list
                return len(candidates[0]) >= len(candidates)
            return self.distinct_choice(candidates, 0, [])
        assignment = [-1] * len(structure.sizes)
        self.matching, self.matching_start = pattern, self.work
        if pattern.symmetric and all(c == candidates[0] for c in candidates):
            found = self.choose_set(pattern, structure, candidates[0], env, assignment)
        else:
            found = self.assign(pattern, structure, candidates, 0, env, assignment)
        self.pattern_work[pattern.name] = (self.pattern_work.get(pattern.name, 0)
                                           + self.work - self.matching_start)
        self.matching = None
        return found

    def count_groups(self, pattern: Pattern, structure: Structure) -> int:
        """How many times an ``each`` yaku counts in this reading: the most assignments
        of its groups that share no group (``repeats.most_disjoint``)."""
        return most_disjoint(self.assignments(pattern, structure), self.spend)

    def assignments(self, pattern: Pattern, structure: Structure) -> list[tuple[int, ...]]:
        """Every assignment of the reading's groups (their positions) that plays the
        pattern's groups."""
        env = self.env(structure)
        candidates = self.candidates(pattern, structure, env)
        if candidates is None:
            return []
        found: list[tuple[int, ...]] = []
        self.matching, self.matching_start = pattern, self.work
        self.assign(pattern, structure, candidates, 0, env, [-1] * len(structure.sizes),
                    found)
        self.pattern_work[pattern.name] = (self.pattern_work.get(pattern.name, 0)
                                           + self.work - self.matching_start)
        self.matching = None
        return found

    def candidates(self, pattern: Pattern, structure: Structure, env: InputEnv
                   ) -> list[list[int]] | None:
        """For each of the pattern's groups, the reading's positions whose group passes
        its single-group clauses; None when one has none."""
        memo = self.memo
        current = self.current
        records = self.block_records
        candidates: list[list[int]] = []
        fitting_cache = self.fitting
        for group, clauses, cache_key in zip(pattern.group_order, pattern.group_clauses,
                                             pattern.group_keys, strict=True):
            known_fitting = fitting_cache.get(cache_key)
            if known_fitting is not None:
                if not known_fitting:
                    return None
                candidates.append(known_fitting)
                continue
            fitting = []
            self.spend(len(structure.positions[group]))
            for position in structure.positions[group]:
                block = current[position]
                for clause in clauses:
                    key = (clause.uid << _BLOCK_BITS) | block
                    known = memo.get(key)
                    if known is None:
                        self.spend(CLAUSE_WORK + clause.cost, 1)
                        offset = structure.offsets[group]
                        env[offset:offset + structure.sizes[group]] = records[block]
                        if self.kongs:
                            self.put_extra(env, group, block)
                        known = memo[key] = bool(clause.fn(env))
                    if not known:
                        break
                else:
                    fitting.append(position)
            fitting_cache[cache_key] = fitting
            if not fitting:
                return None
            candidates.append(fitting)
        return candidates

    def distinct_choice(self, candidates: list[list[int]], k: int, chosen: list[int]) -> bool:
        """Can each list give one position, all different? (a handful of short lists)"""
        if k == len(candidates):
            return True
        for position in candidates[k]:
            self.spend(ORDER_WORK)
            if position not in chosen:
                chosen.append(position)
                found = self.distinct_choice(candidates, k + 1, chosen)
                chosen.pop()
                if found:
                    return True
        return False

    def choose_set(self, pattern: Pattern, structure: Structure, candidates: list[int],
                   env: InputEnv, assignment: list[int]) -> bool:
        """``assign`` for symmetric patterns: try each set of groups once, in one order."""
        clauses = pattern.multi_steps[-1]
        for chosen in itertools.combinations(candidates, len(pattern.group_order)):
            self.spend(ORDER_WORK * len(chosen))
            for group, position in zip(pattern.group_order, chosen, strict=True):
                assignment[group] = position
                offset = structure.offsets[group]
                env[offset:offset + structure.sizes[group]] = (
                    self.block_records[self.current[position]])
                if self.kongs:
                    self.put_extra(env, group, self.current[position])
            if all(self.check_multi(c, structure, env, assignment) for c in clauses):
                return True
        return False

    def assign(self, pattern: Pattern, structure: Structure, candidates: list[list[int]],
               k: int, env: InputEnv, assignment: list[int],
               collect: list[tuple[int, ...]] | None = None) -> bool:
        """Choose distinct groups for the pattern's groups (from ``candidates``), checking
        the multi-group clauses as soon as their groups are chosen. With ``collect``, every
        assignment that holds is added to it (and the search goes on)."""
        group = pattern.group_order[k]
        offset, size = structure.offsets[group], structure.sizes[group]
        checks = pattern.multi_steps[k + 1] if pattern.multi_steps else ()
        last = k + 1 == len(pattern.group_order)
        for position in candidates[k]:
            self.spend(ORDER_WORK)
            if position in assignment:
                continue
            assignment[group] = position
            env[offset:offset + size] = self.block_records[self.current[position]]
            if self.kongs:
                self.put_extra(env, group, self.current[position])
            ok = all(self.check_multi(c, structure, env, assignment) for c in checks) and (
                last or self.assign(pattern, structure, candidates, k + 1, env, assignment,
                                    collect))
            if ok and last and collect is not None:
                collect.append(tuple(assignment[g] for g in pattern.group_order))
                ok = False
            assignment[group] = -1
            if ok:
                return True
        return False

    def check_multi(self, clause: Conjunct, structure: Structure, env: InputEnv,
                    assignment: list[int]) -> bool:
        self.spend(1)  # the key built and looked up, even when the result is known
        current = self.current
        blocks = [current[assignment[g]] for g in clause.groups]
        if clause.symmetric:
            blocks.sort()
        key = (clause.uid, self.hand_id if clause.whole else -1, *blocks)
        known = self.multi_memo.get(key)
        if known is None:
            self.spend(CLAUSE_WORK + clause.cost + (len(assignment) if clause.whole else 0), 1)
            if clause.whole:
                self.fill(structure, env, assignment)
            known = self.multi_memo[key] = bool(clause.fn(env))
        return known

    def hand(self) -> int:
        """An id for the multiset of tiles in the current reading (wildcards as read)."""
        codes = tuple(sorted(itertools.chain.from_iterable(
            self.block_codes[block] for block in self.current)))
        known = self.hands.get(codes)
        if known is None:
            self.spend(0, 1)
            known = self.hands[codes] = len(self.hands) + 1
        return known

    def fill(self, structure: Structure, env: InputEnv, assignment: list[int]) -> None:
        """Put the groups not yet placed into the free slots, so `hand` sees every tile.
        Its callers count it: a unit a group, with the clause it fills for."""
        taken = {p for p in assignment if p >= 0}
        for group, position in enumerate(assignment):
            if position >= 0:
                continue
            for candidate in structure.positions[group]:
                if candidate not in taken:
                    taken.add(candidate)
                    offset = structure.offsets[group]
                    env[offset:offset + structure.sizes[group]] = (
                        self.block_records[self.current[candidate]])
                    if self.kongs:
                        self.put_extra(env, group, self.current[candidate])
                    break

    def best_combination(self, applied: list[Pattern], computed: dict[int, int],
                         times: dict[int, int] | None = None
                         ) -> tuple[int, list[tuple[Pattern, int]]]:
        # A yaku whose computed value is 0 does not hold, so it overrides nothing; nor
        # does a yaku that is itself overridden (overrides do not chain).
        out, less = dropped((pattern.name for pattern in applied
                             if computed.get(id(pattern), pattern.value)),
                            self.engine.override_order, self.engine.fewer)
        # A yaku written for several structures counts once (its best value).
        by_name: dict[str, tuple[Pattern, int]] = {}
        for pattern in applied:
            if pattern.name in out:
                continue
            value = computed.get(id(pattern), pattern.value)
            if pattern.name in less:  # overridden in part: fewer of its times count
                counted = (times or {}).get(id(pattern), 1)
                value = value // counted * max(counted - less[pattern.name], 0) \
                    if counted else 0
            if value and (pattern.name not in by_name or value > by_name[pattern.name][1]):
                by_name[pattern.name] = (pattern, value)
        kept = with_fallbacks(list(by_name.values()))
        options = [[c for c in kept if c[0].stacks]] + [[c] for c in kept if not c[0].stacks]
        best: tuple[int, list[tuple[Pattern, int]]] = (0, [])
        for option in options:
            points = option_points(self.engine, option)
            if points > best[0]:
                best = (points, option)
        return best

    def reading(self, blocks: list[int]) -> Reading:
        groups = []
        marks = []
        for block in sorted(blocks, key=self.block_codes.__getitem__):
            records = self.block_records[block] + self.block_extra[block]
            groups.append(tuple(ReadingTile(record[0], record[4] or None, record[2])
                                for record in records))
            marks.append(melds.mark(records[0]))
        return Reading(tuple(groups), tuple(marks) if any(marks) else ())


def _shown(value: object) -> str:
    """A given value in a message, short: a huge number is not converted to digits (Python
    refuses past 4300 of them), a long text is cut."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**18:
        return "a number of more than 18 digits"
    try:
        text = repr(value)
    except ValueError:  # a huge number inside it
        return f"a {type(value).__name__} holding a huge number"
    return text if len(text) <= 60 else text[:57] + "..."


def option_points(engine: Engine, option: list[tuple[Pattern, int]]) -> int:
    """Points for yaku counted together: a limit hand valued in points counts as such; a
    total short of the game's minimum (bonus yaku aside) does not win."""
    if len(option) == 1 and option[0][0].in_points:
        return points_of(engine, option[0][1], in_points=True)
    if engine.minimum is not None and sum(
            value for pattern, value in option if not pattern.bonus) < engine.minimum:
        return 0
    return points_of(engine, sum(value for _, value in option))


def points_of(engine: Engine, total: int, in_points: bool = False) -> int:
    """Points for a total of values: through the han table, then the points limit. A
    total that is not positive (penalties outweighing the rest) scores nothing."""
    if total <= 0:
        return 0
    if engine.han_points is not None and not in_points:
        table = engine.han_points
        total = table[min(total, len(table)) - 1]
    if engine.max_points is not None:
        total = min(total, engine.max_points)
    return total


def count_orders(sizes: tuple[int, ...], named: frozenset[int]) -> int:
    """How many ways the named structure groups can be played by a reading's groups."""
    result = 1
    for size in set(sizes):
        groups = [g for g, s in enumerate(sizes) if s == size]
        for i in range(sum(1 for g in groups if g in named)):
            result *= len(groups) - i
    return result
