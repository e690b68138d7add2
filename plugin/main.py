"""The plugin class: maps full names to the hooks, and reports cache data."""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable
from functools import partial
from typing import Any, ClassVar, Final, final

from mypy.errors import CompileError
from mypy.nodes import MypyFile
from mypy.options import Options
from mypy.plugin import (
    AnalyzeTypeContext,
    ClassDefContext,
    FunctionContext,
    MethodContext,
    Plugin,
    ReportConfigContext,
)
from mypy.types import Type
from typing_extensions import override

from typed_mahjong import __version__
from typed_mahjong.query.settings import PluginConfig, load_config
from typed_mahjong.safe_io import printable

from . import cache, errors, games
from .comparison import ComparisonHook
from .names import (
    CASE_FORMS,
    EQUALITY_METHODS,
    EXPLAIN,
    FLAG_INPUTS,
    FUNCTION_RESULTS,
    INPUTS,
    PARAMETRIZE_METHOD,
    RESULTS,
)
from .state import State

PLUGIN_VERSION: Final = __version__  # the package's: one version
_ANNOTATIONS: Final = "typed_mahjong.query.annotations"


@final
class TypedMahjongPlugin(Plugin):
    # Full name -> result name, for annotations and for calls.
    RESULT_ANNOTATIONS: ClassVar[dict[str, str]] = {
        f"{_ANNOTATIONS}.{name}": name for name in RESULTS
    }
    # Inputs with a value ("Hand[...]"); flags and Rules need no hook of their own.
    INPUT_ANNOTATIONS: ClassVar[dict[str, str]] = {
        f"{_ANNOTATIONS}.{name}": name
        for name in INPUTS if name not in FLAG_INPUTS and name not in ("Explain", "Rules")
    }
    # Function forms, from the core's result table; explain() has no result of its own.
    RESULT_FUNCTIONS: ClassVar[dict[str, str]] = {
        **FUNCTION_RESULTS, "typed_mahjong.query.functions.explain": EXPLAIN,
    }
    # Table rows (cases.points(..., expect=1300)): constructor full name -> its name.
    CASE_FUNCTIONS: ClassVar[dict[str, str]] = {
        f"typed_mahjong.query.cases.{form}": form for form in CASE_FORMS
    }

    def __init__(self, options: Options) -> None:
        super().__init__(options)
        config = load_config(options.config_file)
        stamp = f"{PLUGIN_VERSION}:{cache.sources_digest()}:{config.fingerprint()}"
        if "mypy.dmypy_server" in sys.modules:
            _publish_settings_version(config)
        # dmypy runs in fine-grained mode and reads the settings only when it starts.
        self._state = State(config, daemon=options.fine_grained_incremental,
                            side_dir=cache.side_files_dir(options), stamp=stamp)
        # The hooks' modules that need the query layer are loaded when first called: mypy
        # loads the plugin for every run, also one with no annotation of ours to read.
        later = _LoadedLater()
        self._type_hooks: dict[str, Callable[[AnalyzeTypeContext], Type]] = {
            **{fullname: partial(later.analyze_input_alone, name=name)
               for fullname, name in self.INPUT_ANNOTATIONS.items()},
            **{fullname: partial(self._state.fast.result_hook, result)
               for fullname, result in self.RESULT_ANNOTATIONS.items()},
        }
        self._function_hooks: dict[str, Callable[[FunctionContext], Type]] = {
            **{fullname: partial(_analyze_call, result=result, state=self._state)
               for fullname, result in self.RESULT_FUNCTIONS.items()},
            **{fullname: partial(_analyze_case, form=form, state=self._state)
               for fullname, form in self.CASE_FUNCTIONS.items()},
        }
        compare = ComparisonHook(frozenset(self.RESULT_FUNCTIONS))
        self._method_hooks: dict[str, Callable[[MethodContext], Type]] = {
            **{fullname: compare.hook(equal) for fullname, equal in EQUALITY_METHODS.items()},
            # parametrize rows against the test's annotated parameters.
            PARAMETRIZE_METHOD: later.parametrize,
        }

        # mypy asks for a hook by name on every annotation, call and comparison it checks;
        # these methods only look the name up. The bound ``get`` of each table, put on the
        # instance, is what mypy then calls (its compiled plugin chain looks the method up
        # on the instance): no Python frame for each question. The methods stay the
        # interface, and answer the same.
        setattr(self, "get_type_analyze_hook", self._type_hooks.get)  # noqa: B010
        setattr(self, "get_function_hook", self._function_hooks.get)  # noqa: B010
        setattr(self, "get_method_hook", self._method_hooks.get)  # noqa: B010

    @override
    def set_modules(self, modules: dict[str, MypyFile]) -> None:
        super().set_modules(modules)
        if self._state.config.problems:
            # Checking hands under settings nobody meant would only mislead: stop, the way
            # mypy stops on a broken config file.
            raise CompileError([f"{printable(problem)}  [{errors.CONFIG.code}]"
                                for problem in self._state.config.problems])

    @override
    def get_type_analyze_hook(self, fullname: str) -> Callable[[AnalyzeTypeContext], Type] | None:
        # mypy asks about every name in every annotation: one dict lookup.
        return self._type_hooks.get(fullname)

    @override
    def get_base_class_hook(self, fullname: str) -> Callable[[ClassDefContext], None] | None:
        # The stub's input classes (Hand, Ron ...): generic for pyright, plain for mypy.
        return _plain_input_class if fullname == f"{_ANNOTATIONS}._Input" else None

    @override
    def get_function_hook(self, fullname: str) -> Callable[[FunctionContext], Type] | None:
        return self._function_hooks.get(fullname)

    @override
    def get_method_hook(self, fullname: str) -> Callable[[MethodContext], Type] | None:
        # == and != on int, str and tuple: a computed value against a different literal;
        # pytest's parametrize(): the rows against the test's annotated parameters.
        return self._method_hooks.get(fullname)

    @override
    def report_config_data(self, ctx: ReportConfigContext) -> Any:
        if not cache.reports_for(self.options, ctx.id, ctx.path):
            return None
        data: dict[str, object] = {
            "plugin": PLUGIN_VERSION,
            "sources": cache.sources_digest(),
            "settings": self._state.config.fingerprint(),
        }
        side_dir = self._state.side_dir
        if side_dir is None:
            return data
        if ctx.is_check:
            used = games.recorded_games(side_dir, ctx.id)
        else:
            # mypy is writing this module's cache entry: keep what the module used.
            used = self._state.games_used_by(ctx.id)
            try:
                games.record_games(side_dir, ctx.id, used)
                self._state.memo.save(ctx.id)
            except OSError:
                pass  # without side files the module is only checked (and scored) again
        if used:
            data["games"] = games.digests(used)
        return data


class _LoadedLater:
    """The hooks of one plugin instance whose modules need the query layer: each loads its
    module at its first call (with the state it keeps: the current statement's subscripts,
    parametrize's)."""

    def __init__(self) -> None:
        self._result_arguments: Any = None  # annotation_hook.ResultArguments
        self._parametrize: Callable[[MethodContext], Type] | None = None

    def analyze_input_alone(self, ctx: AnalyzeTypeContext, name: str) -> Type:
        from .annotation_hook import ResultArguments, analyze_input_alone

        if self._result_arguments is None:
            self._result_arguments = ResultArguments()
        return analyze_input_alone(ctx, name, self._result_arguments)

    def parametrize(self, ctx: MethodContext) -> Type:
        if self._parametrize is None:
            from .parametrize import ParametrizeHook

            self._parametrize = ParametrizeHook()
        return self._parametrize(ctx)


def _plain_input_class(ctx: ClassDefContext) -> None:
    from .annotation_hook import plain_input_class

    plain_input_class(ctx)


def _analyze_call(ctx: FunctionContext, result: str, state: State) -> Type:
    from .function_hook import analyze_call

    return analyze_call(ctx, result, state)


def _analyze_case(ctx: FunctionContext, form: str, state: State) -> Type:
    from .case_hook import analyze_case

    return analyze_case(ctx, form, state)


def _publish_settings_version(config: PluginConfig) -> None:
    """Make ``dmypy run`` restart when the settings change.

    On every ``dmypy run`` the daemon loads the plugins again (constructing this class with
    the freshly read options) and restarts itself when the "plugins snapshot" differs from
    the one it started with; that snapshot is the plugin module's ``__version__`` and file
    digest, taken right after construction. Putting the settings' fingerprint (and their
    problems) into ``__version__`` makes a change of rules a change of plugin: the daemon
    restarts with the new settings instead of answering with the old ones. Only inside the
    daemon: plain mypy writes the snapshot into its cache, where a change would make it check
    the standard library again for a rules change.
    """
    import typed_mahjong.plugin as package

    digest = hashlib.sha256(
        "\n".join((config.fingerprint(), *config.problems)).encode()).hexdigest()[:16]
    setattr(package, "__version__", f"{PLUGIN_VERSION}+settings.{digest}")  # noqa: B010
