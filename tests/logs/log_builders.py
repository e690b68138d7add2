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
        dealt.setdefault(seat, [next(free) for _ in range(13)])
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
