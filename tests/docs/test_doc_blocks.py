"""Every code block of README.md and docs/*.md runs, so that a copied block works (issue 44).

How a block is run follows from its language, or from a marker, an HTML comment on the line
before its fence (GitHub does not show it)::

    <!-- test: mypy -->            type-checked with mypy and the plugin
    <!-- test: skip (reason) -->   not run; the reason says why, or which test runs it

Without a marker:

* ``python``: executed, the document's python blocks in order in one namespace (as a
  doctest file is), in the repository root; a block of ``>>>`` lines runs as a doctest and
  its output must be what it shows. With ``mypy``, every block so marked, in every document,
  is a module of one throw-away project checked by a single mypy run: a line whose comment
  says ``error`` must get an error there (with the code given in brackets, if any), every
  other line none, and ``reveal_type(x)  # T`` must reveal ``T``. The names of
  ``typed_mahjong`` are imported first, so a fragment may use them as its text does.
* ``sh``: each command is run, in a scratch folder beside links to the repository's
  ``examples/``, ``tests/`` and ``typed_mahjong/`` and the files the documents show whole
  (a ``toml`` or ``yaml`` block whose first line is ``# NAME.toml``); it must exit 0, or N
  where its comment says ``# exit N``. Only ``typed-mahjong`` commands run (through the
  checkout's source, not the installed script); a block with other commands is marked.
  Those of docs/ are marked slow (child processes): CI runs them, and ``--all``.
* ``console``: each ``$ typed-mahjong ...`` line is run the same way, and the lines shown
  after it must appear in its output in order (``...`` stands for any text, and timings
  like ``0.03 s`` match any figure).
* ``toml``, ``yaml``, ``json``, ``ini``: parsed.
* any other language, or none (output, a grammar): must be marked.

docs/notes/ is a record of measurements, not a manual: its blocks are not run.
"""

from __future__ import annotations

import configparser
import contextlib
import doctest
import io
import json
import os
import re
import shlex
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from mypy import api

import typed_mahjong

REPO = Path(__file__).resolve().parents[2]
DOCUMENTS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>```+)(?P<lang>[\w-]*)[ \t]*$")
MARKER = re.compile(r"^\s*<!-- test: (?P<mode>[\w-]+)(?: \((?P<reason>.+)\))? -->\s*$")
MODES = {"run", "doctest", "mypy", "shell", "console", "toml", "yaml", "json", "ini", "skip"}
DEFAULT_MODE = {"python": "run", "sh": "shell", "console": "console", "toml": "toml",
                "yaml": "yaml", "json": "json", "ini": "ini"}
# A doc's command: typed-mahjong from this checkout's source, whatever is installed.
CLI = [sys.executable, "-P", "-c",
       "import sys; from typed_mahjong.cli import main; sys.exit(main())"]
# The names of typed_mahjong, spelt out (mypy reads ``__all__`` of a module it analyses, and
# typed_mahjong builds its own at run time), and pytest, which table blocks use.
PRELUDE = f"from typed_mahjong import {', '.join(typed_mahjong.__all__)}\nimport pytest\n"
PLUGIN_CONFIG = """\
[tool.mypy]
plugins = ["typed_mahjong.plugin"]
[[tool.mypy.overrides]]
module = ["typed_mahjong.*", "scores", "mcr_table"]
ignore_errors = true
"""


@dataclass(frozen=True)
class Block:
    path: Path
    line: int  # the opening fence's, 1-based
    lang: str
    text: str
    mode: str
    reason: str | None

    @property
    def id(self) -> str:
        return f"{self.path.relative_to(REPO).as_posix()}:{self.line}"


def read_blocks(path: Path) -> list[Block]:
    lines = path.read_text(encoding="utf-8").splitlines()
    blocks: list[Block] = []
    number = 0
    while number < len(lines):
        opened = FENCE.match(lines[number])
        if not opened:
            number += 1
            continue
        indent, fence, lang = opened["indent"], opened["fence"], opened["lang"]
        end = number + 1
        while end < len(lines) and lines[end].strip() != fence:
            end += 1
        body = [line[len(indent):] if line.startswith(indent) else line.lstrip()
                for line in lines[number + 1:end]]
        previous = next((lines[i] for i in range(number - 1, -1, -1) if lines[i].strip()), "")
        marked = MARKER.match(previous)
        mode = marked["mode"] if marked else DEFAULT_MODE.get(lang, "")
        if mode == "run" and body and body[0].startswith(">>>"):
            mode = "doctest"
        blocks.append(Block(path, number + 1, lang, "\n".join(body) + "\n", mode,
                            marked["reason"] if marked else None))
        number = end + 1
    return blocks


BLOCKS = [block for path in DOCUMENTS for block in read_blocks(path)]


def _of(*modes: str) -> list[Block]:
    return [block for block in BLOCKS if block.mode in modes]


def test_every_block_is_run_or_says_why_not() -> None:
    unmarked = [block.id for block in BLOCKS if block.mode not in MODES]
    assert unmarked == [], "mark these blocks (see this module's docstring)"
    silent = [block.id for block in _of("skip") if not block.reason]
    assert silent == [], "a skipped block says why: <!-- test: skip (reason) -->"
    assert len(BLOCKS) > 50 and len(_of("skip")) < len(BLOCKS) / 2


# -- python: executed -------------------------------------------------------------------------

@contextlib.contextmanager
def _in_repository() -> Iterator[None]:
    previous = os.getcwd()
    os.chdir(REPO)
    try:
        yield
    finally:
        os.chdir(previous)


@pytest.mark.parametrize(
    "path", [path for path in DOCUMENTS if any(b.path == path for b in _of("run", "doctest"))],
    ids=lambda path: path.relative_to(REPO).as_posix())
def test_python_blocks_run(path: Path) -> None:
    namespace: dict[str, object] = {"__name__": "__doc_block__"}
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    with _in_repository(), contextlib.redirect_stdout(io.StringIO()) as printed:
        for block in _of("run", "doctest"):
            if block.path != path:
                continue
            if block.mode == "run":
                exec(compile(block.text, block.id, "exec"), namespace)  # noqa: S102
                continue
            test = parser.get_doctest(block.text, namespace, block.id, str(path), block.line)
            runner.run(test, out=printed.write)
            namespace.update(test.globs)
    assert runner.failures == 0, printed.getvalue()


# -- python: type-checked ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def mypy_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Block], str]:
    """One mypy run over every ``mypy`` block, each a module of one project."""
    root = tmp_path_factory.mktemp("mypy_blocks")
    (root / "pyproject.toml").write_text(PLUGIN_CONFIG, encoding="utf-8")
    # The modules the codegen blocks import, as their documents generate them.
    for name in ("scores.py", "mcr_table.py"):
        (root / name).write_bytes((REPO / "examples" / "codegen" / name).read_bytes())
    modules = {}
    for number, block in enumerate(_of("mypy")):
        name = f"block_{number}"
        (root / f"{name}.py").write_text(PRELUDE + block.text, encoding="utf-8")
        modules[name] = block
    previous = os.getcwd()
    os.chdir(root)
    try:
        stdout, stderr, _ = api.run([
            "--config-file", "pyproject.toml", "--cache-dir", ".mypy_cache",
            "--no-color-output", "--no-error-summary", "--show-error-codes",
            *(f"{name}.py" for name in modules)])
    finally:
        os.chdir(previous)
    return modules, stdout + stderr


def _expected(text: str) -> dict[int, tuple[str, str | None]]:
    """Line -> ("error", code or None) or ("reveal", type), as the block's comments say."""
    expected: dict[int, tuple[str, str | None]] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        code, _, comment = line.partition("#")
        if "reveal_type(" in code and comment.strip():
            expected[number] = ("reveal", comment.strip())
        elif re.search(r"\berror\b", comment):
            found = re.search(r"\berror\b[^\[]*\[([a-z][\w-]*)\]", comment)
            expected[number] = ("error", found.group(1) if found else None)
    return expected


@pytest.mark.parametrize("block", _of("mypy"), ids=lambda block: block.id)
def test_type_checked_blocks_get_the_errors_their_comments_say(
        block: Block, mypy_run: tuple[dict[str, Block], str]) -> None:
    modules, output = mypy_run
    name = next(name for name, found in modules.items() if found == block)
    offset = PRELUDE.count("\n")
    got: dict[int, list[str]] = {}
    for line in output.splitlines():
        parsed = re.match(rf"{name}\.py:(\d+): (error|note): (.*)$", line)
        if parsed:
            got.setdefault(int(parsed[1]) - offset, []).append(f"{parsed[2]}: {parsed[3]}")
    expected = _expected(block.text)
    for number, (kind, what) in expected.items():
        messages = got.get(number, [])
        if kind == "reveal":
            assert f'note: Revealed type is "{what}"' in messages, (number, messages)
        else:
            errors = [message for message in messages if message.startswith("error")]
            assert errors, (number, block.text.splitlines()[number - 1], output)
            assert what is None or any(m.endswith(f"[{what}]") for m in errors), errors
    unexpected = {number: messages for number, messages in got.items()
                  if number not in expected and any(m.startswith("error") for m in messages)}
    assert unexpected == {}, output


# -- data ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("block", _of("toml", "yaml", "json", "ini"),
                         ids=lambda block: block.id)
def test_data_blocks_parse(block: Block) -> None:
    if block.mode == "ini":
        configparser.ConfigParser().read_string(block.text)
    elif block.mode == "toml":
        tomllib.loads(block.text)
    elif block.mode == "yaml":
        yaml.safe_load(block.text)
    else:
        json.loads(block.text)


# -- commands -----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("shell_blocks")
    for name in ("examples", "tests", "typed_mahjong"):
        (root / name).symlink_to(REPO / name)
    # A file a document shows whole, headed by its name, is there for its commands.
    for block in _of("toml", "yaml"):
        named = re.match(r"# ([\w-]+\.(?:toml|yaml))\n", block.text)
        if named and named[1] != "pyproject.toml":
            (root / named[1]).write_text(block.text, encoding="utf-8")
    return root


@dataclass(frozen=True)
class Command:
    arguments: list[str]
    environment: dict[str, str]
    status: int
    shown: list[str]  # the output a console block shows after it


def _commands(block: Block) -> list[Command]:
    commands: list[Command] = []
    logical = block.text.replace("\\\n", " ").splitlines()
    for line in logical:
        if block.mode == "console":
            if not line.startswith("$ "):
                if commands:
                    commands[-1].shown.append(line)
                continue
            line = line[2:]
        words = shlex.split(line, comments=True)
        if not words:
            continue
        environment = {}
        while "=" in words[0]:
            name, _, value = words.pop(0).partition("=")
            environment[name] = value
        assert words[0] == "typed-mahjong", f"{block.id}: mark a block that runs {words[0]}"
        status = re.search(r"#\s*exit (\d+)", line)
        commands.append(Command(words[1:], environment, int(status[1]) if status else 0, []))
    return commands


def _shows(shown: list[str], output: str) -> bool:
    """Whether the lines ``shown`` appear in ``output`` in order (see the docstring)."""
    lines = output.splitlines()
    position = 0
    for expected in (line for line in shown if line.strip()):
        pattern = ".*".join(
            r"\d+\.\d+".join(re.escape(piece) for piece in re.split(r"\d+\.\d+(?= m?s\b)", part))
            for part in expected.strip().split("..."))
        while position < len(lines) and not re.fullmatch(pattern, lines[position].strip()):
            position += 1
        if position == len(lines):
            return False
        position += 1
    return True


# The README's commands run in the quick run; those of docs/ (about 25 s of child processes)
# where CI runs the slow tests.
@pytest.mark.parametrize("block", [
    pytest.param(block, id=block.id, marks=() if block.path.name == "README.md"
                 else (pytest.mark.slow,)) for block in _of("shell", "console")])
def test_commands_exit_and_print_as_shown(block: Block, scratch: Path) -> None:
    commands = _commands(block)
    assert commands, block.id
    for command in commands:
        environment = {**os.environ, "PYTHONPATH": str(REPO), **command.environment}
        environment.pop("PYTHONSAFEPATH", None)
        done = subprocess.run([*CLI, *command.arguments], cwd=scratch, env=environment,
                              capture_output=True, text=True, timeout=120, check=False)
        assert done.returncode == command.status, (command.arguments, done.stdout,
                                                   done.stderr)
        assert _shows(command.shown, done.stdout + done.stderr), (
            command.arguments, command.shown, done.stdout + done.stderr)
