"""typed-mahjong mypy plugin (see issue 3)."""
