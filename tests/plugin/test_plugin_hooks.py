"""The plugin class's hooks are marked ``@override`` (issue 44), as django-stubs marks its
own: a hook whose name is misspelt is never called by mypy, silently. ``mypy --strict``
refuses an ``@override`` that overrides nothing; this test refuses a hook left unmarked.
"""

from __future__ import annotations

import inspect

from mypy.options import Options
from mypy.plugin import Plugin

from typed_mahjong.plugin.main import TypedMahjongPlugin

HOOKS = {"get_type_analyze_hook", "get_base_class_hook", "get_function_hook",
         "get_method_hook", "report_config_data", "set_modules"}


def test_each_method_the_plugin_defines_is_a_marked_override_of_mypys_plugin() -> None:
    defined = {name: value for name, value in vars(TypedMahjongPlugin).items()
               if inspect.isfunction(value) and name != "__init__"}
    assert HOOKS <= set(defined)
    # mypy is compiled: its Plugin's methods are callables, not Python functions.
    assert [name for name in defined if not callable(getattr(Plugin, name, None))] == []
    assert [name for name, value in defined.items()
            if getattr(value, "__override__", False) is not True] == []


def test_the_hook_lookups_mypy_calls_answer_as_the_methods_do() -> None:
    # mypy calls what the instance holds under each name: the tables' own lookups.
    options = Options()
    options.config_file = None
    plugin = TypedMahjongPlugin(options)
    names = ["typed_mahjong.query.annotations.Points", "typed_mahjong.query.annotations.Hand",
             "typed_mahjong.query.functions.points", "builtins.int.__eq__",
             "builtins.str.__ne__", "builtins.len", "m.Unrelated", ""]
    for hook in ("get_type_analyze_hook", "get_function_hook", "get_method_hook"):
        method = getattr(TypedMahjongPlugin, hook)
        assert [getattr(plugin, hook)(name) for name in names] == [
            method(plugin, name) for name in names]
    assert plugin.get_type_analyze_hook(names[0]) is not None
    assert plugin.get_method_hook(names[3]) is not None
    assert plugin.get_function_hook(names[2]) is not None
