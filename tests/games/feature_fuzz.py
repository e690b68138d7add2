"""A generator of game files and hands that use issue 39's language features together:
overrides whole and in part (chains and cycles), `fallback`, `each`, `account_once`, `*`
and `/`, the built-in `waits`, and hands with claimed melds and kongs. Shared by the tests
and their capped child runs: whatever is generated loads and scores, or ends in a
``GameError`` naming the fault."""

from __future__ import annotations

import random

from typed_mahjong.games import GameError, loads

_TILES = "\n".join(f"  {n}{s}: {{n: {n}, suit: {s}}}" for s in "mp" for n in range(1, 10))
_EXPRESSIONS = [
    "1", "2 * 3", "count(t.n == 1 for t in hand) / 2 + 1", "waits", "waits * waits + 1",
    "sum(t.n for t in hand) / 7", "count(t.claimed for t in hand) + 1",
    "999999999 * 999999999 * 999999999", "-2",
]
_BROKEN_VALUES = ["3 / 0", "waits / waits", "1 / count(t.n == 1 for t in hand)", "0"]
_PLAIN_WHENS = ["true", "waits == 1", "not any(t.claimed for t in hand)",
                "count(t.kong for t in hand) >= 4", "count(t.claimed for t in hand) >= 3"]
_ONE_GROUP = ["chow(a, b, c)", "pung(a, b, c)", "any(t.claimed for t in g1)",
              "a.n * 2 == b.n", "pung(a, b, c) and a.kong"]
_TWO_GROUPS = ["chow(a, b, c) and chow(d, e, f) and a == d",
               "chow(a, b, c) and chow(d, e, f) and a.n == d.n and a.suit != d.suit",
               "chow(a, b, c) and chow(d, e, f) and a.suit == d.suit and d.n == a.n + 3"]
_BROKEN_KEYS = ["each: maybe", "account_once: 3", "fallback: [x]", "each: true",
                "account_once: true"]


def _yaku(name: str, rng: random.Random) -> list[str]:
    """One yaku of a kind the features allow: plain, counted per group, counted per pair
    (maybe in the account-once family), or a fallback."""
    kind = rng.randrange(4)
    value = rng.choice(_EXPRESSIONS)
    if kind == 0:
        body = [f"    when: {rng.choice(_PLAIN_WHENS + _ONE_GROUP)}"]
        body += rng.sample(["    bonus: true", "    stacks: false"], rng.randint(0, 1))
    elif kind == 1:
        body = [f"    when: {rng.choice(_ONE_GROUP)}", "    each: true"]
    elif kind == 2:
        body = [f"    when: {rng.choice(_TWO_GROUPS)}", "    each: true"]
        if rng.random() < 0.6:
            body.append("    account_once: true")
    else:
        body = ["    when: true", "    fallback: true"]
    return [f"  {name}:", *body, f"    points: {value}"]


def feature_file(rng: random.Random) -> str:
    """A small game of two suits with 3 to 8 yaku drawing on the features at random; one
    file in ten is broken on purpose (a bad value or key)."""
    names = [f"Y{index}" for index in range(rng.randint(3, 8))]
    lines = ["name: Features", "rules:", "  hand_size: 14", "  structure: 3 3 3 3 2",
             "  minimum: 1" if rng.random() < 0.5 else "  max_points: 1000",
             "defaults:", "  copies: 4", "tiles:", _TILES, "parts:",
             "  chow a b c: a.suit == b.suit == c.suit and a.n + 1 == b.n == c.n - 1",
             "  pung a b c: a.name == b.name == c.name", "sets:",
             "  3: chow(a, b, c) or pung(a, b, c)", "  2: a.name == b.name", "yaku:"]
    for index, name in enumerate(names):
        lines += _yaku(name, rng)
        if rng.random() < 0.5:
            # Overrides of later yaku only (no cycle), whole or in part; now and then one
            # back to an earlier yaku, which may close a cycle.
            later = names[index + 1:] or names[:1]
            targets = rng.sample(later, rng.randint(1, min(2, len(later))))
            if rng.random() < 0.1:
                targets.append(names[0])
            items = [f"{{yaku: {target}, times: {rng.randint(1, 3)}}}" if rng.random() < 0.4
                     else target for target in dict.fromkeys(targets) if target != name]
            if items:
                lines.append(f"    overrides: [{', '.join(items)}]")
    if rng.random() < 0.1:
        at = rng.randrange(len(lines))
        lines.insert(at + 1, "    " + rng.choice(_BROKEN_KEYS) if rng.random() < 0.5
                     else f"    points: {rng.choice(_BROKEN_VALUES)}")
    return "\n".join(lines) + "\n"


def feature_hand(rng: random.Random) -> str:
    """A winning hand of the two suits (four chows or pungs and a pair, no tile five
    times), its groups now and then written as claimed melds or kongs, and one hand in
    twenty broken on purpose (a stray bracket)."""
    counts: dict[str, int] = {}
    groups: list[list[str]] = []
    while len(groups) < 5:
        suit, start = rng.choice("mp"), rng.randint(1, 7)
        if len(groups) == 4:
            group = [f"{start}{suit}"] * 2
        elif rng.random() < 0.5:
            group = [f"{start + step}{suit}" for step in range(3)]
        else:
            group = [f"{start}{suit}"] * 3
        if all(counts.get(tile, 0) + group.count(tile) <= 4 for tile in group):
            for tile in group:
                counts[tile] = counts.get(tile, 0) + 1
            groups.append(group)
    rng.shuffle(groups)
    pair_last = next(index for index, group in enumerate(groups) if len(group) == 2)
    groups.append(groups.pop(pair_last))  # the winning tile: the pair's second
    parts: list[str] = []
    for group in groups[:-1]:
        how = rng.random()
        if how < 0.25 and len(group) == 3:
            parts.append("(" + " ".join(group) + ")")
        elif how < 0.35 and len(set(group)) == 1 and counts[group[0]] == 3:
            counts[group[0]] += 1
            parts.append("[" + " ".join([group[0]] * 4) + "]")  # its fourth copy added
        else:
            parts.extend(group)
    parts.extend(groups[-1])
    text = " ".join(parts)
    if rng.random() < 0.05:
        cut = rng.randrange(len(text) + 1)
        text = text[:cut] + rng.choice(["(", "]", "((", " [ ", ")"]) + text[cut:]
    return text


def load_score_and_wait(text: str, hands: list[str]) -> int:
    """Load the file, score each hand and find the waits of each hand less its last tile;
    only GameError may come out. Returns how many hands won (scored above 0)."""
    try:
        game = loads(text, filename="features.yaml")
    except GameError as error:
        assert error.kind == "bad-file" and error.problems, error
        return 0
    scored = 0
    for hand in hands:
        try:
            scored += game.score(hand).points > 0
        except GameError:
            pass
        try:
            game.waits(hand.rsplit(" ", 1)[0])
        except GameError:
            pass
    return scored
