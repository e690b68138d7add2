"""Issue 44: the README's plugin configuration, copied as is into a project, runs mypy: the
block once named a ``game_roots`` folder that a new project does not have, and mypy stopped
(exit 2, ``game_roots: '../shared-games' is not a folder``). The README's example module
beside it gets exactly the errors its comments mark."""

from __future__ import annotations

import re

from plugin_support import REPO, Project

SECTION = "## The mypy plugin"


def _blocks() -> tuple[str, str]:
    """The section's first ```toml block and first ```python block, as written."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text[text.index(SECTION):]
    section = section[:section.index("\n## ", len(SECTION))]
    toml = re.search(r"```toml\n(.*?)```", section, re.DOTALL)
    python = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    assert toml is not None and python is not None
    return toml.group(1), python.group(1)


def test_the_readme_plugin_block_copied_as_is_runs_mypy(project: Project) -> None:
    toml, python = _blocks()
    assert 'plugins = ["typed_mahjong.plugin"]' in toml and "[tool.typed_mahjong]" in toml
    project.root.joinpath("pyproject.toml").write_text(toml, encoding="utf-8")
    lines = python.splitlines()
    marked = {number: re.search(r"# error \[(.*)\]", line) for number, line in
              enumerate(lines, start=1)}
    expected = {number: match.group(1) for number, match in marked.items() if match}
    assert expected  # the block shows at least one error
    # The example without its marked lines: clean, exit 0.
    clean = "\n".join(line for number, line in enumerate(lines, start=1)
                      if number not in expected) + "\n"
    project.root.joinpath("clean.py").write_text(clean, encoding="utf-8")
    result = project.check("clean.py")
    assert (result.status, result.stdout, result.stderr) == (0, "", "")
    # The example as written: one error at each marked line, with the marked code.
    project.root.joinpath("example.py").write_text(python, encoding="utf-8")
    result = project.check("example.py")
    assert result.status == 1, result.stdout + result.stderr
    found = {int(line.split(":")[1]): line.rsplit("[", 1)[1].rstrip("]")
             for line in result.lines if ": error:" in line}
    assert found == expected, result.stdout
