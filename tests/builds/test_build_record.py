"""The build report (issue 29): what mypyc is asked to check, and why a build is pure.

A build that falls back to pure Python says its first cause once, in the build log, and
records it in the package, where ``build_info()`` and ``--version`` read it back.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from build_support import setup_module
from mypy import api

from typed_mahjong.build import RECORD, reason_from_record

ROOT = Path(__file__).resolve().parents[2]


# What mypyc printed for a user in an empty venv before issue 29 (its first two lines).
MYPYC_OUTPUT = """\
typed_mahjong/games/yamlsafe.py:28: error: Library stubs not installed for "yaml"  [import-untyped]
typed_mahjong/games/yamlsafe.py:28: note: Hint: "python3 -m pip install types-PyYAML"
typed_mahjong/games/spec.py:8: error: Library stubs not installed for "yaml"  [import-untyped]
"""


def test_the_first_mypy_error_is_the_cause() -> None:
    setup = setup_module()
    assert setup.first_error(MYPYC_OUTPUT) == (
        'typed_mahjong/games/yamlsafe.py:28: error: Library stubs not installed for "yaml"  '
        "[import-untyped]")
    assert setup.first_error("Parsed and typechecked in 3.2s\n") is None


def test_mypyc_checks_only_the_compiled_modules_under_settings_of_its_own() -> None:
    setup = setup_module()
    arguments = setup.mypyc_arguments("/tmp/build-config.ini")
    # Not the project's strict developer configuration, and not the target's packages.
    assert arguments[:2] == ["--config-file", "/tmp/build-config.ini"]
    assert "--no-site-packages" in arguments
    assert arguments[arguments.index("--follow-imports") + 1] == "silent"
    files = [argument for argument in arguments if argument.endswith(".py")]
    # From the copy in the installed layout (a plugin module as typed_mahjong/plugin/...).
    assert files == [str(setup.STAGE / path) for path in setup.compiled_modules()]


@pytest.mark.slow
def test_mypyc_type_check_passes_with_no_site_packages(tmp_path: Path) -> None:
    # The fault of issue 29: in a user's empty venv mypy saw no stubs for yaml (imported by
    # modules the compiled ones reach) and the project's strict settings made that an
    # error. The build's own arguments must type-check with no site-packages at all.
    setup = setup_module()
    config = tmp_path / "mypyc.ini"
    config.write_text(setup.MYPYC_CONFIG, encoding="utf-8")
    arguments = setup.mypyc_arguments(str(config))
    cache = arguments.index("--cache-dir") + 1
    arguments[cache] = str(tmp_path / "cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(ROOT)
        setup.stage_sources()  # the copy in the installed layout, as a build makes it
        out, err, status = api.run(arguments)
    assert status == 0, out + err


def test_a_pure_record_gives_its_reason() -> None:
    record = json.dumps({"build": "pure Python", "reason": "no working C compiler ('cc' ...)"})
    assert reason_from_record(record) == (
        "no working C compiler ('cc' ...) (recorded when this copy was built)")


def test_no_record_means_a_checkout_or_an_editable_install() -> None:
    assert reason_from_record(None).startswith("a source checkout or an editable install")


@pytest.mark.parametrize("text", ["", "{", "[1, 2]", '{"build": "pure Python"}',
                                  '{"build": "compiled (mypyc)", "reason": "ok"}'])
def test_a_damaged_or_contradicting_record_is_reported_as_such(text: str) -> None:
    reason = reason_from_record(text)
    assert reason.startswith(f"no compiled modules are installed, though {RECORD} says")
    assert repr(text) in reason


def test_the_record_is_written_into_the_built_package(tmp_path: Path) -> None:
    setup = setup_module()
    (tmp_path / "typed_mahjong").mkdir()
    setup.OUTCOME.update(build="pure Python", reason="TYPED_MAHJONG_PURE was set")
    setup.write_record(str(tmp_path))
    written = json.loads((tmp_path / "typed_mahjong" / RECORD).read_text(encoding="utf-8"))
    assert written == {"build": "pure Python", "reason": "TYPED_MAHJONG_PURE was set"}


def test_a_build_starts_from_an_empty_build_lib(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    # setuptools copies the sources into build/lib* and packs whatever it finds there: a
    # module since deleted from the sources (plugin/config.py once) shipped in the next
    # wheel built in the same checkout, and so did an extension in a pure build.
    setup = setup_module()
    monkeypatch.setattr(setup, "ROOT", tmp_path)
    left = [tmp_path / "build/lib.linux-x86_64-cpython-311/typed_mahjong/plugin/config.py",
            tmp_path / "build/lib.linux-x86_64-cpython-311/typed_mahjong__mypyc.so",
            tmp_path / "build/lib/typed_mahjong/core/old.py"]
    kept = [tmp_path / "build/temp.linux-x86_64-cpython-311/core.o",
            tmp_path / "build/mypyc-cache/cache.json", tmp_path / "typed_mahjong/core/tiles.py"]
    for path in left + kept:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x")
    setup.remove_stale_build_output()
    assert [path for path in left if path.exists()] == []
    assert [path for path in kept if not path.exists()] == []
