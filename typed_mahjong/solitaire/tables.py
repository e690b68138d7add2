"""Search state and the static tables of one deal, shared by the solver's parts.

Vocabulary used throughout. A *group* is a match group (the four ``5p``, or the four
flowers). Copies still on the board are *undecided* until the search fixes how they pair
up; fixed partners are *committed*. Each search decision gets a *level* (its depth, as a
bit), and every commitment records the levels it rests on (``Node.reason``), so a dead
end can name the decisions that caused it. A dead end's *blame* names those levels and
also the pairs its proof assumes played, which makes it a nogood (see ``PAIRS_SHIFT``).
"""

from __future__ import annotations

import time
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal

from .layout import Geometry, bit_indices
from .position import Position

NO_PARTNER: Final = -1
# A proof's *blame* is one int: the decision levels it rests on in the low PAIRS_SHIFT
# bits (for backjumping; the depth never exceeds the 42 match groups), and above them
# the pairs (as ``PairIndex.bit`` bits) whose play it assumes: a nogood that holds in
# every branch (see ``nogoods``). When a proof's levels are not known, blaming every
# level (including ones not yet made) is always safe.
PAIRS_SHIFT: Final = 256
ALL_LEVELS: Final = (1 << PAIRS_SHIFT) - 1
MEMO_BYTES = 150_000_000  # rough size each of the memo and the nogood store may reach
MAX_FOUND_PAIRS: Final = 100_000  # pairs whose tiles ``PairIndex.tiles`` keeps (about 20 MB)
MAX_FLAGS: Final = 4096  # masks whose ``tile_flags`` ``Tables.flags`` keeps (a byte a tile each)


# Maps the characters of a mask's binary digits to the bytes 0 and 1 (``tile_flags``).
DIGITS: Final = bytes.maketrans(b"01", b"\x00\x01")


def tile_flags(mask: int, size: int) -> bytes:
    """``mask`` (of ``size`` tiles) as one byte per tile: 1 where the tile's bit is set.

    Hot loops read masks tile by tile this way. In the compiled build a Python int as
    wide as the layout is a heap object and each &, | or ^ on it allocates, while
    indexing bytes is native; in the pure build this is a few C-level calls, far
    cheaper than testing bits one by one."""
    # Unpadded digits (reversed, without the "0b"), padded after the reverse.
    # ``bin`` rather than ``format(mask, "b")``: no format spec to parse.
    return bin(mask)[:1:-1].encode().translate(DIGITS).ljust(size, b"\x00")


# NATIVE_INIT: the classes the search makes in its inner loops (``DeadEnd``, ``Nogood``,
# ``Node``, ``Baseline``, and ``engine``'s ``Trial`` and ``Probe``) are plain classes with
# their own ``__init__``, not dataclasses: mypyc compiles a class's own methods, but a
# dataclass's ``__init__`` is generated when the module is imported and runs as Python
# (one call per field assignment through the generic attribute machinery), several
# times a looser game. Nothing compares or hashes them.


class OutOfTime(Exception):
    """Raised inside the search when the caller's deadline has passed."""


@dataclass(frozen=True, slots=True)
class Fact:
    """One step of a dead-end proof, about ``tile``.

    ``covered``: ``others[0]`` lies on it. ``flanked``: ``others`` are a left and a right
    neighbour. ``partner``: it is free but must leave with ``others[0]``, which is not.
    ``copies``: it is free but every copy it may still pair with (``others``) is not.
    ``pairing``: group of ``tile`` has no pairing left (``others`` are its copies).
    """

    kind: Literal["covered", "flanked", "partner", "copies", "pairing"]
    tile: int
    others: tuple[int, ...]
    forced: bool = False  # for ``partner``: the pairing was forced, not dealt or chosen


class DeadEnd:  # a plain class: see NATIVE_INIT
    """A proof that a node cannot be cleared, and the decision levels it rests on.

    ``locked``: ``tiles`` hold each other on the board (see ``Engine.closure``).
    ``no-pairing``: ``tiles`` are the copies of a group that no pairing can clear.
    ``nogood``: the node holds every pair of a learnt nogood (``tiles`` is empty).
    """

    __slots__ = ("kind", "conflict", "tiles")

    def __init__(
        self, kind: Literal["locked", "no-pairing", "nogood"], conflict: int, tiles: int
    ) -> None:
        self.kind: Literal["locked", "no-pairing", "nogood"] = kind
        self.conflict = conflict
        self.tiles = tiles


class Nogood:  # a plain class: see NATIVE_INIT
    """A learnt nogood (see ``nogoods``): its pairs as a mask of pair bits, and the same
    pairs' numbers, highest first, for testing them one by one against a node's."""

    __slots__ = ("pairs", "numbers")

    def __init__(self, pairs: int, numbers: tuple[int, ...]) -> None:
        self.pairs = pairs
        self.numbers = numbers


class Node:  # a plain class: see NATIVE_INIT
    """Search state; copied before each branch (the lists are short, copies are cheap).

    ``committed``: tiles whose partner is fixed; on the board, exactly the tiles whose
    ``partner`` is set (``commit`` sets both; ``relax`` tests the partner instead of the
    mask). ``code``: one bit per committed pair on the board, for the memo key.
    ``reason``: for a committed tile, the levels its pairing rests on. ``options``:
    undecided group -> pairs (2-bit masks) allowed; ``pruned``: undecided group -> blame
    behind its struck-out pairings; ``pair_blame``: struck-out pair -> its blame.
    ``cost``: total looser-game rounds, how much the pairings fixed so far delay play.
    ``schedule``: tiles the looser game removes, by round; ``exit_round`` and
    ``free_round``: per tile, the looser-game round in which it leaves and the first
    round it is free (0 for tiles not on the board), set with ``schedule`` (see
    ``LooserGame.baseline``). ``held``: pairs (as ``PairIndex.bit`` bits) fixed on the
    way here, gone or not; ``checked``: those of them already checked against the learnt
    nogoods; ``seen``: how many nogoods had been learnt at that check (see ``nogoods``).
    """

    __slots__ = (
        "present", "free", "committed", "code", "depth", "partner", "reason", "options",
        "pruned", "moves", "pair_blame", "cost", "schedule", "exit_round", "free_round",
        "held", "checked", "seen",
    )  # fmt: skip

    def __init__(
        self,
        present: int,
        free: int,
        committed: int,
        code: int,
        depth: int,
        partner: list[int],
        reason: list[int],
        options: dict[int, tuple[int, ...]],
        pruned: dict[int, int],
        moves: list[tuple[int, int]] | None = None,
        pair_blame: dict[int, int] | None = None,
        cost: int = 0,
        schedule: list[int] | None = None,
        exit_round: list[int] | None = None,
        free_round: list[int] | None = None,
        held: int = 0,
        checked: int = 0,
        seen: int = 0,
    ) -> None:
        self.present = present
        self.free = free
        self.committed = committed
        self.code = code
        self.depth = depth
        self.partner = partner
        self.reason = reason
        self.options = options
        self.pruned = pruned
        self.moves: list[tuple[int, int]] = [] if moves is None else moves
        self.pair_blame: dict[int, int] = {} if pair_blame is None else pair_blame
        self.cost = cost
        self.schedule: list[int] = [] if schedule is None else schedule
        self.exit_round = exit_round
        self.free_round = free_round
        self.held = held
        self.checked = checked
        self.seen = seen

    def copy(self) -> Node:
        return Node(
            self.present,
            self.free,
            self.committed,
            self.code,
            self.depth,
            self.partner.copy(),
            self.reason.copy(),
            self.options.copy(),
            self.pruned.copy(),
            self.moves.copy(),
            self.pair_blame.copy(),
            self.cost,
            self.schedule,  # replaced, never changed in place, so sharing is safe
            self.exit_round,  # likewise
            self.free_round,
            self.held,
            self.checked,
            self.seen,
        )


class Baseline:  # a plain class: see NATIVE_INIT
    """A settled node's looser game, kept before its pairings change so that the game
    after the change can be worked out from it (see ``LooserGame.replay``)."""

    __slots__ = ("present", "committed", "options", "schedule", "exit_round", "free_round")

    def __init__(
        self,
        present: int,
        committed: int,
        options: dict[int, tuple[int, ...]],
        schedule: list[int],
        exit_round: list[int],
        free_round: list[int],
    ) -> None:
        self.present = present
        self.committed = committed
        self.options = options
        self.schedule = schedule
        self.exit_round = exit_round
        self.free_round = free_round


class Shape:
    """The tables that depend on the layout alone (its blocking relations as masks and as
    tile lists, one bit per tile, each tile's weight), built once per layout and shared
    by the ``Tables`` of all its deals (see ``shape_of``). Nothing changes them: every
    list here is only read."""

    def __init__(self, geometry: Geometry) -> None:
        self.size = len(geometry.above)
        self.above = list(geometry.above)
        self.below = list(geometry.below)
        self.left = list(geometry.left)
        self.right = list(geometry.right)
        self.dependents = list(geometry.dependents)
        self.bits = [1 << t for t in range(self.size)]
        self.above_tiles = [bit_indices(mask) for mask in self.above]
        self.below_tiles = [bit_indices(mask) for mask in self.below]
        self.left_tiles = [bit_indices(mask) for mask in self.left]
        self.right_tiles = [bit_indices(mask) for mask in self.right]
        self.dependent_tiles = [bit_indices(mask) for mask in self.dependents]
        # How many tiles each tile holds down (lies on or flanks): a copy kept waiting
        # costs more when it blocks more.
        self.weight = [
            (self.below[i] | self.left[i] | self.right[i]).bit_count() for i in range(self.size)
        ]


# Geometry -> its Shape. Building a Shape took about a tenth of an easy deal's solve in the
# compiled build (a thousand lists and bit scans for the Turtle), and a caller solves many
# deals of one layout. Keyed by the geometry's value (a frozen dataclass of int tuples,
# so two equal layouts built apart share an entry, and a hit on the same object skips the
# comparison); the Shapes hold only what the geometry determines, so sharing one cannot
# carry anything from one deal or position to another. Bounded: cleared when full.
SHAPES: Final[dict[Geometry, Shape]] = {}
MAX_SHAPES: Final = 8


def shape_of(geometry: Geometry) -> Shape:
    shape = SHAPES.get(geometry)
    if shape is None:
        if len(SHAPES) >= MAX_SHAPES:
            SHAPES.clear()
        shape = SHAPES[geometry] = Shape(geometry)
    return shape


class Tables:
    """Static tables for one deal (blocking masks, groups), the memo of dead positions,
    and the few node operations everything else builds on."""

    def __init__(self, position: Position) -> None:
        shape = shape_of(position.layout.geometry)
        self.size = shape.size
        # Shared with every deal of the same layout (see ``shape_of``): read, never changed.
        self.above = shape.above
        self.below = shape.below
        self.left = shape.left
        self.right = shape.right
        self.dependents = shape.dependents
        self.bits = shape.bits  # looked up, not shifted, in hot loops
        # The same relations as lists of tile indices, for loops that keep per-tile flags
        # instead of masks (see ``LooserGame.relax``).
        self.above_tiles = shape.above_tiles
        self.below_tiles = shape.below_tiles
        self.left_tiles = shape.left_tiles
        self.right_tiles = shape.right_tiles
        self.dependent_tiles = shape.dependent_tiles
        # Per tile, the stamp of the last round of ``relax`` (or call of ``replay``) that
        # queued it; stamps only grow until they start again from 1, and only then is the
        # list cleared (see ``looser.MAX_STAMP``).
        self.queued = [0] * self.size
        self.stamp = 0
        dense: dict[int, int] = {}
        self.group_of = [dense.setdefault(g, len(dense)) for g in position.groups]
        self.group_masks = [0] * len(dense)
        for index, group in enumerate(self.group_of):
            self.group_masks[group] |= 1 << index
        self.pairs = PairIndex(self.group_of, self.group_masks)
        self.weight = shape.weight
        # allowed pairs -> {tile: (mask of its allowed partners, their indices)}; shared by
        # every node with the same allowed pairs for a group (tuples are immutable)
        self.partner_table: dict[tuple[int, ...], dict[int, tuple[int, tuple[int, ...]]]] = {}
        # id(allowed pairs) -> (those pairs, their table): see ``LooserGame.partners``.
        self.partner_seen: dict[
            int, tuple[tuple[int, ...], dict[int, tuple[int, tuple[int, ...]]]]
        ] = {}
        self.flag_cache: dict[int, bytes] = {}  # mask -> tile_flags(mask, size), see ``flags``
        self.dead: set[int] = set()  # memo keys of positions proved dead
        # Memory stays bounded however long the budget: past these counts the memo and
        # the nogoods stop growing (the search goes on, it only remembers less). Each
        # entry is an int of about one bit per tile and per possible pair, so the caps
        # keep each store near MEMO_BYTES whatever the layout.
        key_bytes = (self.size + PAIRS_SHIFT + self.pairs.count) // 8 + 64
        self.max_dead = max(1000, min(1_000_000, MEMO_BYTES // key_bytes))
        self.max_learnt = max(1000, min(200_000, MEMO_BYTES // (4 * key_bytes)))
        # Learnt nogoods (sets of pairs, as pair bits) indexed by each pair in them.
        self.nogoods: set[int] = set()
        self.learnt: list[Nogood] = []  # the same, in the order learnt
        self.strikes = 0  # pairings struck out by nogoods (tells when one did anything)
        self.watch: dict[int, list[Nogood]] = {}
        self.nodes = 0
        self.work = 0  # looser games played: the unit the scheduler shares out
        self.deadline = float("inf")
        self.clock: Callable[[], float] = time.perf_counter

    def flags(self, mask: int) -> bytes:
        """``tile_flags(mask, self.size)``, remembered: the same few masks (a node's tiles,
        its free and committed tiles) are read again by ``sweep``, ``relax``, ``replay``
        and ``closure`` across a node's trials. Formatting a mask is a generic call, a
        reverse and two translations; a dict lookup on it is far cheaper."""
        flags = self.flag_cache.get(mask)
        if flags is None:
            flags = tile_flags(mask, self.size)
            if len(self.flag_cache) >= MAX_FLAGS:
                self.flag_cache.clear()  # a cache: start it afresh rather than grow
            self.flag_cache[mask] = flags
        return flags

    def work_done(self) -> float:
        """The engine's clock when budgets count work (looser games) instead of time."""
        return self.work

    def commit(self, node: Node, a: int, b: int, reason: int) -> None:
        node.partner[a], node.partner[b] = b, a
        node.reason[a] = node.reason[b] = reason & ALL_LEVELS
        node.committed |= 1 << a | 1 << b
        bit = self.pairs.bit(a, b)
        node.code |= bit
        node.held |= bit

    def pair_of(self, pair: int) -> int:
        """The pair bit of a pair given as a 2-bit tile mask."""
        low = pair & -pair
        return self.pairs.bit(low.bit_length() - 1, (pair ^ low).bit_length() - 1)

    def fixed(self, node: Node, t: int) -> int:
        """The blame of committed tile ``t``'s pairing: its levels and the pair itself."""
        p = node.partner[t]
        return node.reason[t] | self.pairs.bit(t, p) << PAIRS_SHIFT

    def everything(self, node: Node, levels: int) -> int:
        """Blame for a proof about the node as a whole: ``levels`` (every decision so far)
        and every pair fixed on the way (which together determine the position)."""
        return levels | node.held << PAIRS_SHIFT

    def without(self, node: Node, blame: int, pair: int) -> int:
        """``blame`` with the pair bits of ``pair`` (a 2-bit tile mask) and, in a group of
        four, of its complement taken out: the blame a struck-out ``pair`` rests on when
        ``blame`` killed it (playing either means playing both)."""
        a = (pair & -pair).bit_length() - 1
        undecided = self.group_masks[self.group_of[a]] & node.present & ~node.committed
        bits = self.pair_of(pair)
        if undecided.bit_count() == 4 and pair & undecided == pair:
            bits |= self.pair_of(undecided & ~pair)
        return blame & ~(bits << PAIRS_SHIFT)

    def refresh_free(self, free: int, present: int, gone: int) -> int:
        above, left, right = self.above, self.left, self.right
        touched = 0
        for t in bit_indices(gone):
            touched |= self.dependents[t]
        for t in bit_indices(touched & present & ~free):
            if not above[t] & present and (not left[t] & present or not right[t] & present):
                free |= 1 << t
        return free

    def free_mask(self, present: int) -> int:
        above, left, right = self.above, self.left, self.right
        free = 0
        for t in bit_indices(present):
            if not above[t] & present and (not left[t] & present or not right[t] & present):
                free |= 1 << t
        return free


class PairIndex:
    """Every possible pair of copies of a match group numbered, group by group, each
    group's pairs in order of their lower then higher copy. A pair's *bit* is
    ``1 << number``: nogoods and blames are sets of such bits. Worked out on demand
    rather than tabled, since a group of n copies has n(n-1)/2 pairs (a table of bits
    for a few big groups would take gigabytes)."""

    def __init__(self, group_of: list[int], group_masks: list[int]) -> None:
        self.group_of = group_of
        self.rank = [0] * len(group_of)  # each tile's place among its group's copies
        self.members: list[list[int]] = []
        self.offsets: list[int] = []  # the number of each group's first pair
        total = 0
        for mask in group_masks:
            members = bit_indices(mask)
            for place, tile in enumerate(members):
                self.rank[tile] = place
            self.members.append(members)
            self.offsets.append(total)
            total += len(members) * (len(members) - 1) // 2
        self.count = total  # how many pairs there are
        self.every = (1 << total) - 1  # every pair's bit
        # Pairs whose tiles were asked for (the nogoods' pairs: a few thousand at most).
        self.found: dict[int, tuple[int, int]] = {}

    def number(self, a: int, b: int) -> int:
        """The number of the pair of copies ``a`` and ``b`` (either order)."""
        group = self.group_of[a]
        i, j = self.rank[a], self.rank[b]
        if i > j:
            i, j = j, i
        copies = len(self.members[group])
        # Rows before row i hold (copies-1) + (copies-2) + ... + (copies-i) pairs.
        return self.offsets[group] + i * (2 * copies - i - 1) // 2 + (j - i - 1)

    def bit(self, a: int, b: int) -> int:
        return 1 << self.number(a, b)

    def tiles(self, number: int) -> tuple[int, int]:
        """The two copies (lower first) of the pair with this number."""
        found = self.found.get(number)
        if found is None:
            if len(self.found) >= MAX_FOUND_PAIRS:
                self.found.clear()  # a cache: start afresh rather than grow
            found = self.found[number] = self.work_out_tiles(number)
        return found

    def work_out_tiles(self, number: int) -> tuple[int, int]:
        group = bisect_right(self.offsets, number) - 1
        members = self.members[group]
        rest = number - self.offsets[group]
        i = 0
        while rest >= len(members) - 1 - i:
            rest -= len(members) - 1 - i
            i += 1
        return members[i], members[i + 1 + rest]
