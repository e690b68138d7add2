"""``typed-mahjong logs verify`` / ``logs export`` end to end on the real Tenhou logs."""

from __future__ import annotations

import ast
import csv
import io
import json
from pathlib import Path

import pytest

from typed_mahjong import Score, score
from typed_mahjong.cli import main
from typed_mahjong.codegen.fixtures import load_fixtures, score_fixture

DATA = Path(__file__).parent.parent / "data" / "tenhou_mjlog"


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_verify_json_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["logs", "verify", str(DATA), "--json"], capsys)
    summary = json.loads(out)
    assert (summary["files"], summary["wins"], summary["disagree"]) == (19, 128, 0)
    assert summary["disagreements"] == []
    assert (summary["agree"], summary["unmapped"]) == (122, 6)
    assert "pending" not in summary  # every win is settled (typed_mahjong.core.settlement)
    # Issue 33: lobbies we cannot map are reported, not failed; the exit code says whether
    # anything disagreed (nothing does).
    assert code == 0
    # Every round is settled: one a <INIT>; the six of the unmapped lobbies are reported so.
    rounds = sum(path.read_text(encoding="utf-8").count("<INIT ") for path in DATA.iterdir()
                 if path.suffix != ".md")
    assert summary["rounds"] == rounds == 152
    assert summary["round_outcomes"] == {"agree": rounds - 6, "disagree": 0, "unmapped": 6,
                                         "damaged": 0}


def test_verify_with_assumed_rules_passes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["logs", "verify", str(DATA), "--assume-rules", "tenhou",
                         "--jobs", "2"], capsys)
    assert code == 0, out
    assert "unmapped lobbies scored as 'tenhou'" in out
    header, values = out.splitlines()[:2]
    assert dict(zip(header.split(), values.split(), strict=True))["disagree"] == "0"


def test_verify_prints_each_disagreement_with_its_call(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    # pao.xml's first win, with the server's 18000 changed to 12000.
    text = (DATA / "pao.xml").read_text(encoding="utf-8")
    changed = tmp_path / "changed.xml"
    changed.write_text(text.replace('ten="20,18000,2"', 'ten="20,12000,2"', 1),
                       encoding="utf-8")
    code, out, _ = _run(["logs", "verify", str(changed)], capsys)
    assert code == 1
    assert "DISAGREE" in out and "points: log 12000, ours 18000" in out
    call = next(line.strip() for line in out.splitlines() if line.strip().startswith("score("))
    assert _call_score(call).points == 18000


def _call_score(call: str) -> Score:
    """Run a printed ``score(...)`` call without eval: its arguments are literals."""
    node = ast.parse(call, mode="eval").body
    assert isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    assert node.func.id == "score"
    args = [ast.literal_eval(arg) for arg in node.args]
    kwargs = {kw.arg: ast.literal_eval(kw.value) for kw in node.keywords if kw.arg}
    return score(*args, **kwargs)


def test_missing_paths_and_globs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["logs", "verify", "no/such/file.xml", f"{DATA}/bug[12].xml",
                         "--json"], capsys)
    summary = json.loads(out)
    assert code == 1 and summary["files"] == 2
    assert summary["faults"] == ["no/such/file.xml: no such file or matching path"]


def test_export_fixtures_feed_codegen(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "fixtures.toml"
    code, _, err = _run(["logs", "export", str(DATA), "--format", "fixtures", "-o",
                         str(target)], capsys)
    assert code == 0
    assert "6 win(s) left out" in err  # the 6 unmapped
    fixtures = load_fixtures(target)
    assert len(fixtures) == 122
    for fixture in fixtures:
        score_fixture(target, fixture)  # raises on any disagreement


def test_export_jsonl_and_csv(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["logs", "export", str(DATA / "pao.xml")], capsys)
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(records) == 4
    assert records[-1]["pao"] == "N" and records[-1]["outcome"] == "agree"
    code, out, _ = _run(["logs", "export", str(DATA / "pao.xml"), "--format", "csv"], capsys)
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [row["outcome"] for row in rows] == ["agree", "agree", "agree", "agree"]
    assert rows[0]["recorded_points"] == "18000"


def test_export_jsonl_gives_the_round_label(capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 33: "round" is the round's label, as in the CSV ("E1-0": wind, number, honba,
    # from the <INIT seed> before each win); the wind alone is "round_wind".
    import re

    text = (DATA / "pao.xml").read_text(encoding="utf-8")
    labels = []
    for round_text in text.split("<INIT ")[1:]:
        seed = re.match(r'seed="(\d+),(\d+),', round_text)
        assert seed is not None
        number, honba = (int(n) for n in seed.groups())
        labels += [f"{'ESWN'[number // 4]}{number % 4 + 1}-{honba}"] * round_text.count(
            "<AGARI ")
    code, out, _ = _run(["logs", "export", str(DATA / "pao.xml")], capsys)
    records = [json.loads(line) for line in out.splitlines()]
    assert [record["round"] for record in records] == labels
    assert [record["round_wind"] for record in records] == [label[0] for label in labels]
    _, out, _ = _run(["logs", "export", str(DATA / "pao.xml"), "--format", "csv"], capsys)
    assert [row["round"] for row in csv.DictReader(io.StringIO(out))] == labels
