"""Taking back mypy's ``Name "E" is not defined`` for strings that are our values.

``Seat["E"]``, ``Rules["majsoul"]``, ``Dora["N"]``: a string that also parses as a name
reaches mypy as a forward reference. In a function signature, an explicit ``TypeAlias`` and
a ``type X = ...`` statement, mypy's semantic analyser looks every name of the annotation up
*before* any plugin hook runs -- ``FindTypeVarVisitor.visit_unbound_type`` in
``mypy/typeanal.py`` calls ``lookup_qualified(name, t)`` without ``suppress_errors`` while
searching the signature / alias for type variables (``bind_function_type_variables``,
``SemanticAnalyzer.analyze_alias``), and it descends into the arguments of every generic-
looking name except ``Literal[...]``. No plugin hook runs before that lookup on these
positions, so the error is already reported when our type-analyse hook reads the string.

The hook, which knows the string is an input's value, removes exactly that error: same file,
line and column, code ``name-defined``, message ``Name "<the string>" is not defined...``
(and the notes mypy attached to it). mypy's error store is not part of the plugin interface,
so every step is guarded: if the store looks different, nothing is removed and the user sees
mypy's error, which ``Seat[Literal["E"]]`` avoids.
"""

from __future__ import annotations

from collections.abc import Iterable

from mypy.plugin import TypeAnalyzerPluginInterface

# The error is reported while the same signature or alias is analysed, just before the hook
# runs: only the newest entries of the file's error list are looked at, so a module with
# many other errors costs no more per annotation.
_RECENT = 64


def withdraw_name_errors(api: TypeAnalyzerPluginInterface,
                         names: Iterable[tuple[str, int, int]]) -> bool:
    """Remove mypy's "not defined" errors for ``(name, line, column)`` in the current file;
    whether any was there (and so removed)."""
    errors = getattr(getattr(api, "api", None), "errors", None)
    store = getattr(errors, "error_info_map", None)
    path = getattr(errors, "file", None)
    if not isinstance(store, dict) or not isinstance(path, str):
        return False
    infos = store.get(path)
    if not isinstance(infos, list) or not infos:
        return False  # the common case: no error in this file so far
    wanted = {(line, column): name for name, line, column in names}
    if not wanted:
        return False
    start = max(0, len(infos) - _RECENT)
    kept = []
    dropping = False
    for info in infos[start:]:
        where = (getattr(info, "line", None), getattr(info, "column", None))
        code = getattr(getattr(info, "code", None), "code", None)
        if dropping and getattr(info, "severity", None) == "note" and where in wanted:
            continue  # a note of the error just removed ("did you mean ...")
        dropping = False
        name = wanted.get(where)  # type: ignore[arg-type]
        message = getattr(info, "message", "")
        if (name is not None and code == "name-defined" and isinstance(message, str)
                and message.startswith(f'Name "{name}" is not defined')):
            dropping = True
            continue
        kept.append(info)
    if len(kept) == len(infos) - start:
        return False
    infos[start:] = kept
    return True
