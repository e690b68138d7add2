"""The facts a round records besides its points, checked against the rules.

A log can keep every point change consistent and still record something that cannot
happen: a noten hand paid as tenpai, an abortive draw of a kind whose conditions were not
met, a nagashi mangan nobody earned, a game that does not start at the lobby's points, or
a redundant field (the points before a payment, the final result) that contradicts the
rest. Each check here returns the differences it finds as text (empty when the round is
right); ``round_verify`` adds them to the round's verdict. docs/logs.md ("What `logs
verify` checks") states each rule with its source.

What the table held at a draw comes from the reader (``Draw.table``, the same for every
format); a reader that cannot say gives None and the draw's kind is not checked.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import add

from ..core.rules import Rules
from ..core.shanten import is_waiting, waits
from ..core.tiles import ORPHANS, WINDS, parse_tiles, tile_name
from ..errors import HandError
from .model import ABORTIVE, EXHAUSTIVE, NAGASHI, Draw, Lobby, Round, Table, TableAtDraw

_ORPHAN_SET = frozenset(ORPHANS)
_NINE_KINDS = 9  # kinds of terminals and honours a hand needs to abort on its first draw
_FOUR_WINDS = frozenset(WINDS)


def draw_differences(draw: Draw, round_: Round, rules: Rules) -> list[str]:
    """What is impossible in a draw: its kind's conditions, who was paid as tenpai, the
    nagashi mangan's claimant."""
    table = draw.table
    if table is None:
        return []
    if draw.ending == EXHAUSTIVE:
        return [*_wall_used(EXHAUSTIVE, table), *_tenpai(draw, table, round_, rules)]
    if draw.ending == NAGASHI:
        return [*_wall_used(NAGASHI, table), *_nagashi(draw)]
    if draw.ending in ABORTIVE:
        return _abortive(draw.ending, table, round_, rules)
    return []


def _wall_used(ending: str, table: TableAtDraw) -> list[str]:
    if table.wall_left:
        return [f"{ending}: {table.wall_left} tile(s) were left in the wall (the round ends "
                f"so only once the last tile is drawn and discarded)"]
    if table.last_discard is None:
        return [f"{ending}: the round's last move was not a discard (the player who draws "
                f"the last tile discards it)"]
    return []


def _tenpai(draw: Draw, table: TableAtDraw, round_: Round, rules: Rules) -> list[str]:
    """Who was paid as tenpai against the hands: a hand paid as tenpai must wait on a tile
    (formal tenpai: no yaku needed; a wait on a tile whose four copies the player holds is
    none, ``Rules.karaten_melds`` saying whether melds count); a riichi hand is always
    shown; where the rules allow no noten declaration every tenpai hand is paid as one."""
    if draw.tenpai is None:
        return []
    paid = set(draw.tenpai)
    differences = []
    for seat, hand in enumerate(table.hands):
        if seat not in paid and seat in round_.riichi:
            differences.append(f"tenpai: seat {seat} is in riichi, but its hand is not "
                               f"shown (a riichi hand is always shown at a draw)")
        elif seat in paid and not _ready(hand, rules):
            differences.append(f"tenpai: seat {seat} is paid as tenpai, but its hand {hand} "
                               f"waits on no tile")
        elif seat not in paid and not rules.noten_declaration and _ready(hand, rules):
            differences.append(f"tenpai: seat {seat}'s hand {hand} waits on "
                               f"{''.join(_waits(hand, rules))}, but it is paid as noten "
                               f"(under the {rules.name} rules every tenpai hand is shown)")
    return differences


def _ready(hand: str, rules: Rules) -> bool:
    try:
        return is_waiting(hand, rules)
    except HandError:
        return False  # not a waiting hand of 13 - 3k tiles: not tenpai


def _waits(hand: str, rules: Rules) -> tuple[str, ...]:
    try:
        return waits(hand, rules)
    except HandError:
        return ()  # not a waiting hand of 13 - 3k tiles: not tenpai


def _nagashi(draw: Draw) -> list[str]:
    if draw.nagashi:
        return []
    return ["nagashi mangan: no seat discarded only terminals and honours with none of its "
            "discards called"]


def _abortive(ending: str, table: TableAtDraw, round_: Round, rules: Rules) -> list[str]:
    if ending == "nine terminals":
        return _nine_terminals(table)
    if ending == "four winds":
        return _four_winds(table)
    if ending == "four riichi":
        riichi = len(round_.riichi)
        return [] if riichi == 4 else [f"four riichi: {riichi} seat(s) paid a riichi stick, "
                                       f"not four"]
    if ending == "four kans":
        return _four_kans(table.kans)
    return _triple_ron(table, rules)


def _nine_terminals(table: TableAtDraw) -> list[str]:
    """Nine kinds of terminals and honours in the hand of the player to move, on their
    first draw, with no call (a closed kan included) in the round before it."""
    if table.calls:
        return [f"nine terminals: {table.calls} call(s) came before it (it is declared on a "
                f"first draw with no call in the round)"]
    declarers = [seat for seat, hand in enumerate(table.hands) if _tile_count(hand) == 14]
    if len(declarers) != 1:
        return ["nine terminals: no seat holds 14 tiles (it is declared on a draw)"]
    seat = declarers[0]
    if table.discards[seat]:
        return [f"nine terminals: seat {seat} had discarded already (it is declared on a "
                f"first draw)"]
    kinds = _orphan_kinds(table.hands[seat])
    if kinds < _NINE_KINDS:
        return [f"nine terminals: seat {seat}'s hand {table.hands[seat]} holds {kinds} kinds "
                f"of terminals and honours, not nine"]
    return []


def _tile_count(hand: str) -> int:
    concealed = hand.split(" ", 1)[0]
    melds = hand.count(":")
    try:
        return len(parse_tiles(concealed)) + 3 * melds
    except HandError:
        return 0


def _orphan_kinds(hand: str) -> int:
    try:
        tiles = parse_tiles(hand.split(" ", 1)[0])
    except HandError:
        return 0
    return len({tile.tile for tile in tiles} & _ORPHAN_SET)


def _four_winds(table: TableAtDraw) -> list[str]:
    """Each seat's first discard, the same wind from all four, with no call before."""
    firsts = [discards for discards in table.discards]
    winds = {discards[0] for discards in firsts if len(discards) == 1}
    if table.calls or len(firsts) != 4 or any(len(discards) != 1 for discards in firsts) \
            or len(winds) != 1 or not winds <= _FOUR_WINDS:
        shown = ", ".join(" ".join(tile_name(tile) for tile in discards) or "none"
                          for discards in firsts)
        return [f"four winds: the discards by seat are {shown} with {table.calls} call(s) "
                f"(one discard from each seat, all four the same wind, and no call are "
                f"needed)"]
    return []


def _four_kans(kans: Sequence[int]) -> list[str]:
    if sum(kans) == 4 and max(kans) < 4:
        return []
    return [f"four kans: the seats made {'/'.join(map(str, kans))} kans (four, by more than "
            f"one player, are needed)"]


def _triple_ron(table: TableAtDraw, rules: Rules) -> list[str]:
    """The three other players each wait on the last discard."""
    last = table.last_discard
    if last is None:
        return ["triple ron: the round's last move was not a discard (or an added kan)"]
    discarder, tile = last
    name = tile_name(tile)
    missing = [seat for seat, hand in enumerate(table.hands)
               if seat != discarder and name not in _waits(hand, rules)]
    if missing:
        return [f"triple ron: seat(s) {', '.join(map(str, missing))} do not wait on the last "
                f"discard {name} (the three other players must)"]
    return []


def start_differences(round_: Round, lobby: Lobby) -> list[str]:
    """The game's first round starts every seat at the lobby's points."""
    table = lobby.table
    if table is None or len(round_.scores) != lobby.players or \
            (round_.name, round_.sticks) != ("E1-0", 0):
        return []
    start = [table.starting_points] * lobby.players
    if list(round_.scores) != start:
        return [f"starting points: the game starts at {list(round_.scores)}, the lobby "
                f"starts every seat at {table.starting_points}"]
    return []


def before_differences(round_: Round, stick: int, recorded: Sequence[tuple[int, ...]],
                       changes: Sequence[tuple[int, ...]]) -> list[str]:
    """The points before each payment, where the log records them: the round's start less
    this round's riichi deposits, plus the changes of the payments before (the second ron
    of one discard is recorded after the first)."""
    players = len(round_.scores)
    if not players:
        return []
    points = tuple(score - stick if seat in round_.riichi else score
                   for seat, score in enumerate(round_.scores))
    differences = []
    for before, change in zip(recorded, changes, strict=True):
        if before != points and len(before) == players:
            differences.append(f"points before the payment: the log records {list(before)}, "
                               f"the round's start less its deposits gives {list(points)}")
        if len(change) == players:
            points = tuple(map(add, points, change))
    return differences


def result_differences(final: Sequence[int], results: Sequence[int],
                       table: Table | None) -> list[str]:
    """The final result of each seat (``Table``'s rule) against the log's."""
    if table is None or table.uma is None or len(results) != len(final) or \
            len(final) != len(table.uma):
        return []
    expected = final_results(final, table.return_points, table.uma)
    if list(results) != expected:
        return [f"uma: the log's final results are {_points(results)}, ours "
                f"{_points(expected)} (returned at {table.return_points}, uma "
                f"{'/'.join(f'{value:+d}' for value in table.uma)} by rank)"]
    return []


def final_results(final: Sequence[int], return_points: int,
                  uma: Sequence[int]) -> list[int]:
    """Each seat's result in tenths of a point: the points in thousands rounded half away
    from zero, less the return, plus the uma of its rank; the top seat takes the rest, so
    the results add up to 0. Equal points rank the earlier seat first."""
    order = sorted(range(len(final)), key=lambda seat: (-final[seat], seat))
    results = [0] * len(final)
    for rank, seat in enumerate(order[1:], start=1):
        thousands = (abs(final[seat]) + 500) // 1000 * (1 if final[seat] >= 0 else -1)
        results[seat] = 10 * (thousands - return_points // 1000 + uma[rank])
    results[order[0]] = -sum(results)
    return results


def _points(tenths: Sequence[int]) -> str:
    return "[" + ", ".join(f"{value / 10:.1f}" for value in tenths) + "]"
