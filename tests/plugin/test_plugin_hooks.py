"""The plugin class's hooks are marked ``@override`` (issue 44), as django-stubs marks its
own: a hook whose name is misspelt is never called by mypy, silently. ``mypy --strict``
refuses an ``@override`` that overrides nothing; this test refuses a hook left unmarked.
"""

from __future__ import annotations

import inspect

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
