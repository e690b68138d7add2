"""Is a group of tiles one the game's ``sets`` rule accepts? (the table's bots ask it)

The reading search checks groups inside a hand; a bot wants to know which tiles belong
together before any hand is complete. This asks the same compiled rule, for ordinary
tiles as written (none of them last-named or claimed), so the answer is the engine's, not
a second reading of the file.
"""

from __future__ import annotations

from .engine import Engine
from .errors import GameError
from .melds import Meld, blocks


def valid_group(engine: Engine, names: tuple[str, ...]) -> bool:
    """True when the game's ``sets`` rule for groups of ``len(names)`` accepts these tiles
    (a size without a rule accepts every group). Wildcards are not ordinary tiles: a
    group holding one is refused here."""
    rank = {name: i for i, name in enumerate(engine.kinds)}
    if any(name not in rank for name in names):
        return False
    rule = engine.set_rules.get(len(names))
    if rule is None:
        return True
    ranks = tuple(sorted(rank[name] for name in names))
    if rule.valid is not None:
        return ranks in rule.valid
    records = [engine.records[engine.record_code(r, 0, False)] for r in ranks]
    return bool(rule.fn(records + [None] * (rule.env_size - len(records))))


def valid_meld(engine: Engine, names: tuple[str, ...]) -> bool:
    """True when ``names`` (3 or 4 ordinary tiles) pass the check a hand's claimed meld
    ``( … )`` passes when it is read (``melds.blocks``): the same records, ``claimed``
    set, so a ``sets`` rule that reads ``claimed`` answers as it does in scoring."""
    if len(names) not in (3, 4) or any(name not in engine.kinds for name in names):
        return False
    meld = Meld("(", tuple((name, i) for i, name in enumerate(names)), 0)
    text = " ".join(names)

    def fail(message: str, position: int | None) -> GameError:
        return engine.hand_error(text, message, position)

    try:
        blocks(engine, [meld], fail)
    except GameError:
        return False
    return True
