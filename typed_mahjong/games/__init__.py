"""Mahjong-like games defined in YAML."""
