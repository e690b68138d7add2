"""What evaluating one annotation or call gives: a Verdict, or a Problem to report."""

from __future__ import annotations

from typing import NamedTuple

from mypy.errorcodes import ErrorCode
from mypy.nodes import Context
from mypy.plugin import CheckerPluginInterface, TypeAnalyzerPluginInterface

# The query layer's verdict: the plugin and the language server answer alike.
from typed_mahjong.query.outcomes import Verdict

from . import errors
from .locate import shown

__all__ = ["Problem", "Verdict", "internal_problem", "report_internal"]


# NamedTuples rather than dataclasses: a big fixtures module creates one per annotation.
class Problem(NamedTuple):
    code: ErrorCode
    message: str
    field: str | None = None  # the core argument at fault: "hand", "win", "dora", ...
    position: int | None = None  # 0-based offset inside that argument's text


def internal_problem(exc: BaseException) -> Problem:
    return Problem(errors.INTERNAL, f"typed-mahjong plugin: unexpected {type(exc).__name__}: "
                                    f"{exc} (please report this)")


def report_internal(api: CheckerPluginInterface | TypeAnalyzerPluginInterface, context: Context,
                    exc: BaseException) -> None:
    """Report a plugin bug as a ``mahjong-internal`` error at ``context``: each hook catches
    every exception and ends here, so mypy itself never crashes on our account."""
    problem = internal_problem(exc)
    api.fail(shown(problem.message), context, code=problem.code)
