"""What the loader modules share: the parsed ``rules`` section and the file's limits."""

from __future__ import annotations

import string
from dataclasses import dataclass, field

import yaml

from .model import Value

SLOT_NAMES = string.ascii_lowercase  # slots of a structure: a, b, c, ...
MAX_HAND = len(SLOT_NAMES)
MAX_TILES = 500
MAX_ENTRIES = 300  # yaku, parts, exclusions each
MAX_PART_DEPTH = 16  # parts calling parts calling parts ...
MAX_POINTS = 10**9
DEFAULT_COPIES = 4
# What a player may claim from a discard at the table (``rules.calls``): three of the
# discarded tile, four of it, or any other group of three the ``sets`` rule accepts
# (a run in the shipped games), this last from the player before you only.
CALL_KINDS = ("pung", "kong", "chow")


@dataclass(slots=True)
class RulesSpec:
    """The ``rules`` section as read (defaults filled in)."""

    hand_size: int | None = None
    structure: tuple[int, ...] | None = None
    structure_given: bool = False
    players: int = 4
    starting_points: int = 0
    rounds: int = 1
    wildcards_per_hand: int | None = None
    # attribute (or "name"), its node, and a custom order of its values (None: natural)
    order: list[tuple[str, yaml.Node, tuple[Value, ...] | None]] = field(default_factory=list)
    display: list[tuple[str, yaml.Node]] = field(default_factory=list)
    unit: str = "points"
    han_points: tuple[int, ...] | None = None
    max_points: int | None = None
    minimum: int | None = None  # least total (han or points, bonus yaku aside) that wins
    # the structures whose readings make a hand complete for its waits (None: every one),
    # each with its node (for errors)
    waits_structures: list[tuple[tuple[int, ...], yaml.Node]] | None = None
    calls: tuple[str, ...] = ()  # the claims the table offers (CALL_KINDS; none: opt-in)
    calls_node: yaml.Node | None = None  # where they were written (for errors)

