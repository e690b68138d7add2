"""Jinja2 rendering: one environment, filters for Python literals, one function per output."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import jinja2

TEMPLATE_PACKAGE = "typed_mahjong.codegen"


def python_string(text: str) -> str:
    """A double-quoted Python string literal for ``text`` (no eval needed to trust it)."""
    body = repr(text)[1:-1]
    if repr(text).startswith('"'):
        return repr(text)  # repr chose double quotes because text has ' and no "
    return '"' + body.replace("\\'", "'").replace('"', '\\"') + '"'


def python_literal(value: object) -> str:
    """The source text of a bool, int, str or None value (or a tuple or list of them)."""
    if value is None or isinstance(value, bool | int):
        return repr(value)
    if isinstance(value, str):
        return python_string(value)
    if isinstance(value, tuple | list):
        items = [python_literal(item) for item in value]
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    raise TypeError(f"no Python literal for {value!r}")


def docstring_text(text: str) -> str:
    """``text`` made safe inside a triple-quoted docstring: one line, quotes and
    backslashes escaped, characters that cannot stand in source written as escapes."""
    escaped = []
    for char in " ".join(text.split()):
        if char in '\\"':
            escaped.append("\\" + char)
        elif char.isprintable():
            escaped.append(char)
        else:
            escaped.append(repr(char)[1:-1])
    return "".join(escaped)


def literal_type(value: object) -> str:
    """``Literal[1300]``, ``Literal["1300"]``, or ``None``: the exact type of ``value``."""
    if value is None:
        return "None"
    return f"Literal[{python_literal(value)}]"


def python_string_lines(text: str, indent: int, width: int = 80) -> str:
    """``text`` as adjacent string literals, one per line (for long messages in code)."""
    chunks: list[str] = []
    line = ""
    for word in text.split(" "):
        if line and len(line) + len(word) + 1 > width:
            chunks.append(line + " ")
            line = word
        else:
            line = f"{line} {word}" if line else word
    chunks.append(line)
    if len(chunks) == 1:
        return python_string(text)
    separator = "\n" + " " * indent
    return "(" + separator.join(python_string(chunk) for chunk in chunks) + ")"


def final_field(name: str, value: object, width: int = 100) -> str:
    """A class-body line ``name: Final[Literal[v]] = v``, wrapped if longer than ``width``."""
    line = f"    {name}: Final[{literal_type(value)}] = {python_literal(value)}"
    if len(line) <= width:
        return line
    first = f"    {name}: Final[{literal_type(value)}] = ("
    if len(first) <= width:
        return f"{first}\n        {python_literal(value)}\n    )"
    # The type alone is too long: it gets a line of its own (a string cannot be split
    # without changing its Literal type, so a line may still be long: ruff is told).
    lines = [f"    {name}: Final[", f"        {literal_type(value)}",
             f"    ] = {python_literal(value)}"]
    return "\n".join(line if len(line) <= width else f"{line}  # noqa: E501"
                     for line in lines)


def final_tuple_field(name: str, values: Sequence[str], width: int = 100) -> str:
    """``name: Final[tuple[Literal[a], ...]] = (a, ...)`` for a fixed tuple of strings."""
    types = ", ".join(literal_type(value) for value in values)
    items = ", ".join(python_string(value) for value in values)
    line = f"    {name}: Final[tuple[{types}]] = ({items}{',' if len(values) == 1 else ''})"
    if len(line) <= width:
        return line
    lines = [f"    {name}: Final[", "        tuple["]
    lines += [f"            {literal_type(value)}," for value in values]
    lines += ["        ]", "    ] = ("]
    lines += [f"        {python_string(value)}," for value in values]
    lines.append("    )")
    return "\n".join(lines)


def final_values_field(name: str, values: Sequence[object], width: int = 100) -> str:
    """``name: Final[tuple[Literal[a], ...]] = (a, ...)`` for a fixed tuple of literals
    (``tuple[()]`` when empty), one item a line if longer than ``width``."""
    if not values:
        return f"    {name}: Final[tuple[()]] = ()"
    types = [literal_type(value) for value in values]
    items = [python_literal(value) for value in values]
    return _tuple_lines(name, types, items, width)


def final_pairs_field(name: str, pairs: Sequence[tuple[str, object]], width: int = 100) -> str:
    """``name: Final[tuple[tuple[Literal[k], Literal[v]], ...]] = ((k, v), ...)``."""
    if not pairs:
        return f"    {name}: Final[tuple[()]] = ()"
    types = [f"tuple[{literal_type(key)}, {literal_type(value)}]" for key, value in pairs]
    items = [python_literal((key, value)) for key, value in pairs]
    return _tuple_lines(name, types, items, width)


def _tuple_lines(name: str, types: Sequence[str], items: Sequence[str], width: int) -> str:
    comma = "," if len(items) == 1 else ""
    line = f"    {name}: Final[tuple[{', '.join(types)}]] = ({', '.join(items)}{comma})"
    if len(line) <= width:
        return line
    lines = [f"    {name}: Final[", "        tuple["]
    lines += [f"            {item_type}," for item_type in types]
    lines += ["        ]", "    ] = ("]
    lines += [f"        {item}," for item in items]
    lines.append("    )")
    return "\n".join(lines)


def getitem_overload(parameter: str, keys: Sequence[int], result: str,
                     width: int = 100) -> str:
    """An ``@overload`` of ``__getitem__`` taking ``Literal[keys]``, wrapped if too long."""
    literal = f"Literal[{', '.join(map(str, keys))}]"
    line = f"    def __getitem__(self, {parameter}: {literal}) -> {result}: ..."
    if len(line) > width:
        line = (f"    def __getitem__(\n        self, {parameter}: {literal}\n"
                f"    ) -> {result}: ...")
    return "    @overload\n" + line


def _environment() -> jinja2.Environment:
    environment = jinja2.Environment(
        loader=jinja2.PackageLoader(TEMPLATE_PACKAGE, "templates"),
        # Only the HTML page is escaped; Python and Markdown templates must stay verbatim.
        autoescape=jinja2.select_autoescape(enabled_extensions=("html.j2",),
                                            default_for_string=False),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    environment.filters["pystr"] = python_string
    environment.filters["pystr_lines"] = python_string_lines
    environment.filters["pylit"] = python_literal
    environment.filters["littype"] = literal_type
    environment.filters["doc"] = docstring_text
    environment.globals["field"] = final_field
    environment.globals["tuple_field"] = final_tuple_field
    environment.globals["int_tuple_field"] = final_values_field
    environment.globals["pairs_field"] = final_pairs_field
    environment.globals["getitem_overload"] = getitem_overload
    return environment


def render(template: str, context: Mapping[str, object]) -> str:
    """Render one template of ``codegen/templates`` with ``context``."""
    return _environment().get_template(template).render(**context)
