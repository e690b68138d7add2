"""``narrow`` joins the portfolio only once a deal has taken NARROW_FROM looser games (see
``portfolio``), so a deal decided sooner gets exactly the search it got before: the same
verdict, nodes, work and moves. The records are main's (81b1b11, before the lane existed)
under ``solve(random_deal(turtle(), seed), work=8000)``; both deals reach the late shares
(``LATE_AFTER``), 839 well past them."""

import hashlib
import json

import pytest

from typed_mahjong.solitaire import portfolio
from typed_mahjong.solitaire.deals import random_deal
from typed_mahjong.solitaire.layout import turtle
from typed_mahjong.solitaire.solver import solve


@pytest.mark.parametrize(
    ("seed", "status", "work", "nodes", "moves_digest"),
    [
        (839, "solvable", 6823, 720, "20967a400a5e842f"),
        (4027, "unsolvable", 3721, 567, "4f53cda18c2baa0c"),
    ],
)
def test_a_deal_decided_before_narrow_joins_gets_the_same_search(
    seed: int, status: str, work: int, nodes: int, moves_digest: str
) -> None:
    verdict = solve(random_deal(turtle(), seed), work=portfolio.NARROW_FROM)
    moves = json.dumps([[move.first, move.second] for move in verdict.moves])
    found = (verdict.status, verdict.work, verdict.nodes)
    assert found == (status, work, nodes)
    assert hashlib.sha256(moves.encode()).hexdigest()[:16] == moves_digest
