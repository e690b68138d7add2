"""typed-mahjong code generator (see issue 4)."""
