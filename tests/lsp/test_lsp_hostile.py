"""Seeded hostile input for ``typed-mahjong lsp``: buffers and protocol messages.

Two generators, each seeded (a failure names its seed and case, so it replays):

- ``hostile_buffers``: the examples' fixture modules damaged (bytes cut, repeated and
  swapped, brackets opened, control characters, lone surrogates), annotations with
  random inputs and values (huge numbers, 10,000-tile hands, deep nesting, names of
  nothing), and declared names compared, passed and parametrized with odd values. They
  go through the server's checker in a child process under the caps of tests/hostile.py,
  each buffer with an alarm of its own: every check returns a report, never raises,
  and the same buffer checked again as an edit of the last one reports the same.
- ``hostile_messages``: JSON-RPC messages an editor should never send (positions past
  the end or negative, wrong types, unknown documents, edits out of range, methods that
  do not exist) to a running server, which answers each or ignores it and then still
  answers a hover and shuts down cleanly.

A quick set runs by default; CI (``-m slow``) runs many more of each.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pygls", reason="the lsp extra is not installed: pip install -e '.[lsp]'")

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from hostile import assert_clean, run_capped  # noqa: E402
from lsp_client import Client  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = [ROOT / "examples" / name for name in (
    "fixtures.py", "mistakes.py", "rows.py", "editor/fixtures.py")]
HEAD = ("from dataclasses import dataclass\nimport pytest\n"
        "from typed_mahjong import (Dora, Game, Hand, Han, Honba, Points, Riichi, Ron, Seat,\n"
        "                           Shanten, Tsumo, Waits, Yaku, YakuSet, points)\n")
RESULTS = ("Points", "Han", "Shanten", "Waits", "Yaku", "YakuSet")
INPUTS = ("Hand", "Ron", "Tsumo", "Seat", "Dora", "Honba", "Riichi", "Game", "Nope")
ODD_TEXT = ("234p234s456m567s44p", "3p", "", "E", "\x1b[31m", "\u202e", "1m" * 10_000,
            "９ｍ", "0z", "123m" * 40, "fox vixen", "/etc/passwd", "../../x.yaml", "\ud800")
# What a value may be in the generated source: texts as Python literals, numbers of any
# size, names of nothing, nested brackets.
ODD_VALUES = ("1300", "-1", "0x" + "f" * 5000, "10**10000", "True", "None", "nothing",
              "(1300,)", "()", "[" * 50 + "]" * 50, "'1300'", "...")

QUICK = 60
MANY = 1500


def _text(rng: random.Random) -> str:
    return json.dumps(rng.choice(ODD_TEXT))  # a Python string literal (JSON's is one)


def _annotation(rng: random.Random) -> str:
    inputs = []
    for _ in range(rng.randint(0, 5)):
        name = rng.choice(INPUTS)
        kind = rng.random()
        if kind < 0.15:
            inputs.append(name)
        elif kind < 0.3:
            inputs.append(f"{name}[{rng.choice(ODD_VALUES)}]")
        else:
            inputs.append(f"{name}[{_text(rng)}]")
    result = rng.choice(RESULTS)
    return f"{result}[{', '.join(inputs)}]" if inputs else result


def _generated(rng: random.Random) -> str:
    lines = [HEAD]
    for index in range(rng.randint(1, 8)):
        form = rng.randrange(7)
        annotation = _annotation(rng)
        value = rng.choice(ODD_VALUES)
        if form == 0:
            lines.append(f"v{index}: {annotation} = {value}\n")
        elif form == 1:
            lines.append(f"def f{index}(a: {annotation}) -> None:\n    assert a == {value}\n"
                         f"f{index}({value})\nf{index}(a={value}, b=1)\n")
        elif form == 2:
            lines.append(f"@dataclass\nclass C{index}:\n    p: {annotation}\n"
                         f"    def m(self) -> None:\n        assert self.p != {value}\n"
                         f"C{index}({value})\n")
        elif form == 3:
            lines.append(f"@pytest.mark.parametrize('a, b', [({value}, 1), {value}, "
                         f"pytest.param(*x)])\ndef test_{index}(a: {annotation}) -> None: ...\n")
        elif form == 4:
            lines.append(f"A{index} = {annotation}\nw{index}: A{index} = {value}\n")
        elif form == 5:
            lines.append(f"assert points({_text(rng)}, win={_text(rng)}) == {value}\n")
        else:
            lines.append(f"x{index}: {'list[' * 40}{annotation}{']' * 40}\n")
    return "".join(lines)


def _damaged(rng: random.Random, text: str) -> str:
    for _ in range(rng.randint(1, 4)):
        if not text:
            break
        start = rng.randrange(len(text))
        end = min(len(text), start + rng.randint(0, 200))
        choice = rng.randrange(5)
        if choice == 0:
            text = text[:start] + text[end:]
        elif choice == 1:
            text = text[:end] + text[start:end] * rng.randint(1, 5) + text[end:]
        elif choice == 2:
            text = text[:start] + rng.choice("([{'\"\\#\n\t") + text[start:]
        elif choice == 3:
            text = text[:start] + rng.choice(("\x00", "\x1b", "\ud800", "\u2028", "\r",
                                              "\ufeff")) + text[start:]
        else:
            text = text[:start] + text[end:] + text[start:end]
    return text


def hostile_buffers(seed: int, count: int) -> Iterator[str]:
    rng = random.Random(seed)
    sources = [path.read_text(encoding="utf-8") for path in EXAMPLES]
    for _ in range(count):
        if rng.random() < 0.5:
            yield _damaged(rng, rng.choice(sources))
        else:
            text = _generated(rng)
            yield _damaged(rng, text) if rng.random() < 0.3 else text


# The child: every buffer through one checker (as edits of one another, the server's
# way) and a fresh one (as a first open); each under an alarm naming it.
CHILD = r"""
import json, signal, sys, traceback
from typed_mahjong.lsp.analysis import Checker
from typed_mahjong.query.settings import load_config

def alarm(signum, frame):
    raise TimeoutError("a buffer took more than 10 s")

signal.signal(signal.SIGALRM, alarm)
buffers = json.loads(sys.stdin.buffer.read().decode("utf-8", "surrogatepass"))
edits = Checker(load_config(None))
summary = {"checked": 0, "messages": 0}
for index, text in enumerate(buffers):
    signal.alarm(10)
    try:
        first = edits.check(text, "buffer")
        again = Checker(load_config(None)).check(text)
        hover_line = 1 + index % 10
        edits_messages = [(m.span, m.code, m.text) for m in first.messages]
        fresh = [(m.span, m.code, m.text) for m in again.messages]
    except BaseException as exc:
        print(json.dumps({"failed": index, "error": repr(exc)[:500],
                          "where": traceback.format_exc()[-1200:]}))
        sys.exit(1)
    finally:
        signal.alarm(0)
    if edits_messages != fresh:
        print(json.dumps({"failed": index, "error": "an edit reports otherwise than a "
                          "first open", "edit": repr(edits_messages)[:800],
                          "open": repr(fresh)[:800]}))
        sys.exit(1)
    summary["checked"] += 1
    summary["messages"] += len(fresh)
print(json.dumps(summary))
"""


def _check_buffers(seed: int, count: int) -> None:
    buffers = list(hostile_buffers(seed, count))
    data = json.dumps(buffers, ensure_ascii=False).encode("utf-8", "surrogatepass")
    result = run_capped([], code=CHILD, stdin=data, seconds=300,
                        env={"PYTHONPATH": str(ROOT)})
    if result.returncode == 1 and result.stdout.strip().startswith('{"failed"'):
        failure = json.loads(result.stdout)
        pytest.fail(f"seed {seed}, buffer {failure['failed']}: {failure}\n"
                    f"{buffers[failure['failed']][:600]!r}")
    assert_clean(result, codes={0})
    summary = json.loads(result.stdout)
    assert summary["checked"] == count
    assert summary["messages"] > 0  # the buffers are not all silently skipped


def test_hostile_buffers_end_in_a_report() -> None:
    _check_buffers(seed=40, count=QUICK)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [401, 402])
def test_many_hostile_buffers_end_in_a_report(seed: int) -> None:
    _check_buffers(seed=seed, count=MANY)


def _position(rng: random.Random) -> Any:
    return rng.choice([
        {"line": rng.randint(0, 30), "character": rng.randint(0, 80)},
        {"line": -1, "character": 0}, {"line": 10**12, "character": 10**12},
        {"line": "1", "character": None}, {}, None, [1, 2], {"line": 0, "character": -5}])


def hostile_messages(seed: int, count: int, uri: str) -> Iterator[dict[str, Any]]:
    """Requests and notifications with odd parameters; ``id`` set on requests."""
    rng = random.Random(seed)
    uris = [uri, uri + "#x", "file:///nonexistent/../x.py", "untitled:1", "", "\x00", 7]
    for number in range(count):
        document = {"uri": rng.choice(uris)}
        kind = rng.randrange(8)
        if kind == 0:
            method, params = "textDocument/hover", {"textDocument": document,
                                                    "position": _position(rng)}
        elif kind == 1:
            method, params = "textDocument/codeAction", {
                "textDocument": document,
                "range": {"start": _position(rng), "end": _position(rng)},
                "context": rng.choice([{"diagnostics": []}, {"diagnostics": [{}]}, None])}
        elif kind == 2:
            method, params = "textDocument/inlayHint", {
                "textDocument": document, "range": {"start": _position(rng),
                                                    "end": _position(rng)}}
        elif kind == 3:
            method, params = "textDocument/didChange", {
                "textDocument": {**document, "version": rng.choice([number + 10, -1, "x"])},
                "contentChanges": [{"range": {"start": _position(rng), "end": _position(rng)},
                                    "text": rng.choice(["", "1", "\n" * 50, "x: Points[",
                                                        "\ud800", "é𝄞"])}]}
        elif kind == 4:
            method, params = "textDocument/didOpen", {"textDocument": {
                **document, "languageId": "python", "version": 1,
                "text": rng.choice(["", "from typed_mahjong import Points\nx: Points",
                                    "\x00" * 100, "(" * 5000])}}
        elif kind == 5:
            method, params = "textDocument/didClose", {"textDocument": document}
        elif kind == 6:
            method, params = rng.choice(["no/such", "$/cancelRequest", "workspace/symbol",
                                         "textDocument/definition"]), {"id": "x"}
        else:
            odd: list[Any] = [None, [], "x", {"x": 1}]
            method, params = "textDocument/hover", rng.choice(odd)
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "params": params}
        if not method.startswith(("textDocument/did", "$/")):
            message["id"] = 10_000 + number
        yield message


def _send_messages(tmp_path: Path, seed: int, count: int) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "mypy.ini").write_text("[mypy]\nplugins = typed_mahjong.plugin\n")
    path = tmp_path / "fixtures.py"
    text = (ROOT / "examples" / "fixtures.py").read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    client = Client(tmp_path)
    try:
        client.initialize(tmp_path)
        uri = client.open(path)
        client.diagnostics(uri)
        sent = list(hostile_messages(seed, count, uri))
        for message in sent:
            client.send(message)
        # Every request is answered (a result or an error), in any order.
        waiting = {message["id"] for message in sent if "id" in message}
        for ident in sorted(waiting):
            answer = client.answer(ident)
            assert "result" in answer or "error" in answer, answer
        # And it still works: the document as an editor would open it again.
        client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        client.open(path, version=99)
        assert client.diagnostics(uri, version=99) is not None
        hover = client.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                      "position": {"line": 0, "character": 0}})
        assert hover is None or "contents" in hover
    finally:
        code = client.close()
    assert code == 0, client.log[-2000:].decode("utf-8", "replace")


def test_hostile_messages_leave_the_server_answering(tmp_path: Path) -> None:
    _send_messages(tmp_path, seed=40, count=QUICK)


@pytest.mark.slow
def test_many_hostile_messages_leave_the_server_answering(tmp_path: Path) -> None:
    _send_messages(tmp_path, seed=403, count=MANY // 2)


# What the generators found, each pinned on its own.

BIG = "0x" + "f" * 5000  # about 6,000 decimal digits: past Python's 4,300 for text


def test_an_int_with_no_decimal_text_is_read_as_mypy_reads_it() -> None:
    from typed_mahjong.lsp.analysis import Checker
    from typed_mahjong.query.settings import load_config

    # mypy's parser cannot write such a number and reads it as an expression that is no
    # type: a text input says "takes a string", a number input "got typing.Any" (both
    # checked against mypy 1.x by hand); before, the server's checker raised ValueError.
    source = ("from typed_mahjong import Hand, Honba, Points, Ron\n"
              f"x: Points[Hand[{BIG}], Ron[\"3p\"]] = 1\n"
              f"y: Points[Hand[\"234p234s456m567s44p\"], Ron[\"3p\"], Honba[{BIG}]] = {BIG}\n"
              f"A = Points[Hand[\"234p234s456m567s44p\"], Ron[\"3p\"], Honba[{BIG}]]\n")
    checker = Checker(load_config(None))
    messages = [(m.span.line, m.span.column + 1, m.code, m.text[:40])
                for m in checker.check(source, "b").messages]
    assert messages == [
        (2, 16, "mahjong-usage", "Hand[...] takes a string, not an express"),
        (3, 57, "mahjong-usage", "Honba[...] takes an int, e.g. Honba[2]; "),
        (4, 58, "mahjong-usage", "Honba[...] takes an int, e.g. Honba[2]; ")]
    # The alias edited (its structure compared with the last one's) ends in a report too.
    assert len(checker.check(source.replace("A = ", "A2 = "), "b").messages) == 3


def test_a_request_with_parameters_of_the_wrong_type_is_answered(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    client = Client(tmp_path)
    try:
        client.initialize(tmp_path)
        client.send({"jsonrpc": "2.0", "id": 7, "method": "textDocument/hover",
                     "params": {"textDocument": {"uri": "untitled:1"},
                                "position": {"line": "1", "character": None}}})
        answer = client.answer(7)
        # JSON-RPC's "invalid params": before, the request was dropped, never answered.
        assert answer["error"]["code"] == -32602
    finally:
        assert client.close() == 0
