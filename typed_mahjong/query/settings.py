"""The settings of typed-mahjong's checkers: ``[tool.typed_mahjong]`` in pyproject.toml, or
``[mypy.plugins.typed_mahjong]`` in mypy.ini / setup.cfg -- whichever file mypy itself reads.

The one reader: the mypy plugin and the language server (``typed-mahjong lsp``) both load
the settings here, so a project's rules mean the same in mypy and in the editor. Nothing
here knows mypy.

    [tool.typed_mahjong]
    rules = "wrc"          # a preset (typed_mahjong.PRESETS)
    kiriage = false        # any option of typed_mahjong.Rules overrides the preset
    explain = true         # a note with the scoring breakdown at every result annotation
    game_roots = ["../shared-games"]   # folders besides the project's Game[...] may read

Every problem (unknown key, wrong value, a section spelled nearly like ours, such as
``[tool.typed-mahjong]``) is collected with the line it is on, so mypy can stop with all of
them at once instead of checking hands under rules nobody meant.

``OPTIONS`` is the schema: every key the section may hold and the type of its value; the
Rules options come from the ``Rules`` dataclass itself, so a new rule option is a key here
with no change to this file.
"""

from __future__ import annotations

import configparser
import hashlib
import os
import re
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Final

from ..core.rules import FIELD_NAMES, Rules, rules_from
from ..errors import HandError
from ..frozen import frozen_value, replace
from ..safe_io import printable
from .wording import clip_quoted

TOML_SECTION: Final = "tool.typed_mahjong"
INI_SECTION: Final = "mypy.plugins.typed_mahjong"
RULE_OPTIONS: Final = tuple(name for name in FIELD_NAMES if name not in ("name", "source"))
# The schema: key -> the Python type of its value (for INI text, what to read it as).
OPTIONS: Final[dict[str, type]] = {
    "rules": str,  # a preset name
    "explain": bool,
    "game_roots": list,  # folders (relative to the config file's) Game[...] may read
    **{name: type(getattr(Rules(), name)) for name in RULE_OPTIONS},
}
PLUGIN_KEYS: Final = ("rules", "explain", "game_roots")
_TRUE: Final = frozenset({"true", "yes", "on", "1"})
_FALSE: Final = frozenset({"false", "no", "off", "0"})


@frozen_value  # read in every mypy run: no dataclass processing at import
class PluginConfig:
    """The settings as read, with every problem found in them."""

    rules: Rules
    explain: bool
    config_file: str | None
    # Game[...] paths are relative to the directory of mypy's config file (else the cwd).
    base_dir: Path
    problems: tuple[str, ...] = ()
    # The folders Game[...] may read besides base_dir (game_roots), resolved.
    game_roots: tuple[Path, ...] = ()

    @property
    def roots(self) -> tuple[Path, ...]:
        """Every folder a Game[...] file may be in: the project's, then game_roots."""
        return (Path(os.path.realpath(self.base_dir)), *self.game_roots)

    def fingerprint(self) -> str:
        """Everything in the settings that can change a verdict or a message."""
        roots = os.pathsep.join(str(root) for root in self.game_roots)
        return f"{self.rules.fingerprint()};explain={self.explain};game_roots={roots}"


def load_config(config_file: str | None) -> PluginConfig:
    """Read the settings from mypy's config file (``options.config_file``)."""
    if config_file is None:
        return PluginConfig(rules_from("tenhou"), False, None, Path.cwd())
    path = Path(config_file)
    base_dir = path.resolve().parent
    section: Mapping[str, object] | str
    try:
        if path.suffix == ".toml":
            section, near = _toml_section(path)
            label, typed = f"[{TOML_SECTION}]", True
        else:
            section, near = _ini_section(path)
            label, typed = f"[{INI_SECTION}]", False
    # ValueError: a number past Python's 4300 digits (tomllib), a file that is not UTF-8.
    except (OSError, ValueError, configparser.Error) as exc:
        return PluginConfig(rules_from("tenhou"), False, config_file, base_dir,
                            (f"{config_file}:1: error: cannot read the typed-mahjong "
                             f"settings: {_brief(str(exc))}",))
    misspelt = tuple(
        f"{config_file}:{_line_of_section(config_file, name)}: error: [{name}] is not read "
        f"by typed-mahjong: its settings go in {label} (with an underscore)" for name in near)
    if isinstance(section, str):  # the section exists but is not a table
        return PluginConfig(rules_from("tenhou"), False, config_file, base_dir,
                            (f"{config_file}:1: error: {section}", *misspelt))
    config = _settings(section, typed, config_file, label, base_dir)
    if misspelt:
        config = replace(config, problems=(*misspelt, *config.problems))
    return config


def _line_of_section(config_file: str, name: str) -> int:
    try:
        lines = Path(config_file).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return 1
    for number, line in enumerate(lines, start=1):
        if line.strip().strip("[]").strip() == name:
            return number
    return 1


def _toml_section(path: Path) -> tuple[Mapping[str, object] | str, list[str]]:
    """The section (or what is wrong with it) and the near-misses of its name."""
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    near = [name for name in _table_names(data) if _near_miss(name, TOML_SECTION)]
    tool = data.get("tool", {})
    section = tool.get("typed_mahjong", {}) if isinstance(tool, dict) else {}
    if not isinstance(section, dict):
        return f"[{TOML_SECTION}] must be a table, got {_shown(section)}", near
    return section, near


def _ini_section(path: Path) -> tuple[Mapping[str, object], list[str]]:
    parser = configparser.ConfigParser(interpolation=None)
    with path.open(encoding="utf-8") as handle:
        parser.read_file(handle)
    near = [name for name in parser.sections()
            if not name.startswith("mypy-") and _near_miss(name, INI_SECTION)]
    if not parser.has_section(INI_SECTION):
        return {}, near
    return dict(parser.items(INI_SECTION)), near


def _table_names(data: Mapping[str, object], prefix: str = "") -> list[str]:
    """The dotted names of the tables in a TOML document, two levels deep (``tool.x``)."""
    names: list[str] = []
    for key, value in data.items():
        if isinstance(value, dict):
            name = f"{prefix}{key}"
            names.append(name)
            if not prefix:
                names.extend(_table_names(value, f"{name}."))
    return names


def _squeeze(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def _near_miss(name: str, ours: str) -> bool:
    """``[tool.typed-mahjong]``, ``[Tool.Typed_Mahjong]``, ``[typed_mahjong]`` ... for ours:
    a section whose name, letters and digits only, ends in "typedmahjong" (mypy's per-module
    ``[mypy-typed_mahjong.*]`` sections are left out by the caller)."""
    return name != ours and _squeeze(name).endswith("typedmahjong")


def _settings(section: Mapping[str, object], typed: bool, config_file: str, label: str,
              base_dir: Path) -> PluginConfig:
    problems: list[tuple[int, str]] = []

    def problem(key: str, message: str) -> None:
        line = _line_of(config_file, key)
        problems.append((line, f"{config_file}:{line}: error: {label} {_brief(message)}"))

    preset: object = section.get("rules", "tenhou")
    explain = False
    game_roots: tuple[Path, ...] = ()
    overrides: dict[str, object] = {}
    for key, raw in section.items():
        if key == "rules":
            continue
        if key == "game_roots":
            game_roots = _game_roots(raw if typed else _ini_list(raw), base_dir,
                                     lambda message: problem("game_roots", message))
        elif key == "explain":
            value = raw if typed else _ini_bool(raw)
            if isinstance(value, bool):
                explain = value
            else:
                problem(key, f"explain must be true or false, got {_shown(raw)}")
        elif key in OPTIONS:
            value = raw if typed else _ini_value(key, raw)
            fault = _wrong_shape(key, value)
            if fault is None:
                overrides[key] = value
            else:
                problem(key, fault)
        else:
            problem(key, f"unknown key {_shown(key)} (keys: {', '.join(PLUGIN_KEYS)}, and the "
                         f"rules options {', '.join(RULE_OPTIONS)})")
    base = rules_from("tenhou")
    if not isinstance(preset, str):
        problem("rules", f"rules must be a preset name, got {_shown(preset)}")
    else:
        try:
            base = rules_from(preset)
        except HandError as exc:
            problem("rules", exc.message)
    good: dict[str, object] = {}
    for key, value in overrides.items():
        try:
            rules_from(base, **{key: value})
        except HandError as exc:
            problem(key, exc.message)
        else:
            good[key] = value
    rules = rules_from(base, **good) if good else base
    return PluginConfig(rules, explain, config_file, base_dir,
                        tuple(message for _, message in sorted(problems)), game_roots)


def _game_roots(raw: object, base_dir: Path, problem: Callable[[str], None]
                ) -> tuple[Path, ...]:
    """``game_roots``: existing folders, relative to the config file's folder."""
    if not isinstance(raw, list) or not all(isinstance(item, str) for item in raw):
        problem(f"game_roots must be a list of folders, got {_shown(raw)}")
        return ()
    roots: list[Path] = []
    wrong: list[str] = []
    for item in raw:
        folder = None if "\0" in item else Path(os.path.realpath(base_dir / item))
        if folder is None or not folder.is_dir():
            wrong.append(item)
        else:
            roots.append(folder)
    if wrong:  # one problem for the key, however long the list
        more = f" (and {len(wrong) - 1} more)" if len(wrong) > 1 else ""
        problem(f"game_roots: {_shown(wrong[0])} is not a folder{more}")
    return tuple(roots)


# The largest whole number an option takes: the Rules check each option's own range, and
# a bigger number could not even be shown (Python prints at most 4300 digits).
MAX_OPTION_NUMBER: Final = 10**9


MAX_NAMES: Final = 100  # in a list of names (there are a dozen of each kind)


def _wrong_shape(key: str, value: object) -> str | None:
    """What makes a value the wrong type or size for a rules option (a list of lists for a
    list of names, a number past any range), else None. ``rules_from`` checks the meaning
    of values of the right shape; it is never given one it could not take in or show."""
    kind = OPTIONS[key]
    if kind is bool and not isinstance(value, bool):
        wanted = "true or false"
    elif kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        wanted = "an integer"
    elif kind is int and isinstance(value, int) and abs(value) > MAX_OPTION_NUMBER:
        wanted = f"an integer from {-MAX_OPTION_NUMBER} to {MAX_OPTION_NUMBER}"
    elif kind is str and not isinstance(value, str):
        wanted = "text"
    elif kind is frozenset and not (isinstance(value, list) and len(value) <= MAX_NAMES
                                    and all(isinstance(item, str) for item in value)):
        wanted = f"a list of at most {MAX_NAMES} names"
    else:
        return None
    return f"option {key!r} must be {wanted}, got {_shown(value)}"


def _shown(value: object) -> str:
    """A setting's value in a message: its repr, escaped for the terminal and clipped
    (a huge number is not converted to digits at all)."""
    if isinstance(value, int) and abs(value) >= 10**18:
        return "a number of more than 18 digits"
    if isinstance(value, list | dict) and len(value) > 8:
        return f"a {type(value).__name__} of {len(value)} items"
    try:
        text = printable(repr(value))
    except ValueError:  # a huge number inside a list or table
        return f"a {type(value).__name__} holding a huge number"
    return text if len(text) <= 80 else text[:77] + "..."


def _brief(message: str) -> str:
    """A problem's message (some words ``rules_from``'s) with the user's values cut short
    and terminal control characters escaped."""
    message = printable(clip_quoted(message))
    return message if len(message) <= 300 else message[:297] + "..."


def _ini_list(raw: object) -> list[str]:
    return [item.strip() for item in str(raw).split(",") if item.strip()]


def _ini_bool(raw: object) -> object:
    text = str(raw).strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    return raw


def _ini_value(key: str, raw: object) -> object:
    """INI values are text; read them as the type ``OPTIONS`` gives the key."""
    kind = OPTIONS[key]
    if kind is bool:
        return _ini_bool(raw)
    if kind is int:
        text = str(raw).strip()
        # Digits checked before conversion: int() of a long digit string is slow, and
        # refused past 4300 digits; every option's range is far below 18 digits.
        return int(text) if re.fullmatch(r"[+-]?[0-9]{1,18}", text) else raw
    if kind is frozenset:
        return _ini_list(raw)
    return str(raw).strip()


def _line_of(config_file: str, key: str) -> int:
    """The line of ``key = ...`` inside the plugin's section (1 when not found)."""
    try:
        lines = Path(config_file).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return 1
    section = ""
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if stripped.startswith("[") and stripped.endswith("]"):
            section = stripped.strip("[]").strip()
        elif section in (TOML_SECTION, INI_SECTION):
            name = stripped.split("=", 1)[0].split(":", 1)[0].strip().strip("\"'")
            if name == key:
                return number
    return 1


def config_on_disk_differs(loaded: PluginConfig) -> bool:
    """Whether reading the settings again would give different ones (a daemon started
    before the file was edited keeps what it read at start)."""
    if loaded.config_file is None or not os.path.exists(loaded.config_file):
        return False
    now = load_config(loaded.config_file)
    return now.fingerprint() != loaded.fingerprint() or now.problems != loaded.problems


def file_digest(config_file: str | None) -> str:
    """A digest of the config file's bytes ("" when there is none): content, not mtime,
    so an edit within the file system's timestamp granularity is still seen."""
    if config_file is None:
        return ""
    try:
        with open(config_file, "rb") as handle:
            return hashlib.sha256(handle.read()).hexdigest()
    except OSError:
        return "unreadable"
