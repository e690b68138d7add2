"""Hand-built Tenhou mjlogs of several rounds, each a consistent table: every id dealt,
drawn or shown once, each player discarding only what they hold."""

from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass
class Round:
    """One round: its seed (round number, honba, sticks), points (hundreds), dealer, events
    and explicit deals (other seats are dealt ids nothing in the events uses)."""

    events: str
    number: int = 0
    honba: int = 0
    sticks: int = 0
    ten: tuple[int, ...] = (250, 250, 250, 250)
    dealer: int = 0
    deals: dict[int, list[int]] = field(default_factory=dict)
    indicator: int = 120


def _init(round_: Round) -> str:
    dealt = dict(round_.deals)
    used = {round_.indicator, *(int(n) for n in re.findall(r"<[D-GT-W](\d+)/>",
                                                           round_.events))}
    for listed in re.findall(r'(?:hai\d?|machi|doraHai|doraHaiUra)="([\d,]+)"', round_.events):
        used.update(int(n) for n in listed.split(","))
    used.update(tile for ids in dealt.values() for tile in ids)
    free = iter(tile for tile in range(136) if tile not in used)
    for seat in range(4):
        if seat not in dealt:
            dealt[seat] = [next(free) for _ in range(13)]
    hands = " ".join(f'hai{seat}="{",".join(map(str, dealt[seat]))}"' for seat in range(4))
    seed = f"{round_.number},{round_.honba},{round_.sticks},0,0,{round_.indicator}"
    return (f'<INIT seed="{seed}" ten="{",".join(map(str, round_.ten))}" '
            f'oya="{round_.dealer}" {hands}/>')


def mjlog(*rounds: Round, go: int = 169) -> str:
    body = "\n".join(_init(round_) + round_.events for round_ in rounds)
    return f'<mjloggm ver="2.3"><GO type="{go}" lobby="0"/><TAIKYOKU oya="0"/>\n{body}\n</mjloggm>'


def draw_and_discard(seat: int, tile: int) -> str:
    """Seat ``seat`` draws id ``tile`` and discards it."""
    return f"<{'TUVW'[seat]}{tile}/><{'DEFG'[seat]}{tile}/>"


def riichi(seat: int, tile: int) -> str:
    """Seat ``seat`` draws id ``tile``, declares riichi discarding it, and pays the stick."""
    return (f"<{'TUVW'[seat]}{tile}/><REACH who=\"{seat}\" step=\"1\"/>"
            f"<{'DEFG'[seat]}{tile}/><REACH who=\"{seat}\" step=\"2\"/>")


def closing_draw(ba: str, ten: tuple[int, ...]) -> str:
    """An exhaustive draw nobody is tenpai in: nothing changes hands."""
    scores = ",".join(f"{score},0" for score in ten)
    return f'<RYUUKYOKU ba="{ba}" sc="{scores}"/>'


# Valid tables for the draws (issue 38 checks what a draw records against the table):
# four noten hands of 13 isolated tiles, 1-4-7 of each suit and four honours (South, West,
# North, White), seat s holding copy s of each, so drawing and discarding other tiles never
# makes one tenpai; the indicator is a 2p.
NOTEN_KINDS = (0, 3, 6, 9, 12, 15, 18, 21, 24, 28, 29, 30, 31)
NOTEN_DEALS = {seat: [4 * kind + seat for kind in NOTEN_KINDS] for seat in range(4)}
INDICATOR = 40
WALL_DRAWS = 70  # 136 tiles, 14 in the dead wall, 13 dealt to each of four seats
# Every other id, terminals and honours (9m 9p 9s East Green Red) first, then the rest.
_ORPHAN_KINDS = (8, 17, 26, 27, 32, 33)
ORPHAN_SPARES = [4 * kind + copy for kind in _ORPHAN_KINDS for copy in range(4)]
MIDDLE_SPARES = [tile for tile in range(136) if tile // 4 not in NOTEN_KINDS
                 and tile // 4 not in _ORPHAN_KINDS and tile != INDICATOR]


def run_out(dealer: int = 0, drawn: int = 0, tiles: list[int] | None = None,
            orphans_for: int | None = None) -> str:
    """The rest of the wall, each tile discarded as drawn (tsumogiri), in turn from the
    dealer's seat, ``drawn`` draws having been made; ``tiles`` are the ids to draw (by
    default the spares, middle tiles first), ``orphans_for`` a seat that draws only
    terminals and honours (a nagashi mangan)."""
    middle = iter(MIDDLE_SPARES + ORPHAN_SPARES if tiles is None else tiles)
    orphans = iter(ORPHAN_SPARES)
    taken: set[int] = set()
    moves = []
    for number in range(drawn, WALL_DRAWS):
        seat = (dealer + number) % 4
        source = orphans if seat == orphans_for else middle
        tile = next(tile for tile in source if tile not in taken)
        taken.add(tile)
        moves.append(draw_and_discard(seat, tile))
    return "".join(moves)


def noten_round(events: str, **fields: object) -> Round:
    """A round dealt the noten hands (``deals`` and ``indicator`` may be given)."""
    deals = dict(NOTEN_DEALS)
    deals.update(fields.pop("deals", {}))  # type: ignore[call-overload]
    indicator = fields.pop("indicator", INDICATOR)
    return Round(events, deals=deals, indicator=indicator, **fields)  # type: ignore[arg-type]


def ankan(seat: int, kind: int) -> str:
    """Seat ``seat`` declares a closed kan of tile kind ``kind`` (Tenhou's meld code: the
    first id shifted by 8, the low bits 0)."""
    return f'<N who="{seat}" m="{4 * kind << 8}"/>'
