"""The web pages of solitaire, from the package's Jinja2 templates (``solitaire/templates``).

``play.html`` (``play_page``) and ``review.html`` (``review_html``) each inline the one
stylesheet, ``solitaire.css``, and the board's script, ``board.js`` (see its header: one
panel per layer, free and blocked tiles told apart without colour), then their own script:
a page needs no network and no file beside it. HTML templates escape what they are given;
a value given ``| safe`` is made safe by its caller.
"""

from __future__ import annotations

from functools import cache

import jinja2

TEMPLATE_PACKAGE = "typed_mahjong.solitaire"


@cache
def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader(TEMPLATE_PACKAGE, "templates"),
        autoescape=jinja2.select_autoescape(enabled_extensions=("html",),
                                            default_for_string=False),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        keep_trailing_newline=True,
    )


def render(template: str, **context: object) -> str:
    """The text of the template ``template`` of ``solitaire/templates`` with ``context``."""
    return _environment().get_template(template).render(**context)
