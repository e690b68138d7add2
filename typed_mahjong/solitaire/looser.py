"""The looser game: a relaxation of Shanghai that greedy play decides exactly.

In the looser game a committed pair still leaves together, when both tiles are free, but
an undecided copy may leave alone once it is free and a copy it may still pair with is
free or already gone. Every real play is a play of the looser game, and the looser game
only gains moves as tiles leave, so playing it greedily to the end decides it: if even it
cannot clear the board, the real game cannot either. The tiles it leaves behind contain a
*closure*: tiles that hold each other down whatever is played, which is both the proof
shown to users and the source of the levels a dead end rests on.
"""

from __future__ import annotations

from typing import Final

from .layout import bit_indices, iter_bits
from .tables import ALL_LEVELS, NO_PARTNER, Baseline, Fact, Node, Tables

# ``replay`` hands over to ``relax`` when a tile's exit climbs REPLAY_SLACK rounds past
# the old game (it may be stuck for good), or after REPLAY_STEPS tiles worked out (so
# many moved that the full game is cheaper). Both give the same game, so these only
# trade time; REPLAY_STEPS suits the hard deals, which are what the budget runs short on
# (instruction counts in docs/solitaire.md).
REPLAY_SLACK: Final = 1
REPLAY_STEPS = 40
# A tile's state in ``relax``; the order matters: FREE and above can pair with a copy.
ABSENT: Final = 0
HELD: Final = 1  # present, not free
FREE: Final = 2
LEAVING: Final = 3  # removable this round: counts as free until the round ends
GONE: Final = 4
# Stamps in ``Tables.queued`` start again from 1 past this (the queue marks cleared):
# ints up to 256 are CPython's shared small ints, while a bigger one stored in the list
# is a new heap object in the compiled build (an allocation and a free per tile queued).
MAX_STAMP: Final = 256
MAX_PARTNER_TABLES: Final = 50_000  # cached partner tables (a few hundred bytes each)
CLOSURE_TRIES: Final = 2  # self-blocking sets compared per dead end (more: sharper, slower)
# Maps a tile's state byte to the binary digit "1" when it is FREE, else "0".
FREE_DIGITS: Final = bytes.maketrans(
    bytes(range(GONE + 1)), b"0" * FREE + b"1" + b"0" * (GONE - FREE)
)


class LooserGame(Tables):
    def allowed_partners(self, node: Node, t: int) -> int:
        """Copies an undecided tile may still pair with, given the struck-out pairs."""
        bit = 1 << t
        mask = 0
        for pair in node.options.get(self.group_of[t], ()):
            if pair & bit:
                mask |= pair
        return mask & ~bit

    def partners(self, allowed: tuple[int, ...]) -> dict[int, tuple[int, tuple[int, ...]]]:
        """For allowed pairs, each copy's allowed partners (cached by the pairs)."""
        # First by the tuple's identity: nodes share their groups' tuples (``Node.copy``
        # copies the dict, not the tuples), so most calls find the very same tuple, and
        # hashing a tuple of wide ints is costly (it is not cached, unlike a str's hash).
        # The entry keeps the tuple alive,
        # so its id cannot be reused by another while the entry stands.
        seen = self.partner_seen.get(id(allowed))
        if seen is not None and seen[0] is allowed:
            return seen[1]
        table = self.partner_table.get(allowed)
        if table is None:
            masks: dict[int, int] = {}
            for pair in allowed:
                for bit in (pair & -pair, pair & (pair - 1)):
                    index = bit.bit_length() - 1
                    masks[index] = masks.get(index, 0) | pair & ~bit
            table = {t: (mask, tuple(bit_indices(mask))) for t, mask in masks.items()}
            if len(self.partner_table) >= MAX_PARTNER_TABLES:
                self.partner_table.clear()  # a cache: start it afresh rather than grow
            self.partner_table[allowed] = table
        if len(self.partner_seen) >= MAX_PARTNER_TABLES:
            self.partner_seen.clear()
        self.partner_seen[id(allowed)] = (allowed, table)
        return table

    def fresh_stamp(self) -> int:
        """A stamp for ``queued`` that no tile holds yet (a round of ``relax``, a call of
        ``replay``): one more than the last, or 1 again with every mark cleared past
        MAX_STAMP."""
        stamp = self.stamp + 1
        if stamp > MAX_STAMP:
            queued = self.queued
            for u in range(self.size):
                queued[u] = 0
            stamp = 1
        self.stamp = stamp
        return stamp

    def relax(
        self,
        node: Node,
        schedule: list[int] | None = None,
        free_round: list[int] | None = None,
        exit_round: list[int] | None = None,
    ) -> tuple[int, int]:
        """Play the looser game greedily; return the tiles it cannot clear and which of
        them are free.

        In the looser game a committed pair leaves when both tiles are free, and an
        undecided tile leaves alone once it is free and a copy it may still pair with is
        free or already gone. Every real play is a play of the looser game, and the looser
        game only gains moves as tiles leave, so greedy play decides it: tiles it cannot
        clear can never be cleared. ``schedule``, if given, receives the tiles removed in
        each round, ``free_round`` (indexed by tile) the round each tile is first free
        in, and ``exit_round`` the round it leaves in. (Hot loop: bit tricks are inlined
        on purpose.)
        """
        self.work += 1
        size = self.size
        above, left, right = self.above_tiles, self.left_tiles, self.right_tiles
        dependents, group_of, members = self.dependent_tiles, self.group_of, self.pairs.members
        bits, partner, queued = self.bits, node.partner, self.queued
        # One small int per tile (ABSENT, HELD, FREE, LEAVING, GONE) rather than masks:
        # in the compiled build a Python int as wide as the layout is a heap object and
        # each &, | or ^ on it allocates, while list items and small ints are native.
        # Masks are made only for the schedule and what is returned.
        state = tile_states(self.flags(node.present), self.flags(node.free & node.present))
        # A tile on the board is committed exactly when it has a partner (``commit`` sets
        # both, nothing clears either while it is on the board): one list fewer to make.
        # Each undecided tile's allowed partners, looked up once per group.
        copies: list[tuple[int, ...]] = [()] * size
        for pairs in node.options.values():
            for t, (_mask, indices) in self.partners(pairs).items():
                copies[t] = indices
        pending = [t for t in range(size) if state[t] == FREE]
        if free_round is not None:
            for t in pending:
                free_round[t] = 1
        removed = 0  # mask of the tiles the game removes
        played = 0  # rounds so far
        removable: list[int] = []
        upcoming: list[int] = []  # the next round's pending tiles
        while pending:
            # Which pending tiles leave this round, judged on the round's start: a tile
            # found to leave is LEAVING, which counts as free (it was) until the round ends.
            removable.clear()
            for t in pending:
                if state[t] == LEAVING:
                    continue
                mate = partner[t]
                if mate != NO_PARTNER:
                    if FREE <= state[mate] <= LEAVING:  # (one read of the list, not two)
                        state[t] = state[mate] = LEAVING
                        removable.append(t)
                        removable.append(mate)
                else:
                    for c in copies[t]:
                        if state[c] >= FREE:  # free, leaving or gone
                            state[t] = LEAVING
                            removable.append(t)
                            break
            if not removable:
                break
            played += 1
            round_mask = 0
            for t in removable:
                state[t] = GONE
                round_mask |= bits[t]
            removed |= round_mask
            if schedule is not None:
                schedule.append(round_mask)
            # Next round's pending tiles: the free tiles whose chance to leave this round
            # changed (copies of tiles gone or newly free, partners of ones newly free).
            # A tile queued while HELD is skipped here and queued when it becomes free.
            stamp = self.fresh_stamp()
            upcoming.clear()
            for t in removable:
                if exit_round is not None:
                    exit_round[t] = played
                if partner[t] == NO_PARTNER:
                    for u in members[group_of[t]]:  # its copies may now pair with "gone"
                        if state[u] == FREE and queued[u] != stamp:
                            queued[u] = stamp
                            upcoming.append(u)
                for u in dependents[t]:
                    if state[u] != HELD:
                        continue
                    # Still held down: a tile on it, or neighbours on both sides. (Inlined:
                    # a call per tile costs the pure build more than the test itself.)
                    held = False
                    for v in above[u]:
                        if HELD <= state[v] <= FREE:
                            held = True
                            break
                    if not held:
                        for v in left[u]:
                            if HELD <= state[v] <= FREE:
                                for w in right[u]:
                                    if HELD <= state[w] <= FREE:
                                        held = True
                                        break
                                break
                    if held:
                        continue
                    state[u] = FREE
                    if queued[u] != stamp:
                        queued[u] = stamp
                        upcoming.append(u)
                    if free_round is not None:
                        free_round[u] = played + 1
                    mate = partner[u]
                    if mate != NO_PARTNER:
                        if state[mate] == FREE and queued[mate] != stamp:
                            queued[mate] = stamp
                            upcoming.append(mate)
                    else:
                        for v in members[group_of[u]]:
                            if state[v] == FREE and queued[v] != stamp:
                                queued[v] = stamp
                                upcoming.append(v)
            pending, upcoming = upcoming, pending
        stuck = node.present & ~removed
        if not stuck:
            return 0, 0
        # The free tiles' mask in a few C-level calls: one byte per tile, as binary digits.
        free = int(bytes(state).translate(FREE_DIGITS)[::-1], 2)
        return stuck, free

    def baseline(self, node: Node) -> Baseline | None:
        """The node's looser game with each tile's rounds, before a change to its
        pairings; None when the node has no game recorded."""
        if not node.schedule or node.exit_round is None or node.free_round is None:
            return None
        return Baseline(
            node.present,
            node.committed,
            node.options.copy(),
            node.schedule,
            node.exit_round,
            node.free_round,
        )

    def replay(self, node: Node, base: Baseline) -> bool:
        """Work out the node's looser game from ``base``'s, after pairings were fixed or
        struck out and no tile left; False when that is not worth it (run ``relax``).

        The rounds solve a small system: a tile is first free one round after the last
        of the tiles on it leaves and of its left or its right neighbours (the side that
        clears first); a committed tile leaves when it and its partner are both free; an
        undecided one when it and one copy it may still pair with have been free. Fixing
        or striking out pairings only tightens that system, so the new rounds are the
        least solution above the old ones: starting from the old rounds and raising
        values until nothing changes reaches exactly what ``relax`` would. Only tiles
        near the change are touched. A tile pushed past a few extra rounds may be stuck
        for good (its value would climb forever); then this gives up.
        """
        present, partner, options = node.present, node.partner, node.options
        group_masks, group_of, members = self.group_masks, self.group_of, self.pairs.members
        above, left, right = self.above_tiles, self.left_tiles, self.right_tiles
        dependents, queued = self.dependent_tiles, self.queued
        here = self.flags(present)
        changed = node.committed ^ base.committed
        before = base.options
        for group, allowed in options.items():
            if before.get(group) != allowed:
                changed |= group_masks[group]
        schedule = base.schedule
        limit = len(schedule) + REPLAY_SLACK
        exit_round, free_round = base.exit_round.copy(), base.free_round.copy()
        # The tiles to work out, first in first out, each queued at most once at a time
        # (marked in ``queued`` with this call's stamp, unmarked when taken). The order
        # changes only how many steps it takes: the rounds only rise, from the old
        # solution to the new least one, so the answer (or giving up because a round
        # passed ``limit``) is the same in any order.
        stamp = self.fresh_stamp()
        todo = bit_indices(changed & present)
        for t in todo:
            queued[t] = stamp
        moved: dict[int, int] = {}
        tables: dict[int, dict[int, tuple[int, tuple[int, ...]]]] = {}
        steps, cap = 0, REPLAY_STEPS  # (a module global: read once, not per step)
        while steps < len(todo):
            if steps == cap:
                return False
            t = todo[steps]
            steps += 1
            queued[t] = 0
            mate = partner[t]  # set exactly for the committed tiles on the board
            # The round t is first free in: after the tiles on it, and the side that
            # clears first (an empty side counts as clear from the start).
            top = latest_exit(above[t], here, exit_round)
            side = min(
                latest_exit(left[t], here, exit_round), latest_exit(right[t], here, exit_round)
            )
            first = 1 + (top if top > side else side)
            if first != free_round[t]:
                free_round[t] = first
                if mate != NO_PARTNER:
                    if queued[mate] != stamp:
                        queued[mate] = stamp
                        todo.append(mate)
                else:
                    for u in members[group_of[t]]:
                        if u != t and here[u] and partner[u] == NO_PARTNER and queued[u] != stamp:
                            queued[u] = stamp
                            todo.append(u)
            # The round t leaves in.
            if mate != NO_PARTNER:
                wait = free_round[mate]
            else:
                group = group_of[t]
                table = tables.get(group)
                if table is None:  # each group's table once a call (see ``partners``)
                    table = tables[group] = self.partners(options.get(group, ()))
                entry = table.get(t)
                if entry is None:
                    return False
                wait = limit + 1
                for c in entry[1]:
                    if free_round[c] < wait:
                        wait = free_round[c]
            leaves = first if first > wait else wait
            if leaves != exit_round[t]:
                if leaves > limit:
                    return False
                if t not in moved:
                    moved[t] = exit_round[t]
                exit_round[t] = leaves
                for u in dependents[t]:
                    if here[u] and queued[u] != stamp:
                        queued[u] = stamp
                        todo.append(u)
        rounds = list(schedule)
        for t, old in moved.items():
            bit = 1 << t
            rounds[old - 1] &= ~bit
            new = exit_round[t]
            while len(rounds) < new:
                rounds.append(0)
            rounds[new - 1] |= bit
        while rounds and not rounds[-1]:
            rounds.pop()
        node.schedule = rounds
        node.cost = sum(n * tiles.bit_count() for n, tiles in enumerate(rounds, start=1))
        node.exit_round = exit_round
        node.free_round = free_round
        return True

    def best_closure(self, node: Node, stuck: int, free: int) -> tuple[int, int]:
        """Among a few self-blocking tile sets inside ``stuck``, the one resting on the
        oldest decisions; returns (blame, tiles)."""
        best: tuple[int, int] | None = None
        covered = 0
        tries = CLOSURE_TRIES
        for t in bit_indices(free & stuck):
            if covered >> t & 1:
                continue
            levels, tiles = self.closure(node, t, stuck, free, None)
            covered |= tiles
            if best is None or age(levels) < age(best[0]):
                best = (levels, tiles)
            tries -= 1
            if not tries:
                break
        if best is None:
            # No free tile to start from: blame everything.
            return self.everything(node, ALL_LEVELS), stuck
        return best

    def struck_copies(
        self, node: Node, t: int, allowed: int, stuck: int, free: int
    ) -> tuple[int, int]:
        """For free, undecided ``t``: the levels behind its struck-out pairs whose copy is
        free or was removed by the looser game (without the strike, ``t`` could leave),
        and the struck-out copies still held down, which must join the closure instead:
        in another branch the strike may not hold, and only the closure keeps them from
        becoming free and taking ``t`` away.

        In a group of more than four, copies may also be paired off already (committed
        to each other, or gone together): ``t`` cannot take them only because of those
        pairings, which ``commit_pair`` added to the group's ``pruned`` blame. (Left
        out, a dead end after such a pairing was charged to older decisions alone, and
        solvable positions were called unsolvable.)"""
        group = self.group_of[t]
        mask = self.group_masks[group]
        copies = mask & node.present & ~node.committed & ~allowed
        copies &= ~(1 << t)
        held = copies & stuck & ~free
        copies &= ~held
        fallback = node.pruned.get(group, 0)
        levels = fallback if mask & ~(node.present & ~node.committed) else 0
        while copies:
            low = copies & -copies
            copies ^= low
            levels |= node.pair_blame.get(low | 1 << t, fallback)
        return levels, held

    def closure(
        self, node: Node, start: int, stuck: int, free: int, facts: list[Fact] | None
    ) -> tuple[int, int]:
        """Tiles that, from ``start``, keep each other on the board whatever is played:
        each is covered or flanked by one of them, or is free but can only pair with one
        of them. Returns the blame of the pairings used, and the tiles."""
        held_down = self.flags(stuck)
        loose = self.flags(free)
        tied = self.flags(node.committed)
        bits = self.bits
        levels = 0
        tiles = 0
        inside: set[int] = set()
        todo = [start]
        while todo:
            t = todo.pop()
            if t in inside:
                continue
            inside.add(t)
            tiles |= bits[t]
            if loose[t]:
                if tied[t]:
                    p = node.partner[t]
                    levels |= self.fixed(node, t)
                    todo.append(p)
                    if facts is not None:
                        facts.append(Fact("partner", t, (p,), bool(node.reason[t])))
                else:
                    copies = self.allowed_partners(node, t)
                    struck, held = self.struck_copies(node, t, copies, stuck, free)
                    levels |= struck
                    todo.extend(bit_indices(copies | held))
                    if facts is not None:
                        facts.append(Fact("copies", t, tuple(iter_bits(copies))))
                continue
            u = lowest_in(self.above_tiles[t], held_down)
            if u >= 0:
                todo.append(u)
                if facts is not None:
                    facts.append(Fact("covered", t, (u,)))
            else:
                lt = lowest_in(self.left_tiles[t], held_down)
                rt = lowest_in(self.right_tiles[t], held_down)
                todo.extend((lt, rt))
                if facts is not None:
                    facts.append(Fact("flanked", t, (lt, rt)))
        return levels, tiles


def age(blame: int) -> tuple[int, int]:
    """How recent the decisions behind ``blame`` are (deepest level, then how many)."""
    levels = blame & ALL_LEVELS
    return levels.bit_length(), levels.bit_count()


def tile_states(here: bytes, loose: bytes) -> list[int]:
    """Each tile's state in the looser game: ABSENT, HELD (present, not free) or FREE,
    from the flags (``tile_flags``) of the tiles present and of the free ones among them."""
    # Adding the flags as little-endian numbers adds them byte by byte (no byte exceeds
    # 2, so nothing carries): a few C-level calls instead of a loop over the tiles.
    both = int.from_bytes(here, "little") + int.from_bytes(loose, "little")
    return list(both.to_bytes(len(here), "little"))


def lowest_in(tiles: list[int], mask: bytes) -> int:
    """The first of ``tiles`` (in ascending order) whose bit is set in ``mask``; -1 if
    none is."""
    for t in tiles:
        if mask[t]:
            return t
    return -1


def latest_exit(tiles: list[int], here: bytes, exit_round: list[int]) -> int:
    """The last round in which one of ``tiles`` on the board (bits of ``here``) leaves
    (0 for none)."""
    latest = 0
    for t in tiles:
        if here[t]:
            value = exit_round[t]
            if value > latest:
                latest = value
    return latest
