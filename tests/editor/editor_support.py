"""What the editor tests share about examples/editor (imported as a top-level module)."""

from __future__ import annotations

import ast
from pathlib import Path

EDITOR = Path(__file__).resolve().parents[2] / "examples" / "editor"


def annotated_names(name: str = "fixtures") -> list[str]:
    """The module-level names that ``examples/editor/<name>.py`` annotates, in order."""
    tree = ast.parse((EDITOR / f"{name}.py").read_text())
    return [node.target.id for node in tree.body
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)]
