"""typed-mahjong: riichi mahjong hands scored, and checked statically.

Run-time API: ``score``, ``shanten``, ``waits`` and the ``Score``/``Rules`` values.
Annotation names (``Points[Hand["..."], Ron["3p"]]`` ...) come from ``annotations``; the
function forms (``points(...)``) from ``functions``. Heavy tables load on first use, so
importing this package stays cheap inside every mypy process.
"""

# No `from __future__ import annotations` here: it would bind the name `annotations` in this
# package and hide the `annotations` submodule from `from . import annotations`.
import os as _os

# First: under TYPED_MAHJONG_PURE=1 this installs the finder that keeps the core pure Python.
from .build import BuildInfo, build_info  # isort: skip

from . import annotations as _annotations
from . import functions as _functions
from .annotations import *  # noqa: F403 - the annotation names, listed in annotations.__all__
from .errors import HandError
from .functions import *  # noqa: F403 - points(), han() ... listed in functions.__all__
from .rules import PRESETS, Rules, rules_from
from .scoring import Score, score
from .shanten import shanten, waits

__version__ = "0.1.0"
__all__ = ["PRESETS", "HandError", "Rules", "Score", "rules_from", "score", "shanten", "waits"]
__all__ += ["BuildInfo", "build_info"]
__all__ += _annotations.__all__
__all__ += _functions.__all__


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
        __path__.append(root)  # noqa: F405 - the package __path__, not a star import


_adopt_sibling_packages()
