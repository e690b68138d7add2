"""The plugin's settings: ``[tool.typed_mahjong]`` in pyproject.toml, or
``[mypy.plugins.typed_mahjong]`` in mypy.ini / setup.cfg -- whichever file mypy itself reads.

    [tool.typed_mahjong]
    rules = "wrc"          # a preset (typed_mahjong.PRESETS)
    kiriage = false        # any option of typed_mahjong.Rules overrides the preset
    explain = true         # a note with the scoring breakdown at every result annotation

Every problem (unknown key, wrong value) is collected with the line it is on, so mypy can
stop with all of them at once instead of checking hands under rules nobody meant.
"""

from __future__ import annotations

import configparser
import dataclasses
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from typed_mahjong.errors import HandError
from typed_mahjong.rules import Rules, rules_from

TOML_SECTION: Final = "tool.typed_mahjong"
INI_SECTION: Final = "mypy.plugins.typed_mahjong"
PLUGIN_KEYS: Final = ("rules", "explain")
RULE_OPTIONS: Final = tuple(
    option.name for option in dataclasses.fields(Rules) if option.name not in ("name", "source")
)
_TRUE: Final = frozenset({"true", "yes", "on", "1"})
_FALSE: Final = frozenset({"false", "no", "off", "0"})


@dataclass(frozen=True, slots=True)
class PluginConfig:
    rules: Rules
    explain: bool
    config_file: str | None
    # Game[...] paths are relative to the directory of mypy's config file (else the cwd).
    base_dir: Path
    problems: tuple[str, ...] = ()

    def fingerprint(self) -> str:
        """Everything in the settings that can change a verdict or a message."""
        return f"{self.rules.fingerprint()};explain={self.explain}"


def load_config(config_file: str | None) -> PluginConfig:
    """Read the settings from mypy's config file (``options.config_file``)."""
    if config_file is None:
        return PluginConfig(rules_from("tenhou"), False, None, Path.cwd())
    path = Path(config_file)
    base_dir = path.resolve().parent
    try:
        if path.suffix == ".toml":
            section = _toml_section(path)
            label, typed = f"[{TOML_SECTION}]", True
        else:
            section = _ini_section(path)
            label, typed = f"[{INI_SECTION}]", False
    except (OSError, tomllib.TOMLDecodeError, configparser.Error) as exc:
        return PluginConfig(rules_from("tenhou"), False, config_file, base_dir,
                            (f"{config_file}:1: error: cannot read the typed-mahjong "
                             f"settings: {exc}",))
    if isinstance(section, str):  # the section exists but is not a table
        return PluginConfig(rules_from("tenhou"), False, config_file, base_dir,
                            (f"{config_file}:1: error: {section}",))
    return _settings(section, typed, config_file, label, base_dir)


def _toml_section(path: Path) -> Mapping[str, object] | str:
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    tool = data.get("tool", {})
    section = tool.get("typed_mahjong", {}) if isinstance(tool, dict) else {}
    if not isinstance(section, dict):
        return f"[{TOML_SECTION}] must be a table, got {section!r}"
    return section


def _ini_section(path: Path) -> Mapping[str, object]:
    parser = configparser.ConfigParser(interpolation=None)
    with path.open(encoding="utf-8") as handle:
        parser.read_file(handle)
    if not parser.has_section(INI_SECTION):
        return {}
    return dict(parser.items(INI_SECTION))


def _settings(section: Mapping[str, object], typed: bool, config_file: str, label: str,
              base_dir: Path) -> PluginConfig:
    problems: list[tuple[int, str]] = []

    def problem(key: str, message: str) -> None:
        line = _line_of(config_file, key)
        problems.append((line, f"{config_file}:{line}: error: {label} {message}"))

    preset: object = section.get("rules", "tenhou")
    explain = False
    overrides: dict[str, object] = {}
    for key, raw in section.items():
        if key == "rules":
            continue
        if key == "explain":
            value = raw if typed else _ini_bool(raw)
            if isinstance(value, bool):
                explain = value
            else:
                problem(key, f"explain must be true or false, got {raw!r}")
        elif key in RULE_OPTIONS:
            overrides[key] = raw if typed else _ini_value(key, raw)
        else:
            problem(key, f"unknown key {key!r} (keys: {', '.join(PLUGIN_KEYS)}, and the rules "
                         f"options {', '.join(RULE_OPTIONS)})")
    base = rules_from("tenhou")
    if not isinstance(preset, str):
        problem("rules", f"rules must be a preset name, got {preset!r}")
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
                        tuple(message for _, message in sorted(problems)))


def _ini_bool(raw: object) -> object:
    text = str(raw).strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    return raw


def _ini_value(key: str, raw: object) -> object:
    """INI values are text; read them as the type of the Rules option they set."""
    default = getattr(Rules(), key)
    if isinstance(default, bool):
        return _ini_bool(raw)
    if isinstance(default, int):
        try:
            return int(str(raw).strip())
        except ValueError:
            return raw
    if isinstance(default, frozenset):
        return [name.strip() for name in str(raw).split(",") if name.strip()]
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
