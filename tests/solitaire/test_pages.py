"""The web pages of solitaire come from the package's Jinja2 templates (issue 44): one
stylesheet for both pages, and what a page is given is escaped where it is shown."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

from test_review import TRAP_GAME

from typed_mahjong.solitaire.play_page import play_page
from typed_mahjong.solitaire.review import load_game, review
from typed_mahjong.solitaire.review_html import review_page

TEMPLATES = resources.files("typed_mahjong.solitaire") / "templates"


def _style(page: str) -> str:
    styles = re.findall(r"<style>(.*?)</style>", page, re.S)
    assert len(styles) == 1
    return str(styles[0])


def _review(title_path: Path | None = None) -> str:
    record = load_game(str(title_path or TRAP_GAME))
    return review_page(record, review(record.position, record.moves))


def test_both_pages_inline_the_one_stylesheet() -> None:
    play, reviewed = play_page(), _review()
    assert _style(play) == _style(reviewed)
    assert '<html lang="en" class="play">' in play
    assert '<html lang="en" class="review">' in reviewed
    # No rule is written twice: each selector list starts one rule.
    stylesheet = TEMPLATES.joinpath("solitaire.css").read_text(encoding="utf-8")
    selectors = re.findall(r"^([^\s{}/][^{}]*?)\s*\{", stylesheet, re.M)
    assert selectors and len(selectors) == len(set(selectors))


def test_the_pages_need_no_template_syntax_left_and_no_network() -> None:
    for page in (play_page(), _review()):
        assert "{{" not in page and "{%" not in page and "{#" not in page
        assert "http://" not in page and "https://" not in page
        assert page.startswith("<!DOCTYPE html>\n")


def test_a_title_from_a_file_name_is_escaped(tmp_path: Path) -> None:
    layout = (TRAP_GAME.parent / "../../typed_mahjong/solitaire/layouts/trap.tiles").resolve()
    game = tmp_path / 'a<b>"c"&d.game'
    game.write_text(TRAP_GAME.read_text(encoding="utf-8").replace(
        "layout ../../typed_mahjong/solitaire/layouts/trap.tiles", f"layout {layout}"),
        encoding="utf-8")
    page = _review(game)
    assert "a<b>" not in page.replace("\\u003c", "")
    assert 'a&lt;b&gt;&#34;c&#34;&amp;d.game</title>' in page
