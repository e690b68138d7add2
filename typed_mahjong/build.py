"""Which build of the scoring core is running: compiled by mypyc, or pure Python.

A wheel built where a C compiler is present ships the modules in ``COMPILED_MODULES``
twice: as mypyc extension modules and as their ``.py`` sources. Python imports the
extension first. Setting ``TYPED_MAHJONG_PURE=1`` makes it import the sources instead,
for all of those modules at once: one mypyc build compiles them as one group whose native
classes and calls assume each other, so a compiled module beside a pure one is unsafe and
the choice is all or nothing. ``build_info()`` says which build is running and why.

Why a build is pure Python is decided when it is built: setup.py writes the outcome and
its first cause (the first mypy error, the compiler probe's message, an editable install)
into the package as ``build_record.json``, and ``build_info()`` reports that record.

When ``TYPED_MAHJONG_PURE`` is set, ``typed_mahjong/__init__.py`` imports this module first,
before any core module, and it installs that finder as it is imported (otherwise it loads
when ``build_info`` is first asked for); it stays small, imports nothing of ours and is
never compiled itself.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec, PathFinder
from importlib.util import spec_from_file_location
from types import ModuleType
from typing import Final

PACKAGE: Final = "typed_mahjong"
PURE_ENV: Final = "TYPED_MAHJONG_PURE"
RECORD: Final = "build_record.json"  # written by setup.py into the built package

# The one list of compiled modules (setup.py reads it with ast, without importing us), as
# module names relative to the package ("solitaire.looser" is typed_mahjong.solitaire.looser):
# the scoring pipeline and shanten, the Shanghai solver's search, the mjlog reader and the
# YAML games' scoring engine, whose hot loops gain from native code, and the mypy plugin's
# way through each annotation (its short way, the memo, the Literal types, the comparison
# hook, the score memo), run thousands of times a mypy run. Left out on purpose: rules
# (frozen values made at run time, read by field name), errors, the annotation names, the rest of
# the query layer, the plugin's class and careful path (its hooks, patched in tests, and
# mypy's plugin API), codegen, CLI, the games' file reader and type checker (run once per
# file), the other log readers (tenhou.net/6, mjai), and solitaire's faces, positions,
# deals, formats, solver front end, helper process and reports (dynamic or not hot).
COMPILED_MODULES: Final = (
    "core.tiles",
    "core.hand",
    "core.readings",
    "core.shape",
    "core.situation",
    "core.sanma",
    "core.win_options",
    "core.win_option_reading",
    "core.yaku",
    "core.fu",
    "core.limits",
    "core.scoring",
    "core.shanten",
    # The solver's engine, one chain of classes (see solitaire/cycles.py), and its search.
    "solitaire.layout",
    "solitaire.tables",
    "solitaire.looser",
    "solitaire.cycles",
    "solitaire.nogoods",
    "solitaire.settling",
    "solitaire.engine",
    "solitaire.search",
    "solitaire.portfolio",
    # The Tenhou mjlog reader: fast path, careful path, round tracker, number checks.
    "logs.checked",
    "logs.tenhou_meld",
    "logs.tracker",
    "logs.mjlog_scan",
    "logs.mjlog_tokens",
    "logs.mjlog_records",
    "logs.mjlog_fast",
    "logs.tenhou_xml",
    # The YAML games' engine: compiled expressions, the reading search, melds and waits.
    "games.syntax",
    "games.compiler",
    "games.model",
    "games.multisets",
    "games.overrides",
    "games.fallback",
    "games.repeats",
    "games.melds",
    "games.engine",
    "games.waits",
    # The plugin's way through a fixture's annotation and its assert (plugin/ is installed
    # as typed_mahjong.plugin): mypy's objects are read through the Python API.
    "plugin.quick",
    "plugin.fast",
    "plugin.memo",
    "plugin.literals",
    "plugin.claims",
    "plugin.comparison",
    "query.keys",
    "query.answering",
)


def pure_requested() -> bool:
    """True when ``TYPED_MAHJONG_PURE`` is set to anything but "" or "0"."""
    return os.environ.get(PURE_ENV, "") not in ("", "0")


class _SourcesFirst:
    """A meta-path finder that loads our ``.py`` sources where an extension module sits."""

    @staticmethod
    def find_spec(fullname: str, path: object = None, target: object = None
                  ) -> ModuleSpec | None:
        if not fullname.startswith(PACKAGE + ".") or path is None:
            return None
        spec = PathFinder.find_spec(fullname, path)  # type: ignore[arg-type]
        if spec is None or not isinstance(spec.loader, ExtensionFileLoader):
            return spec
        source = os.path.join(os.path.dirname(spec.origin or ""),
                              fullname.rpartition(".")[2] + ".py")
        if not os.path.isfile(source):
            raise ImportError(f"{PURE_ENV} is set but {fullname} is installed without its "
                              f".py source, only as {spec.origin}", name=fullname)
        return spec_from_file_location(fullname, source)


def install_pure_finder() -> None:
    """Under ``TYPED_MAHJONG_PURE=1``, import every core module from its source."""
    if pure_requested() and not any(isinstance(f, _SourcesFirst) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourcesFirst())


def _is_extension(module: ModuleType) -> bool:
    return isinstance(getattr(module, "__loader__", None), ExtensionFileLoader)


def _installed_as_extension(name: str) -> bool:
    """Whether an extension module for ``typed_mahjong.<name>`` sits on disk."""
    from importlib import import_module

    fullname = f"{PACKAGE}.{name}"
    package = import_module(fullname.rpartition(".")[0])  # typed_mahjong or a subpackage
    spec = PathFinder.find_spec(fullname, list(package.__path__))
    return spec is not None and spec.origin is not None and spec.origin.endswith(
        tuple(EXTENSION_SUFFIXES))


@dataclass(frozen=True, slots=True)
class BuildInfo:
    """The running build: ``compiled`` names the modules that run as mypyc extensions."""

    build: str  # "compiled (mypyc)", "pure Python" or "mixed (broken install)"
    reason: str
    compiled: tuple[str, ...]

    @property
    def is_compiled(self) -> bool:
        return self.build == "compiled (mypyc)"

    def __str__(self) -> str:
        return f"{self.build}: {self.reason}"


def build_info() -> BuildInfo:
    """Which build of the core modules this process runs, and why."""
    from importlib import import_module

    modules = {name: import_module(f"{PACKAGE}.{name}") for name in COMPILED_MODULES}
    compiled = tuple(name for name, module in modules.items() if _is_extension(module))
    if len(compiled) == len(modules):
        return BuildInfo("compiled (mypyc)", f"{len(compiled)} modules run as mypyc "
                         f"extensions; set {PURE_ENV}=1 to run the pure-Python sources",
                         compiled)
    if compiled:
        return BuildInfo("mixed (broken install)", "only " + ", ".join(compiled) + " are "
                         "compiled; reinstall typed-mahjong", compiled)
    on_disk = [name for name in COMPILED_MODULES if _installed_as_extension(name)]
    if on_disk and pure_requested():
        reason = f"{PURE_ENV} is set; the compiled modules installed are not used"
    elif on_disk:
        reason = "compiled modules are installed but were not imported"
    else:
        reason = recorded_reason()
    return BuildInfo("pure Python", reason, ())


def recorded_reason() -> str:
    """Why this copy has no compiled modules, as recorded when it was built."""
    from importlib import resources

    try:
        text: str | None = resources.files(PACKAGE).joinpath(RECORD).read_text(
            encoding="utf-8")
    except OSError:
        text = None
    return reason_from_record(text)


def reason_from_record(text: str | None) -> str:
    """The reason a pure build gives, from its ``build_record.json`` (None: there is none)."""
    import json

    if text is None:
        return ("a source checkout or an editable install: never compiled (compiled modules "
                "would shadow the .py files you edit)")
    try:
        record = json.loads(text)
    except ValueError:
        record = None
    if not isinstance(record, dict):
        record = {}
    reason = record.get("reason")
    if record.get("build") != "pure Python" or not isinstance(reason, str):
        return f"no compiled modules are installed, though {RECORD} says {text.strip()!r}"
    return f"{reason} (recorded when this copy was built)"


def version_text() -> str:
    """What ``typed-mahjong --version`` prints: the version and the build running."""
    from . import __version__

    return f"typed-mahjong {__version__}, {build_info()}"


install_pure_finder()  # on import: typed_mahjong/__init__ imports us first under PURE_ENV
