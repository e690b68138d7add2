"""``solitaire play`` in a real browser: headless Chromium driven over the DevTools
protocol (cdp.py). A person's game, click by click: the page's verdict after each move
must be the solver's on the same position; undo; the fatal move; the blocking tiles of
the dead position marked on the board, and what holds them shown on pointing.

With TYPED_MAHJONG_SCREENSHOTS=DIR the board's screenshots at a middle and the end step
are also written to DIR (docs/ keeps them: play-middle.png, play-end.png).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from cdp import Chromium
from test_play import ctrl_c_as_at_a_terminal
from test_review import TURTLE_GAME, chromium

from typed_mahjong.solitaire import load_game, parse_game, replay, solve

STATUS = {"solvable": "clearable", "unsolvable": "dead"}
MIDDLE = 20  # the move after which the middle screenshot is taken, and undo tried


@pytest.fixture
def play_url() -> Iterator[str]:
    """``solitaire play turtle --seed 7`` running; its URL."""
    process = subprocess.Popen(
        [sys.executable, "-c", "import sys; from typed_mahjong.cli import main; "
         "sys.exit(main())", "solitaire", "play", "turtle", "--seed", "7", "--budget", "20"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=ctrl_c_as_at_a_terminal)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert " at http://127.0.0.1:" in line, line + (process.stderr.read() if
                                                       process.stderr else "")
        yield line.split(" at ")[1].split()[0]
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
        assert process.returncode == 0 and "stopped" in out, err
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


def page_status(browser: Chromium, moves: int) -> str:
    """The verdict the page shows once it shows ``moves`` moves and has decided."""
    status: str = browser.wait_for(
        f"document.body.dataset.moves === '{moves}' && "
        "!['', 'pending'].includes(document.body.dataset.status) && "
        "document.body.dataset.status", timeout=120)
    return status


def tile(slot: int) -> str:
    return f'.tile[data-slot="{slot}"]'


def classes(browser: Chromium, selector: str) -> list[int]:
    found = browser.evaluate(
        f"[...document.querySelectorAll({selector!r})].map(el => Number(el.dataset.slot))")
    return sorted(found)


@pytest.mark.slow
def test_a_game_played_with_the_mouse_gets_the_solvers_verdicts(
    play_url: str, tmp_path: Path
) -> None:
    binary = chromium()
    if binary is None:
        if os.environ.get("CI"):
            pytest.fail("CI is set but Chromium is not installed (apt-get install chromium)")
        pytest.skip("Chromium is not installed (apt-get install chromium); CI is not set")
    # The recorded Turtle game of seed 7: its moves are the clicks, and the solver
    # decides each position it passes through, with no budget.
    record = load_game(str(TURTLE_GAME))
    start, moves = record.position, record.moves
    verdicts = [solve(replay(start, moves[:n])) for n in range(len(moves) + 1)]
    fatal = next(n for n, v in enumerate(verdicts) if v.status == "unsolvable")
    assert fatal > MIDDLE
    shots = Path(os.environ.get("TYPED_MAHJONG_SCREENSHOTS", tmp_path))
    browser = Chromium(binary, tmp_path / "profile", width=1280, height=760)
    try:
        browser.open(play_url)
        assert page_status(browser, 0) == STATUS[verdicts[0].status]
        for number, move in enumerate(moves[: fatal], start=1):
            browser.click(tile(move.first))
            assert classes(browser, ".tile.selected") == [move.first]
            browser.click(tile(move.second))
            shown = page_status(browser, number)
            assert shown == STATUS[verdicts[number].status], f"after move {number}"
            if number == MIDDLE:
                browser.screenshot(shots / "play-middle.png")
                # Undo: the pair is back on the board, with the verdict before it.
                browser.click("#undo")
                assert page_status(browser, number - 1) == STATUS[verdicts[number - 1].status]
                assert not set(classes(browser, ".tile.gone")) & {move.first, move.second}
                browser.click(tile(move.first))
                browser.click(tile(move.second))
                assert page_status(browser, number) == shown
        # The fatal move: dead, flagged, and the blocking tiles marked on the board.
        assert browser.evaluate("document.body.dataset.fatal") == str(fatal)
        banner = browser.evaluate("document.getElementById('status').textContent")
        assert "this was the fatal move" in banner
        at = replay(start, moves[:fatal])
        expected = {t for t in verdicts[fatal].blocking if at.is_free(t)}
        assert expected and set(classes(browser, ".tile.blocking")) == expected
        links = verdicts[fatal].links
        assert links, "the dead position's argument is tile by tile"
        # Pointing at a tile of the argument outlines the tiles that hold it.
        first = links[0]
        browser.point(tile(first.tile))
        assert set(classes(browser, ".tile.holder")) == set(first.others)
        # The reasons are a short list; the whole chain, one line a step, is folded under it.
        assert browser.evaluate("document.querySelectorAll('#why > li').length") <= 3
        assert browser.evaluate(
            "document.querySelectorAll('#why ol.chain > li').length") == len(links)
        crossed = browser.evaluate("document.querySelector('#why > li').textContent")
        assert all(at.describe(i) in crossed for i in expected), crossed
        browser.screenshot(shots / "play-end.png")
        # The saved record is the game played, and the review page has its fatal move.
        saved = parse_game(browser.evaluate("fetch('/api/record').then(r => r.text())"))
        assert list(saved.moves) == list(moves[:fatal]) and saved.position == start
        review = browser.evaluate("fetch('/review').then(r => r.text())")
        assert f'"fatal": {fatal}' in review
    finally:
        browser.close()
    for name in ("play-middle.png", "play-end.png"):
        data = (shots / name).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000

