"""A file that is not recognisably a game file is refused without quoting it (issue 30):
``game check /etc/passwd`` printed the whole file, and mypy showed part of it behind a
``Game["/etc/passwd"]`` annotation, so an annotation could copy any readable file into CI
logs. The error names the file and says why it is not a game file; nothing of its text.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from games_support import run
from hostile import assert_clean, run_capped

from typed_mahjong.games import GameError, load, loads, yamlsafe

SECRET = "hunter2-s3cr3t"

NOT_GAMES = {
    # One plain multi-line YAML scalar, as /etc/passwd reads.
    "passwd": f"root:x:0:0:root:/root:/bin/bash\nalice:{SECRET}:1000:1000::/home/alice:/bin/sh\n",
    "pem key": f"-----BEGIN OPENSSH PRIVATE KEY-----\n{SECRET}AAAAB3NzaC1yc2E\n"
               "-----END OPENSSH PRIVATE KEY-----\n",
    "env file": f"AWS_SECRET_ACCESS_KEY={SECRET}\n",
    "a list": f"- {SECRET}\n- t0k3n\n",
    "a number": "12345678\n",
    # A mapping, but with none of the sections only a game file has.
    "a config": f"password: {SECRET}\nuser: alice\nname: prod\n",
    "a quoted secret": f"token: '{SECRET}'\n",
    # YAML that does not parse: the parser's message must not carry the text either.
    "broken yaml": f"key: [{SECRET}\nother: {{{SECRET}\n",
    "bad anchor": f"a: &{SECRET} 1\nb: &{SECRET} 2\n",
    "tabs": f"key:\n\t{SECRET}\n",
}


@pytest.fixture(params=[True, False], ids=["libyaml", "pure-python"])
def yaml_path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Both YAML readers: their parsers word their errors differently."""
    use_libyaml: bool = request.param
    original = yamlsafe.compose
    monkeypatch.setattr(yamlsafe, "compose",
                        lambda text, use_libyaml=use_libyaml: original(text,
                                                                       use_libyaml=use_libyaml))
    return use_libyaml


@pytest.mark.parametrize("text", list(NOT_GAMES.values()), ids=list(NOT_GAMES))
def test_a_file_that_is_not_a_game_is_not_quoted(text: str, yaml_path: bool) -> None:
    with pytest.raises(GameError) as caught:
        loads(text, filename="secret.txt")
    shown = str(caught.value) + "\n".join(caught.value.problems)
    assert SECRET not in shown and "alice" not in shown, shown
    assert "12345678" not in shown and "t0k3n" not in shown, shown
    assert caught.value.filename == "secret.txt"


@pytest.mark.parametrize("text", [NOT_GAMES["passwd"], NOT_GAMES["a config"]],
                         ids=["scalar", "mapping"])
def test_the_error_says_it_is_not_a_game_file(text: str) -> None:
    with pytest.raises(GameError) as caught:
        loads(text, filename="secret.txt")
    assert caught.value.message.startswith("secret.txt:1:1: not a game file: ")
    assert "name, rules, tiles and yaku" in caught.value.message


def test_a_game_file_with_a_wrong_section_still_gets_its_value_shown() -> None:
    # Recognisably a game (it has rules, tiles and yaku): its own text may be quoted.
    text = "name: x\nrules: five\ntiles: {a: {n: 1}}\nyaku: {Y: {when: a.n == 1, points: 1}}\n"
    with pytest.raises(GameError) as caught:
        loads(text, filename="g.yaml")
    assert "expected a mapping, found the string 'five'" in caught.value.message


def test_game_check_of_a_secret_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                     ) -> None:
    path = tmp_path / "passwd"
    path.write_text(NOT_GAMES["passwd"])
    assert run("game", "check", str(path)) == 1
    captured = capsys.readouterr()
    assert SECRET not in captured.out + captured.err
    assert captured.out.splitlines() == [
        f"{path}: 1 problem",
        f"  {path}:1:1: not a game file: a game file is a YAML mapping with the sections "
        "name, rules, tiles and yaku (docs/games.md); this file's top level is text"]


@pytest.mark.skipif(not Path("/etc/passwd").is_file(), reason="no /etc/passwd here")
def test_game_check_etc_passwd_quotes_nothing() -> None:
    secret_lines = Path("/etc/passwd").read_text().splitlines()
    for command in (["game", "check", "/etc/passwd"], ["game", "score", "/etc/passwd", "a"],
                    ["game", "score", "/etc/passwd", "a", "--json"]):
        result = run_capped(command)
        assert_clean(result, codes={1, 2})
        for line in secret_lines:
            assert line not in result.stdout + result.stderr


def test_a_shipped_game_is_still_recognised(tmp_path: Path) -> None:
    from typed_mahjong.games import builtin_path

    assert load(builtin_path("forest")).name == "Forest Friends"
