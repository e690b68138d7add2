"""The language server: open buffers in, diagnostics, hovers, fixes and hints out (pygls).

Every buffer is checked when it opens and at each change (``analysis.Checker``: an edit
re-parses and re-answers only the statements it touched). Each handler catches every
exception: a bug loses one answer, logged to the client, and never the server.

Options (``initializationOptions``): ``inlayHints`` (default false) shows the value beside
an annotation written without one; ``configFile`` names the settings file instead of the
one mypy would find.
"""

from __future__ import annotations

import logging
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO, Final, TypeVar

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.uris import to_fs_path

from .. import __version__
from .analysis import ERROR, NOTE, Message, Report, at, hint_text, hover_text
from .positions import UTF16, Lines
from .project import Projects

NAME: Final = "typed-mahjong"
SOURCE: Final = "typed-mahjong"
_SEVERITY: Final = {ERROR: types.DiagnosticSeverity.Error,
                    NOTE: types.DiagnosticSeverity.Information}
T = TypeVar("T")


class AnsweringProtocol(LanguageServerProtocol):
    """pygls' protocol, except that a request whose parameters do not fit their type
    (``"line": "1"``) is answered with JSON-RPC's error for it (-32602, invalid params)
    rather than dropped after a log line: an editor waiting for the answer would wait
    for ever. A notification has no answer; pygls logs it and goes on."""

    def structure_message(self, data: Any) -> Any:
        try:
            return super().structure_message(data)
        except JsonRpcException as exc:
            ident = data.get("id") if isinstance(data, dict) else None
            if isinstance(data, dict) and "method" in data and isinstance(ident, (int, str)) \
                    and not isinstance(ident, bool):
                self._send_response(ident, error=types.ResponseError(exc.code, exc.message))
            raise


class MahjongServer(LanguageServer):
    """pygls' server with the buffers' last reports."""

    def __init__(self) -> None:
        super().__init__(NAME, __version__, protocol_cls=AnsweringProtocol,
                         text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.projects = Projects()
        self.reports: dict[str, tuple[Report, Lines]] = {}
        self.inlay_hints = False


def _guarded(server: MahjongServer, what: str, default: T, action: Callable[[], T]) -> T:
    """Run a handler's work; any exception is logged and answered with ``default``."""
    try:
        return action()
    except Exception as exc:  # noqa: BLE001 - the server never dies on a request
        server.window_log_message(types.LogMessageParams(
            types.MessageType.Error, f"typed-mahjong lsp: {what} failed: "
            f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=8)}"))
        return default


def _encoding(server: MahjongServer) -> str:
    encoding = server.workspace.position_encoding
    return str(encoding) if encoding is not None else UTF16


def _path(uri: str) -> Path | None:
    path = to_fs_path(uri)
    return Path(path) if path else None


def _range(lines: Lines, message_span: Any) -> types.Range:
    start = lines.to_client(message_span.line, message_span.column)
    end = lines.to_client(message_span.end_line, message_span.end_column)
    return types.Range(types.Position(*start), types.Position(*end))


def _diagnostic(lines: Lines, message: Message) -> types.Diagnostic:
    return types.Diagnostic(range=_range(lines, message.span), message=message.text,
                            severity=_SEVERITY[message.severity], code=message.code,
                            source=SOURCE)


def check_document(server: MahjongServer, uri: str) -> None:
    """Check a buffer and publish its diagnostics."""
    document = server.workspace.get_text_document(uri)
    source = document.source
    lines = Lines(source, _encoding(server))
    report = server.projects.checker_for(_path(uri)).check(source, uri)
    server.reports[uri] = (report, lines)
    server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
        uri=uri, version=document.version,
        diagnostics=[_diagnostic(lines, message) for message in report.messages]))


def build_server() -> MahjongServer:
    server = MahjongServer()

    @server.feature(types.INITIALIZE)
    def initialize(params: types.InitializeParams) -> None:
        options = params.initialization_options
        if isinstance(options, dict):
            server.inlay_hints = options.get("inlayHints") is True
            config = options.get("configFile")
            if isinstance(config, str) and config:
                server.projects = Projects(Path(config))

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(params: types.DidOpenTextDocumentParams) -> None:
        uri = params.text_document.uri
        _guarded(server, "checking a buffer", None, lambda: check_document(server, uri))

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(params: types.DidChangeTextDocumentParams) -> None:
        uri = params.text_document.uri
        _guarded(server, "checking a buffer", None, lambda: check_document(server, uri))

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(params: types.DidSaveTextDocumentParams) -> None:
        # A save may follow an edit of the settings file: check under the current ones.
        uri = params.text_document.uri
        _guarded(server, "checking a buffer", None, lambda: check_document(server, uri))

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        server.reports.pop(uri, None)
        server.projects.forget(uri)
        server.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(params: types.HoverParams) -> types.Hover | None:
        return _guarded(server, "hover", None, lambda: _hover(server, params))

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(
        code_action_kinds=[types.CodeActionKind.QuickFix]))
    def code_action(params: types.CodeActionParams) -> list[types.CodeAction] | None:
        return _guarded(server, "code action", None, lambda: _code_actions(server, params))

    @server.feature(types.TEXT_DOCUMENT_INLAY_HINT)
    def inlay_hint(params: types.InlayHintParams) -> list[types.InlayHint] | None:
        return _guarded(server, "inlay hints", None, lambda: _inlay_hints(server, params))

    return server


def _hover(server: MahjongServer, params: types.HoverParams) -> types.Hover | None:
    known = server.reports.get(params.text_document.uri)
    if known is None:
        return None
    report, lines = known
    line, column = lines.from_client(params.position.line, params.position.character)
    for item in at(report, line, column):
        return types.Hover(contents=types.MarkupContent(types.MarkupKind.Markdown,
                                                        hover_text(item)),
                           range=_range(lines, item.found.span))
    return None


def _code_actions(server: MahjongServer,
                  params: types.CodeActionParams) -> list[types.CodeAction] | None:
    uri = params.text_document.uri
    known = server.reports.get(uri)
    if known is None:
        return None
    report, lines = known
    wanted = params.range
    actions: list[types.CodeAction] = []
    for message in report.messages:
        if not message.fixes:
            continue
        where = _range(lines, message.span)
        if (where.end.line, where.end.character) < (wanted.start.line, wanted.start.character) \
                or (where.start.line, where.start.character) > (wanted.end.line,
                                                                wanted.end.character):
            continue
        for fix in message.fixes:
            actions.append(types.CodeAction(
                title=f"Write {fix} (typed-mahjong's answer)",
                kind=types.CodeActionKind.QuickFix,
                diagnostics=[_diagnostic(lines, message)],
                is_preferred=len(message.fixes) == 1,
                edit=types.WorkspaceEdit(changes={uri: [types.TextEdit(where, fix)]})))
    return actions


def _inlay_hints(server: MahjongServer,
                 params: types.InlayHintParams) -> list[types.InlayHint] | None:
    if not server.inlay_hints:
        return None
    known = server.reports.get(params.text_document.uri)
    if known is None:
        return None
    report, lines = known
    hints: list[types.InlayHint] = []
    for item in report.answered:
        text = hint_text(item)
        if text is None:
            continue
        line, column = lines.to_client(item.found.span.end_line, item.found.span.end_column)
        if params.range.start.line <= line <= params.range.end.line:
            hints.append(types.InlayHint(position=types.Position(line, column), label=text))
    return hints


def serve(stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> None:
    """Serve over stdio until the client says exit."""
    # pygls logs to the root logger; stderr is the editor's log, stdout the protocol.
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING)
    build_server().start_io(stdin or sys.stdin.buffer, stdout or sys.stdout.buffer)
