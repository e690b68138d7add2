"""Shanghai (mahjong solitaire) solver."""
