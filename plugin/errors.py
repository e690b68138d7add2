"""The plugin's mypy error codes, one per kind of problem a user can fix.

They are module-level ``ErrorCode`` values, created when mypy imports the plugin and
before it validates ``--disable-error-code`` / ``enable_error_code``, so those options and
``# type: ignore[mahjong-no-yaku]`` accept them.
"""

from __future__ import annotations

from typing import Final

from mypy.errorcodes import ErrorCode

CATEGORY: Final = "typed-mahjong"

MALFORMED: Final = ErrorCode(
    "mahjong-malformed", "Hand, tile or indicator notation that cannot be read", CATEGORY)
NOT_WINNING: Final = ErrorCode(
    "mahjong-not-winning", "The tiles do not form a complete hand", CATEGORY)
NO_YAKU: Final = ErrorCode(
    "mahjong-no-yaku", "A complete hand without a yaku cannot win", CATEGORY)
SITUATION: Final = ErrorCode(
    "mahjong-situation", "Contradictory situation (ippatsu without riichi, ...)", CATEGORY)
RULES: Final = ErrorCode(
    "mahjong-rules", "Unknown rules preset or option, or a hand the rules forbid", CATEGORY)
USAGE: Final = ErrorCode(
    "mahjong-usage", "A result annotation or call the plugin cannot read", CATEGORY)
GAME: Final = ErrorCode(
    "mahjong-game", "A Game[...] file that cannot be loaded, or a hand it rejects", CATEGORY)
CONFIG: Final = ErrorCode(
    "mahjong-config", "The typed-mahjong settings cannot be used (a misspelt section, an "
    "unknown key) or changed under a running daemon", CATEGORY)
MISMATCH: Final = ErrorCode(
    "mahjong-mismatch", "A value typed-mahjong computed compared (==, !=) with a different "
    "literal", CATEGORY)
INTERNAL: Final = ErrorCode(
    "mahjong-internal", "An unexpected exception inside the typed-mahjong plugin", CATEGORY)
EXPLAIN: Final = ErrorCode(
    "mahjong-explain", "Scoring breakdown notes (Explain, or explain = true)", CATEGORY)

# HandError.kind -> code
BY_KIND: Final[dict[str, ErrorCode]] = {
    "malformed": MALFORMED,
    "not-winning": NOT_WINNING,
    "situation": SITUATION,
    "rules": RULES,
    "no-yaku": NO_YAKU,  # typed_mahjong.errors.NoYaku
}


# The query layer's code names (``typed_mahjong.query.outcomes``) -> mypy's codes.
BY_CODE: Final[dict[str, ErrorCode]] = {
    code.code: code for code in (MALFORMED, NOT_WINNING, NO_YAKU, SITUATION, RULES, USAGE,
                                 GAME, CONFIG, MISMATCH, INTERNAL, EXPLAIN)
}


def code_for_kind(kind: str) -> ErrorCode:
    return BY_KIND.get(kind, MALFORMED)
