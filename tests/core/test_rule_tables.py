"""The scorer keeps basic points and payments in tables by the rules' identity
(``scoring._RuleTables``): two sets of rules never share one, whatever their names, and
dropping the tables when many rules have been used changes no result."""

from __future__ import annotations

import pytest

from typed_mahjong import score
from typed_mahjong.core.rules import rules_from
from typed_mahjong.core.scoring import _TABLE_RULES

# Riichi 1 + pinfu 1 + tanyao 1 + one dora (indicator 1m shows 2m) = 4 han; pinfu ron
# closed: 20 + 10 = 30 fu. Basic 30 * 2**6 = 1920: a non-dealer ron pays 4 * 1920 = 7680,
# rounded up 7700; with kiriage mangan (1920 counts as 2000) 8000.
HAND, WIN = "234m456p678s234s55p", "2s"
OPTIONS = {"riichi": True, "dora": "1m"}


def test_rules_with_one_name_keep_tables_of_their_own() -> None:
    plain, kiriage = rules_from("tenhou"), rules_from("tenhou", kiriage=True)
    for rules, points, limit in ((plain, 7700, None), (kiriage, 8000, "mangan"),
                                 (plain, 7700, None), (kiriage, 8000, "mangan")):
        result = score(HAND, WIN, rules=rules, **OPTIONS)
        assert (result.han, result.fu, result.points, result.limit) == (4, 30, points, limit)


def test_results_hold_when_the_tables_are_dropped() -> None:
    # More sets of rules than the tables keep, each made anew: tables are dropped and made
    # again on the way, and each hand is still paid under its own rules. The tsumo: the
    # same 4 han and menzen tsumo, 5 han: mangan, basic 2000; a non-dealer's tsumo takes
    # 2 * 2000 = 4000 from the dealer and 2000 from each other player, 8000 in all.
    for index in range(3 * _TABLE_RULES):
        kiriage = index % 2 == 1
        rules = rules_from("tenhou", kiriage=kiriage)
        ron = score(HAND, WIN, rules=rules, **OPTIONS)
        assert ron.points == (8000 if kiriage else 7700)
        tsumo = score(HAND, WIN, rules=rules, tsumo=True, honba=1, **OPTIONS)
        # Honba 300 a hand, 100 from each payer; the winner sits South (the default).
        assert tsumo.payments == (("E", 4100), ("W", 2100), ("N", 2100))
        assert (tsumo.points, tsumo.limit) == (8000, "mangan")


def test_the_kept_yakuman_gate_is_the_rules_gate() -> None:
    # The tables keep yaku.yakuman_gate(rules) for _evaluate: made from scratch, each
    # preset's (and the optional yakuman's) gives the same, and paarenchan and daisharin
    # add their traits to the hint.
    from typed_mahjong.core.rules import PRESETS
    from typed_mahjong.core.scoring import _tables
    from typed_mahjong.core.yaku import PAARENCHAN, SEVEN_PAIRS, YAKUMAN_HINT, yakuman_gate

    for rules in (*PRESETS.values(), rules_from("tenhou", paarenchan=True, daisharin=True)):
        assert _tables(rules).yakuman_gate == yakuman_gate(rules)
    assert yakuman_gate(rules_from("tenhou")) == YAKUMAN_HINT
    assert yakuman_gate(rules_from("tenhou", paarenchan=True, daisharin=True)) == (
        YAKUMAN_HINT | PAARENCHAN | SEVEN_PAIRS)


def test_the_plain_basic_points_are_basic_points() -> None:
    # _plain_basic computes below 5 han and reads the limits from the rules' tables: the
    # same as limits.basic_points for every han and fu a hand can have, under every preset
    # and with kiriage, without kazoe yakuman and with aotenjou.
    from typed_mahjong.core.limits import basic_points
    from typed_mahjong.core.rules import PRESETS
    from typed_mahjong.core.scoring import _plain_basic, _tables

    variants = [*PRESETS.values(), rules_from("tenhou", kiriage=True),
                rules_from("tenhou", kazoe_yakuman=False), rules_from("tenhou", aotenjou=True),
                rules_from("tenhou", aotenjou=True, aotenjou_adds_yaku=True)]
    for rules in variants:
        tables = _tables(rules)
        for han in range(40):
            for fu in (20, 25, *range(30, 150, 10)):
                assert _plain_basic(han, fu, rules, tables) == basic_points(han, fu, rules), (
                    rules.name, han, fu)


@pytest.mark.parametrize("index_reader", [False, True])
def test_the_kept_payments_are_the_payments(index_reader: bool,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # _plain_payments keeps each row by its basic points, honba, seat and tsumo (below 128
    # honba and 2**40 basic points; aotenjou's larger values are paid each time), in a dict
    # interpreted and a table of its own compiled (both run here, the flag set; compiled,
    # the flag is a constant and its own way runs twice): asked twice, each row is the one
    # _payment_row makes. Worked example, a huge aotenjou ron from a non-dealer:
    # 4 * 2**41 = 8,796,093,022,208 rounded up to 8,796,093,022,300.
    import typed_mahjong.core.scoring as scoring
    from typed_mahjong.core.scoring import _payment_row, _plain_payments, _RuleTables
    from typed_mahjong.core.tiles import EAST

    monkeypatch.setattr(scoring, "INDEX_READER", index_reader)
    rules = rules_from("tenhou", aotenjou=True)
    tables = _RuleTables(rules)
    for basic in (160, 1920, 2000, 8000, 1 << 39, 1 << 40, 1 << 41):
        for honba in (0, 1, 127, 128, 999):
            for seat in range(EAST, EAST + 4):
                for tsumo in (False, True):
                    want = _payment_row(basic, seat, tsumo, honba, rules)
                    for _ in range(2):
                        row = _plain_payments(basic, seat, tsumo, honba, rules, tables)
                        assert (row.payments, row.points, row.paid) == want
    huge = _plain_payments(1 << 41, EAST + 1, False, 0, rules, tables)
    assert huge.points == 8_796_093_022_300 and huge.payments == (("discarder", huge.paid),)
