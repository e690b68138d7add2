"""Markdown and HTML tables against the published riichi score tables.

PUBLISHED holds the standard printed table (no kiriage), typed in from the well-known
values, with "" where printed tables leave the cell empty. Each value can be checked by
hand: basic = fu * 2**(han + 2); non-dealer ron 4x, dealer ron 6x, tsumo 1x/2x shares,
each rounded up to 100, and 2000 basic (mangan) at most.
"""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from typed_mahjong.codegen.tables import table_text
from typed_mahjong.core.rules import Rules, rules_from

FU_ROWS = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
# One row per fu, columns 1-4 han.
PUBLISHED = {
    "Non-dealer ron": [
        ["", "", "", ""],
        ["", "1600", "3200", "6400"],
        ["1000", "2000", "3900", "7700"],
        ["1300", "2600", "5200", "8000"],
        ["1600", "3200", "6400", "8000"],
        ["2000", "3900", "7700", "8000"],
        ["2300", "4500", "8000", "8000"],
        ["2600", "5200", "8000", "8000"],
        ["2900", "5800", "8000", "8000"],
        ["3200", "6400", "8000", "8000"],
        ["3600", "7100", "8000", "8000"],
    ],
    "Non-dealer tsumo": [
        ["", "400-700", "700-1300", "1300-2600"],
        ["", "", "800-1600", "1600-3200"],
        ["300-500", "500-1000", "1000-2000", "2000-3900"],
        ["400-700", "700-1300", "1300-2600", "2000-4000"],
        ["400-800", "800-1600", "1600-3200", "2000-4000"],
        ["500-1000", "1000-2000", "2000-3900", "2000-4000"],
        ["600-1200", "1200-2300", "2000-4000", "2000-4000"],
        ["700-1300", "1300-2600", "2000-4000", "2000-4000"],
        ["800-1500", "1500-2900", "2000-4000", "2000-4000"],
        ["800-1600", "1600-3200", "2000-4000", "2000-4000"],
        ["", "1800-3600", "2000-4000", "2000-4000"],
    ],
    "Dealer ron": [
        ["", "", "", ""],
        ["", "2400", "4800", "9600"],
        ["1500", "2900", "5800", "11600"],
        ["2000", "3900", "7700", "12000"],
        ["2400", "4800", "9600", "12000"],
        ["2900", "5800", "11600", "12000"],
        ["3400", "6800", "12000", "12000"],
        ["3900", "7700", "12000", "12000"],
        ["4400", "8700", "12000", "12000"],
        ["4800", "9600", "12000", "12000"],
        ["5300", "10600", "12000", "12000"],
    ],
    "Dealer tsumo": [
        ["", "700-all", "1300-all", "2600-all"],
        ["", "", "1600-all", "3200-all"],
        ["500-all", "1000-all", "2000-all", "3900-all"],
        ["700-all", "1300-all", "2600-all", "4000-all"],
        ["800-all", "1600-all", "3200-all", "4000-all"],
        ["1000-all", "2000-all", "3900-all", "4000-all"],
        ["1200-all", "2300-all", "4000-all", "4000-all"],
        ["1300-all", "2600-all", "4000-all", "4000-all"],
        ["1500-all", "2900-all", "4000-all", "4000-all"],
        ["1600-all", "3200-all", "4000-all", "4000-all"],
        ["", "3600-all", "4000-all", "4000-all"],
    ],
}
# han, name, non-dealer ron, non-dealer tsumo, dealer ron, dealer tsumo.
PUBLISHED_LIMITS = [
    ["5", "mangan", "8000", "2000-4000", "12000", "4000-all"],
    ["6-7", "haneman", "12000", "3000-6000", "18000", "6000-all"],
    ["8-10", "baiman", "16000", "4000-8000", "24000", "8000-all"],
    ["11-12", "sanbaiman", "24000", "6000-12000", "36000", "12000-all"],
    ["13", "kazoe yakuman", "32000", "8000-16000", "48000", "16000-all"],
]


def markdown_tables(text: str) -> dict[str, list[list[str]]]:
    """Section title -> table body rows (cells stripped), from '## title' + a pipe table."""
    tables: dict[str, list[list[str]]] = {}
    title = ""
    for line in text.splitlines():
        if line.startswith("## "):
            title = line[3:]
        elif line.startswith("|") and not line.startswith("|---"):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            tables.setdefault(title, []).append(cells)
    return {name: rows[1:] for name, rows in tables.items()}  # drop the header row


def with_fu(grid: list[list[str]]) -> list[list[str]]:
    return [[str(fu), *row] for fu, row in zip(FU_ROWS, grid, strict=True)]


@pytest.fixture(scope="module")
def tenhou_markdown() -> dict[str, list[list[str]]]:
    return markdown_tables(table_text(rules_from("tenhou"), "markdown", 110, ["codegen"]))


@pytest.mark.parametrize("title", list(PUBLISHED))
def test_markdown_grid_equals_the_published_table(
        title: str, tenhou_markdown: dict[str, list[list[str]]]) -> None:
    assert tenhou_markdown[title] == with_fu(PUBLISHED[title])


def test_markdown_limits(tenhou_markdown: dict[str, list[list[str]]]) -> None:
    assert tenhou_markdown["Limits (fu no longer counts)"] == PUBLISHED_LIMITS


def test_kiriage_rounds_1920_basic_points_up() -> None:
    # WRC: kiriage, and no kazoe yakuman (13 han stays sanbaiman).
    tables = markdown_tables(table_text(rules_from("wrc"), "markdown", 110, ["codegen"]))
    # 4 han 30 fu and 3 han 60 fu are 1920 basic points: mangan.
    assert tables["Non-dealer ron"][2][4] == "8000"
    assert tables["Non-dealer ron"][5][3] == "8000"
    assert tables["Dealer tsumo"][2][4] == "4000-all"
    # 1 han 110 fu: no ron either (a double-wind pair is 2 fu here), see test_codegen_mask.
    assert tables["Non-dealer ron"][10][1] == ""
    assert tables["Limits (fu no longer counts)"][-1][:3] == ["11-13", "sanbaiman", "24000"]


def test_aotenjou_has_no_limit_rows_and_all_13_han() -> None:
    text = table_text(rules_from("tenhou", aotenjou=True), "markdown", 110, ["codegen"])
    tables = markdown_tables(text)
    assert "Limits (fu no longer counts)" not in tables
    row_30 = tables["Non-dealer ron"][2]
    # 30 fu, 13 han: 30 * 2**15 = 983 040 basic; x4 = 3 932 160 -> 3 932 200.
    assert len(row_30) == 14 and row_30[13] == "3932200"
    # 5 han 30 fu is no longer mangan: 30 * 2**7 = 3840; x4 = 15 360 -> 15 400.
    assert row_30[5] == "15400"


def test_markdown_lists_the_masked_cells_and_header() -> None:
    text = table_text(rules_from("tenhou"), "markdown", 110,
                      ["codegen", "tables", "--format", "markdown", "-o", "t.md"])
    assert text.startswith("<!-- Generated by typed-mahjong codegen")
    assert "typed-mahjong codegen tables --format markdown -o t.md" in text
    assert "- 20 fu ron, any han: no ron scores 20 fu" in text
    assert "- 110 fu tsumo, 1 han: 110 fu on a tsumo needs at least 2 han" in text


class _Tables(HTMLParser):
    """caption -> rows of cell texts (th and td), body rows only."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self._caption = ""
        self._row: list[str] | None = None
        self._cell: list[str] | None = None
        self._in_caption = False
        self._in_body = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "caption":
            self._in_caption, self._caption = True, ""
        elif tag == "tbody":
            self._in_body = True
        elif tag == "tr" and self._in_body:
            self._row = []
        elif tag in ("td", "th") and self._row is not None:
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "caption":
            self._in_caption = False
        elif tag == "tbody":
            self._in_body = False
        elif tag in ("td", "th") and self._row is not None and self._cell is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.tables.setdefault(self._caption, []).append(self._row)
            self._row = None

    def handle_data(self, data: str) -> None:
        if self._in_caption:
            self._caption += data
        elif self._cell is not None:
            self._cell.append(data)


def test_html_tables_equal_the_published_table() -> None:
    parser = _Tables()
    text = table_text(rules_from("tenhou"), "html", 110, ["codegen"])
    parser.feed(text)
    for title, grid in PUBLISHED.items():
        assert parser.tables[title] == with_fu(grid), title
    assert parser.tables["Limits (fu no longer counts)"] == PUBLISHED_LIMITS
    assert text.startswith("<!-- Generated by typed-mahjong codegen")
    assert "<!DOCTYPE html>" in text


def test_html_escapes_text_and_keeps_the_header_one_comment() -> None:
    # A Rules value built through the API may carry any name; the page must escape it.
    text = table_text(Rules(name="<b>x</b>"), "html", 110, ["codegen", "odd-->name"])
    assert "&lt;b&gt;x&lt;/b&gt;" in text and "<b>x" not in text
    header, _, rest = text.partition("-->")
    assert "<!DOCTYPE html>" not in header and rest.lstrip().startswith("<!DOCTYPE html>")
