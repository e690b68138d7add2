"""The few of mypy's own options that decide which of our errors mypy shows.

``disable_error_code`` in the config file (``[mypy]``, ``[tool.mypy]``) and the
``# mypy: disable-error-code="..."`` comments of a module silence errors by code, as
``# type: ignore[code]`` silences a line; ``enable_error_code`` takes a code back. The
server reads them so its diagnostics are what mypy reports. Per-module sections
(``[mypy-fixtures.*]``) are not read: docs/editors.md says so.
"""

from __future__ import annotations

import configparser
import re
import tomllib
from pathlib import Path
from typing import Final

DISABLE: Final = "disable_error_code"
ENABLE: Final = "enable_error_code"
# ``# mypy: disable-error-code="a, b"`` (or unquoted, up to the next comma).
_INLINE: Final = re.compile(
    r"(disable|enable)[-_]error[-_]code\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^,\s]*))")


def disabled_codes(config_file: str | None) -> frozenset[str]:
    """The codes the config file disables and does not enable again; none when it cannot
    be read (the settings reader reports that)."""
    if config_file is None:
        return frozenset()
    path = Path(config_file)
    try:
        if path.suffix == ".toml":
            with path.open("rb") as handle:
                tool = tomllib.load(handle).get("tool", {})
            section = tool.get("mypy", {}) if isinstance(tool, dict) else {}
        else:
            parser = configparser.ConfigParser(interpolation=None)
            with path.open(encoding="utf-8") as handle:
                parser.read_file(handle)
            section = dict(parser.items("mypy")) if parser.has_section("mypy") else {}
    except (OSError, ValueError, configparser.Error):
        return frozenset()
    if not isinstance(section, dict):
        return frozenset()
    return frozenset(_codes(section.get(DISABLE))) - frozenset(_codes(section.get(ENABLE)))


def _codes(raw: object) -> list[str]:
    if isinstance(raw, str):
        return [code.strip() for code in raw.split(",") if code.strip()]
    if isinstance(raw, list):
        return [code.strip() for code in raw if isinstance(code, str) and code.strip()]
    return []


def inline_disabled(lines: list[str], disabled: frozenset[str]) -> frozenset[str]:
    """``disabled`` as a module's ``# mypy:`` comments change it, read in order."""
    codes = set(disabled)
    for line in lines:
        if not line.startswith("# mypy:"):
            continue
        for match in _INLINE.finditer(line):
            named = _codes(next(group for group in match.groups()[1:] if group is not None))
            if match.group(1) == "disable":
                codes.update(named)
            else:
                codes.difference_update(named)
    return frozenset(codes)
