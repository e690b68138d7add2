"""Tenhou's ``<GO type=...>`` bits mapped to a rules preset plus overrides.

Bits with a known meaning (tenhou.net's client, and every log tool that reads them):

====== ============================ ==================================================
bit    meaning                      effect on scoring
====== ============================ ==================================================
0x0001 against people (not bots)    none
0x0002 no red fives                 ``red_fives=False``
0x0004 no open tanyao               ``open_tanyao=False``
0x0008 hanchan (else tonpuusen)     none
0x0010 three players                the ``tenhou-sanma`` preset
0x0020 / 0x0080  lobby tier bits    none
0x0040 fast (soku)                  none
0x0200 (chip lobbies)               ``kiriage=True``  (inferred, see below)
0x0400                              ``honba_value=1500`` (inferred, see below)
====== ============================ ==================================================

The last two have no published source we found. They are inferred from the real logs in
tests/data/tenhou_mjlog (docs/logs.md): every win of a 0x200 lobby agrees with the server
only with kiriage mangan (4 han 30 fu paid as mangan in ``chip.xml_`` and ``ratio1.xml_``),
and the one 0x400 lobby pays 1500 per honba (``ratio1.xml_``, round E3-1).

Any other bit marks a special lobby whose scoring we have no source for; such a lobby is
reported as unmapped (its wins are not verified), never guessed. Private lobbies with a
``rule``/``csrule`` string (custom rules) are reported the same way.
"""

from __future__ import annotations

from ..core.rules import rules_from
from .model import Lobby, Table

NO_RED = 0x2
NO_KUITAN = 0x4
HANCHAN = 0x8
SANMA = 0x10
_HARMLESS = 0x1 | 0x8 | 0x20 | 0x40 | 0x80
KIRIAGE = 0x200
HONBA_1500 = 0x400
_KNOWN = _HARMLESS | NO_RED | NO_KUITAN | SANMA | KIRIAGE | HONBA_1500


def lobby_from_go(type_bits: int, attributes: dict[str, str]) -> Lobby:
    description = f"Tenhou GO type {type_bits} (0x{type_bits:x})"
    players = 3 if type_bits & SANMA else 4
    unknown = type_bits & ~_KNOWN
    if unknown:
        return Lobby(description, None, unmapped=f"GO type bits 0x{unknown:x} mark a special "
                     f"lobby with rules we have no source for", players=players)
    if attributes.get("csrule") or attributes.get("rule", "").strip(","):
        return Lobby(description, None, unmapped="a private lobby with custom rules "
                     f"(rule={attributes.get('rule', '')!r}); its rule string is not read",
                     players=players)
    overrides: list[tuple[str, object]] = []
    if type_bits & NO_RED:
        overrides.append(("red_fives", False))
    if type_bits & NO_KUITAN:
        overrides.append(("open_tanyao", False))
    if type_bits & KIRIAGE:
        overrides.append(("kiriage", True))
    if type_bits & HONBA_1500:
        overrides.append(("honba_value", 1500))
    rules = rules_from("tenhou-sanma" if players == 3 else "tenhou", **dict(overrides))
    return Lobby(description, rules, tuple(overrides), players=players,
                 table=tenhou_table(players, hanchan=bool(type_bits & HANCHAN),
                                    chips=bool(type_bits & KIRIAGE)))


def tenhou_table(players: int, *, hanchan: bool, chips: bool = False) -> Table:
    """A Tenhou lobby's start and final result (docs/logs.md, "Tenhou lobbies", has the
    sources): 25,000 points returned at 30,000 with four players, 35,000 returned at
    40,000 with three; the uma by rank 20-10 in a hanchan, 10-5 in an east-only game, 30-10
    in a chip lobby (0x200), 20-0 in a three-player hanchan; no uma is checked where none
    is known (a three-player east-only or chip game)."""
    if players == 3:
        return Table(35000, 40000, (20, 0, -20) if hanchan and not chips else None)
    if chips:
        return Table(25000, 30000, (30, 10, -10, -30))
    return Table(25000, 30000, (20, 10, -10, -20) if hanchan else (10, 5, -5, -10))
