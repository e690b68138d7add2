"""``--option NAME=VALUE`` for rule overrides: VALUE is read as a TOML value, else a string."""

from __future__ import annotations

import tomllib
from collections.abc import Sequence

from .errors import CodegenError


def parse_options(options: Sequence[str]) -> dict[str, object]:
    """``["kiriage=true", "renhou=mangan"]`` -> ``{"kiriage": True, "renhou": "mangan"}``.

    Names and values are checked by ``typed_mahjong.core.rules.rules_from``; this only splits.
    """
    parsed: dict[str, object] = {}
    for option in options:
        name, equals, text = option.partition("=")
        name = name.strip()
        if not equals or not name:
            raise CodegenError(f"--option {option!r}: expected NAME=VALUE, e.g. kiriage=true")
        if name in parsed:
            raise CodegenError(f"--option {name!r} given twice")
        parsed[name] = _value(text.strip())
    return parsed


def _value(text: str) -> object:
    # TOML gives true/false, integers and ["lists"]; anything else is a bare string.
    try:
        return tomllib.loads(f"value = {text}")["value"]
    except tomllib.TOMLDecodeError:
        return text
