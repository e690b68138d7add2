"""``codegen fixtures``: a TOML file of named hands -> one typed, core-checked record each.

The file::

    [defaults]                 # optional: keys every fixture gets unless it sets them
    rules = "tenhou"

    [fixtures.headline]        # the name becomes HEADLINE / HeadlineFixture
    hand = "234p234s456m567s44p"
    win = "3p"                 # then any keyword of typed_mahjong.score: tsumo, riichi, seat...
    points = 1300              # required: the expected value (ron: discarder pays; tsumo: sum)
    han = 1                    # optional expectations: han, fu, payment_text, total, limit, yaku
    fu = 40
    note = "the README's first example"   # optional, goes into the docstring

Every fixture is scored by ``typed_mahjong.score``; a fixture whose expectation disagrees,
whose hand has no yaku, or that the core rejects (HandError) is an error naming the file,
the line and the fixture. A fixture that names ``game`` (a YAML game) is scored by that
game instead: see ``game_fixtures``.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from typed_mahjong.core.rules import Rules, rules_from
from typed_mahjong.core.scoring import Score, score
from typed_mahjong.core.win_options import WIN_OPTIONS
from typed_mahjong.errors import HandError
from typed_mahjong.safe_io import read_input

from .errors import CodegenError, did_you_mean
from .game_fixtures import (
    GAME_KEYS,
    GameFixture,
    ScoredGameFixture,
    fixture_class_name,
    fixture_constant,
    game_fixture,
    score_game_fixture,
)
from .game_source import LoadedGame
from .output import command_lines
from .render import render
from .toml_lines import Place, fixture_lines, place_of, top_level_line

REQUIRED = ("hand", "win", "points")
EXPECTATIONS = ("points", "han", "fu", "payment_text", "total", "limit", "yaku")
OTHER_KEYS = ("rules", "rule_options", "note")
NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*\Z")
RESERVED_CONSTANTS = frozenset({"FIXTURES"})


# The win options a fixture may set, and the TOML type of each: from the core's table.
SITUATION_TYPES: dict[str, type] = {option.name: option.type for option in WIN_OPTIONS}
# The keys only a riichi fixture takes (a game fixture refuses them by name).
GAME_ONLY_KEYS = ("game", "inputs")
RIICHI_KEYS = tuple(sorted({"win", "rules", "rule_options", *EXPECTATIONS[1:],
                            *SITUATION_TYPES} - {"yaku"}))


@dataclass(frozen=True, slots=True)
class Fixture:
    name: str
    hand: str
    win: str
    situation: tuple[tuple[str, bool | int | str], ...]  # score() keywords the file sets
    rules: str
    rule_options: tuple[tuple[str, object], ...]
    expected: tuple[tuple[str, object], ...]
    note: str
    place: Place  # where the fixture is written, for messages

    @property
    def constant(self) -> str:
        return fixture_constant(self.name)

    @property
    def class_name(self) -> str:
        return fixture_class_name(self.name)

    @property
    def tsumo(self) -> bool:
        return bool(dict(self.situation).get("tsumo", False))

    def rule_set(self) -> Rules:
        return rules_from(self.rules, **dict(self.rule_options))


@dataclass(frozen=True, slots=True)
class ScoredFixture:
    fixture: Fixture
    score: Score
    kind: str = "riichi"

    @property
    def yaku_names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.score.yaku)


# A fixtures file is a hand-written table: far below this. The bound keeps a wrong path
# (a device, a huge file) from filling memory.
MAX_FIXTURES_BYTES = 8 << 20


def load_fixtures(path: Path) -> tuple[Fixture | GameFixture, ...]:
    """Read and check the TOML file; every fault names the fixture and the key."""
    raw = read_input(path, max_bytes=MAX_FIXTURES_BYTES, what="the fixtures file")
    try:
        text = raw.decode("utf-8")
        data = tomllib.loads(text)
    except UnicodeDecodeError as exc:
        raise CodegenError(f"{path}: not UTF-8 text (byte {exc.start})", file=str(path)) \
            from None
    except tomllib.TOMLDecodeError as exc:
        raise CodegenError(f"{path}: not valid TOML: {exc}", file=str(path)) from None
    unknown = sorted(set(data) - {"defaults", "fixtures"})
    if unknown:
        line = top_level_line(text, unknown[0])
        at = f":{line}" if line is not None else ""
        raise CodegenError(f"{path}{at}: unknown top-level key {unknown[0]!r}"
                           f"{did_you_mean(unknown[0], ('defaults', 'fixtures'))}; expected "
                           f"[defaults] and [fixtures.NAME] tables", file=str(path), line=line)
    defaults = data.get("defaults", {})
    fixtures = data.get("fixtures", {})
    if not isinstance(defaults, dict):
        raise CodegenError(f"{path}: 'defaults' must be a table ([defaults])")
    if not isinstance(fixtures, dict) or not fixtures:
        raise CodegenError(f"{path}: no fixtures: add tables like [fixtures.my-hand]")
    for key in defaults:
        if key in REQUIRED or key == "note":
            raise CodegenError(f"{path}: [defaults] cannot set {key!r} (it belongs to each "
                               f"fixture)")
    lines = fixture_lines(text)
    loaded: list[Fixture | GameFixture] = []
    for name, table in fixtures.items():
        if not isinstance(table, dict):
            raise CodegenError(f"{path}: fixture {name!r} must be a table "
                               f"([fixtures.{name}]), got a {type(table).__name__}")
        place = place_of(str(path), lines, name)
        if not NAME.match(name):
            raise CodegenError(f"{place.where()}: the name must start with a letter and hold "
                               f"only letters, digits, '-' and '_' (it becomes a Python name)")
        if "game" in table or "game" in defaults:
            # [defaults] gives a game fixture only the keys a game fixture takes.
            shared = {key: value for key, value in defaults.items() if key in GAME_KEYS}
            loaded.append(game_fixture(place, {**shared, **table}, RIICHI_KEYS))
        else:
            shared = {key: value for key, value in defaults.items()
                      if key not in GAME_ONLY_KEYS}
            loaded.append(_fixture(place, {**shared, **table}))
    _check_names(path, loaded)
    return tuple(loaded)


def _fixture(place: Place, table: Mapping[str, object]) -> Fixture:
    name, where = place.name, place.where()
    if not NAME.match(name):
        raise CodegenError(f"{where}: the name must start with a letter and hold only "
                           f"letters, digits, '-' and '_' (it becomes a Python name)")
    known = (*REQUIRED, *EXPECTATIONS[1:], *OTHER_KEYS, *SITUATION_TYPES)
    for key in table:
        if key not in known:
            raise CodegenError(f"{place.where(key)}: unknown key {key!r}"
                               f"{did_you_mean(key, known)}; known keys: "
                               f"{', '.join(sorted(set(known)))}")
    for key in REQUIRED:
        if key not in table:
            raise CodegenError(f"{where}: missing key {key!r}")
    situation = tuple((key, _typed(where, key, table[key], SITUATION_TYPES[key]))
                      for key in SITUATION_TYPES if key in table)
    options = table.get("rule_options", {})
    if not isinstance(options, dict):
        raise CodegenError(f"{where}: 'rule_options' must be a table, e.g. "
                           f"rule_options = {{ kiriage = true }}")
    expected = tuple((key, _expectation(where, key, table[key]))
                     for key in EXPECTATIONS if key in table)
    return Fixture(name, _string(where, "hand", table["hand"]),
                   _string(where, "win", table["win"]), situation,
                   _string(where, "rules", table.get("rules", "tenhou")),
                   tuple((key, tuple(value) if isinstance(value, list) else value)
                         for key, value in options.items()), expected,
                   " ".join(_string(where, "note", table.get("note", "")).split()), place)


def _string(where: str, key: str, value: object) -> str:
    if not isinstance(value, str):
        raise CodegenError(f"{where}: key {key!r} must be a string, got {value!r}")
    return value


def _typed(where: str, key: str, value: object, wanted: type) -> bool | int | str:
    # bool is an int in Python but not in TOML: check it first so 1 is not accepted as true.
    if wanted is bool and isinstance(value, bool):
        return value
    if wanted is int and isinstance(value, int) and not isinstance(value, bool):
        return value
    if wanted is str and isinstance(value, str):
        return value
    names = {bool: "true or false", int: "an integer", str: "a string"}
    raise CodegenError(f"{where}: key {key!r} must be {names[wanted]}, got {value!r}")


def _expectation(where: str, key: str, value: object) -> object:
    if key == "yaku":
        if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
            raise CodegenError(f"{where}: key 'yaku' must be a list of yaku names, got "
                               f"{value!r}")
        return tuple(sorted(value))
    if key in ("payment_text", "limit"):
        return _string(where, key, value)
    return _typed(where, key, value, int)


def _check_names(path: Path, fixtures: Sequence[Fixture | GameFixture]) -> None:
    seen: dict[str, str] = {}
    for fixture in fixtures:
        if fixture.constant in RESERVED_CONSTANTS:
            raise CodegenError(f"{path}: fixture {fixture.name!r}: the name is reserved "
                               f"(its constant {fixture.constant} is used by the module)")
        other = seen.get(fixture.constant)
        if other is not None:
            raise CodegenError(f"{path}: fixtures {other!r} and {fixture.name!r} both "
                               f"become {fixture.constant}; rename one")
        seen[fixture.constant] = fixture.name


def score_fixture(path: Path, fixture: Fixture) -> ScoredFixture:
    """Score with the core; raise CodegenError naming the fixture on any disagreement."""
    where = fixture.place.where()
    try:
        result = score(fixture.hand, fixture.win, rules=fixture.rule_set(),
                       **dict(fixture.situation))  # type: ignore[arg-type]
    except HandError as exc:
        raise CodegenError(f"{where}: {exc}") from None
    if result.is_yakuless:
        raise CodegenError(f"{where}: the hand has no yaku, so it scores nothing "
                           f"(core: {result.explain()})")
    scored = ScoredFixture(fixture, result)
    problems = []
    for key, wanted in fixture.expected:
        actual = actual_value(scored, key)
        if actual != wanted:
            problems.append(f"{fixture.place.where(key)}: expected {key} = {_show(wanted)}, "
                            f"but the core scores {_show(actual)}")
    if problems:
        summary = result.explain().replace("\n", "; ")
        raise CodegenError("\n".join(problems) + f"\n  (core: {summary})")
    return scored


def actual_value(scored: ScoredFixture, key: str) -> object:
    if key == "yaku":
        return tuple(sorted(scored.yaku_names))
    value: object = getattr(scored.score, key)
    return value


def _show(value: object) -> str:
    if isinstance(value, tuple):
        return "[" + ", ".join(repr(item) for item in value) + "]"
    return repr(value)


def fixtures_text(path: Path, argv: Sequence[str]) -> str:
    """The typed module for the fixtures in ``path``; errors for every bad fixture."""
    fixtures = load_fixtures(path)
    scored: list[ScoredFixture | ScoredGameFixture] = []
    errors: list[str] = []
    games: dict[str, LoadedGame] = {}  # each game file is loaded once
    for fixture in fixtures:
        try:
            if isinstance(fixture, GameFixture):
                scored.append(score_game_fixture(fixture, path.parent, games))
            else:
                scored.append(score_fixture(path, fixture))
        except CodegenError as exc:
            errors.append(str(exc))
    if errors:
        raise CodegenError("\n".join(errors))
    return render("fixtures.py.j2", {
        "fixtures": scored,
        "source": path.as_posix(),
        "command_lines": command_lines(argv),
    })
