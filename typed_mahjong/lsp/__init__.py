"""``typed-mahjong lsp``: hands checked as you type, in any editor with an LSP client.

A client of the query layer beside the mypy plugin, not inside it: ``analysis`` finds the
annotations (``query.finder``) and answers them (``query.outcomes``) under the project's
settings (``query.settings``, the plugin's reader); ``server`` speaks the protocol
(pygls, the ``lsp`` extra). See docs/editors.md.
"""
