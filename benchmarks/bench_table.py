"""How strong the table's bots are, and how long a bot turn takes: seeded, resumable.

    python benchmarks/bench_table.py MATCHES [GAME ...] [--out DIR] [--start S] [--report]

Plays seeded bot-only matches (seeds 0 .. MATCHES-1) of each game (default: every
shipped game) with the game's own players and rounds, and appends one JSON line a match
to ``DIR/GAME.jsonl`` (default DIR: ``/tmp/bench_table``). A seed already in the file is
not played again, so an interrupted run goes on where it stopped (the file's first line
names the game's sha256 and the build; a different game file is refused). ``--report``
only prints the figures of the seeds in the file. To share a long run between two
processes, give the second its own ``--out`` and ``--start S`` (it plays seeds S ..
MATCHES-1); ``--report --out A --out B`` prints the figures of both directories' seeds.

Every win is checked twice: ``simulate.check_wins`` re-scores it with ``Game.score``, and
its points must equal what ``typed-mahjong game score`` gives: the hand and its inputs as
the command line passes them (``NAME=VALUE`` text, read by the CLI's own ``_inputs``);
the first 20 wins of each game also go through the whole command
(``typed_mahjong.cli.main([... "--json"])``). Any difference, or any error in a match,
stops the run with the seed.

Printed per game: matches, rounds, rounds won (and by self-draw), the mean points of a
win; the bot turn's p50, p99 and slowest time beside ``Game.score``'s p50 and p99 on the
same matches' winning hands; the engine calls (``Game.waits`` + ``Game.score``) of a
bot turn (p50, p99, mean: a count that does not depend on the machine); and the calls,
kongs and robbed kongs made.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any, TypeVar

from typed_mahjong import games
from typed_mahjong.build import build_info
from typed_mahjong.cli import main as cli_main
from typed_mahjong.cli.games import _inputs
from typed_mahjong.games.model import Value
from typed_mahjong.table.simulate import Summary, check_wins, timed_match

T = TypeVar("T", int, float)
CLI_CHECKS = 20  # wins of each game checked through the whole `game score` command


def percentile(ordered: list[T], fraction: float) -> T:
    """The value ``fraction`` of the way up a sorted list (its last for 1.0)."""
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def as_text(value: Value) -> str:
    """An input as the command line gives it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def cli_points(name: str, hand: str, inputs: dict[str, Value], whole: bool) -> int:
    """The points ``typed-mahjong game score NAME HAND --input ...`` gives: the command
    itself when ``whole``, else its steps (the game loaded once, the inputs as text)."""
    pairs = [f"{key}={as_text(value)}" for key, value in inputs.items()]
    if not whole:
        return GAMES[name].score(hand, **_inputs(pairs)).points
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        cli_main(["game", "score", name, hand, "--json",
                  *[arg for pair in pairs for arg in ("--input", pair)]])
    points: int = json.loads(out.getvalue())["points"]
    return points


GAMES: dict[str, games.Game] = {}


def play(name: str, seed: int, checked: int) -> dict[str, Any]:
    """One seeded match, checked; its line for the results file."""
    game = GAMES[name]
    summary = Summary()
    match = timed_match(game, seed, summary)
    check_wins(game, match.events)
    points, score_ms = [], []
    for event in match.events:
        if event["event"] != "win":
            continue
        inputs = event["inputs"]
        began = time.perf_counter()
        game.score(event["hand"], **inputs)
        score_ms.append((time.perf_counter() - began) * 1000)
        given = cli_points(name, event["hand"], inputs, whole=checked < CLI_CHECKS)
        checked += 1
        if given != event["points"]:
            raise AssertionError(f"{name} seed {seed}: the table paid {event['points']} "
                                 f"for {event['hand']!r} {inputs}; game score gives {given}")
        points.append(event["points"])
    kinds = [e.get("kind") for e in match.events if e["event"] in ("call", "kong")]
    return {"seed": seed, "rounds": len(match.results),
            "wins": sum(1 for w in match.results if w is not None),
            "self_draws": sum(1 for w in match.results if w is not None and w.discarder is None),
            "points": points, "score_ms": [round(t, 4) for t in score_ms],
            "turn_ms": [round(t * 1000, 4) for t in summary.turn_seconds],
            "turn_calls": summary.turn_calls,
            "calls": sum(1 for k in kinds if k in ("pung", "kong", "chow")),
            "kongs": sum(1 for k in kinds if k in ("concealed", "added")),
            "robbed": sum(1 for e in match.events if e["event"] == "win"
                          and e["inputs"].get("robbing_the_kong") is True)}


def load_lines(path: Path, name: str) -> dict[int, dict[str, Any]]:
    """The matches already in the results file, by seed (checking its header)."""
    done: dict[int, dict[str, Any]] = {}
    if not path.exists():
        return done
    text = path.read_text(encoding="utf-8")
    if text and not text.endswith("\n"):  # a run stopped in mid-line: drop that line
        text = text[:text.rfind("\n") + 1]
        path.write_text(text, encoding="utf-8")
    for number, line in enumerate(text.splitlines()):
        row = json.loads(line)
        if number == 0:
            if row.get("fingerprint") != GAMES[name].fingerprint:
                raise SystemExit(f"{path}: played with another {name} file; "
                                 "move it away to start again")
            continue
        done[row["seed"]] = row
    return done


def run(name: str, matches: int, out: Path, start: int) -> dict[int, dict[str, Any]]:
    path = out / f"{name}.jsonl"
    done = load_lines(path, name)
    if not path.exists():
        path.write_text(json.dumps({"game": name, "fingerprint": GAMES[name].fingerprint,
                                    "build": build_info().build}) + "\n", encoding="utf-8")
    checked = sum(len(row["points"]) for row in done.values())
    with path.open("a", encoding="utf-8") as results:
        for seed in range(start, matches):
            if seed in done:
                continue
            row = play(name, seed, checked)
            checked += len(row["points"])
            results.write(json.dumps(row) + "\n")
            results.flush()
            done[seed] = row
    return done


def report(name: str, rows: list[dict[str, Any]]) -> str:
    if not rows:
        return f"{name:<14} no matches yet"
    rounds = sum(r["rounds"] for r in rows)
    wins = sum(r["wins"] for r in rows)
    points = [p for r in rows for p in r["points"]]
    turns = sorted(t for r in rows for t in r["turn_ms"])
    scores = sorted(t for r in rows for t in r["score_ms"]) or [float("nan")]
    calls = sorted(c for r in rows for c in r["turn_calls"])
    mean = statistics.fmean(points) if points else 0.0
    return (f"{name:<14} {len(rows):>7} {rounds:>6} {wins:>5} {100 * wins / rounds:>5.1f}% "
            f"{sum(r['self_draws'] for r in rows):>5} {mean:>8.1f} "
            f"{percentile(turns, 0.5):>8.2f} {percentile(turns, 0.99):>7.2f} "
            f"{turns[-1]:>7.1f} {percentile(scores, 0.5):>7.2f} "
            f"{percentile(scores, 0.99):>7.2f} {percentile(calls, 0.5):>6} "
            f"{percentile(calls, 0.99):>5} {statistics.fmean(calls):>6.1f} "
            f"{sum(r['calls'] for r in rows):>6} {sum(r['kongs'] for r in rows):>5} "
            f"{sum(r['robbed'] for r in rows):>6}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("matches", type=int, nargs="?", default=20)
    parser.add_argument("games", nargs="*")
    parser.add_argument("--out", type=Path, action="append",
                        help="the results directory (default /tmp/bench_table); several "
                        "with --report")
    parser.add_argument("--start", type=int, default=0, help="the first seed to play")
    parser.add_argument("--report", action="store_true", help="print what the files hold")
    args = parser.parse_args(argv)
    names = args.games or list(games.builtin_names())
    outs: list[Path] = args.out or [Path("/tmp/bench_table")]
    if len(outs) > 1 and not args.report:
        parser.error("play into one --out directory; several are for --report")
    outs[0].mkdir(parents=True, exist_ok=True)
    print(f"build: {build_info()}")
    print(f"{'game':<14} {'matches':>7} {'rounds':>6} {'won':>5} {'win%':>6} {'tsumo':>5} "
          f"{'mean pts':>8} {'turn p50':>8} {'p99':>7} {'max':>7} {'score50':>7} "
          f"{'p99':>7} (ms) {'calls50':>6} {'p99':>5} {'mean':>6} {'calls':>6} "
          f"{'kongs':>5} {'robbed':>6}")
    for name in names:
        GAMES[name] = games.load(games.builtin_path(name))
        began = time.monotonic()
        if args.report:
            done = {seed: row for out in reversed(outs)  # a seed in two: the first's
                    for seed, row in load_lines(out / f"{name}.jsonl", name).items()}
        else:
            done = run(name, args.matches, outs[0], args.start)
        rows = [done[seed] for seed in sorted(done) if seed < args.matches]
        print(report(name, rows)
              + ("" if args.report else f"   [{time.monotonic() - began:.0f} s]"), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
