"""typed-mahjong code generator: modules whose types carry the scoring core's answers.

``typed-mahjong codegen tables`` (``tables.table_text``): the han x fu score table as a
typed module (``TABLE[1][40].nondealer_ron`` is ``Literal[1300]``), or Markdown / HTML.
``codegen fixtures`` (``fixtures.fixtures_text``): core-checked typed records from TOML.
``codegen game-tiles`` (``game_tiles.game_tiles_text``): a YAML game's tile names as a
``Literal`` alias. ``codegen game-table`` (``game_table.game_table_text``): a YAML game's
yaku values as ``Literal`` constants. Which table cells exist is worked out in ``mask``.
See docs/codegen.md. Nothing heavy is imported here, so the console script starts fast.
"""
