"""typed-mahjong's mypy plugin: ``plugins = ["typed_mahjong.plugin"]``.

Result annotations (``Points[Hand["..."], Ron["3p"]]``) and calls with literal arguments
(``points("...", win="3p")``) get the ``Literal`` of the scoring core's answer. See
docs/plugin.md.
"""

from __future__ import annotations

from mypy.plugin import Plugin

from .main import TypedMahjongPlugin

__all__ = ["TypedMahjongPlugin", "plugin"]


def plugin(version: str) -> type[Plugin]:
    """mypy's entry point; ``version`` is mypy's (the tested range is in pyproject.toml)."""
    return TypedMahjongPlugin
