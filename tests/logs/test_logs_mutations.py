"""A seeded mutation test of ``logs verify`` on the real Tenhou logs (issue 38).

Each mutant is a copy of one real log (tests/data/tenhou_mjlog and the project's
../shared/real_logs/tenhou_mjlog; for tenhou.net/6, tests/data/tenhou6/handmade.json) with
one recorded fact changed, written to ``tmp_path`` and read by
``typed-mahjong logs verify PATH --json``. The round the mutator touched must be among the
file's round disagreements, and one of its differences must name the fact (a keyword).
Where the change moves points (a tenpai payment, a nagashi mangan, the starting points),
the move is carried through every later round's start (``INIT ten``, ``REACH ten``, the
``sc`` points before) and the final points and uma (``owari``), so that only the one fact
is wrong.

Every expected value comes from the log and the rules (the replayed hands, Tenhou's
tenpai payments and mangan), never from the verifier. The mutants of a class are chosen by
``random.Random`` seeded with the class's name: the same ones on every run. The default run
takes a handful per class; the sweep marked ``slow`` takes up to 20 per class.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pytest

from typed_mahjong.cli import main
from typed_mahjong.core.shanten import waits
from typed_mahjong.logs.tenhou_meld import TenhouMeld, decode_meld

HERE = Path(__file__).resolve().parent
MJLOG_DIRS = (HERE.parent / "data" / "tenhou_mjlog",
              HERE.parents[2] / "shared" / "real_logs" / "tenhou_mjlog")
TENHOU6 = HERE.parent / "data" / "tenhou6" / "handmade.json"
# Lobbies we cannot map (GO type bits 0x100, 0x800): their rounds are reported unmapped.
UNMAPPED = frozenset({"newattr2023.xml", "ratio.xml", "sanma.xml"})
DEFAULT_COUNT, SWEEP_COUNT = 4, 20
ABORTIVE = {"yao9": "nine terminals", "kaze4": "four winds", "reach4": "four riichi",
            "kan4": "four kans", "ron3": "triple ron"}
WINDS = "ESWN"
DRAW_LETTERS, DISCARD_LETTERS = "TUVW", "DEFG"
# Attributes of an end tag in the order Tenhou writes them (where a new one goes).
ATTRIBUTE_ORDER = ("type", "ba", "sc", "hai0", "hai1", "hai2", "hai3", "owari", "ratio")
MELD_TEXT = {"chi": "chi", "pon": "pon", "kan": "kan", "ankan": "ankan", "kakan": "kakan"}
ORPHAN_KINDS = frozenset({0, 8, 9, 17, 18, 26, *range(27, 34)})  # terminals and honours

_TAG = re.compile(r"<([A-Z]+)([0-9]*)([^>]*)>")
_ATTRIBUTE = re.compile(r'([A-Za-z0-9_]+)="([^"]*)"')


# --- reading an mjlog ------------------------------------------------------------------

@dataclass(frozen=True)
class Tag:
    name: str  # INIT, T (a draw, with ``tile``), D (a discard), N, REACH, AGARI, ...
    tile: int | None  # the id of a draw or discard tag (<T12/>)
    attributes: dict[str, str]
    start: int
    end: int


@dataclass
class Round:
    index: int
    init: Tag
    tags: list[Tag] = field(default_factory=list)

    @property
    def label(self) -> str:
        """The round's name as the verifier writes it (E2-1: East 2, one honba)."""
        seed = ints(self.init.attributes["seed"])
        return f"{WINDS[seed[0] // 4]}{seed[0] % 4 + 1}-{seed[1]}"

    @property
    def honba(self) -> int:
        return ints(self.init.attributes["seed"])[1]

    @property
    def dealer(self) -> int:
        return int(self.init.attributes["oya"])

    @property
    def end_tags(self) -> list[Tag]:
        return [tag for tag in self.tags if tag.name in ("AGARI", "RYUUKYOKU")]


@dataclass
class Log:
    name: str
    text: str
    go_type: int
    rounds: list[Round]

    @property
    def players(self) -> int:
        return 3 if self.go_type & 0x10 else 4

    def standard_four_player(self) -> bool:
        """A four-player lobby of Tenhou's standard rules (no special-lobby bits)."""
        return not self.go_type & (0x10 | 0x100 | 0x200 | 0x400 | 0x800)


def ints(text: str) -> list[int]:
    return [int(part) for part in text.split(",")] if text else []


def parse(name: str, text: str) -> Log:
    go = re.search(r'<GO type="([0-9]+)"', text)
    assert go is not None, name
    rounds: list[Round] = []
    for match in _TAG.finditer(text):
        letters, digits, rest = match.groups()
        tag = Tag(letters, int(digits) if digits else None,
                  dict(_ATTRIBUTE.findall(rest)), match.start(), match.end())
        if letters == "INIT":
            rounds.append(Round(len(rounds), tag))
        elif rounds:
            rounds[-1].tags.append(tag)
    return Log(name, text, int(go.group(1)), rounds)


@dataclass
class Table:
    """Each seat's concealed ids, melds and discards where the round ends (replayed)."""
    concealed: list[set[int]]
    melds: list[list[TenhouMeld]]
    discards: list[list[int]]
    called: set[int]  # seats a discard was called from
    riichi: set[int]  # seats whose riichi was accepted (REACH step 2)

    def hand_text(self, seat: int) -> str:
        """The seat's hand in our notation (``123m456p pon:555z``), red fives as fives."""
        parts = [tiles_text(self.concealed[seat])]
        parts.extend(f"{MELD_TEXT[meld.kind]}:{tiles_text(meld.ids)}"
                     for meld in self.melds[seat] if meld.kind != "nuki")
        return " ".join(parts)

    def tenpai(self, seat: int) -> bool:
        return bool(waits(self.hand_text(seat), "tenhou"))


def tiles_text(ids: set[int] | tuple[int, ...]) -> str:
    kinds = sorted(tile // 4 for tile in ids)
    return "".join("".join(str(kind % 9 + 1) for kind in kinds if kind // 9 == suit) + letter
                   for suit, letter in enumerate("mpsz")
                   if any(kind // 9 == suit for kind in kinds))


def replay(round_: Round, players: int) -> Table:
    """Dealt ids, + each draw, - each discard, - the ids a seat puts into its melds (the
    called tile is the discarder's; an added kan adds one id to its pon)."""
    concealed = [set(ints(round_.init.attributes[f"hai{seat}"])) for seat in range(players)]
    table = Table(concealed, [[] for _ in range(players)], [[] for _ in range(players)],
                  set(), set())
    last_discarder = None
    for tag in round_.tags:
        if tag.name in DRAW_LETTERS and tag.tile is not None:
            concealed[DRAW_LETTERS.index(tag.name)].add(tag.tile)
        elif tag.name in DISCARD_LETTERS and tag.tile is not None:
            seat = DISCARD_LETTERS.index(tag.name)
            concealed[seat].remove(tag.tile)
            table.discards[seat].append(tag.tile)
            last_discarder = seat
        elif tag.name == "N":
            who = int(tag.attributes["who"])
            meld = decode_meld(int(tag.attributes["m"]))
            own = set(meld.ids) - {meld.called_id}
            if meld.kind == "kakan":
                own &= concealed[who]
                table.melds[who] = [old for old in table.melds[who]
                                    if not (old.kind == "pon" and set(old.ids) < set(meld.ids))]
            elif meld.kind in ("chi", "pon", "kan"):
                assert last_discarder is not None
                table.called.add(last_discarder)
            assert own <= concealed[who], (round_.label, tag)
            concealed[who] -= own
            table.melds[who].append(meld)
        elif tag.name == "REACH" and tag.attributes.get("step") == "2":
            table.riichi.add(int(tag.attributes["who"]))
    return table


def tenpai_changes(tenpai: set[int], players: int) -> list[int]:
    """Tenhou's tenpai payments in hundreds: 3000 (sanma 2000) split among the noten
    payers and among the tenpai receivers; nothing when all or none are tenpai."""
    total = 10 * (players - 1)
    if not 0 < len(tenpai) < players:
        return [0] * players
    return [total // len(tenpai) if seat in tenpai else -total // (players - len(tenpai))
            for seat in range(players)]


def mangan_tsumo(seat: int, dealer: int, players: int) -> list[int]:
    """A mangan tsumo's changes in hundreds (4000 all from a dealer; 4000/2000 else)."""
    if seat == dealer:
        return [120 if other == seat else -40 for other in range(players)]
    return [80 if other == seat else -40 if other == dealer else -20
            for other in range(players)]


def shown(tag: Tag, players: int) -> set[int]:
    return {seat for seat in range(players) if f"hai{seat}" in tag.attributes}


def is_exhaustive(tag: Tag) -> bool:
    return tag.name == "RYUUKYOKU" and "type" not in tag.attributes


# --- changing an mjlog -----------------------------------------------------------------

class Patch:
    """Attribute changes to the tags of one log, written out as text at the end."""

    def __init__(self, log: Log) -> None:
        self.log = log
        self.changes: dict[int, tuple[Tag, dict[str, str | None]]] = {}

    def get(self, tag: Tag, name: str) -> str | None:
        changed = self.changes.get(tag.start, (tag, {}))[1]
        return changed[name] if name in changed else tag.attributes.get(name)

    def set(self, tag: Tag, name: str, value: str | None) -> None:
        self.changes.setdefault(tag.start, (tag, {}))[1][name] = value

    def text(self) -> str:
        text = self.log.text
        for start in sorted(self.changes, reverse=True):
            tag, changed = self.changes[start]
            text = text[:start] + _render(text[start:tag.end], changed) + text[tag.end:]
        return text


def _render(original: str, changed: dict[str, str | None]) -> str:
    """A tag with its attributes changed; a new one goes where Tenhou writes it."""
    found = list(_ATTRIBUTE.finditer(original))
    assert found, original
    head, tail = original[:found[0].start()].rstrip(), original[found[-1].end():]
    pairs = [(match.group(1), match.group(2)) for match in found]
    for name, value in changed.items():
        names = [key for key, _ in pairs]
        if name in names:
            index = names.index(name)
            if value is None:
                del pairs[index]
            else:
                pairs[index] = (name, value)
        elif value is not None:
            later = ATTRIBUTE_ORDER[ATTRIBUTE_ORDER.index(name) + 1:]
            index = next((i for i, key in enumerate(names) if key in later), len(pairs))
            pairs.insert(index, (name, value))
    return head + "".join(f' {key}="{value}"' for key, value in pairs) + tail


def rounded_thousands(points: int) -> int:
    """Points (in hundreds) to thousands as Tenhou rounds them for the final result,
    halves away from zero (16,500 -> 17; -7,500 -> -8: bug8.xml and bug3.xml)."""
    magnitude = (abs(points) + 5) // 10
    return magnitude if points >= 0 else -magnitude


def same_course(before: list[int], after: list[int], last: bool) -> bool:
    """Would the game have run the same way with ``after`` for ``before``? Every seat on
    the same side of 0 (busting ends the game) and 1,000 (riichi); from the last scheduled
    round on (``last``: all-last, its ending on the dealer's place and on 30,000, and the
    final ranking with its uma), the same ranking (ties by seat) and side of 30,000."""
    limits = (0, 10, 300) if last else (0, 10)
    if any((old < limit) != (new < limit)
           for old, new in zip(before, after, strict=True) for limit in limits):
        return False
    seats = range(len(before))
    return not last or sorted(seats, key=lambda seat: (-before[seat], seat)) == \
        sorted(seats, key=lambda seat: (-after[seat], seat))


def carry(patch: Patch, first: int, shift: list[int]) -> bool:
    """Move each seat's points by ``shift`` (hundreds) from round ``first`` on: each round's
    ``INIT ten``, ``REACH ten`` and ``sc`` points before, and the final ``owari`` (points,
    and the result: the same ranking, so each result moves with its seat's rounded points
    and the top takes what the others leave). False where the move would change how the
    game ran (``same_course``) or a result is not whole (lobbies we cannot map)."""
    log, players = patch.log, patch.log.players
    assert sum(shift) == 0 and len(shift) == players
    last = 7 if log.go_type & 0x8 else 3  # the all-last round: South 4 (East 4 east-only)
    for round_ in log.rounds[first:]:
        ten = ints(round_.init.attributes["ten"])
        moved = [points + delta for points, delta in zip(ten, shift, strict=True)]
        # The points a round starts with are those the round before ended with.
        if not same_course(ten, moved, ints(round_.init.attributes["seed"])[0] >= last):
            return False
        patch.set(round_.init, "ten", ",".join(map(str, moved)))
        for tag in round_.tags:
            if tag.name == "REACH" and "ten" in tag.attributes:
                values = ints(tag.attributes["ten"])
                patch.set(tag, "ten", ",".join(str(value + shift[seat]) if seat < players
                                                else str(value)
                                                for seat, value in enumerate(values)))
            elif tag.name in ("AGARI", "RYUUKYOKU"):
                sc = ints(patch.get(tag, "sc") or "")
                for seat in range(players):
                    sc[2 * seat] += shift[seat]
                patch.set(tag, "sc", ",".join(map(str, sc)))
    ends = [tag for round_ in log.rounds for tag in round_.end_tags if "owari" in tag.attributes]
    if ends:
        owari = ends[-1].attributes["owari"].split(",")
        points = [int(owari[2 * seat]) for seat in range(players)]
        moved = [value + delta for value, delta in zip(points, shift, strict=True)]
        results = [float(owari[2 * seat + 1]) for seat in range(players)]
        if not same_course(points, moved, True) or not all(value.is_integer() for value in results):
            return False
        top = min(range(players), key=lambda seat: (-points[seat], seat))
        new = [int(results[seat]) + rounded_thousands(moved[seat])
               - rounded_thousands(points[seat]) for seat in range(players)]
        new[top] = int(results[top]) - sum(new[seat] - int(results[seat])
                                           for seat in range(players) if seat != top)
        for seat in range(players):
            owari[2 * seat] = str(moved[seat])
            owari[2 * seat + 1] = f"{new[seat]}.0" if "." in owari[2 * seat + 1] \
                else str(new[seat])
        patch.set(ends[-1], "owari", ",".join(owari))
    return True


def set_changes(patch: Patch, round_: Round, tag: Tag, changes: list[int]) -> bool:
    """Give an end tag new point changes (hundreds) and carry the difference on."""
    players = patch.log.players
    sc = ints(tag.attributes["sc"])
    shift = [changes[seat] - sc[2 * seat + 1] for seat in range(players)]
    for seat in range(players):
        sc[2 * seat + 1] = changes[seat]
    patch.set(tag, "sc", ",".join(map(str, sc)))
    return carry(patch, round_.index + 1, shift)


# --- the mutators ----------------------------------------------------------------------

@dataclass(frozen=True)
class Mutant:
    text: str
    label: str  # the round touched (E2-1)
    change: str  # what was changed, for the failure message


Mutator = Callable[[Log, random.Random], Mutant | None]
Spot = tuple[Round, Tag, Table, int]  # a draw's round and tag, the table there, a seat


def _pick_draw(log: Log, rng: random.Random, fits: Callable[[Round, Tag], bool]
               ) -> tuple[Round, Tag] | None:
    spots = [(round_, tag) for round_ in log.rounds for tag in round_.end_tags
             if tag.name == "RYUUKYOKU" and fits(round_, tag)]
    return rng.choice(spots) if spots else None


def _exhaustive_spots(log: Log, rng: random.Random,
                      fits: Callable[[Round, Table, int, bool], bool]) -> list[Spot]:
    """Each (round, draw tag, table, seat) of the log's exhaustive draws whose seat, neither
    the dealer nor in riichi, ``fits`` (given the round, the table, the seat and whether
    the seat's hand is shown), in a seeded order."""
    spots: list[Spot] = []
    for round_ in log.rounds:
        for tag in round_.end_tags:
            if not is_exhaustive(tag):
                continue
            table = replay(round_, log.players)
            ready = shown(tag, log.players)
            check_real_draw(log, round_, tag, table)
            spots.extend((round_, tag, table, seat) for seat in range(log.players)
                         if seat != round_.dealer and seat not in table.riichi
                         and fits(round_, table, seat, seat in ready))
    rng.shuffle(spots)
    return spots


def noten_shown_as_tenpai(log: Log, rng: random.Random) -> Mutant | None:
    """1a: a noten seat (not dealer, not in riichi, no waits) shown at an exhaustive draw
    and paid as tenpai."""
    if log.players != 4:
        return None
    for round_, tag, table, seat in _exhaustive_spots(
            log, rng, lambda _, table, seat, ready: not ready and not table.tenpai(seat)):
        patch = Patch(log)
        patch.set(tag, f"hai{seat}", ",".join(map(str, sorted(table.concealed[seat]))))
        tenpai = shown(tag, log.players) | {seat}
        if set_changes(patch, round_, tag, tenpai_changes(tenpai, log.players)):
            return Mutant(patch.text(), round_.label,
                          f"seat {seat}'s noten hand {table.hand_text(seat)} shown and paid "
                          f"as tenpai")
    return None


def tenpai_hidden(log: Log, rng: random.Random) -> Mutant | None:
    """1b: a tenpai seat (not dealer, not in riichi, waits) hidden at an exhaustive draw
    and paid as noten."""
    if log.players != 4:
        return None
    for round_, tag, table, seat in _exhaustive_spots(
            log, rng, lambda _, table, seat, ready: ready and table.tenpai(seat)):
        patch = Patch(log)
        patch.set(tag, f"hai{seat}", None)
        tenpai = shown(tag, log.players) - {seat}
        if set_changes(patch, round_, tag, tenpai_changes(tenpai, log.players)):
            return Mutant(patch.text(), round_.label,
                          f"seat {seat}'s tenpai hand {table.hand_text(seat)} hidden and "
                          f"paid as noten")
    return None


def check_real_draw(log: Log, round_: Round, tag: Tag, table: Table) -> None:
    """The replay against what the log shows: each shown hand is the seat's concealed
    tiles, and the recorded changes are Tenhou's tenpai payments for the shown seats."""
    ready = shown(tag, log.players)
    for seat in ready:
        assert set(ints(tag.attributes[f"hai{seat}"])) == table.concealed[seat], \
            (log.name, round_.label, seat)
    sc = ints(tag.attributes["sc"])
    assert sc[1:2 * log.players:2] == tenpai_changes(ready, log.players), \
        (log.name, round_.label)


def abort_made_exhaustive(log: Log, rng: random.Random) -> Mutant | None:
    """2a: a nine-terminals abort recorded as an exhaustive draw: its type removed (and, in
    half of the draws, the declaring hand too, so that no one is tenpai)."""
    spot = _pick_draw(log, rng, lambda _, tag: tag.attributes.get("type") == "yao9")
    if spot is None:
        return None
    round_, tag = spot
    patch = Patch(log)
    patch.set(tag, "type", None)
    change = "type yao9 removed"
    if rng.random() < 0.5:
        for seat in shown(tag, log.players):
            patch.set(tag, f"hai{seat}", None)
        change += ", the declaring hand hidden"
    return Mutant(patch.text(), round_.label, change)


def abortive_type(kind: str) -> Mutator:
    """2a: an exhaustive draw given an abortive type."""

    def mutate(log: Log, rng: random.Random) -> Mutant | None:
        if log.players != 4:
            return None
        spot = _pick_draw(log, rng, lambda _, tag: is_exhaustive(tag))
        if spot is None:
            return None
        round_, tag = spot
        patch = Patch(log)
        patch.set(tag, "type", kind)
        return Mutant(patch.text(), round_.label, f"exhaustive draw given type {kind}")

    return mutate


def abortive_swapped(kind: str) -> Mutator:
    """2b: a nine-terminals abort given another abortive type."""

    def mutate(log: Log, rng: random.Random) -> Mutant | None:
        if log.players != 4:
            return None
        spot = _pick_draw(log, rng, lambda _, tag: tag.attributes.get("type") == "yao9")
        if spot is None:
            return None
        round_, tag = spot
        patch = Patch(log)
        patch.set(tag, "type", kind)
        return Mutant(patch.text(), round_.label, f"yao9 swapped for {kind}")

    return mutate


def nagashi_not_eligible(log: Log, rng: random.Random) -> Mutant | None:
    """3: an exhaustive draw recorded as a nagashi mangan, paid as a mangan tsumo (no
    honba, no sticks, no tenpai payments: docs/rules.md), for a seat that discarded a
    middle tile or had a discard called."""
    if log.players != 4:
        return None
    spots: list[Spot] = []
    for round_ in log.rounds:
        for tag in round_.end_tags:
            if is_exhaustive(tag):
                table = replay(round_, log.players)
                spots.extend((round_, tag, table, seat) for seat in range(log.players)
                             if seat in table.called or not all(
                                 tile // 4 in ORPHAN_KINDS for tile in table.discards[seat]))
    rng.shuffle(spots)
    for round_, tag, table, seat in spots:
        patch = Patch(log)
        patch.set(tag, "type", "nm")
        if set_changes(patch, round_, tag, mangan_tsumo(seat, round_.dealer, log.players)):
            middle = next((tile for tile in table.discards[seat] if tile // 4 not in
                           ORPHAN_KINDS), None)
            why = "had a discard called" if middle is None else \
                f"discarded {tiles_text((middle,))}"
            return Mutant(patch.text(), round_.label,
                          f"nagashi mangan paid to seat {seat}, which {why}")
    return None


def starting_points(log: Log, rng: random.Random) -> Mutant | None:
    """4: unequal starting points (summing to 100,000 still) carried through the game."""
    if not log.standard_four_player():
        return None
    if ints(log.rounds[0].init.attributes["ten"]) != [250] * 4:
        return None
    pairs = [(a, b) for a in range(4) for b in range(4) if a != b]
    rng.shuffle(pairs)
    for gain, loss in pairs:
        amount = 10 * rng.randint(1, 2)
        shift = [amount if seat == gain else -amount if seat == loss else 0
                 for seat in range(4)]
        patch = Patch(log)
        if carry(patch, 0, shift):
            return Mutant(patch.text(), log.rounds[0].label,
                          f"start {patch.get(log.rounds[0].init, 'ten')}, carried")
    return None


def draw_ba(log: Log, rng: random.Random) -> Mutant | None:
    """5: a RYUUKYOKU's ``ba`` (honba, sticks) changed."""
    spot = _pick_draw(log, rng, lambda _, tag: "ba" in tag.attributes)
    if spot is None:
        return None
    round_, tag = spot
    ba = ints(tag.attributes["ba"])
    ba[rng.randrange(2)] += rng.randint(1, 2)
    patch = Patch(log)
    patch.set(tag, "ba", ",".join(map(str, ba)))
    return Mutant(patch.text(), round_.label, f"ba {tag.attributes['ba']} -> {ba}")


def points_before(log: Log, rng: random.Random) -> Mutant | None:
    """5: one seat's points before in an AGARI's or RYUUKYOKU's ``sc``, +1,000."""
    spots = [(round_, tag) for round_ in log.rounds for tag in round_.end_tags]
    if not spots:
        return None
    round_, tag = rng.choice(spots)
    seat = rng.randrange(log.players)
    sc = ints(tag.attributes["sc"])
    sc[2 * seat] += 10
    patch = Patch(log)
    patch.set(tag, "sc", ",".join(map(str, sc)))
    return Mutant(patch.text(), round_.label, f"{tag.name} sc: seat {seat}'s points before "
                                              f"+10")


def uma(log: Log, rng: random.Random) -> Mutant | None:
    """5: one seat's result (uma) in ``owari`` changed by 1."""
    spots = [(round_, tag) for round_ in log.rounds for tag in round_.end_tags
             if "owari" in tag.attributes]
    if not spots:
        return None
    round_, tag = spots[-1]
    owari = tag.attributes["owari"].split(",")
    seat = rng.randrange(log.players)
    old = owari[2 * seat + 1]
    step = rng.choice((-1, 1))
    owari[2 * seat + 1] = f"{float(old) + step:.1f}" if "." in old else str(int(old) + step)
    patch = Patch(log)
    patch.set(tag, "owari", ",".join(owari))
    return Mutant(patch.text(), round_.label, f"owari: seat {seat}'s result {old} -> "
                                              f"{owari[2 * seat + 1]}")


def limit_code(log: Log, rng: random.Random) -> Mutant | None:
    """5: an AGARI's limit code (the third number of ``ten``: 0 none ... 5 yakuman)."""
    spots = [(round_, tag) for round_ in log.rounds for tag in round_.end_tags
             if tag.name == "AGARI"]
    if not spots:
        return None
    round_, tag = rng.choice(spots)
    ten = ints(tag.attributes["ten"])
    new = rng.choice([code for code in range(6) if code != ten[2]])
    patch = Patch(log)
    patch.set(tag, "ten", f"{ten[0]},{ten[1]},{new}")
    return Mutant(patch.text(), round_.label, f"AGARI ten {tag.attributes['ten']}: limit "
                                              f"{ten[2]} -> {new}")


# --- the classes -----------------------------------------------------------------------

@dataclass(frozen=True)
class MutationClass:
    name: str
    keyword: str  # a difference of the mutated round names the fact
    mutator: Mutator
    limit: int | None = None  # at most this many mutants (where fewer spots exist)


CLASSES = [
    MutationClass("1a-noten-shown-as-tenpai", "tenpai", noten_shown_as_tenpai),
    MutationClass("1b-tenpai-hidden-as-noten", "tenpai", tenpai_hidden),
    MutationClass("2a-nine-terminals-as-exhaustive", "exhaustive draw",
                  abort_made_exhaustive, limit=4),
    *(MutationClass(f"2a-exhaustive-as-{kind}", name, abortive_type(kind))
      for kind, name in ABORTIVE.items()),
    *(MutationClass(f"2b-nine-terminals-as-{kind}", name, abortive_swapped(kind), limit=2)
      for kind, name in ABORTIVE.items() if kind != "yao9"),
    MutationClass("3-nagashi-not-eligible", "nagashi", nagashi_not_eligible),
    MutationClass("4-starting-points", "starting points", starting_points),
    MutationClass("5-draw-ba", "honba/sticks", draw_ba),
    MutationClass("5-points-before", "points before", points_before),
    MutationClass("5-uma", "uma", uma),
    MutationClass("5-limit", "limit", limit_code),
]


@cache
def real_logs() -> tuple[Log, ...]:
    """The real mjlogs of mapped lobbies, each text once (the two folders hold copies)."""
    texts: dict[str, str] = {}
    for folder in MJLOG_DIRS:
        if folder.is_dir():
            for path in sorted(folder.iterdir()):
                if path.name not in UNMAPPED and "<mjloggm" in path.read_text("utf-8")[:100]:
                    texts.setdefault(path.read_text(encoding="utf-8"), path.name)
    return tuple(parse(name, text) for text, name in texts.items())


def mutants(kind: MutationClass, count: int) -> Iterator[tuple[str, Mutant]]:
    """Up to ``count`` distinct mutants, each from its own seeded draw of the logs, a
    round not touched before where one is left."""
    logs = real_logs()
    texts: set[str] = set()
    spots: set[tuple[str, str]] = set()
    for number in range(min(count, kind.limit or count)):
        rng = random.Random(f"{kind.name}:{number}")
        repeat = None  # a new mutant of a round touched before, if nothing else
        for log in rng.sample(logs, len(logs)):
            for _ in range(3):
                mutant = kind.mutator(log, rng)
                if mutant is None:
                    break  # no spot in this log
                assert mutant.text != log.text, (kind.name, log.name, mutant)
                if mutant.text in texts:
                    continue
                if (log.name, mutant.label) not in spots:
                    repeat = (log.name, mutant)
                    break
                repeat = repeat or (log.name, mutant)
            if repeat is not None and (repeat[0], repeat[1].label) not in spots:
                break
        if repeat is not None:
            texts.add(repeat[1].text)
            spots.add((repeat[0], repeat[1].label))
            yield repeat


def verify(path: Path, capsys: pytest.CaptureFixture[str], *options: str) -> dict[str, object]:
    main(["logs", "verify", str(path), "--json", *options])
    report = json.loads(capsys.readouterr().out)
    assert isinstance(report, dict)
    return report


def miss(report: dict[str, object], label: str, keyword: str) -> str | None:
    """None when round ``label`` disagrees with a difference naming ``keyword`` (its own
    or one of its wins'); else what the verifier said of the file."""
    rounds, wins = report["round_disagreements"], report["disagreements"]
    assert isinstance(rounds, list) and isinstance(wins, list)
    found = [entry for entry in rounds if entry["round"] == label]
    differences = [difference for entry in found for difference in entry["differences"]]
    if found:
        differences += [difference for entry in wins if entry["round"] == label
                        for difference in entry["differences"]]
    if any(keyword.lower() in difference.lower() for difference in differences):
        return None
    if found:
        return f"{label} disagrees without {keyword!r}: " + "; ".join(differences)
    others = [f"{entry['round']}: {entry['differences']}" for entry in rounds]
    return f"{label} is no disagreement (outcomes {report['round_outcomes']}, faults " \
           f"{report['faults']}, other rounds {others})"


def check_class(kind: MutationClass, count: int, tmp_path: Path,
                capsys: pytest.CaptureFixture[str]) -> None:
    found = list(mutants(kind, count))
    assert found, f"{kind.name}: no log has a spot for this mutation"
    failures = []
    for number, (name, mutant) in enumerate(found):
        path = tmp_path / f"{number}-{name}"
        path.write_text(mutant.text, encoding="utf-8")
        report = verify(path, capsys)
        problem = miss(report, mutant.label, kind.keyword)
        if problem is not None:
            failures.append(f"{name} {mutant.label} ({mutant.change}): {problem}")
    assert not failures, f"{kind.name}: {len(failures)} of {len(found)} mutants not " \
                         f"reported:\n" + "\n".join(failures)


@pytest.mark.parametrize("kind", CLASSES, ids=[kind.name for kind in CLASSES])
def test_mutants_are_reported(kind: MutationClass, tmp_path: Path,
                              capsys: pytest.CaptureFixture[str]) -> None:
    check_class(kind, DEFAULT_COUNT, tmp_path, capsys)


@pytest.mark.slow
@pytest.mark.parametrize("kind", CLASSES, ids=[kind.name for kind in CLASSES])
def test_mutant_sweep(kind: MutationClass, tmp_path: Path,
                      capsys: pytest.CaptureFixture[str]) -> None:
    check_class(kind, SWEEP_COUNT, tmp_path, capsys)


def test_tenhou6_exhaustive_draw_as_nine_terminals(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]
                                                   ) -> None:
    """2c: tenhou.net/6's 流局 (exhaustive draw) changed to 九種九牌 (nine terminals)."""
    text = TENHOU6.read_text(encoding="utf-8")
    document = json.loads(text)
    drawn = [entry[0] for entry in document["log"] if entry[-1][0] == "流局"]
    assert len(drawn) == 1 and text.count('"流局"') == 1
    kyoku, honba = drawn[0][0], drawn[0][1]
    label = f"{WINDS[kyoku // 4]}{kyoku % 4 + 1}-{honba}"
    path = tmp_path / "handmade.json"
    mutated = text.replace('"流局"', '"九種九牌"')
    assert mutated != text
    path.write_text(mutated, encoding="utf-8")
    problem = miss(verify(path, capsys), label, "nine terminals")
    assert problem is None, problem


# --- the real logs, unchanged ----------------------------------------------------------

def _round_counts(folder: Path) -> tuple[int, int]:
    """(all rounds, rounds of unmapped lobbies) of a folder, counted from the logs."""
    rounds = unmapped = 0
    for path in folder.iterdir():
        if path.suffix == ".md":
            continue
        count = path.read_text(encoding="utf-8").count("<INIT ")
        rounds += count
        unmapped += count if path.name in UNMAPPED else 0
    return rounds, unmapped


@pytest.mark.parametrize("folder", [folder for folder in MJLOG_DIRS if folder.is_dir()],
                         ids=lambda folder: folder.parent.parent.name)
def test_real_logs_verify_clean(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rounds, unmapped = _round_counts(folder)
    report = verify(folder, capsys, "--rounds")
    assert report["rounds"] == rounds
    assert report["round_outcomes"] == {"agree": rounds - unmapped, "disagree": 0,
                                        "unmapped": unmapped, "damaged": 0}
    assert report["faults"] == [] and report["round_disagreements"] == []
    listed = report["rounds_listed"]
    assert isinstance(listed, list)
    assert {Path(entry["source"]).name for entry in listed
            if entry["outcome"] == "unmapped"} == UNMAPPED
    assumed = verify(folder, capsys, "--assume-rules", "tenhou")
    assert assumed["round_outcomes"] == {"agree": rounds, "disagree": 0, "unmapped": 0,
                                         "damaged": 0}
    assert assumed["faults"] == [] and assumed["round_disagreements"] == []
