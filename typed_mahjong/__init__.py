"""typed-mahjong: riichi mahjong hands scored, and checked statically.

Run-time API: ``score``, ``shanten``, ``waits`` and the ``Score``/``Rules`` values.
Annotation names (``Points[Hand["..."], Ron["3p"]]`` ...) come from ``query.annotations``;
the function forms (``points(...)``) from ``query.functions``.

The layers are packages: ``core`` (the scoring rules), ``query`` (annotation names and the
answers they ask for), ``cli``, ``games``, ``logs`` and ``solitaire``. The public names
below load on first use, so ``import typed_mahjong.solitaire`` (which needs no scoring)
loads no scoring module, and importing this package stays cheap inside every mypy process.
"""

# No `from __future__ import annotations` here: it would bind the name `annotations` in this
# package's namespace.
import os as _os
import sys as _sys
from importlib import import_module as _import_module
from typing import TYPE_CHECKING

# First, before any core module: under TYPED_MAHJONG_PURE=1 importing build.py installs the
# finder that keeps the core pure Python (the test of the variable is build.pure_requested's,
# held equal by a test). Otherwise build.py loads when its names are first used: mypy
# imports this package in every run, and needs neither.
if _os.environ.get("TYPED_MAHJONG_PURE", "") not in ("", "0"):
    from . import build as _build  # noqa: F401  # isort: skip

__version__ = "0.2.0"

# Where each public name that is not an annotation name or a function form lives.
_CORE_NAMES = {
    "BuildInfo": ".build",
    "build_info": ".build",
    "HandError": ".errors",
    "PRESETS": ".core.rules",
    "Rules": ".core.rules",
    "rules_from": ".core.rules",
    "Score": ".core.scoring",
    "score": ".core.scoring",
    "shanten": ".core.shanten",
    "waits": ".core.shanten",
}
# The annotation names and the function forms: each module's own __all__ says what it gives.
_NAME_MODULES = (".query.annotations", ".query.functions")

if TYPE_CHECKING:
    from .build import BuildInfo, build_info
    from .core.rules import PRESETS, Rules, rules_from
    from .core.scoring import Score, score
    from .core.shanten import shanten, waits
    from .errors import HandError
    from .query import annotations as _annotations
    from .query import functions as _functions
    from .query.annotations import *  # noqa: F403 - the annotation names
    from .query.functions import *  # noqa: F403 - points(), han() ...

    __all__ = ["PRESETS", "HandError", "Rules", "Score", "rules_from", "score", "shanten",
               "waits", "BuildInfo", "build_info"]
    __all__ += _annotations.__all__
    __all__ += _functions.__all__


def _public_names() -> list[str]:
    names = list(_CORE_NAMES)
    for module in _NAME_MODULES:
        names += _import_module(module, __name__).__all__
    return names


def __getattr__(name: str) -> object:
    """Load a public name's module on first use (PEP 562)."""
    if name == "__all__":
        value: object = _public_names()
    elif name in _CORE_NAMES:
        value = getattr(_import_module(_CORE_NAMES[name], __name__), name)
    else:
        for module_name in _NAME_MODULES:
            module = _import_module(module_name, __name__)
            if name in module.__all__:
                value = getattr(module, name)
                break
        else:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_public_names()})


def _map_checkout_packages() -> None:
    # In a source checkout, `plugin/` and `codegen/` sit beside this package; pyproject maps
    # them to `typed_mahjong.plugin` / `typed_mahjong.codegen` only at install time. When the
    # checkout itself is first on sys.path (`python -m ...` from the repo root), map exactly
    # those two names to their folders, and nothing else of the checkout.
    here = _os.path.dirname(__file__)
    root = _os.path.dirname(here)
    folders = {f"{__name__}.{name}": _os.path.join(root, name) for name in ("plugin", "codegen")}
    if _os.path.isdir(_os.path.join(here, "plugin")) or not all(
            _os.path.isfile(_os.path.join(folder, "__init__.py"))
            for folder in folders.values()):
        return  # an installed package: the install already maps them
    from collections.abc import Sequence
    from importlib.machinery import ModuleSpec
    from importlib.util import spec_from_file_location
    from types import ModuleType

    class CheckoutPackages:
        """A meta-path finder for the two mapped packages of a checkout."""

        @staticmethod
        def find_spec(fullname: str, path: Sequence[str] | None = None,
                      target: ModuleType | None = None) -> ModuleSpec | None:
            folder = folders.get(fullname)
            if folder is None:
                return None
            return spec_from_file_location(fullname, _os.path.join(folder, "__init__.py"),
                                           submodule_search_locations=[folder])

    if not any(type(finder).__name__ == "CheckoutPackages" for finder in _sys.meta_path):
        _sys.meta_path.append(CheckoutPackages())


_map_checkout_packages()
