"""The ``typed-mahjong`` console script: ``main`` routes to one module per command family."""

from .main import build_parser, main

__all__ = ["build_parser", "main"]
