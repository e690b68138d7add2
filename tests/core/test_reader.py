"""The single-pass hand reader (``tiles.read_suits``) agrees with the careful parser.

The quick path of ``score()`` and ``shanten(str)`` reads the concealed tiles by character
index; anything it does not take falls back to ``parse_tiles``/``parse_hand``, which name
the fault. So the reader must never accept text the careful parser rejects, must give the
same tiles where it accepts, and must accept every plain spelling (else the quick path is
silently never taken). Spellings are generated: red fives, honour digits and letters,
suits shuffled and split into several groups, spaces and stray characters.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from typed_mahjong import build_info
from typed_mahjong.core.scoring import _UNREAD_HAND, _careful_tiles, _quick_tiles
from typed_mahjong.core.shape import EMPTY_PART, keyed_part, part
from typed_mahjong.core.tiles import (
    CANONICAL_TILES,
    INDEX_READER,
    KEY_RED_SHIFT,
    RED_CODE,
    SINGLE_TILES,
    parse_tiles,
    read_suit_keys,
    read_suits,
    suit_digits,
    tile_code,
)
from typed_mahjong.core.win_option_reading import read_options
from typed_mahjong.errors import HandError

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # `benchmarks/` is not installed; import it from the checkout

from benchmarks.hands import generate  # noqa: E402

SUIT_DIGITS = {"m": "0123456789", "p": "0123456789", "s": "0123456789", "z": "1234567"}


def _tiles_of(found: tuple[str | None, ...]) -> Counter[tuple[int, bool]]:
    """The (tile, red) multiset a reader's digit strings stand for, by the notation's rule
    (tiles.py's docstring): digit d of suit k is tile 9k + d - 1, 0 the red 5."""
    tiles: Counter[tuple[int, bool]] = Counter()
    for suit, digits in enumerate(found):
        for digit in digits or "":
            value = int(digit)
            tiles[(9 * suit + (4 if value == 0 else value - 1), value == 0)] += 1
    return tiles


def _careful(text: str) -> Counter[tuple[int, bool]]:
    return Counter((tile.tile, tile.red) for tile in parse_tiles(text))


# A group: a suit letter and 1-5 of its digits; a spelling: 1-7 groups in any order.
group = st.sampled_from("mpsz").flatmap(
    lambda suit: st.text(st.sampled_from(SUIT_DIGITS[suit]), min_size=1, max_size=5).map(
        lambda digits: digits + suit))
plain = st.lists(group, min_size=1, max_size=7).map("".join)


@settings(max_examples=250, deadline=None)
@given(plain)
def test_reader_accepts_every_plain_spelling_with_the_careful_parsers_tiles(text: str) -> None:
    man, pin, sou, honours, end = read_suits(text)
    assert end == len(text)
    assert _tiles_of((man, pin, sou, honours)) == _careful(text)
    assert suit_digits(text) == (man, pin, sou, honours)


@settings(max_examples=150, deadline=None)
@given(plain, st.text(st.sampled_from("mpsz1 ESW"), min_size=1, max_size=12))
def test_reader_stops_at_a_space_after_a_suit_letter(text: str, rest: str) -> None:
    # What follows the first space is the called melds' text, read elsewhere.
    man, pin, sou, honours, end = read_suits(text + " " + rest)
    assert end == len(text)
    assert _tiles_of((man, pin, sou, honours)) == _careful(text)


@settings(max_examples=150, deadline=None)
@given(plain)
def test_the_pure_builds_regex_and_the_reader_give_the_same_cache_keys(text: str) -> None:
    canonical = CANONICAL_TILES.fullmatch(text)
    if canonical is not None:
        assert read_suits(text)[:4] == canonical.groups()


# Any text over the notation's alphabet and a few strays: whatever the reader accepts the
# careful parser accepts, with the same tiles; what it refuses is left to the careful parser.
@settings(max_examples=600, deadline=None)
@given(st.text(st.sampled_from("0123456789mpszESWNPFC x9z"), max_size=16))
def test_reader_never_accepts_what_the_careful_parser_rejects(text: str) -> None:
    man, pin, sou, honours, end = read_suits(text)
    if end < 0:
        return
    assert end == len(text) or text[end] == " "
    try:
        careful = _careful(text[:end])
    except HandError as exc:
        pytest.fail(f"the reader accepted {text[:end]!r}, the careful parser says {exc}")
    assert _tiles_of((man, pin, sou, honours)) == careful


@pytest.mark.parametrize("text", [" 123m", "123", "m", "123m4", "18z", "10z", "123mE",
                                  "123x", "1m  2m", "E", "123m\t4p"])
def test_reader_refuses_what_is_not_plain(text: str) -> None:
    end = read_suits(text)[4]
    assert end < 0 or (end < len(text) and text[end] == " ")


@pytest.mark.parametrize(("text", "expected"), [
    ("123m456p789s11z", ("123", "456", "789", "11", 15)),
    ("11z789s456p123m", ("123", "456", "789", "11", 15)),  # shuffled: sorted digits
    ("3m12m05p", ("123", "05", None, None, 8)),  # one suit in two groups: joined, sorted
    ("55z pon:555z", (None, None, None, "55", 3)),
])
def test_reader_examples(text: str, expected: tuple[object, ...]) -> None:
    assert read_suits(text) == expected


def _key(digits: str | None) -> int:
    """The packed key of one suit's digits, the slow way (tiles.KEY_RED_SHIFT's layout: 3
    bits a rank)."""
    key = 0
    for digit in digits or "":
        value = int(digit)
        key += 1 << (3 * (4 if value == 0 else value - 1))
        if value == 0:
            key += 1 << KEY_RED_SHIFT
    return key


def _fits_a_part(digits: str | None) -> bool:
    """No 5th copy of a rank and no 2nd red five (what the part caches may keep)."""
    if digits is None:
        return True
    counts = Counter("5" if digit == "0" else digit for digit in digits)
    return max(counts.values()) <= 4 and digits.count("0") <= 1


# The compiled quick path's reader (``read_suit_keys``) takes what ``read_suits`` takes, with
# the same tiles, but for a 5th copy, a 2nd red five or over 14 digits in a row: those it
# leaves to the careful parser.
@settings(max_examples=600, deadline=None)
@given(st.one_of(plain, st.text(st.sampled_from("0123456789mpszESWNPFC x9z"), max_size=16),
                 st.tuples(plain, st.text(st.sampled_from("mpsz1 :ESW"), max_size=8)).map(
                     " ".join)))
def test_the_key_reader_agrees_with_the_digit_reader(text: str) -> None:
    man, pin, sou, honours, end = read_suits(text)
    keys = read_suit_keys(text)
    if keys[4] < 0:
        long_run = any(len(run) > 14 for run in
                       "".join(c if c.isdigit() else " " for c in text).split())
        assert end < 0 or long_run or not all(
            _fits_a_part(digits) for digits in (man, pin, sou, honours)), text
        return
    assert keys == (_key(man), _key(pin), _key(sou), _key(honours), end), text


@pytest.mark.parametrize(("text", "expected"), [
    ("123m456p789s11z", (0o111, 0o111000, 0o111000000, 0o2, 15)),  # 3 bits a rank
    ("3m12m05p", (0o111, (1 << KEY_RED_SHIFT) + 0o20000, 0, 0, 8)),  # 0: a red 5
    ("55z pon:555z", (0, 0, 0, 0o20000, 3)),
    ("55555m", (0, 0, 0, 0, -1)),  # a 5th copy
    ("555m55m", (0, 0, 0, 0, -1)),  # a 5th copy over two groups
    ("05m0m", (0, 0, 0, 0, -1)),  # a 2nd red five
    ("1" * 15 + "z", (0, 0, 0, 0, -1)),
])
def test_key_reader_examples(text: str, expected: tuple[int, ...]) -> None:
    assert read_suit_keys(text) == expected


@pytest.mark.parametrize("suit", [0, 1, 2, 3])
def test_keyed_parts_are_the_parts_of_their_digits(suit: int) -> None:
    spellings = (["11", "123", "055", "234406", "11122233344455", "1112345678999", "99"]
                 if suit < 3 else ["11", "111", "11555", "1234", "777", "1111"])
    for digits in spellings:
        made, want = keyed_part(suit, _key(digits)), part(suit, digits)
        assert want is not None
        assert (made.counts, made.reds, made.size, made.most, made.tile_mask, made.pairs) == (
            want.counts, want.reds, want.size, want.most, want.tile_mask, want.pairs), digits
        assert made.readings is want.readings, digits  # shared by counts
        assert keyed_part(suit, _key(digits)) is made  # kept
    assert keyed_part(suit, 0) is EMPTY_PART  # an absent suit


def _shuffled(text: str, seed: int) -> str:
    """The same concealed tiles, each suit split into one-tile groups, in a seeded order."""
    import random

    concealed, _, melds = text.partition(" ")
    groups = [digit + suit for digits, suit in
              ((concealed[i:j], concealed[j]) for i, j in _groups(concealed))
              for digit in digits]
    random.Random(seed).shuffle(groups)
    return "".join(groups) + (" " + melds if melds else "")


def _groups(text: str) -> list[tuple[int, int]]:
    spans, start = [], 0
    for index, char in enumerate(text):
        if char in "mpsz":
            spans.append((start, index))
            start = index + 1
    return spans


@pytest.mark.parametrize("seed", [3, 11])
def test_quick_read_of_generated_hands_agrees_with_the_careful_read(seed: int) -> None:
    # Benchmark hands (closed and open, red fives, every form), as generated and shuffled:
    # the quick path must take each of them and read what the careful path reads.
    for number, generated in enumerate(generate(seed, 300)):
        options = generated.score_kwargs()
        situation = read_options(dict(options))
        for text in (generated.hand_text, _shuffled(generated.hand_text, number)):
            quick = _quick_tiles(text, generated.win_text, situation)
            assert quick[0] is not _UNREAD_HAND, text  # the quick path took it
            careful = _careful_tiles(text, generated.win_text, situation)
            (hand, dora, ura), (want, want_dora, want_ura) = quick, careful
            assert (dora, ura) == (want_dora, want_ura)
            assert [(part.counts, part.reds) for part in hand.parts] == [
                (part.counts, part.reds) for part in want.parts], text
            assert hand.melds == want.melds, text
            assert (hand.win, hand.counts, hand.red_fives) == (
                want.win, want.counts, want.red_fives), text


def test_the_index_reader_is_the_quick_path_exactly_where_the_core_runs_compiled() -> None:
    # Compiled, the index loop beats the regular expression; interpreted, the reverse.
    assert INDEX_READER == build_info().is_compiled


@pytest.mark.parametrize("index_reader", [False, True])
def test_both_quick_readers_agree_with_the_careful_read(
        index_reader: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    # The quick path reads by packed keys compiled and by digit strings interpreted; the pure
    # build runs either when told (compiled, INDEX_READER is a constant: its own reader runs).
    import typed_mahjong.core.scoring as scoring

    monkeypatch.setattr(scoring, "INDEX_READER", index_reader)
    test_quick_read_of_generated_hands_agrees_with_the_careful_read(5)


def test_tile_codes_are_the_two_character_single_tiles() -> None:
    # tile_code reads what SINGLE_TILES spells in two characters, and nothing else.
    alphabet = "0123456789mpszESWNPFCx :\u0663"
    for first in alphabet:
        for second in alphabet:
            text = first + second
            known = SINGLE_TILES.get(text)
            want = -1 if known is None else known.tile + RED_CODE * known.red
            assert tile_code(text, 0) == want, text
            assert tile_code("1m" + text, 2) == want, text
    assert tile_code("1", 0) == tile_code("1m", 1) == tile_code("1m", -1) == -1


@pytest.mark.parametrize("text", ["1m", "4m1z", "0p9s7z", "1m2m3m4m5m", "8z", "1m1", "E",
                                  "4m 1z", "10m", "1mE"])
def test_coded_indicators_read_what_the_indicator_table_reads(text: str) -> None:
    from typed_mahjong.core.scoring import _INDICATORS, _coded_indicators, _more_indicators

    assert _coded_indicators(text) == (_INDICATORS.get(text) or _more_indicators(text))


def _meld_texts() -> list[str]:
    """Meld spellings plain and not: every kind with every three digits of every suit (four
    digits from a smaller alphabet for the kans), wrong lengths, kinds and letters."""
    import itertools

    texts = []
    for kind in ("chi", "pon", "kan", "ankan", "kakan"):
        size, alphabet = (3, "0123456789") if kind in ("chi", "pon") else (4, "014569")
        for letter in "mpsz":
            for digits in itertools.product(alphabet, repeat=size):
                texts.append(f"{kind}:{''.join(digits)}{letter}")
        texts += [f"{kind}:", f"{kind}:1m", f"{kind}:11111m", f"{kind}:1m1m1m", f"{kind}:111x",
                  f"{kind.upper()}:111m", f"{kind}111m", f" {kind}:111m", f"{kind}:111"]
    return texts + ["", ":", "pong:111m", "chii:123m", "kan:", "an:111m", "ankan"]


def test_coded_melds_read_what_quick_meld_reads() -> None:
    # coded_meld takes exactly the plain spellings quick_meld takes (quick_meld reads the
    # rest, and names nothing either), each as the meld quick_meld makes.
    from typed_mahjong.core.hand import coded_meld, meld_at, quick_meld

    taken = 0
    for text in _meld_texts():
        number, end = coded_meld(text, 0)
        want = quick_meld(text)
        if number < 0:
            assert end == -1, text
            # Refused: not plain (letters, a red honour, two red fives) or not valid.
            assert want is None or not text[text.index(":") + 1:-1].isdigit() or (
                text.count("0") > 1), text
            continue
        taken += 1
        assert meld_at(number) == want and meld_at(number) is meld_at(number), text
        assert end == len(text), text
        # Another meld after one space: the index of that space.
        assert coded_meld(text + " pon:111z", 0) == (number, len(text)), text
        assert coded_meld("1m " + text, 3) == (number, len(text) + 3), text
        assert coded_meld(text + "  pon:111z", 0)[0] == number, text  # read up to the space
        assert coded_meld(text + "x", 0) == (-1, -1), text
    # Taken, counted by hand: chi, a suit: 4 runs without a five in 6 orders, 3 with one
    # in 6 orders and 2 spellings of the five (0 or 5): 24 + 36 = 60, 180 for m p s. Pon:
    # 8 ranks once and the five 4 ways (555, 055, 505, 550) a number suit, 36, and 7
    # honours: 43. A kan kind over "014569": 1111 4444 6666 9999 and 5555 0555 5055 5505
    # 5550 a number suit, 27, and honours 1111 4444 5555 6666: 31, 93 for the three kinds.
    assert taken == 180 + 43 + 93, taken


@pytest.mark.parametrize("melds", [
    "pon:777p", "chi:345m pon:111z", "ankan:5555z kan:0555s chi:789p", "chi:406m chi:406m",
    "pon:111m pon:222m pon:333m pon:444m",
])
def test_coded_meld_facts_are_the_facts_of_the_melds(melds: str) -> None:
    from typed_mahjong.core.scoring import (
        _CODED_KEPT,
        _MELDS_LIMIT,
        _coded_meld_facts,
        _quick_melds,
    )

    text = "11z " + melds
    room = _CODED_KEPT[0] < _MELDS_LIMIT  # other tests in this process may have filled it
    found, want = _coded_meld_facts(text, 4), _quick_melds(melds)
    assert found is not None and want is not None
    assert found.melds == want.melds
    assert [getattr(found, name) for name in MELD_FACT_FIELDS] == [
        getattr(want, name) for name in MELD_FACT_FIELDS]
    again = _coded_meld_facts(text, 4)
    assert again is not None and again.melds == found.melds
    assert again is found or not room  # kept while the table has room


MELD_FACT_FIELDS = ("closed", "tile_mask", "reds", "runs", "run_mask", "triplets",
                    "triplet_mask", "kans", "closed_kans", "outside", "man_copies",
                    "pin_copies", "sou_copies", "honour_copies", "most")


@pytest.mark.parametrize("melds", [
    "pon:111m pon:222m pon:333m pon:444m pon:555m",  # a fifth meld: the careful reader's
    "pon:777p ", "pon:777p  chi:123m", "pon:777p\tchi:123m", "pon:7p7p7p", "pon:777p x",
])
def test_coded_meld_facts_leave_the_rest_to_the_text_readers(melds: str) -> None:
    from typed_mahjong.core.scoring import _coded_meld_facts

    assert _coded_meld_facts("11z " + melds, 4) is None
