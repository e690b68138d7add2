"""``typed-mahjong logs verify`` and ``typed-mahjong logs export``: game logs in.

``verify`` re-scores every win of the logs with ``typed_mahjong.score`` and compares with what
the server recorded; ``export`` writes the wins as JSON lines, CSV, or a fixtures TOML for
``typed-mahjong codegen fixtures``. Heavy imports stay inside the handlers.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import re
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ..safe_io import printable, walk_files
from .console import json_text, raw_stderr, whole_number

if TYPE_CHECKING:
    from ..logs import Verdict, Win

MAX_JOBS = 1_000_000  # what --jobs accepts; the pool is capped by the files and the CPUs


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    logs = subparsers.add_parser(
        "logs", help="read game logs (Tenhou mjlog, tenhou.net/6, mjai): verify, export",
        description="Read game logs: re-score every win (verify) or write the wins out "
                    "(export). Formats: Tenhou mjlog XML (plain or gzip), tenhou.net/6 "
                    "JSON, mjai JSON lines; detected from the content.")
    commands = logs.add_subparsers(dest="logs_command", required=True)
    verify = commands.add_parser(
        "verify", help="settle every round and compare with the log",
        description="Settle every round (wins, exhaustive, abortive draws, nagashi mangan) "
                    "with typed_mahjong.core.settlement and compare each seat's point "
                    "change, the honba and sticks handed on and each win's yaku, han, fu "
                    "and points with the log. Rounds of a lobby whose rules we cannot map "
                    "are reported as unmapped. Exit 0 when nothing disagrees; 1 on any "
                    "disagreement, damaged round or unreadable file.")
    _add_paths(verify)
    verify.add_argument("--wins-only", action="store_true",
                        help="verify each win only (not every round's settlement)")
    verify.add_argument("--rounds", action="store_true",
                        help="list every round with its outcome (JSON: rounds_listed)")
    verify.add_argument("--jobs", type=whole_number(1, MAX_JOBS), default=1,
                        help="worker processes (default 1; at most one a file and one a CPU)")
    verify.add_argument("--json", action="store_true",
                        help="print one JSON object (wins, agree, disagreements, ...)")
    verify.set_defaults(func=_verify)
    export = commands.add_parser(
        "export", help="write the wins as JSON lines, CSV or a fixtures TOML",
        description="Write the wins of the logs. 'fixtures' writes a TOML file that "
                    "'typed-mahjong codegen fixtures' takes; only wins that verify go in.")
    _add_paths(export)
    export.add_argument("--format", choices=("jsonl", "csv", "fixtures"), default="jsonl")
    export.add_argument("-o", "--output", help="output file, written whole or not at all "
                                               "(default: standard output)")
    export.set_defaults(func=_export)


def _add_paths(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="PATH",
                        help="log files (always read), folders (searched recursively) "
                             "or glob patterns; of a folder or a glob only the files that "
                             "look like logs by their first bytes are read, the others "
                             "are skipped and counted")
    parser.add_argument("--assume-rules", metavar="PRESET",
                        help="score wins of lobbies we cannot map under this preset "
                             "instead of reporting them as unmapped (your decision, named "
                             "in the output)")


class Expansion(NamedTuple):
    """What the paths of a command name: the files to read, sorted and unique; the misses
    (a message each: a path that names nothing, a folder without logs, one unreadable);
    and the files of folders and globs skipped as no logs, each (path, reason)."""

    files: list[Path]
    missing: list[str]
    skipped: list[tuple[str, str]]


def expand_paths(paths: Sequence[str]) -> Expansion:
    """The files named by ``paths`` (files, folders, globs). A file named itself is always
    read; a folder's or a glob's files only where they look like logs by their first bytes
    (``logs.source.skip_reason``), so a manifest or a README beside the logs is no fault."""
    import glob

    found: list[Path] = []
    missing: list[str] = []
    skipped: list[tuple[str, str]] = []
    for text in paths:
        path = Path(text)
        if path.is_dir():
            files, problems = walk_files(path, ("",))  # every file: told by content
            logs = _looks_like_logs(files, skipped)
            found.extend(logs)
            missing.extend(problems)
            if not logs and not problems:
                missing.append(f"{text}: a folder with no log files"
                               + (f" ({len(files)} skipped: none looks like a log)"
                                  if files else ""))
        elif path.exists() or path.is_symlink():
            found.append(path)
        elif glob.has_magic(text):
            matches = sorted(Path(match) for match in glob.iglob(text, recursive=True))
            files = [match for match in matches if not match.is_dir()]
            logs = _looks_like_logs(files, skipped)
            if not files:
                missing.append(f"{text}: no such file or matching path")
            elif not logs:
                missing.append(f"{text}: no matching file looks like a log ({len(files)} "
                               f"skipped)")
            found.extend(logs)
        else:
            missing.append(f"{text}: no such file or matching path")
    unique = list(dict.fromkeys(found))
    return Expansion(unique, missing, skipped)


def _looks_like_logs(files: list[Path], skipped: list[tuple[str, str]]) -> list[Path]:
    """The ``files`` that look like logs; the others go to ``skipped`` with the reason."""
    from ..logs.source import skip_reason

    logs = []
    for file in files:
        reason = skip_reason(file)
        if reason is None:
            logs.append(file)
        else:
            skipped.append((printable(str(file)), reason))  # a name is hostile input too
    return logs


def _skipped_summary(skipped: list[tuple[str, str]]) -> str:
    """``skipped 5 files that do not look like logs: 3 not a log, 2 an empty file``: the
    reasons counted by their first words (a reason's parenthesis says more)."""
    reasons = Counter(reason.split(" (")[0] for _, reason in skipped)
    files = "file that does" if len(skipped) == 1 else "files that do"
    return (f"skipped {len(skipped)} {files} not look like logs: "
            + ", ".join(f"{count} {reason}" for reason, count in reasons.most_common()))


def worker_count(requested: int, files: int) -> int:
    """Worker processes for ``files`` files: never more than the files or the CPUs."""
    return max(1, min(requested, files, os.cpu_count() or 1))


def _verify_file(job: tuple[str, str | None, bool, bool]) -> dict[str, Any]:
    from ..logs.batch import verify_file

    path, assume_rules, wins_only, every_round = job
    return verify_file(path, assume_rules, wins_only=wins_only, every_round=every_round)


def _verify(args: argparse.Namespace) -> int:
    from ..logs.batch import MAX_LISTED, Totals

    if args.assume_rules is not None:
        from ..core.rules import rules_from

        rules_from(args.assume_rules)  # an unknown preset fails before any work
    files, missing, skipped = expand_paths(args.paths)
    jobs = worker_count(args.jobs, len(files))
    started = time.perf_counter()
    totals = Totals(missing)
    for report in _run(files, args, jobs):
        totals.add(report)
    seconds = time.perf_counter() - started
    summary = totals.summary()
    summary["files"] = len(files)
    summary["skipped"] = [{"path": path, "reason": reason}
                          for path, reason in skipped[:MAX_LISTED]]
    summary["skipped_count"] = len(skipped)
    if len(skipped) > MAX_LISTED:
        summary["more_listed"]["skipped"] = len(skipped) - MAX_LISTED
    summary.update({
        "assumed_rules": args.assume_rules, "wins_only": args.wins_only,
        "seconds": round(seconds, 3),
        "wins_per_second": round(summary["wins"] / seconds, 1) if seconds > 0 else None,
        "jobs": jobs,
    })
    if args.json:
        print(json_text(summary, indent=2))
    else:
        _print_report(summary)
        _print_skipped(skipped)
    return 1 if totals.failed else 0


def _run(files: list[Path], args: argparse.Namespace, jobs: int) -> Iterator[dict[str, Any]]:
    work = [(str(path), args.assume_rules, args.wins_only, args.rounds) for path in files]
    show = not getattr(args, "quiet", False) and not args.json and sys.stderr.isatty()
    if jobs == 1:
        yield from _progress(map(_verify_file, work), len(work), show)
        return
    import concurrent.futures

    # A few chunks a worker: each file is a few milliseconds of work, each task a round trip.
    chunk = max(1, min(64, len(work) // (4 * jobs)))
    with concurrent.futures.ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from _progress(pool.map(_verify_file, work, chunksize=chunk), len(work), show)


def _progress(results: Iterator[dict[str, Any]], total: int,
              show: bool) -> Iterator[dict[str, Any]]:
    rounds = 0
    stream = raw_stderr() if show else None
    for done, result in enumerate(results, 1):
        rounds += sum(result["rounds"].values())
        if stream is not None and (done == total or done % 10 == 0):
            _progress_line(stream, f"\r{done}/{total} files, {rounds} rounds")
        yield result
    if stream is not None and total:
        _progress_line(stream, "\n")


def _progress_line(stream: Any, text: str) -> None:
    # Our own carriage return, on the raw stream: a progress line that fails to show is no
    # reason to stop.
    try:
        stream.write(text)
        stream.flush()
    except (OSError, ValueError):
        pass


def _table(header: Sequence[str], values: Sequence[object]) -> None:
    widths = [max(len(name), len(str(value))) for name, value in zip(header, values,
                                                                     strict=True)]
    print("  ".join(name.rjust(width) for name, width in zip(header, widths, strict=True)))
    print("  ".join(str(value).rjust(width) for value, width in zip(values, widths,
                                                                    strict=True)))


def _print_report(summary: dict[str, Any]) -> None:
    faults = len(summary["faults"]) + summary["more_faults"]
    if summary["wins_only"]:
        _table(("files", "wins", "agree", "unmapped", "disagree", "faults"),
               (summary["files"], summary["wins"], summary["agree"], summary["unmapped"],
                summary["disagree"], faults))
    else:
        outcomes = summary["round_outcomes"]
        _table(("files", "rounds", "agree", "disagree", "unmapped", "damaged", "faults"),
               (summary["files"], summary["rounds"], outcomes["agree"],
                outcomes["disagree"], outcomes["unmapped"], outcomes["damaged"], faults))
        print(f"wins: {summary['wins']} ({summary['agree']} agree, {summary['disagree']} "
              f"disagree, {summary['unmapped']} unmapped)")
        if summary["endings"]:
            print("endings: " + ", ".join(f"{ending} {count}"
                                          for ending, count in summary["endings"].items()))
    rate = summary["wins_per_second"]
    print(f"{summary['seconds']:.2f} s, {rate} wins/s, {summary['jobs']} job(s)"
          + (f"; unmapped lobbies scored as {summary['assumed_rules']!r} (--assume-rules)"
             if summary["assumed_rules"] else ""))
    for verdict in summary["rounds_listed"]:
        changes = " ".join(f"{change:+d}" for change in verdict["computed"])
        print(f"{verdict['source']}: {verdict['where']} {verdict['round']}: "
              f"{verdict['ending']}: {verdict['outcome']}" + (f" [{changes}]" if changes else ""))
    for verdict in summary["round_disagreements"]:
        print(f"\nDISAGREE {verdict['source']}: {verdict['where']} round {verdict['round']} "
              f"({verdict['ending']})")
        print(f"  recorded: {verdict['recorded']}")
        print(f"  computed: {verdict['computed']}")
        for difference in verdict["differences"]:
            print(f"  - {difference}")
        for line in verdict["breakdown"]:
            print(f"    {line}")
    for verdict in summary["disagreements"]:
        print(f"\nDISAGREE {verdict['source']}: {verdict['where']} round {verdict['round']}, "
              f"seat {verdict['winner']}")
        for difference in verdict["differences"]:
            print(f"  - {difference}")
        print(f"  {verdict['call']}")
    unmapped = Counter((verdict["source"], verdict["reason"])
                       for verdict in summary["unmapped_wins"])
    for (source, reason), count in sorted(unmapped.items()):
        print(f"\nunmapped ({count} win(s)) {source}: {reason}")
    for fault in summary["faults"]:
        print(f"\nFAULT {fault}")
    if summary["more_faults"]:
        print(f"\n... and {summary['more_faults']} more faults")
    for name, count in summary["more_listed"].items():
        if name != "faults":
            print(f"... and {count} more {name.replace('_', ' ')} not listed")


def _print_skipped(skipped: list[tuple[str, str]]) -> None:
    """How many files of the folders and globs were skipped and why, the first few named."""
    if not skipped:
        return
    print(f"\n{_skipped_summary(skipped)}")
    for path, reason in skipped[:_SKIPPED_SHOWN]:
        print(f"  skipped {path}: {reason}")
    if len(skipped) > _SKIPPED_SHOWN:
        print(f"  ... and {len(skipped) - _SKIPPED_SHOWN} more (--json lists them)")


_SKIPPED_SHOWN = 10  # skipped files named in the text report (--json names them all)


# --- export ---------------------------------------------------------------------------------

def _export(args: argparse.Namespace) -> int:
    from ..logs import LogError, open_log, verify_wins
    from ..safe_io import check_output_path, write_output

    files, missing, not_logs = expand_paths(args.paths)  # lists, reads no log
    if args.output is not None:
        check_output_path(args.output, inputs=files)  # a bad -o fails before any work
    rows: list[tuple[Win, Verdict]] = []
    problems = list(missing)
    unreadable = bool(missing)
    for path in files:
        try:
            log = open_log(path, assume_rules=args.assume_rules)
            for round_ in log.rounds():
                problems.extend(str(fault) for fault in round_.faults)
                unreadable = unreadable or bool(round_.faults)
                rows.extend(zip(round_.wins, verify_wins(round_.wins), strict=True))
        except LogError as exc:
            problems.append(str(exc))
            unreadable = True
    if args.format == "jsonl":
        text = "".join(json_text(_win_record(win, verdict)) + "\n"
                       for win, verdict in rows)
    elif args.format == "csv":
        text = _csv(rows)
    else:
        text, skipped = _fixtures_toml(rows)
        if skipped:
            problems.append(f"{skipped} win(s) left out of the fixtures: they do not verify "
                            f"(disagree or unmapped; see 'logs verify')")
    if args.output is not None:
        write_output(args.output, text, inputs=files)
    else:
        sys.stdout.write(text)
    if not_logs:  # as logs verify skips them: said, not a failure
        problems.append(_skipped_summary(not_logs))
    for problem in problems:
        print(f"typed-mahjong logs export: {problem}", file=sys.stderr)
    return 1 if unreadable else 0


def _win_record(win: Win, verdict: Verdict) -> dict[str, Any]:
    """One win as JSON: ``round`` is the round's label ("E1-0", as in the CSV), its wind
    (score()'s ``round`` keyword) is ``round_wind``."""
    rules = win.lobby.rules
    situation = dict(win.situation)
    return {
        "source": win.source, "where": win.where, "round": win.round_name,
        "winner": win.winner, "discarder": win.discarder, "hand": win.hand, "win": win.win,
        **{key: value for key, value in situation.items() if key != "round"},
        "round_wind": situation.get("round"),
        "rules": rules.name if rules else None,
        "rule_options": dict(win.lobby.overrides),
        "lobby": win.lobby.description,
        "recorded_han": win.recorded.han, "recorded_fu": win.recorded.fu,
        "recorded_points": win.recorded.points,
        "recorded_yaku": (None if win.recorded.yaku is None
                          else [list(item) for item in win.recorded.yaku]),
        "recorded_deltas": list(win.recorded.deltas),
        "outcome": verdict.outcome, "differences": list(verdict.differences),
    }


_CSV_COLUMNS = ("source", "where", "round", "winner", "discarder", "hand", "win", "tsumo",
                "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei",
                "houtei", "tenhou", "chiihou", "seat", "round_wind", "dora", "ura", "honba",
                "sticks", "pao", "rules", "recorded_han", "recorded_fu", "recorded_points",
                "recorded_yaku", "outcome")


def _csv(rows: list[tuple[Win, Verdict]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(_CSV_COLUMNS)
    for win, verdict in rows:
        record = _win_record(win, verdict)
        record["recorded_yaku"] = " ".join(f"{name}:{han}"
                                           for name, han in win.recorded.yaku or ())
        writer.writerow(["" if record.get(column) is None else record.get(column, "")
                         for column in _CSV_COLUMNS])
    return buffer.getvalue()


def _fixtures_toml(rows: list[tuple[Win, Verdict]]) -> tuple[str, int]:
    lines = ["# Wins read from game logs by `typed-mahjong logs export --format fixtures`;",
             "# each one verified against the server's record. Feed to",
             "# `typed-mahjong codegen fixtures`.", ""]
    names: set[str] = set()
    skipped = 0
    for win, verdict in rows:
        rules = win.lobby.rules
        if verdict.outcome != "agree" or rules is None or win.recorded.points is None:
            skipped += 1
            continue
        name = _fixture_name(win, names)
        lines.append(f"[fixtures.{name}]")
        lines.append(f"hand = {_toml_string(win.hand)}")
        lines.append(f"win = {_toml_string(win.win)}")
        for key, value in win.situation:
            lines.append(f"{key} = {_toml_value(value)}")
        lines.append(f"rules = {_toml_string(rules.name)}")
        if win.lobby.overrides:
            options = ", ".join(f"{key} = {_toml_value(value)}"
                                for key, value in win.lobby.overrides)
            lines.append(f"rule_options = {{ {options} }}")
        lines.append(f"points = {win.recorded.points}")
        if win.recorded.han is not None:
            lines.append(f"han = {win.recorded.han}")
        if win.recorded.fu is not None and win.recorded.han is not None \
                and win.recorded.han < 5:
            lines.append(f"fu = {win.recorded.fu}")
        if win.recorded.yaku is not None:
            yaku = ", ".join(_toml_string(name) for name, _ in win.recorded.yaku)
            lines.append(f"yaku = [{yaku}]")
        lines.append(f"note = {_toml_string(f'{win.source}, {win.where}, round {win.round_name}')}")
        lines.append("")
    return "\n".join(lines), skipped


def _fixture_name(win: Win, taken: set[str]) -> str:
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", Path(win.source).name.split(".")[0]).strip("-")
    base = f"{stem or 'log'}-{win.round_name}-seat{win.winner}"
    if not base[0].isalpha():
        base = "log-" + base
    name, index = base, 2
    while name in taken:
        name, index = f"{base}-{index}", index + 1
    taken.add(name)
    return name


def _toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=True)  # a JSON string is a valid TOML basic string


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return _toml_string(str(value))
