"""Benchmark (and differential check) of the scoring core against the PyPI ``mahjong`` package.

    .venv/bin/python benchmarks/bench_core.py            # timings on 2000 seeded hands
    .venv/bin/python benchmarks/bench_core.py --n 5000 --repeat 5
    .venv/bin/python benchmarks/bench_core.py --diff 6000   # print every disagreement
    .venv/bin/python benchmarks/bench_core.py --diff 50000 --rules wrc --seed 7

Timings (one process, the same seeded hands for every library, best of ``--repeat`` passes
after one warm-up pass; per-call microseconds and the ratio theirs/ours, > 1 means we are
faster):

(a) full scoring: ``typed_mahjong.score`` vs ``mahjong``'s ``HandCalculator.estimate_hand_value``
    (and ``riichienv``'s Rust ``HandEvaluator.calc`` when that package is installed);
(b) readings: ``typed_mahjong.readings.all_readings`` vs ``mahjong``'s ``HandDivider.divide_hand``;
(c) shanten: ``typed_mahjong.shanten.shanten_counts`` (when it exists) vs ``mahjong``'s
    ``Shanten.calculate_shanten`` (and riichienv's ``calculate_shanten``), on random 13-tile hands.

Our ``score`` takes strings and parses them on every call; the other libraries get their
inputs (136-id lists, Meld objects) built in advance, only their per-hand config objects are
built inside the timed loop (they carry the win situation, as our keyword arguments do).
riichienv takes no rule options; it pays as our "majsoul" preset, and the output says on how
many hands it does.

``--diff N`` scores N seeded hands with ``typed_mahjong.score`` and with ``mahjong`` under one
of our presets (``--rules``; mahjong gets the matching OptionalRules) and prints every hand
whose payments, han, fu or yaku differ, then a count per kind. Hands that need an option
mahjong lacks (no yakuman stacking, a 2-fu double-wind pair, ...) are counted, not compared.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    # Run as a script: make `benchmarks.hands` importable from the checkout root.
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.hands import (
    WIND_LETTERS,
    GeneratedHand,
    generate,
    mahjong_call,
    random_concealed,
    riichienv_call,
    riichienv_core,
    tenhou_options,
    tiles_text,
)

# mahjong 2.x yaku names -> ours. Seat and round winds lose their wind in our naming.
MAHJONG_YAKU = {
    "Menzen Tsumo": "menzen tsumo", "Riichi": "riichi", "Ippatsu": "ippatsu",
    "Chankan": "chankan", "Rinshan Kaihou": "rinshan kaihou", "Haitei Raoyue": "haitei",
    "Houtei Raoyui": "houtei", "Double Riichi": "double riichi", "Pinfu": "pinfu",
    "Tanyao": "tanyao", "Iipeiko": "iipeikou", "Yakuhai (haku)": "yakuhai haku",
    "Yakuhai (hatsu)": "yakuhai hatsu", "Yakuhai (chun)": "yakuhai chun",
    "Sanshoku Doujun": "sanshoku doujun", "Ittsu": "ittsu", "Chantai": "chanta",
    "Honroutou": "honroutou", "Toitoi": "toitoi", "San Ankou": "sanankou",
    "San Kantsu": "sankantsu", "Sanshoku Doukou": "sanshoku doukou",
    "Chiitoitsu": "chiitoitsu", "Shou Sangen": "shousangen", "Honitsu": "honitsu",
    "Junchan": "junchan", "Ryanpeikou": "ryanpeikou", "Chinitsu": "chinitsu",
    "Kokushi Musou": "kokushi musou", "Chuuren Poutou": "chuuren poutou",
    "Suu Ankou": "suuankou", "Daisangen": "daisangen", "Shousuushii": "shousuushii",
    "Ryuuiisou": "ryuuiisou", "Suu Kantsu": "suukantsu", "Tsuu Iisou": "tsuuiisou",
    "Chinroutou": "chinroutou", "Dai Suushii": "daisuushii",
    "Kokushi Musou Juusanmen Matchi": "kokushi musou 13-wait",
    "Suu Ankou Tanki": "suuankou tanki", "Daburu Chuuren Poutou": "junsei chuuren poutou",
    "Tenhou": "tenhou", "Chiihou": "chiihou", "Dora": "dora", "Aka Dora": "aka dora",
    "Ura Dora": "ura dora",
}


@dataclass(frozen=True, slots=True)
class Outcome:
    """One library's answer, in common terms. ``points`` excludes honba and sticks."""

    points: int
    total: int  # what the winner gains, honba and riichi sticks included
    payments: tuple[int, ...]  # each payer's share with honba, largest first
    han: int
    fu: int
    yaku: tuple[tuple[str, int], ...]  # sorted (name, han); yakuman count 13 han a unit
    yakuman: bool
    yakuless: bool

    def brief(self) -> str:
        if self.yakuless:
            return "no yaku"
        yaku = ", ".join(f"{name} {han}" for name, han in self.yaku)
        pays = "+".join(map(str, self.payments))
        return (f"{self.han} han {self.fu} fu {self.points} (pays {pays}; total {self.total}) "
                f"[{yaku}]")


NO_YAKU = Outcome(0, 0, (), 0, 0, (), False, True)

def comparable_rules() -> list[str]:
    """Our presets that ``mahjong`` can score (all but limitless aotenjou and sanma ones)."""
    from typed_mahjong.rules import PRESETS

    return [name for name, preset in PRESETS.items()
            if not preset.aotenjou and preset.players == 4]


def mahjong_options(rules: str) -> Any:
    """``mahjong`` OptionalRules with our preset's options wherever mahjong has one.

    The options mahjong lacks (no yakuman stacking, a 2-fu double-wind pair, no tsumo fu on
    rinshan, some but not all double-yakuman patterns) are handled by ``outside_model``.
    """
    from mahjong.hand_calculating.hand_config import HandConstants

    from typed_mahjong.rules import rules_from

    preset = rules_from(rules)
    options = tenhou_options()
    options.has_open_tanyao = preset.open_tanyao
    options.has_aka_dora = preset.red_fives
    options.kiriage = preset.kiriage
    options.kazoe_limit = (HandConstants.KAZOE_LIMITED if preset.kazoe_yakuman
                           else HandConstants.KAZOE_SANBAIMAN)
    # mahjong doubles its four patterns (the same four as ours) or none of them.
    options.has_double_yakuman = bool(preset.double_yakuman)
    return options


def outside_model(hand: GeneratedHand, theirs: Outcome, rules: str) -> str | None:
    """Why ``mahjong`` cannot score this hand under our ``rules`` preset, or None."""
    from typed_mahjong.rules import DOUBLE_YAKUMAN_PATTERNS, rules_from

    preset = rules_from(rules)
    yakuman = {name for name, han in theirs.yaku if han >= 13}
    if not preset.yakuman_stacking and len(yakuman) > 1:
        return "several yakuman: this preset keeps the largest, mahjong adds them up"
    if any((pattern in preset.double_yakuman) != bool(preset.double_yakuman)
           for pattern in yakuman & DOUBLE_YAKUMAN_PATTERNS):
        return "a double-yakuman pattern: mahjong doubles all four patterns or none"
    seat_wind = 27 + WIND_LETTERS.index(hand.seat)
    if preset.double_wind_pair_fu != 4 and hand.seat == hand.round \
            and sum(tile_id // 4 == seat_wind for tile_id in hand.all_ids) == 2:
        return "a pair of the seat-and-round wind: 2 fu here, mahjong always counts 4"
    if not preset.rinshan_tsumo_fu and hand.rinshan:
        return "rinshan kaihou: no tsumo fu here, mahjong always gives 2"
    return None


def ours_outcome(hand: GeneratedHand, rules: str = "tenhou") -> Outcome:
    from typed_mahjong.rules import rules_from
    from typed_mahjong.scoring import score

    text, win, kwargs = hand.hand_text, hand.win_text, hand.score_kwargs()
    if not rules_from(rules).red_fives:
        # Without red fives in play the same tiles are plain fives.
        text, win = text.replace("0", "5"), win.replace("0", "5")
        kwargs["dora"], kwargs["ura"] = kwargs["dora"].replace("0", "5"), \
            kwargs["ura"].replace("0", "5")
    result = score(text, win, rules=rules, **kwargs)
    if result.is_yakuless:
        return NO_YAKU
    payments = tuple(sorted((amount for _, amount in result.payments), reverse=True))
    return Outcome(result.points, result.total, payments, result.han, result.fu,
                   tuple(sorted(result.yaku)), result.yakuman > 0, False)


def mahjong_outcome(hand: GeneratedHand, rules: str = "tenhou") -> Outcome:
    from mahjong.hand_calculating.hand import HandCalculator

    call = mahjong_call(hand, mahjong_options(rules))
    response = HandCalculator.estimate_hand_value(
        call.tiles, call.win_tile, call.melds, call.dora_indicators, call.config,
        ura_dora_indicators=call.ura_dora_indicators)
    if response.error == HandCalculator.ERR_NO_YAKU:
        return NO_YAKU
    if response.error or response.cost is None or response.han is None:
        raise RuntimeError(f"mahjong rejected {hand.describe()}: {response.error}")
    cost = response.cost
    payments: tuple[int, ...]
    first = cost["main"] + cost["main_bonus"]
    others = cost["additional"] + cost["additional_bonus"]
    if not hand.tsumo:
        points, payments = cost["main"], (first,)
    elif hand.seat == "E":  # the dealer's tsumo: the three others pay alike
        points, payments = 3 * cost["main"], (first, first, first)
    else:
        points, payments = cost["main"] + 2 * cost["additional"], (first, others, others)
    yaku = []
    for item in response.yaku or []:
        han = item.han_open if response.is_open_hand and item.han_open else item.han_closed
        name = item.name
        if name.startswith("Yakuhai (seat wind"):
            name = "seat wind"
        elif name.startswith("Yakuhai (round wind"):
            name = "round wind"
        else:
            name = MAHJONG_YAKU.get(name, name)
        yaku.append((name, han))
    yakuman = any(item.is_yakuman for item in response.yaku or [])
    return Outcome(points, cost["total"], payments, response.han, response.fu or 0,
                   tuple(sorted(yaku)), yakuman, False)


def differing_fields(ours: Outcome, theirs: Outcome) -> tuple[str, ...]:
    """Which of points/han/fu/yaku differ. Fu is not compared for yakuman (it pays nothing)."""
    fields = []
    if (ours.points, ours.total, ours.payments, ours.yakuless) != (
            theirs.points, theirs.total, theirs.payments, theirs.yakuless):
        fields.append("points")
    if ours.han != theirs.han:
        fields.append("han")
    if ours.fu != theirs.fu and not (ours.yakuman and theirs.yakuman) and not (
            ours.yakuless and theirs.yakuless):
        fields.append("fu")
    if ours.yaku != theirs.yaku:
        fields.append("yaku")
    return tuple(fields)


def yaku_delta(ours: Outcome, theirs: Outcome) -> str:
    """The yaku only one side found, e.g. "+chanta 2 / -honroutou 2" (ours / theirs)."""
    mine, other = Counter(ours.yaku), Counter(theirs.yaku)
    only_ours = ", ".join(f"{n} {h}" for (n, h), c in sorted((mine - other).items())
                          for _ in range(c))
    only_theirs = ", ".join(f"{n} {h}" for (n, h), c in sorted((other - mine).items())
                            for _ in range(c))
    return f"ours only [{only_ours}] / mahjong only [{only_theirs}]"


# --- timing -------------------------------------------------------------------------------

def best_time(run: Callable[[], object], repeat: int) -> float:
    """Seconds of the fastest of ``repeat`` runs, after one untimed warm-up run."""
    run()
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def report(title: str, n: int, times: Sequence[tuple[str, float | None, str]]) -> None:
    """Print per-call microseconds of each contender and its time relative to ours."""
    print(f"\n{title}  ({n} calls per pass)")
    ours = times[0][1]
    for name, seconds, note in times:
        if seconds is None:
            print(f"  {name:<38} {'n/a':>10}            {note}")
            continue
        ratio = ("" if ours is None or name == times[0][0]
                 else f"theirs/ours = {seconds / ours:6.2f}")
        print(f"  {name:<38} {seconds / n * 1e6:10.2f} us/call  {ratio}  {note}".rstrip())


def bench_scoring(hands: list[GeneratedHand], repeat: int) -> None:
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig

    from typed_mahjong.scoring import score

    ours_args = [(h.hand_text, h.win_text, h.score_kwargs()) for h in hands]
    calls = [mahjong_call(h) for h in hands]
    config_kwargs = [_config_kwargs(call.config) for call in calls]

    def run_ours() -> None:
        for text, win, kwargs in ours_args:
            score(text, win, **kwargs)

    def run_mahjong() -> None:
        for call, kwargs in zip(calls, config_kwargs, strict=True):
            HandCalculator.estimate_hand_value(
                call.tiles, call.win_tile, call.melds, call.dora_indicators,
                HandConfig(**kwargs), ura_dora_indicators=call.ura_dora_indicators)

    times: list[tuple[str, float | None, str]] = [
        ("typed_mahjong.score", best_time(run_ours, repeat), ""),
        ("mahjong estimate_hand_value", best_time(run_mahjong, repeat), ""),
    ]
    times.append(_riichienv_scoring(hands, repeat))
    report("(a) full scoring of a winning hand", len(hands), times)


def _config_kwargs(config: Any) -> dict[str, Any]:
    names = ("is_tsumo", "is_riichi", "is_ippatsu", "is_rinshan", "is_chankan", "is_haitei",
             "is_houtei", "is_daburu_riichi", "is_tenhou", "is_chiihou", "player_wind",
             "round_wind", "kyoutaku_number", "tsumi_number", "options")
    return {name: getattr(config, name) for name in names}


def _riichienv_scoring(hands: list[GeneratedHand],
                       repeat: int) -> tuple[str, float | None, str]:
    name = "riichienv HandEvaluator.calc (Rust)"
    try:
        core = riichienv_core()
    except ImportError as exc:
        return (name, None, f"not importable ({exc}); `pip install riichienv` to include it")

    calls = [riichienv_call(h) for h in hands]

    def run() -> None:
        for call in calls:
            core.HandEvaluator(call.tiles, call.melds).calc(
                call.win_tile, call.dora_indicators, call.ura_indicators, call.conditions)

    agree = sum(_riichienv_points(call, h) == _ours_with_honba(h)
                for call, h in zip(calls, hands, strict=True))
    return (name, best_time(run, repeat),
            f"(pays as our 'majsoul' preset on {agree}/{len(hands)} hands)")


def _ours_with_honba(hand: GeneratedHand) -> int:
    """Our payment with honba, without riichi sticks: what riichienv's WinResult reports.

    riichienv's HandEvaluator takes no rule options; it counts the four double-yakuman
    patterns double, i.e. it scores as our "majsoul" preset.
    """
    ours = ours_outcome(hand, "majsoul")
    return 0 if ours.yakuless else ours.total - 1000 * hand.sticks


def _riichienv_points(call: Any, hand: GeneratedHand) -> int:
    result = riichienv_core().HandEvaluator(call.tiles, call.melds).calc(
        call.win_tile, call.dora_indicators, call.ura_indicators, call.conditions)
    if not result.is_win:
        return 0
    if not hand.tsumo:
        return int(result.ron_agari)
    if hand.seat == "E":
        return 3 * int(result.tsumo_agari_ko)
    return int(result.tsumo_agari_oya) + 2 * int(result.tsumo_agari_ko)


def bench_readings(hands: list[GeneratedHand], repeat: int) -> None:
    from mahjong.hand_calculating.divider import HandDivider
    from mahjong.tile import TilesConverter

    from typed_mahjong.readings import all_readings

    ours_inputs = [(_concealed_counts(h), h.is_closed) for h in hands]
    calls = [mahjong_call(h) for h in hands]
    theirs_inputs = [(TilesConverter.to_34_array(c.tiles), c.melds) for c in calls]

    def run_ours() -> None:
        for counts, closed in ours_inputs:
            all_readings(counts, closed)

    def run_mahjong() -> None:
        for counts, melds in theirs_inputs:
            HandDivider.divide_hand(counts, melds)

    report("(b) readings (all decompositions) of a winning hand", len(hands), [
        ("typed_mahjong all_readings", best_time(run_ours, repeat), ""),
        ("mahjong HandDivider.divide_hand", best_time(run_mahjong, repeat),
         "(its lru_cache holds 128 hands; the hands cycle through more, so it misses)"),
    ])


def _concealed_counts(hand: GeneratedHand) -> list[int]:
    counts = [0] * 34
    for tile_id in hand.concealed:
        counts[tile_id // 4] += 1
    return counts


def bench_shanten(n: int, seed: int, repeat: int) -> None:
    from mahjong.shanten import Shanten

    hands = random_concealed(seed, n)
    theirs = [Shanten.calculate_shanten(counts) for counts in hands]
    times: list[tuple[str, float | None, str]] = []
    try:
        from typed_mahjong.shanten import shanten_counts
    except ImportError:
        times.append(("typed_mahjong shanten_counts", None,
                      "not available yet (typed_mahjong.shanten has no shanten_counts)"))
    else:
        def run_ours() -> None:
            for counts in hands:
                shanten_counts(counts)

        ours = [shanten_counts(counts) for counts in hands]
        times.append(("typed_mahjong shanten_counts", best_time(run_ours, repeat),
                      f"(equal to mahjong's on {_agree(ours, theirs, hands)})"))

    def run_mahjong() -> None:
        for counts in hands:
            Shanten.calculate_shanten(counts)

    times.append(("mahjong Shanten.calculate_shanten", best_time(run_mahjong, repeat), ""))
    try:
        core = riichienv_core()
    except ImportError:
        pass
    else:
        id_hands = [[4 * tile + copy for tile, count in enumerate(counts)
                     for copy in range(count)] for counts in hands]

        def run_riichienv() -> None:
            for ids in id_hands:
                core.calculate_shanten(ids)

        values = [int(core.calculate_shanten(ids)) for ids in id_hands]
        times.append(("riichienv calculate_shanten (Rust)", best_time(run_riichienv, repeat),
                      f"(equal to mahjong's on {_agree(values, theirs, hands)})"))
    report("(c) shanten of a random 13-tile hand", n, times)


def _agree(values: Sequence[int], theirs: Sequence[int], hands: Sequence[list[int]]) -> str:
    """"k/n hands", plus the first differing hand, for the shanten report."""
    differing = [i for i, (a, b) in enumerate(zip(values, theirs, strict=True)) if a != b]
    text = f"{len(values) - len(differing)}/{len(values)} hands"
    if differing:
        first = differing[0]
        ids = [4 * tile + copy for tile, count in enumerate(hands[first])
               for copy in range(count)]
        text += (f"; e.g. {tiles_text(ids)}: {values[first]} vs mahjong's "
                 f"{theirs[first]}")
    return text


# --- differential -------------------------------------------------------------------------

def run_diff(hands: list[GeneratedHand], show: int, rules: str = "tenhou") -> int:
    """Print every disagreement; return how many hands disagree."""
    kinds: Counter[str] = Counter()
    skipped: Counter[str] = Counter()
    shown = 0
    for index, hand in enumerate(hands):
        ours, theirs = ours_outcome(hand, rules), mahjong_outcome(hand, rules)
        reason = outside_model(hand, theirs, rules)
        if reason is not None:
            skipped[reason] += 1
            continue
        fields = differing_fields(ours, theirs)
        if not fields:
            continue
        kinds[" ".join(fields)] += 1
        if shown < show:
            shown += 1
            print(f"#{index} [{hand.flavour}] differs in {', '.join(fields)}\n"
                  f"  {hand.describe()}\n  ours:    {ours.brief()}\n"
                  f"  mahjong: {theirs.brief()}\n  {yaku_delta(ours, theirs)}")
    total = sum(kinds.values())
    compared = len(hands) - sum(skipped.values())
    print(f"\n{total} of {compared} compared hands disagree (rules {rules!r})")
    for kind, count in kinds.most_common():
        print(f"  {count:6d}  {kind}")
    for reason, count in skipped.most_common():
        print(f"  {count:6d}  not compared: {reason}")
    return total


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--n", type=int, default=2000, help="hands per benchmark (2000)")
    parser.add_argument("--seed", type=int, default=2024, help="generator seed (2024)")
    parser.add_argument("--repeat", type=int, default=3, help="timed passes, best kept (3)")
    parser.add_argument("--diff", type=int, metavar="N", default=0,
                        help="instead of timing, compare scores on N hands")
    parser.add_argument("--rules", choices=comparable_rules(), default="tenhou",
                        help="rules of the --diff comparison (tenhou)")
    parser.add_argument("--show", type=int, default=10**9,
                        help="print at most this many disagreements (all)")
    args = parser.parse_args(argv)
    try:
        import mahjong  # noqa: F401
    except ImportError:
        print("the PyPI `mahjong` package is needed: pip install 'mahjong>=2,<3'")
        return 2
    if args.diff:
        run_diff(generate(args.seed, args.diff), args.show, args.rules)
        return 0
    print(f"python {sys.version.split()[0]}; seed {args.seed}; best of {args.repeat} passes")
    hands = generate(args.seed, args.n)
    bench_scoring(hands, args.repeat)
    bench_readings(hands, args.repeat)
    bench_shanten(args.n, args.seed, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
