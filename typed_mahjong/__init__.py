"""typed-mahjong: riichi mahjong hands scored, and checked statically."""

from __future__ import annotations

import os as _os


def _adopt_sibling_packages() -> None:
    # In a source checkout, `plugin/` and `codegen/` sit beside this package; pyproject maps
    # them to `typed_mahjong.plugin` / `typed_mahjong.codegen` only at install time. When the
    # checkout itself is first on sys.path (`python -m ...` from the repo root), let the
    # import system find them there too, instead of failing with ModuleNotFoundError.
    here = _os.path.dirname(__file__)
    root = _os.path.dirname(here)
    if not _os.path.isdir(_os.path.join(here, "plugin")) and _os.path.isfile(
        _os.path.join(root, "plugin", "__init__.py")
    ):
        __path__.append(root)


_adopt_sibling_packages()
