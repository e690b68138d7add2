"""Issue 43: a seeded generator of command lines with bad bytes, over the hand, game, log,
codegen and editor commands.

Each seed is one command line: a right one of some command with a byte that is not UTF-8
(as Python receives it: a lone surrogate, ``\\udc80``-``\\udcff``), a control character, a
bidi override, a number of 5,000 digits or a long text put into one argument, a file name
spelled with such a byte, ``--json`` now and then, and the standard output's encoding one
of strict UTF-8, UTF-8 with surrogateescape or ASCII (a desktop, a lenient and a bare
locale). All the command lines of a set run in ONE child process under run_capped's caps
(a wall-clock cap for the set, 1 GiB of address space), each through the router with its
own standard streams in that encoding; the child reports each run and this test checks:

- the run took under 1 s and ended with an exit code of docs/reliability.md (0, 1, 2),
  never 70 (internal) and never an exception past the router;
- what it wrote is valid in its stream's encoding, without a traceback or a raw control
  character, and under ``--json`` the output is one JSON object in ASCII.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hostile import assert_clean, assert_printable, run_capped

ROOT = Path(__file__).resolve().parents[2]
QUICK = range(40)
CI = range(40, 840)

HAND, WIN = "234p234s456m567s44p", "3p"  # tanyao, 1 han 40 fu: 1300
ENCODINGS = ["utf-8", "utf-8:surrogateescape", "ascii"]
INSERTS = ["\udcff", "\udc80", "\udcc3\udca9", "\x1b[31m", "\x07", "\u202e", "\x7f", "\t",
           "9" * 5000, "x" * 3000, "", "-", "--", "--json"]

# The child: reads the runs (JSON) from stdin, runs each through the router with streams of
# its encoding over bytes, and writes one JSON line per run.
CHILD = r"""
import io, json, sys, time
from typed_mahjong.cli import main

runs = json.loads(sys.stdin.buffer.read())
real = sys.stdout
for argv, encoding in [(["score", "234p234s456m567s44p", "--win", "3p"], "utf-8")] + runs:
    name, _, errors = encoding.partition(":")
    out, err = io.BytesIO(), io.BytesIO()
    # Kept referenced: a wrapper collected closes its bytes.
    streams = [io.TextIOWrapper(buffer, encoding=name, errors=errors or "strict")
               for buffer in (out, err)]
    sys.stdout, sys.stderr = streams
    started = time.perf_counter()
    try:
        code, escaped = main(argv), None
    except SystemExit as exc:
        code, escaped = exc.code, None
    except BaseException as exc:
        code, escaped = None, f"{type(exc).__name__}: {exc}"[:300]
    seconds = time.perf_counter() - started
    for stream in streams:
        try:
            stream.flush()
        except Exception as exc:
            escaped = escaped or f"flush: {type(exc).__name__}"
    sys.stdout, sys.stderr = real, sys.__stderr__
    real.write(json.dumps({"code": code, "escaped": escaped, "seconds": seconds,
                           "out": out.getvalue().decode("latin-1"),
                           "err": err.getvalue().decode("latin-1")}) + "\n")
"""


def _files(folder: Path) -> dict[str, str]:
    """The inputs the commands read: copies of the shipped examples."""
    files = {
        "toml": ROOT / "examples" / "codegen" / "hands.toml",
        "log": ROOT / "tests" / "data" / "tenhou_mjlog" / "example.xml",
        "py": ROOT / "examples" / "fixtures.py",
    }
    made = {}
    for kind, source in files.items():
        copy = folder / source.name
        copy.write_bytes(source.read_bytes())
        made[kind] = str(copy)
    return made


def _command(rng: random.Random, files: dict[str, str]) -> tuple[list[str], bool]:
    """A right command line, and whether --json applies to it."""
    choices: list[tuple[list[str], bool]] = [
        (["score", HAND, "--win", WIN, "--honba", "2", "--rules", "tenhou"], True),
        (["score", HAND, "--win", WIN, "--tsumo"], True),
        (["shanten", "123m456p789s1122z"], True),
        (["waits", "123m456p789s1122z"], True),
        (["settle", "--win", "S", HAND, WIN, "--from", "W", "--sticks", "1"], True),
        (["game", "score", "mcr", "11m 123m 456m 789m 123p"], True),
        (["game", "waits", "mcr", "11m 123m 456m 789m 12p"], True),
        (["game", "tiles", "forest"], False),
        (["logs", "verify", files["log"]], True),
        (["codegen", "fixtures", files["toml"]], False),
        (["editor-config", files["py"]], True),
    ]
    return rng.choice(choices)


def _generate(rng: random.Random, files: dict[str, str]) -> tuple[list[str], str, bool]:
    argv, json_ok = _command(rng, files)
    argv = list(argv)
    for _ in range(rng.choice([0, 1, 1, 1, 2, 3])):  # 0: right, in a hostile locale
        at = rng.randrange(len(argv))
        insert = rng.choice(INSERTS)
        if rng.random() < 0.3:
            argv[at] = insert  # replaced whole
        else:
            place = rng.randrange(len(argv[at]) + 1)
            argv[at] = argv[at][:place] + insert + argv[at][place:]
    # After "--" an argument is no option: "--json" there is a positional.
    wants_json = json_ok and "--" not in argv and rng.random() < 0.5
    if wants_json:
        argv.append("--json")
    return argv, rng.choice(ENCODINGS), wants_json


def _run(seeds: range, folder: Path, seconds: float) -> dict[int, int]:
    files = _files(folder)
    runs = [_generate(random.Random(seed), files) for seed in seeds]
    payload = json.dumps([[argv, encoding] for argv, encoding, _ in runs]).encode()
    result = run_capped([], code=CHILD, stdin=payload, seconds=seconds, memory=1 << 30,
                        cwd=folder)
    assert_clean(result, codes={0})
    reports = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(reports) == 1 + len(runs), result.stderr[-2000:]
    assert reports[0]["code"] == 0  # the warm-up (imports) run, not one of the seeds
    tally: dict[int, int] = {}
    for seed, (argv, encoding, wants_json), report in zip(seeds, runs, reports[1:],
                                                            strict=True):
        what = f"seed {seed}: {encoding} {[arg[:40] for arg in argv]}"
        assert report["escaped"] is None, f"{report['escaped']}: {what}"
        assert report["code"] in (0, 1, 2), f"exit {report['code']}: {what}"
        assert report["seconds"] < 1.0, f"{report['seconds']:.2f} s: {what}"
        name = encoding.split(":")[0]
        out = report["out"].encode("latin-1").decode(name)  # valid in its encoding
        err = report["err"].encode("latin-1").decode(name)
        assert "Traceback" not in err and "internal error" not in err, f"{err}: {what}"
        assert_printable(err, what)
        if wants_json and report["code"] != 0 or wants_json and out.startswith("{"):
            # One JSON object on stdout, in ASCII; a usage error too.
            assert out.isascii(), what
            document = json.loads(out)
            assert isinstance(document, dict), what
            assert err == "", f"{err}: {what}"
        else:
            assert_printable(out, what)
        tally[report["code"]] = tally.get(report["code"], 0) + 1
    return tally


def test_generated_command_lines_with_bad_bytes_end_cleanly(tmp_path: Path) -> None:
    tally = _run(QUICK, tmp_path, seconds=120)
    assert tally.get(0, 0) >= 3 and tally.get(2, 0) >= 10, tally


@pytest.mark.slow
def test_many_generated_command_lines_with_bad_bytes_end_cleanly(tmp_path: Path) -> None:
    tally = _run(CI, tmp_path, seconds=300)
    assert tally.get(0, 0) >= 50 and tally.get(1, 0) >= 5 and tally.get(2, 0) >= 300, tally
