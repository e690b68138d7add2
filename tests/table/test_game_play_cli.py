"""``typed-mahjong game play``'s table options through the command line: ``--players`` and
``--rounds`` set the table the page serves, and out-of-range values are refused."""

from __future__ import annotations

import http.client
import json
import signal
import subprocess
import sys
from typing import Any

import pytest

from typed_mahjong.cli import main

CLI = [sys.executable, "-c", "import sys; from typed_mahjong.cli import main; sys.exit(main())"]


def ctrl_c_as_at_a_terminal() -> None:
    """SIGINT back to its default action in the server's process before it starts: a test
    run in the background inherits SIGINT ignored, and a Python started so never hears
    Ctrl-C (as tests/solitaire/test_play.py explains)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def served_state(*options: str) -> dict[str, Any]:
    """Start ``game play forest`` with ``options``, read the page's state once, stop it
    with Ctrl-C (it must exit 0)."""
    process = subprocess.Popen([*CLI, "game", "play", "forest", "--seed", "3", *options],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=ctrl_c_as_at_a_terminal)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert " at http://127.0.0.1:" in line, line
        port = int(line.split("http://127.0.0.1:")[1].split("/")[0])
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        connection.request("GET", "/api/state")
        response = connection.getresponse()
        assert response.status == 200
        state: dict[str, Any] = json.loads(response.read())
        connection.close()
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=30)
        assert process.returncode == 0, err
        return state
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


def test_players_and_rounds_set_the_table_the_page_serves() -> None:
    state = served_state("--players", "3", "--rounds", "2")
    # three seats, each dealt hand_size - 1 = 8 tiles; the dealer (seat 0, the person)
    # has drawn a ninth
    assert state["players"] == 3 and state["rounds"] == 2 and state["round"] == 1
    assert state["others"] == [9, 8, 8] and len(state["scores"]) == 3
    # 4 copies of 16 animals and 2 moons, less the deal and the dealer's draw
    assert state["wall"] == 66 - 3 * 8 - 1


def test_without_options_the_game_file_sets_the_table() -> None:
    state = served_state()
    assert state["players"] == 4 and state["rounds"] == 4  # forest's rules
    assert state["wall"] == 66 - 4 * 8 - 1


@pytest.mark.parametrize(("option", "value", "message"), [
    ("--players", "9", "9 is out of range (2 to 8)"),
    ("--players", "1", "1 is out of range (2 to 8)"),
    ("--rounds", "0", "0 is out of range (1 to 64)"),
    ("--rounds", "65", "65 is out of range (1 to 64)"),
    ("--rounds", "two", "'two' is not a whole number"),
])
def test_out_of_range_players_and_rounds_are_refused(
        option: str, value: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["game", "play", "forest", option, value]) == 2
    assert message in capsys.readouterr().err
