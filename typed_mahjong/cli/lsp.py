"""``typed-mahjong lsp``: the language server over stdio (docs/editors.md).

pygls is an extra (``pip install 'typed-mahjong[lsp]'``), imported only when the command
runs, so the rest of the command line works without it.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, BinaryIO, cast

from ..errors import MahjongError

INSTALL_HINT = "pip install 'typed-mahjong[lsp]'"


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    parser = subparsers.add_parser(
        "lsp", help="run the language server (stdio) for editors",
        description="Serve the Language Server Protocol over standard input and output: "
        "diagnostics, hovers and quick fixes for typed-mahjong's annotations as you type, "
        "answered under the project's plugin settings. Editors start it themselves; see "
        "docs/editors.md. Needs the lsp extra: " + INSTALL_HINT + ".")
    parser.add_argument("--stdio", action="store_true",
                        help="accepted for editors that pass it; stdio is the only transport")
    parser.set_defaults(func=_lsp)


def _lsp(args: argparse.Namespace) -> int:
    try:
        from ..lsp.server import serve
    except ImportError as exc:
        raise MahjongError(f"typed-mahjong lsp needs pygls ({exc.name or exc} is not "
                           f"installed): {INSTALL_HINT}", field="lsp") from exc
    # The protocol gets copies of the process's own streams (pygls closes what it is
    # given at exit, and the console still flushes its own), and anything printed goes to
    # stderr, the editor's log: a stray line on stdout would break the protocol.
    try:
        protocol_in = os.fdopen(os.dup(0), "rb")
        protocol_out = os.fdopen(os.dup(1), "wb")
    except OSError as exc:
        raise MahjongError(f"typed-mahjong lsp needs standard input and output: {exc}",
                           field="lsp") from exc
    saved = sys.stdout
    sys.stdout = sys.stderr
    try:
        serve(cast(BinaryIO, protocol_in), cast(BinaryIO, protocol_out))
    finally:
        sys.stdout = saved
    return 0
