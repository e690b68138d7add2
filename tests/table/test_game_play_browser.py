"""``game play`` in a real browser: headless Chromium over the DevTools protocol
(tests/solitaire/cdp.py). A seeded round played by clicks to a win; the points the page
shows before the win is taken are ``typed-mahjong game score``'s on the same hand.

A whole seeded 4-round forest game is played by clicks to its final standings, a call
and a concealed kong are made by a click.

With TYPED_MAHJONG_SCREENSHOTS=DIR the table, the win and a call offered are written to
DIR (docs/ keeps them: game-table.png, game-win.png, game-call.png).
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from table_helpers import person_moves, seed_the_person_wins
from test_calls import HK, person_offered_a_call
from test_kongs import person_offered_a_kong

from typed_mahjong import games
from typed_mahjong.table.match import Match
from typed_mahjong.table.play_server import TableServer

sys.path.insert(0, str(Path(__file__).parent.parent / "solitaire"))
from cdp import Chromium  # noqa: E402 - the solitaire tests' driver, shared
from test_play import ctrl_c_as_at_a_terminal  # noqa: E402
from test_review import chromium  # noqa: E402

FOREST = games.load(games.builtin_path("forest"))
CLI = [sys.executable, "-c", "import sys; from typed_mahjong.cli import main; sys.exit(main())"]


@pytest.fixture
def seed() -> int:
    return seed_the_person_wins(FOREST)


@pytest.fixture
def play_url(seed: int) -> Iterator[str]:
    process = subprocess.Popen(
        [*CLI, "game", "play", "forest", "--seed", str(seed), "--rounds", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=ctrl_c_as_at_a_terminal)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert " at http://127.0.0.1:" in line, line
        yield line.split(" at ")[1].split()[0]
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
        assert process.returncode == 0 and "stopped" in out, err
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


def cli_points(hand: str) -> int:
    out = subprocess.run([*CLI, "game", "score", "forest", hand], capture_output=True,
                         text=True, check=True, timeout=60).stdout
    found = re.search(r"total\s+(\d+) points", out)
    assert found, out
    return int(found.group(1))


@pytest.mark.slow
def test_a_seeded_round_played_by_clicks_wins_the_points_game_score_gives(
        seed: int, play_url: str, tmp_path: Path) -> None:
    binary = chromium()
    if binary is None:
        if os.environ.get("CI"):
            pytest.fail("CI is set but Chromium is not installed (apt-get install chromium)")
        pytest.skip("Chromium is not installed (apt-get install chromium); CI is not set")
    moves, expected = person_moves(FOREST, seed)
    assert moves[-1] == ("win", "") and expected.round.win is not None
    shots = Path(os.environ.get("TYPED_MAHJONG_SCREENSHOTS", tmp_path))
    browser = Chromium(binary, tmp_path / "profile", width=1100, height=900)
    try:
        browser.open(play_url)
        for number, (kind, tile) in enumerate(moves):
            if kind == "discard":
                browser.wait_for("document.body.dataset.phase === 'discard' && "
                                 "document.querySelectorAll('#hand .tile:not(:disabled)')"
                                 ".length > 0")
                before = browser.evaluate("document.body.dataset.moves")
                if number == 0:
                    browser.screenshot(shots / "game-table.png")
                browser.click(f'#hand .tile[data-tile="{tile}"]')
                browser.wait_for(f"document.body.dataset.moves !== '{before}'")
            else:
                shown = browser.wait_for("document.body.dataset.offer")
                text = browser.evaluate("document.getElementById('offer-text').textContent")
                win = expected.round.win
                assert win.hand in text
                assert int(shown) == cli_points(win.hand) == win.score.points
                browser.click("#win")
                browser.wait_for("document.body.dataset.phase === 'over'")
                result = browser.evaluate(
                    "document.getElementById('result-text').dataset.points")
                assert int(result) == win.score.points
                browser.screenshot(shots / "game-win.png")
        assert browser.evaluate("document.body.dataset.finished") == "yes"
        standings = browser.evaluate("document.getElementById('standings').textContent")
        assert standings.startswith("Final standings: 1. You")
    finally:
        browser.close()


@pytest.mark.slow
def test_a_whole_forest_game_is_played_by_clicks_to_its_final_standings(
        tmp_path: Path) -> None:
    binary = chromium()
    if binary is None:
        if os.environ.get("CI"):
            pytest.fail("CI is set but Chromium is not installed (apt-get install chromium)")
        pytest.skip("Chromium is not installed (apt-get install chromium); CI is not set")
    # the page's match and this one have the same seed and the same moves: the same game
    moves, expected = person_moves(FOREST, 2, rounds=FOREST.rounds, whole=True)
    assert expected.finished and len(expected.results) == FOREST.rounds == 4
    served = TableServer(Match(FOREST, 2, source="forest"), 0)
    served.serve_in_background()
    browser = Chromium(binary, tmp_path / "profile", width=1100, height=900)
    try:
        browser.open(f"http://127.0.0.1:{served.port}/")
        browser.wait_for("document.body.dataset.round === '1'")
        finished_rounds = 0
        for kind, tile in moves:
            if kind == "discard":
                browser.wait_for("document.body.dataset.phase === 'discard' && "
                                 "document.querySelectorAll('#hand .tile:not(:disabled)')"
                                 ".length > 0")
                before = browser.evaluate("document.body.dataset.moves")
                browser.click(f'#hand .tile[data-tile="{tile}"]')
                browser.wait_for(f"document.body.dataset.moves !== '{before}'")
            elif kind == "win":
                browser.wait_for("document.body.dataset.offer")
                browser.click("#win")
                browser.wait_for("document.body.dataset.phase === 'over'")
            else:
                assert kind == "next", kind  # forest has no calls or kongs
                browser.wait_for("document.body.dataset.phase === 'over'")
                win = expected.results[finished_rounds]
                shown = browser.evaluate(
                    "document.getElementById('result-text').dataset.points || ''")
                assert shown == ("" if win is None else str(win.score.points))
                finished_rounds += 1
                browser.click("#next")
                browser.wait_for(f"document.body.dataset.round === '{finished_rounds + 1}'")
        browser.wait_for("document.body.dataset.finished === 'yes'")
        assert finished_rounds == 3  # the fourth round ends the game: no next round
        standings = browser.evaluate("document.getElementById('standings').textContent")
        seat = {0: "You", 1: "Bot 1", 2: "Bot 2", 3: "Bot 3"}
        assert standings == "Final standings: " + " · ".join(
            f"{row['place']}. {seat[row['player']]} {row['score']}"
            for row in expected.standings())
        assert served.match.scores == expected.scores
    finally:
        browser.close()
        served.shutdown()
        served.server_close()


@pytest.mark.slow
def test_a_call_is_made_by_a_click_and_its_meld_shows(tmp_path: Path) -> None:
    binary = chromium()
    if binary is None:
        if os.environ.get("CI"):
            pytest.fail("CI is set but Chromium is not installed (apt-get install chromium)")
        pytest.skip("Chromium is not installed (apt-get install chromium); CI is not set")
    match = person_offered_a_call(HK)
    call = match.round.call_offers[0][0]
    served = TableServer(match, 0)
    served.serve_in_background()
    browser = Chromium(binary, tmp_path / "profile", width=1100, height=900)
    try:
        browser.open(f"http://127.0.0.1:{served.port}/")
        browser.wait_for("document.body.dataset.calls === '1'")
        shots = Path(os.environ.get("TYPED_MAHJONG_SCREENSHOTS", tmp_path))
        browser.screenshot(shots / "game-call.png")
        label = browser.evaluate("document.querySelector('button.call').textContent")
        assert label == f"{call.kind.capitalize()} {' '.join(call.meld)}"
        browser.click("button.call")
        browser.wait_for("document.querySelectorAll('#melds .meld .tile').length === 3")
        assert browser.evaluate("document.body.dataset.phase") == "discard"
        assert match.round.melds[0] == [call]
    finally:
        browser.close()
        served.shutdown()
        served.server_close()


@pytest.mark.slow
def test_a_concealed_kong_is_declared_by_a_click(tmp_path: Path) -> None:
    binary = chromium()
    if binary is None:
        if os.environ.get("CI"):
            pytest.fail("CI is set but Chromium is not installed (apt-get install chromium)")
        pytest.skip("Chromium is not installed (apt-get install chromium); CI is not set")
    match = person_offered_a_kong()  # the person holds four red after the first draw
    served = TableServer(match, 0)
    served.serve_in_background()
    browser = Chromium(binary, tmp_path / "profile", width=1100, height=900)
    try:
        browser.open(f"http://127.0.0.1:{served.port}/")
        browser.wait_for("document.body.dataset.kongs === '1'")
        label = browser.evaluate("document.querySelector('button.kong').textContent")
        assert label == "Concealed kong red red red red"
        browser.click("button.kong")
        # the kong shows as a concealed meld; the replacement 2p is drawn, no kong left
        browser.wait_for("document.querySelectorAll('#melds .meld.concealed .tile')"
                         ".length === 4")
        assert browser.evaluate("document.body.dataset.kongs") == ""
        assert browser.evaluate("document.querySelector('#hand .tile.drawn').dataset.tile"
                                ) == "2p"
        assert [call.text() for call in match.round.melds[0]] == ["[red red red red]"]
    finally:
        browser.close()
        served.shutdown()
        served.server_close()
