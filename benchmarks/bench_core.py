"""Benchmark (and differential check) of the scoring core, both builds, against its peers.

    python3 dev.py test --compiled                  # builds .venv/compiled/site (once)
    .venv/bin/python benchmarks/bench_core.py       # 7 rounds, pure and compiled builds
    .venv/bin/python benchmarks/bench_core.py --n 5000 --rounds 11 --builds compiled
    .venv/bin/python benchmarks/bench_core.py --diff 6000   # print every disagreement
    .venv/bin/python benchmarks/bench_core.py --diff 50000 --rules wrc --seed 7

Timings. Each build runs in a worker process of its own (one process cannot import both:
the module names are the same): the pure build is the compiled install's ``.py`` sources
under ``TYPED_MAHJONG_PURE=1`` (the checkout's when no compiled build is there). Each worker
times, in one process, our function and each peer installed, one after the other on the
same inputs: a round. Every round draws fresh seeded inputs (seed + round), so no hand
repeats from an earlier round (caches by whole hand miss; caches by suit or by part of a
hand keep what earlier rounds stored, as they would in use); the parent has the workers
take rounds in turn (pure, compiled, pure, ...) after one warm-up round each. Reported:
microseconds per call (median over rounds) and the ratio peer time / our time of the same
round, median [min-max] over rounds (> 1: we are faster); and pure time / compiled time of
adjacent rounds, the one ratio measured across two processes.

(a) full scoring: ``typed_mahjong.score`` from strings (parsing included) vs ``mahjong``'s
    ``HandCalculator.estimate_hand_value`` and riichienv's Rust ``HandEvaluator.calc``, on
    ``benchmarks.hands.generate`` hands. The peers get 136-id lists and meld objects built in
    advance; only their per-hand config objects are built in the timed loop (they carry the
    win situation, as our keyword arguments do). riichienv takes no rule options: it pays as
    our "majsoul" preset, and the notes say on how many hands it does. cmajiang is not timed
    here: our hands are not converted to its meld notation.
(b) shanten: ``typed_mahjong.core.shanten`` from an MPSZ string vs ``mahjong``'s
    ``Shanten.calculate_shanten`` on 34-counts (its fastest input), riichienv's
    ``calculate_shanten`` on 136-ids and cmajiang's ``xiangting(Shoupai(text))``, on random
    13- and 14-tile hands; the notes say on how many hands each agrees with ours.

Peers: ``mahjong`` and riichienv come with the bench extra; cmajiang (tested: 0.0.1, wheels
for few platforms) is timed when installed: ``.venv/bin/pip install cmajiang``.

``--diff N`` scores N seeded hands with ``typed_mahjong.score`` and with ``mahjong`` under one
of our presets (``--rules``; mahjong gets the matching OptionalRules) and prints every hand
whose payments, han, fu or yaku differ, then a count per kind. Hands that need an option
mahjong lacks (no yakuman stacking, a 2-fu double-wind pair, ...) are counted, not compared.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    # Run as a script: make `benchmarks.hands` importable from the checkout root.
    # Appended, not prepended: a worker's typed_mahjong must come from its PYTHONPATH.
    sys.path.append(str(Path(__file__).resolve().parent.parent))

from benchmarks.hands import (
    WIND_LETTERS,
    GeneratedHand,
    generate,
    mahjong_call,
    riichienv_call,
    riichienv_core,
    tenhou_options,
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
    from typed_mahjong.core.rules import PRESETS

    return [name for name, preset in PRESETS.items()
            if not preset.aotenjou and preset.players == 4]


def mahjong_options(rules: str) -> Any:
    """``mahjong`` OptionalRules with our preset's options wherever mahjong has one.

    The options mahjong lacks (no yakuman stacking, a 2-fu double-wind pair, no tsumo fu on
    rinshan, some but not all double-yakuman patterns) are handled by ``outside_model``.
    """
    from mahjong.hand_calculating.hand_config import HandConstants

    from typed_mahjong.core.rules import rules_from

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
    from typed_mahjong.core.rules import DOUBLE_YAKUMAN_PATTERNS, rules_from

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
    from typed_mahjong.core.rules import rules_from
    from typed_mahjong.core.scoring import score

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
#
# One process cannot hold both builds (their modules have the same names), so each build runs
# in a worker process of its own and measures itself against the peers in that process. The
# parent asks the workers for one round at a time, in turn (pure, compiled, pure, ...), so the
# two builds see the machine in the same state; each round brings fresh hands.

ROOT = Path(__file__).resolve().parent.parent
COMPILED_SITE = ROOT / ".venv" / "compiled" / "site"  # dev.py's install of the compiled wheel
PEERS = ("mahjong", "riichienv", "cmajiang")
Pass = Callable[[], object]  # one pass over a round's inputs


def scoring_contenders(hands: Sequence[GeneratedHand]) -> list[tuple[str, Pass]]:
    """Ours first, then each peer installed; every input built here, outside the timing.

    Our ``score`` takes strings and parses them on every call; ``mahjong`` and riichienv get
    136-id lists and meld objects built in advance, only their per-hand config objects are
    built inside the timed pass (they carry the win situation, as our keyword arguments do).
    """
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig

    from typed_mahjong import score

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

    contenders: list[tuple[str, Pass]] = [("typed_mahjong score", run_ours),
                                          ("mahjong estimate_hand_value", run_mahjong)]
    try:
        core = riichienv_core()
    except ImportError:
        return contenders
    renv_calls = [riichienv_call(h) for h in hands]

    conditions = core.Conditions

    def run_riichienv() -> None:
        for call in renv_calls:
            core.HandEvaluator(call.tiles, call.melds).calc(
                call.win_tile, call.dora_indicators, call.ura_indicators,
                conditions(**call.condition_kwargs))

    contenders.append(("riichienv HandEvaluator.calc (Rust)", run_riichienv))
    return contenders


def _config_kwargs(config: Any) -> dict[str, Any]:
    names = ("is_tsumo", "is_riichi", "is_ippatsu", "is_rinshan", "is_chankan", "is_haitei",
             "is_houtei", "is_daburu_riichi", "is_tenhou", "is_chiihou", "player_wind",
             "round_wind", "kyoutaku_number", "tsumi_number", "options")
    return {name: getattr(config, name) for name in names}


def scoring_notes(hands: Sequence[GeneratedHand]) -> dict[str, str]:
    """How far each peer's payments agree with ours on these hands (not timed)."""
    notes = {}
    try:
        calls = [riichienv_call(h) for h in hands]
    except ImportError:
        notes["riichienv"] = "not installed: pip install 'riichienv>=0.4.11,<0.5'"
    else:
        agree = sum(_riichienv_points(call, h) == _ours_with_honba(h)
                    for call, h in zip(calls, hands, strict=True))
        notes["riichienv HandEvaluator.calc (Rust)"] = (
            f"pays as our 'majsoul' preset on {agree}/{len(hands)} hands")
    notes["cmajiang"] = "shanten only: our hands are not converted to its meld notation"
    return notes


def _ours_with_honba(hand: GeneratedHand) -> int:
    """Our payment with honba, without riichi sticks: what riichienv's WinResult reports.

    riichienv's HandEvaluator takes no rule options; it counts the four double-yakuman
    patterns double, i.e. it scores as our "majsoul" preset.
    """
    ours = ours_outcome(hand, "majsoul")
    return 0 if ours.yakuless else ours.total - 1000 * hand.sticks


def _riichienv_points(call: Any, hand: GeneratedHand) -> int:
    core = riichienv_core()
    result = core.HandEvaluator(call.tiles, call.melds).calc(
        call.win_tile, call.dora_indicators, call.ura_indicators,
        core.Conditions(**call.condition_kwargs))
    if not result.is_win:
        return 0
    if not hand.tsumo:
        return int(result.ron_agari)
    if hand.seat == "E":
        return 3 * int(result.tsumo_agari_ko)
    return int(result.tsumo_agari_oya) + 2 * int(result.tsumo_agari_ko)


def counts_text(counts: Sequence[int], suit_first: bool = False) -> str:
    """MPSZ text ("123m456p..."), or majiang's ("m123p456...") when ``suit_first``."""
    parts = []
    for suit, letter in enumerate("mpsz"):
        digits = "".join(str(rank + 1) * counts[9 * suit + rank]
                         for rank in range(7 if letter == "z" else 9))
        if digits:
            parts.append(letter + digits if suit_first else digits + letter)
    return "".join(parts)


def shanten_contenders(hands: Sequence[list[int]]
                       ) -> tuple[list[tuple[str, Pass]], dict[str, list[int]]]:
    """Ours from the MPSZ string (parsing included) first; each peer and its answers.

    ``mahjong`` gets the 34-count lists (its fastest input, as in bench_shanten.py), riichienv
    136-id lists (it parses no string), cmajiang its own string (``Shoupai(text)`` is timed).
    """
    from mahjong.shanten import Shanten

    from typed_mahjong import shanten

    texts = [counts_text(counts) for counts in hands]
    mahjong = Shanten()
    contenders: list[tuple[str, Callable[[Any], Any], Sequence[Any]]] = [
        ("typed_mahjong shanten(str)", shanten, texts),
        ("mahjong Shanten.calculate_shanten(counts)", mahjong.calculate_shanten, hands),
    ]
    try:
        core = riichienv_core()
    except ImportError:
        pass
    else:
        ids = [[4 * tile + copy for tile, count in enumerate(counts) for copy in range(count)]
               for counts in hands]
        contenders.append(("riichienv calculate_shanten(ids) (Rust)", core.calculate_shanten,
                           ids))
    try:
        cmajiang = importlib.import_module("cmajiang")  # by name: no py.typed marker
    except ImportError:
        pass
    else:
        majiang = [counts_text(counts, suit_first=True) for counts in hands]
        contenders.append(("cmajiang xiangting(Shoupai(str)) (C++)",
                           lambda text: cmajiang.xiangting(cmajiang.Shoupai(text)), majiang))

    def one_pass(function: Callable[[Any], Any], inputs: Sequence[Any]) -> Pass:
        def run() -> None:
            for item in inputs:
                function(item)
        return run

    answers = {name: [int(function(item)) for item in inputs]
               for name, function, inputs in contenders}
    return [(name, one_pass(function, inputs)) for name, function, inputs in contenders], answers


def time_passes(contenders: Sequence[tuple[str, Pass]]) -> dict[str, float]:
    """Seconds of one pass of each contender, in order."""
    times = {}
    for name, run in contenders:
        start = time.perf_counter()
        run()
        times[name] = time.perf_counter() - start
    return times


def worker(build: str, n: int, n_shanten: int, seed: int) -> int:
    """Measure this process's build, one round per line read; print one JSON line each."""
    import importlib.metadata

    import typed_mahjong

    # 13- and 14-tile hands (alternating), each from a freshly shuffled wall.
    from benchmarks.bench_shanten import random_hands

    info = typed_mahjong.build_info()
    if info.is_compiled != (build == "compiled"):
        print(json.dumps({"error": f"asked for the {build} build, running the {info}"}),
              flush=True)
        return 2
    versions = {}
    for peer in PEERS:
        try:
            versions[peer] = importlib.metadata.version(peer)
        except importlib.metadata.PackageNotFoundError:
            versions[peer] = "not installed"
    print(json.dumps({"build": str(info), "versions": versions}), flush=True)
    for line in sys.stdin:
        round_index = int(line)
        hands = generate(seed + round_index, n)
        scoring = time_passes(scoring_contenders(hands))
        contenders, answers = shanten_contenders(random_hands(seed + round_index, n_shanten))
        shanten_times = time_passes(contenders)
        notes: dict[str, str] = {}
        if round_index == 0:
            notes = scoring_notes(hands)
            ours = answers["typed_mahjong shanten(str)"]
            for name, values in list(answers.items())[1:]:
                same = sum(a == b for a, b in zip(values, ours, strict=True))
                notes[name] = f"shanten equal to ours on {same}/{len(ours)} hands"
        print(json.dumps({"scoring": scoring, "shanten": shanten_times, "notes": notes}),
              flush=True)
    return 0


def _spread(values: Sequence[float]) -> str:
    return (f"{statistics.median(values):5.2f}x [{min(values):.2f}-{max(values):.2f}]"
            if values else "n/a")


def report(section: str, title: str, calls: int,
           rounds: dict[str, list[dict[str, Any]]]) -> None:
    """Per build: each contender's median us/call and its time / ours, round by round."""
    print(f"\n{title}: {calls} fresh inputs a round, {len(next(iter(rounds.values())))} "
          "rounds; ratio = peer time / our time in the same round (> 1: we are faster), "
          "median [min-max]")
    ours_by_build = {}
    for build, results in rounds.items():
        names = list(results[0][section])
        ours = names[0]
        ours_by_build[build] = [r[section][ours] for r in results]
        print(f"  {build} build")
        for name in names:
            per_call = statistics.median(r[section][name] for r in results) / calls * 1e6
            ratio = "" if name == ours else _spread(
                [r[section][name] / r[section][ours] for r in results])
            print(f"    {name:<44} {per_call:9.2f} us/call  {ratio}".rstrip())
    if set(ours_by_build) == {"pure", "compiled"}:
        pure, compiled = ours_by_build["pure"], ours_by_build["compiled"]
        print(f"  compiled vs pure, pure time / compiled time of adjacent rounds (two "
              f"processes): {_spread([p / c for p, c in zip(pure, compiled, strict=True)])}")


def run_rounds(n: int, n_shanten: int, seed: int, rounds: int, compiled_site: Path,
               builds: Sequence[str]) -> int:
    workers: dict[str, subprocess.Popen[str]] = {}
    for build in builds:
        env = {**os.environ}
        env.pop("TYPED_MAHJONG_PURE", None)
        if compiled_site.is_dir():  # the pure build: the same install's .py sources
            env["PYTHONPATH"] = str(compiled_site)
        if build == "pure":
            env["TYPED_MAHJONG_PURE"] = "1"
        # -P: the checkout (the current directory) must not shadow the build under test.
        workers[build] = subprocess.Popen(
            [sys.executable, "-P", __file__, "--worker", build, "--n", str(n),
             "--n-shanten", str(n_shanten), "--seed", str(seed)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
    try:
        print(f"python {sys.version.split()[0]}; seed {seed}; one warm-up round, then "
              f"{rounds} rounds taken in turn by the builds")
        for build, process in workers.items():
            assert process.stdout is not None
            header = json.loads(process.stdout.readline() or '{"error": "worker died"}')
            if "error" in header:
                print(f"{build}: {header['error']}")
                return 2
            print(f"  {build} worker: {header['build']}")
            print("    peers: " + ", ".join(f"{k} {v}" for k, v in header["versions"].items()))
        results: dict[str, list[dict[str, Any]]] = {build: [] for build in workers}
        for round_index in range(-1, rounds):  # round -1: warm-up, not reported
            for build, process in workers.items():
                assert process.stdin is not None and process.stdout is not None
                process.stdin.write(f"{round_index}\n")
                process.stdin.flush()
                line = process.stdout.readline()
                if not line:
                    print(f"the {build} worker died in round {round_index}")
                    return 2
                answer = json.loads(line)
                if round_index >= 0:
                    results[build].append(answer)
    finally:
        for process in workers.values():
            if process.stdin is not None:
                process.stdin.close()
            process.wait()
    report("scoring", "(a) full scoring of a winning hand", n, results)
    report("shanten", "(b) shanten of a 13- or 14-tile hand", n_shanten, results)
    print("\nnotes (round 0):")
    first, *others = results
    for name, note in results[first][0]["notes"].items():
        print(f"  {name}: {note}")
        for build in others:  # the same inputs: another build's note differs only on a bug
            if results[build][0]["notes"].get(name) != note:
                print(f"    but in the {build} build: {results[build][0]['notes'].get(name)}")
    return 0


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
    parser.add_argument("--n", type=int, default=2000, help="winning hands a round (2000)")
    parser.add_argument("--n-shanten", type=int, default=20000,
                        help="shanten hands a round (20000)")
    parser.add_argument("--rounds", type=int, default=7, help="timed rounds (7)")
    parser.add_argument("--seed", type=int, default=2024, help="generator seed (2024)")
    parser.add_argument("--builds", choices=("both", "pure", "compiled"), default="both",
                        help="which builds to measure (both)")
    parser.add_argument("--compiled-site", type=Path, default=COMPILED_SITE,
                        help="where the compiled build is installed (pip --target); "
                        "`python3 dev.py test --compiled` builds .venv/compiled/site")
    parser.add_argument("--worker", choices=("pure", "compiled"), help=argparse.SUPPRESS)
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
    if args.worker:
        return worker(args.worker, args.n, args.n_shanten, args.seed)
    builds = ["pure", "compiled"] if args.builds == "both" else [args.builds]
    if "compiled" in builds and not args.compiled_site.is_dir():
        print(f"no compiled build at {args.compiled_site}: `python3 dev.py test --compiled` "
              "builds one (it needs a C compiler); measuring the pure build only")
        builds.remove("compiled")
        if not builds:
            return 2
    return run_rounds(args.n, args.n_shanten, args.seed, args.rounds, args.compiled_site,
                      builds)


if __name__ == "__main__":
    sys.exit(main())
