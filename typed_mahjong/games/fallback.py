"""Fallback yaku: a yaku that counts only where no other does (issue 39, F4).

``fallback: true`` on a yaku (Chinese Official's Chicken Hand: a winning hand worth no
other fan) makes it count in a reading only when no other yaku counts there, bonus yaku
(flowers) aside; its ``when:`` still has to hold. Two fallback yaku in one reading count
together, as any two yaku do.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar


class _Counted(Protocol):
    @property
    def fallback(self) -> bool: ...

    @property
    def bonus(self) -> bool: ...


Counted = TypeVar("Counted", bound=_Counted)


def with_fallbacks(kept: Sequence[tuple[Counted, int]]) -> list[tuple[Counted, int]]:
    """The yaku that count in a reading: a fallback yaku only when nothing but bonus yaku
    and fallback yaku count beside it."""
    if any(not pattern.fallback and not pattern.bonus for pattern, _ in kept):
        return [entry for entry in kept if not entry[0].fallback]
    return list(kept)
