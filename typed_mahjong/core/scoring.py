"""``score``: hand string -> every reading -> yaku -> fu -> points; the best reading wins.

This is the one place that strings the core together; the CLI, the mypy plugin and the code
generator all call ``score`` and never decide a rule themselves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Protocol, Unpack, cast

from mypy_extensions import i64, mypyc_attr

from ..errors import NOT_WINNING, RULES, SITUATION, HandError, NoYaku
from .fu import fu_parts, fu_total
from .hand import MAX_MELDS, Hand, Meld, coded_meld, meld_at, parse_hand, quick_meld
from .limits import basic_points, hand_value, payment_text, tsumo_payments
from .rules import PRESETS, Rules, rules_from, shown_short
from .sanma import check_sanma_seat, check_sanma_text
from .shape import (
    EMPTY_PART,
    NO_MELDS,
    PART_CACHES,
    HandTiles,
    MeldFacts,
    WinShape,
    describe,
    key_slot,
    keyed_part,
    part,
    win_shapes,
)
from .situation import (
    DORA,
    SANMA_DORA,
    SEAT_NAMES,
    Situation,
    check_chankan,
    check_nuki,
    check_situation,
    parse_indicators,
)
from .tiles import (
    CANONICAL_TILES,
    DRAGONS,
    EAST,
    INDEX_READER,
    MAX_HAND_TEXT,
    NORTH,
    RED_CODE,
    SINGLE_TILES,
    WINDS,
    parse_tile,
    read_suit_keys,
    read_suits,
    tile_code,
    tile_name,
)
from .win_option_reading import WIND_LETTERS, read_options, table_order
from .win_options import WinOptions
from .yaku import (
    PINFU_SHAPE,
    find_yakuman,
    reading_traits,
    shape_yaku,
    situation_traits,
    yakuman_gate,
)

if TYPE_CHECKING:
    from .tile_types import Wait  # for type checkers: no Literal unions built at run time

Parts = tuple[tuple[str, int], ...]
# The dora entries of Score.yaku, in order; "nukidora" counts the Norths set aside (sanma).
DORA_NAMES: Final = ("dora", "ura dora", "aka dora", "nukidora")


_SCORE_FIELDS = ("han", "fu", "yaku", "fu_breakdown", "limit", "points", "payments", "total",
                 "payment_text", "wait", "yakuman", "is_yakuless", "dealer", "tsumo", "rules")


@mypyc_attr(serializable=True)  # picklable under mypyc too (see shape.WinShape)
class Score:
    """The value of one won hand under one set of rules.

    ``points`` is the hand's value before honba and riichi sticks: on a ron what the
    discarder pays, on a tsumo the sum of what the others pay (two in sanma, where the
    absent player's share is lost or split as the rules say). ``payments`` lists who
    pays what with honba included; ``total`` is what the winner gains, sticks included.
    ``han`` counts dora; a yakuman counts 13 han a unit. A yakuless hand scores 0.

    Immutable: the fields are read-only properties over one private tuple, so building a
    Score is one tuple; ``fu_breakdown``, ``payment_text``, ``reading`` and ``explain()``
    are made when asked.
    """

    __slots__ = ("_values",)
    # (han, fu, yaku, fu facts, limit, points, payments, total, wait, yakuman,
    #  is_yakuless, dealer, tsumo, rules name, shape, basic points, Rules); the fu facts are
    #  what the fu parts read besides the shape and the rules, in one int: the seat (bits
    #  0-5), the round (6-11), rinshan (12) and pinfu (13).
    _values: tuple[int, int, Parts, int, str | None, int, Parts, int, Wait, int, bool, bool,
                   bool, str, WinShape, int, Rules]

    def __init__(self, han: int, fu: int, yaku: Parts, fu_facts: int, limit: str | None,
                 points: int, payments: Parts, total: int, wait: Wait, yakuman: int,
                 is_yakuless: bool, dealer: bool, tsumo: bool, shape: WinShape, basic: int,
                 rules: Rules, name: str) -> None:
        # ``name``: the rules' (kept by the scorer's tables: an attribute of Rules is a
        # generic lookup compiled).
        self._values = (han, fu, yaku, fu_facts, limit, points, payments, total, wait,
                        yakuman, is_yakuless, dealer, tsumo, name, shape, basic, rules)

    @property
    def han(self) -> int:
        return self._values[0]

    @property
    def fu(self) -> int:
        return self._values[1]

    @property
    def yaku(self) -> Parts:
        """(name, han) of each yaku, then the dora; a yakuman 13 han a unit."""
        return self._values[2]

    @property
    def fu_breakdown(self) -> Parts:
        """(what, fu) parts that add up to ``fu``."""
        values = self._values
        facts = values[3]
        return fu_parts(values[14], facts & 63, facts >> 6 & 63, facts >> 12 & 1 == 1,
                        values[16], facts >> 13 & 1 == 1)

    @property
    def limit(self) -> str | None:
        """"mangan", "haneman", ..., "yakuman"; None below mangan."""
        return self._values[4]

    @property
    def points(self) -> int:
        return self._values[5]

    @property
    def payments(self) -> Parts:
        return self._values[6]

    @property
    def total(self) -> int:
        return self._values[7]

    @property
    def wait(self) -> Wait:
        return self._values[8]

    @property
    def yakuman(self) -> int:
        """Yakuman units (2 for a double yakuman); 0 for an ordinary hand."""
        return self._values[9]

    @property
    def is_yakuless(self) -> bool:
        return self._values[10]

    @property
    def dealer(self) -> bool:
        return self._values[11]

    @property
    def tsumo(self) -> bool:
        return self._values[12]

    @property
    def rules(self) -> str:
        """The name of the rules scored under."""
        return self._values[13]

    @property
    def shape(self) -> WinShape:
        """The reading with the winning tile placed."""
        return self._values[14]

    @property
    def payment_text(self) -> str:
        """The usual way to say it: "1300" (ron), "300-500" (tsumo), "500-all" (dealer)."""
        if self.is_yakuless:
            return "0"
        values = self._values
        return payment_text(values[15], values[11], values[12], values[16])

    @property
    def reading(self) -> str:
        """The decomposition scored, e.g. ``44p 456m 234p 234s 567s``; called melds in []."""
        return describe(self.shape)

    def _public(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in _SCORE_FIELDS) + (self.reading,)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._public() == other._public()

    def __hash__(self) -> int:
        return hash(self._public())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in _SCORE_FIELDS)
        return f"Score({fields})"

    def __reduce__(self) -> tuple[object, ...]:
        values = self._values
        return (_rebuild_score, (values,))

    def yaku_names(self, language: str = "romaji") -> tuple[str, ...]:
        """The yaku's names in ``language``: "romaji" (as in ``yaku``), "english",
        "japanese" or "key" (the stable id); see ``typed_mahjong.core.yaku.IDENTITIES``."""
        from .yaku import yaku_label

        return tuple(yaku_label(name, language) for name, _ in self.yaku)

    def explain(self) -> str:
        """Several lines a person can check by hand: yaku, fu breakdown, payments."""
        if self.is_yakuless:
            return f"no yaku ({self.reading}; wait {self.wait})"
        yaku = ", ".join(f"{name} {han}" for name, han in self.yaku)
        fu = " + ".join(f"{value} {name}" for name, value in self.fu_breakdown)
        pays = ", ".join(f"{payer} pays {amount}" for payer, amount in self.payments)
        limit = f" ({self.limit})" if self.limit else ""
        return (f"reading: {self.reading}; wait {self.wait}\n"
                f"yaku: {yaku} = {self.han} han\n"
                f"fu: {fu} = {self.fu} fu\n"
                f"points: {self.payment_text}{limit} = {self.points}; {pays}; "
                f"winner gains {self.total} [rules {self.rules}]")


def _rebuild_score(values: tuple[int, int, Parts, int, str | None, int, Parts, int, Wait,
                                 int, bool, bool, bool, str, WinShape, int, Rules]) -> Score:
    # Unpickling, and the pure build's scorer (``_result``).
    made = Score.__new__(Score)
    made._values = values
    return made


# One shape scored: (yaku with the dora, yakuman units, han, fu, pinfu (for the fu parts),
# basic points, limit, the shape). A plain tuple: the losers of a hand with several shapes
# cost no object; the fu parts are made only when the Score's are read.
_Candidate = tuple[Parts, int, int, int, bool, int, str | None, WinShape]



def _rank(candidate: _Candidate, dealer: bool, tsumo: bool) -> tuple[int, int, int, int]:
    # Points first; at equal points a real yakuman beats a kazoe (counted) one, as
    # Tenhou shows it; then han, then fu.
    yaku, yakuman, han, fu, _, basic, _, _ = candidate
    first, second = hand_value(basic, dealer, tsumo)
    points = first if not tsumo or dealer else first + 2 * second
    if not yaku:
        return (0, yakuman, 0, fu)
    return (points, yakuman, han, fu)


class ScoreFunction(Protocol):
    """The type of ``score``: the hand, the winning tile and the keywords ``WinOptions``
    lists (each win option by its row's type, and ``rules``), checked by type checkers."""

    def __call__(self, hand: str, win: str, **options: Unpack[WinOptions]) -> Score: ...


def _score(hand: str, win: str, *,
           # BEGIN generated by scripts/build_win_options.py from WIN_OPTIONS: parameters
           tsumo: object = False,
           riichi: object = False,
           double_riichi: object = False,
           ippatsu: object = False,
           rinshan: object = False,
           chankan: object = False,
           haitei: object = False,
           houtei: object = False,
           tenhou: object = False,
           chiihou: object = False,
           seat: object = "S",
           round: object = "E",
           dora: object = "",
           ura: object = "",
           honba: object = 0,
           sticks: object = 0,
           # END generated: parameters
           rules: object = "tenhou", **unknown: object) -> Score:
    """Score a winning hand. Raises HandError for anything malformed or impossible.

    The keywords after ``win`` are the win options (``win_options.WIN_OPTIONS``: tsumo,
    riichi, seat, dora, honba, nuki, ...) and ``rules`` (a preset name or a ``Rules``,
    default tenhou). They are declared one by one (written from the table by
    scripts/build_win_options.py), which binds them far faster than ``**options``;
    ``unknown`` catches the options of optional rules and three-player play (not declared:
    see ``WinOption.declared``), read by ``read_options`` when given, and any keyword that
    is no option, for the error.
    """
    # BEGIN generated by scripts/build_win_options.py from WIN_OPTIONS: reading
    if (not unknown
            and (tsumo is False or tsumo is True)
            and (riichi is False or riichi is True)
            and (double_riichi is False or double_riichi is True)
            and (ippatsu is False or ippatsu is True)
            and (rinshan is False or rinshan is True)
            and (chankan is False or chankan is True)
            and (haitei is False or haitei is True)
            and (houtei is False or houtei is True)
            and (tenhou is False or tenhou is True)
            and (chiihou is False or chiihou is True)
            and type(seat) is str and (seat_tile := _WIND_LETTERS.get(seat)) is not None
            and type(round) is str and (round_tile := _WIND_LETTERS.get(round)) is not None
            and type(dora) is str
            and type(ura) is str
            and type(honba) is int and 0 <= honba <= 999
            and type(sticks) is int and 0 <= sticks <= 999):
        situation = Situation(
            tsumo,
            riichi or double_riichi,
            double_riichi,
            False,
            ippatsu,
            rinshan,
            chankan,
            haitei,
            houtei,
            tenhou,
            chiihou,
            False,
            seat_tile,
            round_tile,
            dora,
            ura,
            honba,
            sticks,
            0,
            None,
            0,
        )
    else:
        situation = read_options(table_order(unknown, {
            "tsumo": tsumo,
            "riichi": riichi,
            "double_riichi": double_riichi,
            "ippatsu": ippatsu,
            "rinshan": rinshan,
            "chankan": chankan,
            "haitei": haitei,
            "houtei": houtei,
            "tenhou": tenhou,
            "chiihou": chiihou,
            "seat": seat,
            "round": round,
            "dora": dora,
            "ura": ura,
            "honba": honba,
            "sticks": sticks,
        }))
    # END generated: reading
    # The rules object the call before asked for (the default name, or a caller's one
    # preset name or Rules): its tables at once, no name looked up.
    if _LAST_TABLES and _LAST_TABLES[0].asked is rules:
        tables = _LAST_TABLES[0]
    else:
        tables = _asked_tables(rules)
    rule_set = tables.rules
    sanma = tables.sanma
    if sanma:
        for field, text in (("hand", hand), ("win", win), ("dora", situation.dora),
                            ("ura", situation.ura)):
            check_sanma_text(text, field, rule_set.name)
    tsumo, honba, sticks, liable, nuki = (situation.tsumo, situation.honba, situation.sticks,
                                          situation.pao, situation.nuki)
    tiles, dora_tiles, ura_tiles = _quick_tiles(hand, win, situation)
    if tiles is _UNREAD_HAND:
        tiles, dora_tiles, ura_tiles = _careful_tiles(hand, win, situation)
    if situation.chankan:
        check_chankan(tiles.counts, tiles.win)
    if nuki:
        check_nuki(tiles.counts, situation, rule_set.players, dora_tiles + ura_tiles)
    check_situation(tiles.melds, situation, ura_tiles,
                    kita_rinshan=nuki != 0 and rule_set.kita_rinshan)
    if sanma:
        for field, wind, given in (("seat", situation.seat, seat),
                                   ("round", situation.round, round),
                                   ("pao", liable, unknown.get("pao"))):
            if wind is not None:
                check_sanma_seat(wind, field, str(given), rule_set.name)
    if liable is not None and liable == situation.seat:
        raise HandError("pao: the liable player cannot be the winner", field="pao",
                        kind="situation")
    if situation.renhou or situation.open_riichi:
        for used, option, value in (
                (situation.renhou, "renhou", rule_set.renhou != "none"),
                (situation.open_riichi, "open_riichi", rule_set.open_riichi)):
            if used and not value:
                raise HandError(f"rules: {option.replace('_', ' ')} is not used under the "
                                f"{rule_set.name!r} rules (enable the {option!r} option)",
                                field="rules", kind=RULES)
    if tiles.red_fives and not tables.red_fives:
        raise HandError(f"hand: red fives are not used under the {rule_set.name!r} rules "
                        f"(write 5 instead of 0)", field="hand", kind=RULES)
    shapes = win_shapes(tiles)
    if not shapes:
        text = parse_hand(hand).format()
        raise HandError(f"hand: {text!r} is not a complete hand: it reads neither "
                        f"as four groups and a pair, nor as seven pairs, nor as thirteen "
                        f"orphans", field="hand", kind=NOT_WINNING)
    dora = _dora_entries(tiles, dora_tiles, ura_tiles, sanma, nuki,
                         tiles.red_fives if tables.red_fives else 0)
    hand_traits = situation_traits(situation)
    best = _evaluate(shapes[0], situation, rule_set, dora, hand_traits, tables)
    if len(shapes) > 1:
        dealer = situation.seat == EAST
        best_rank = _rank(best, dealer, tsumo)
        for shape in shapes[1:]:
            candidate = _evaluate(shape, situation, rule_set, dora, hand_traits, tables)
            rank = _rank(candidate, dealer, tsumo)
            if rank > best_rank:
                best, best_rank = candidate, rank
    return _result(best, tiles, situation, rule_set, honba, sticks, liable, tables)


# The public name of the scorer, typed by ScoreFunction (a cast: a type checker must not see
# the implementation's ``object`` parameters).
score: Final = cast(ScoreFunction, _score)
_WIND_LETTERS: Final = WIND_LETTERS
# Kept here (compiled: a static, where the imported name is a lookup in the module's dict).
_PRESETS: Final = PRESETS


def _dora_entries(tiles: HandTiles, dora: list[int], ura: list[int], sanma: bool, nuki: int,
                  reds: int) -> Parts:
    """The dora entries of the yaku (DORA_NAMES order), those worth something.

    Each indicator counts the copies of the tile it shows; Norths set aside (nuki) count
    as dora themselves and as Norths for the indicators."""
    if not dora and not ura and not reds and not nuki:
        return ()  # the usual hand of no dora: no list, no tuple
    shown = SANMA_DORA if sanma else DORA
    count = _shown_count(tiles, dora, shown, nuki)
    ura_count = _shown_count(tiles, ura, shown, nuki) if ura else 0
    if count < 16 and ura_count < 16 and reds < 4 and nuki < 8:
        # The entries shared by their four counts: a hand makes no list and no tuple. A
        # list slot by the counts: no key to box (compiled) and no hash.
        index = ((count * 16 + ura_count) * 4 + reds) * 8 + nuki
        found = _DORA_ENTRIES[index]
        if found is None:
            found = _new_dora_entries(count, ura_count, reds, nuki)
            _DORA_ENTRIES[index] = found
        return found
    return _new_dora_entries(count, ura_count, reds, nuki)


def _new_dora_entries(count: int, ura_count: int, reds: int, nuki: int) -> Parts:
    entries = []
    if count:
        entries.append((DORA_NAMES[0], count))
    if ura_count:
        entries.append((DORA_NAMES[1], ura_count))
    if reds:
        entries.append((DORA_NAMES[2], reds))
    if nuki:
        entries.append((DORA_NAMES[3], nuki))
    # A tuple: each shape's yaku tuple adds it as it is (``_evaluate``).
    return tuple(entries)


# The dora entries by their counts (dora and ura dora below 16, red fives below 4,
# nukidora below 8), made on first use; rarer counts make their entries each time.
_DORA_ENTRIES: Final[list[Parts | None]] = [None] * (16 * 16 * 4 * 8)


def _shown_count(tiles: HandTiles, indicators: list[int], shown: tuple[int, ...],
                 nuki: int) -> int:
    """Copies in the hand of the tiles the indicators show (a North set aside counts)."""
    count = 0
    present = tiles.tile_mask
    for indicator in indicators:
        tile = shown[indicator]
        if (present >> tile) & 1:  # most dora are not in the hand: no count to take
            count += tiles.count(tile)
        if tile == NORTH:
            count += nuki
    return count


Read = tuple[HandTiles, list[int], list[int]]
# What _quick_tiles gives for a text it leaves to the careful reader (known by its hand).
_UNREAD_HAND: Final = HandTiles((EMPTY_PART, EMPTY_PART, EMPTY_PART, EMPTY_PART), (), 0, False)
_UNREAD: Final[Read] = (_UNREAD_HAND, [], [])


def _quick_tiles(text: str, win: str, situation: Situation) -> Read:
    """The common case read without positions: canonical tiles, known melds, a plain win
    tile and plain indicators, nothing impossible. ``_UNREAD`` (not None: compiled, a
    tuple that is never None is returned unboxed, no tuple made) sends the caller to
    ``_careful_tiles``, which reads the text again and names any fault, so this path never
    decides an error."""
    if len(text) > MAX_HAND_TEXT:  # refused unread by the careful reader
        return _UNREAD
    # The concealed tiles up to the first space (the called melds follow it, one text: the
    # key of their cache); any other spacing is left to the careful reader.
    if INDEX_READER:
        # Compiled: one pass over the character codes to a packed key a suit, parts looked
        # up by int (no digit string is cut out or hashed).
        m_key, p_key, s_key, z_key, end = read_suit_keys(text)
        if end < 0:
            return _UNREAD
        man, pin, sou = keyed_part(0, m_key), keyed_part(1, p_key), keyed_part(2, s_key)
        honours = keyed_part(3, z_key)
    else:
        # Interpreted, the regular expression and the caches by digit string are faster.
        canonical = CANONICAL_TILES.match(text)
        end = -1 if canonical is None else canonical.end()
        if canonical is None or end < len(text) and (end == 0 or text[end] != " "):
            m, p, s, z, end = read_suits(text)
            if end < 0:
                return _UNREAD
        else:
            m, p, s, z = canonical.groups()
        found_man = EMPTY_PART if m is None else _MAN.get(m) or part(0, m)
        found_pin = EMPTY_PART if p is None else _PIN.get(p) or part(1, p)
        found_sou = EMPTY_PART if s is None else _SOU.get(s) or part(2, s)
        found_honours = EMPTY_PART if z is None else _HONOURS.get(z) or part(3, z)
        if (found_man is None or found_pin is None or found_sou is None
                or found_honours is None):
            return _UNREAD
        man, pin, sou, honours = found_man, found_pin, found_sou, found_honours
    parts = (man, pin, sou, honours)
    melds: tuple[Meld, ...] = ()
    facts = NO_MELDS
    if end < len(text):
        # Compiled, plain melds by character code first (no text cut out and hashed).
        known = _coded_meld_facts(text, end + 1) if INDEX_READER else None
        if known is None:
            meld_text = text[end + 1:]
            known = _MELDS.get(meld_text) or _quick_melds(meld_text)
            if known is None:
                return _UNREAD
        melds, facts = known.melds, known
    if INDEX_READER and len(win) == 2:
        code = tile_code(win, 0)  # compiled: read by character code, not hashed
        if code < 0:
            return _UNREAD
        tile, red = code & _TILE_BITS, code >= RED_CODE
    else:
        win_tile = SINGLE_TILES.get(win)
        if win_tile is None:
            return _UNREAD
        tile, red = win_tile.tile, win_tile.red
    # The part by name, not parts[tile // 9]: compiled, that index boxes the tuple first.
    held = man if tile < 9 else pin if tile < 18 else sou if tile < 27 else honours
    if not held.counts[tile % 9 if tile < 27 else tile - 27] or (red and not held.reds):
        return _UNREAD
    hand = HandTiles(parts, melds, tile, situation.tsumo, facts)
    if hand.concealed_size != 14 - 3 * len(melds):
        return _UNREAD
    dora_text, ura_text = situation.dora, situation.ura
    # One or two indicators (the usual case) by their text: a list shared, none made.
    if INDEX_READER:
        dora = _coded_indicators(dora_text) if dora_text else []
        ura = _coded_indicators(ura_text) if ura_text else []
    else:
        dora = (_INDICATORS.get(dora_text) or _more_indicators(dora_text)) if dora_text else []
        ura = (_INDICATORS.get(ura_text) or _more_indicators(ura_text)) if ura_text else []
    if dora is None or ura is None:
        return _UNREAD
    shown = dora + ura if ura else dora
    if hand.most + len(shown) > 4:  # else no tile can have a 5th copy
        if hand.most > 4:
            return _UNREAD
        present = hand.tile_mask
        for tile in shown:
            if (present >> tile) & 1:
                if hand.count(tile) + shown.count(tile) > 4:
                    return _UNREAD
            elif len(shown) > 4 and shown.count(tile) > 4:  # the shown copies alone
                return _UNREAD
    if (hand.red_fives > 1 or "0" in dora_text or "0" in ura_text) and (
            not _one_red_a_suit(hand, situation)):
        return _UNREAD
    return hand, dora, ura


_MAN: Final = PART_CACHES[0]
_PIN: Final = PART_CACHES[1]
_SOU: Final = PART_CACHES[2]
_HONOURS: Final = PART_CACHES[3]


def _more_indicators(text: str) -> list[int] | None:
    """Three indicators or more (kans reveal them), tile by tile; None if any is not a
    plain tile."""
    if len(text) % 2:
        return None
    tiles = []
    for index in range(0, len(text), 2):
        one = _INDICATORS.get(text[index:index + 2])
        if one is None:
            return None
        tiles.append(one[0])
    return tiles


def _coded_indicators(text: str) -> list[int] | None:
    """Indicators written whole one after another, read by character code (compiled: no
    string is cut out or hashed, where a fresh text is hashed to find it in _INDICATORS);
    None if any is not a plain tile. One or two: the list _INDICATORS shares."""
    length = len(text)
    if length == 2 or length == 4:
        first = tile_code(text, 0)
        second = tile_code(text, 2) if length == 4 else 0
        if first < 0 or second < 0:
            return None
        if length == 2:
            return _ONE_INDICATOR[first & _TILE_BITS]
        return _TWO_INDICATORS[(first & _TILE_BITS) * 34 + (second & _TILE_BITS)]
    if length % 2:
        return None
    tiles = []
    for index in range(0, length, 2):
        code = tile_code(text, index)
        if code < 0:
            return None
        tiles.append(int(code & _TILE_BITS))
    return tiles


_TILE_BITS: Final = 63  # a tile_code less its RED_CODE


# Called melds by their text (all of a hand's, as written after its concealed tiles), at
# most _MELDS_LIMIT spellings; the facts carry the melds (one object a text, not a pair).
_MELDS: Final[dict[str, MeldFacts]] = {}
_MELDS_LIMIT: Final = 4096


def _quick_melds(text: str) -> MeldFacts | None:
    """The melds written ``text`` and their facts; None if any is not a plain valid meld."""
    melds = []
    for meld_text in text.split():
        meld = quick_meld(meld_text)
        if meld is None:
            return None
        melds.append(meld)
    if not melds:
        return None
    found = MeldFacts(tuple(melds))
    if len(_MELDS) < _MELDS_LIMIT:
        _MELDS[text] = found
    return found


def _coded_meld_facts(text: str, start: i64) -> MeldFacts | None:
    """The facts of the melds written from ``text[start]`` on, each one space apart and
    read by ``hand.coded_meld``; None for anything else (``_quick_melds`` reads it). Found
    by the melds' numbers, 9 bits a meld, in an open-addressed table (as
    ``shape.keyed_part``'s): at most _MELDS_LIMIT kept."""
    key: i64 = 0
    count: i64 = 0
    index = start
    length = len(text)
    while True:
        number, index = coded_meld(text, index)
        if number < 0 or count == MAX_MELDS:
            return None
        key |= (number + 1) << 9 * count
        count += 1
        if index >= length:
            break
        index += 1  # the space after the meld
    slot = key_slot(key)
    while (found := _CODED_FACTS[slot & (_MELD_SLOTS - 1)]) is not None and found.key != key:
        slot += 1
    if found is not None:
        return found
    melds = []
    for position in range(count):
        melds.append(meld_at((key >> 9 * position & 511) - 1))
    made = MeldFacts(tuple(melds), key)
    if _CODED_KEPT[0] < _MELDS_LIMIT:
        _CODED_FACTS[slot & (_MELD_SLOTS - 1)] = made  # the empty slot the search ended on
        _CODED_KEPT[0] += 1
    return made


_MELD_SLOTS: Final = 2 * _MELDS_LIMIT
_CODED_FACTS: Final[list[MeldFacts | None]] = [None] * _MELD_SLOTS
_CODED_KEPT: Final = [0]  # facts kept in _CODED_FACTS


def _one_red_a_suit(hand: HandTiles, situation: Situation) -> bool:
    """At most one red five of each suit among the hand, its melds and the indicators (as
    ``_quick_tiles`` has read them: plain tiles written whole). A count a suit, no list: no
    ``max``, no ``str.index`` (compiled, generic calls)."""
    man, pin, sou, _ = hand.parts
    red_man, red_pin, red_sou = man.reds, pin.reds, sou.reds
    for meld in hand.melds:
        if meld.reds:
            first = meld.tiles[0]
            if first < 9:
                red_man += meld.reds
            elif first < 18:
                red_pin += meld.reds
            else:
                red_sou += meld.reds
    indicators = situation.dora + situation.ura
    for index in range(0, len(indicators), 2):
        if indicators[index] == "0":
            suit = indicators[index + 1]
            if suit == "m":
                red_man += 1
            elif suit == "p":
                red_pin += 1
            else:
                red_sou += 1
    return red_man <= 1 and red_pin <= 1 and red_sou <= 1


# Indicators written whole one after another, "4m" or "4m1z" (one or two of each kind, the
# usual case): their tiles, at once. Anything else goes to the careful reader.
_INDICATORS: Final[dict[str, list[int]]] = {}
for _first, _one in SINGLE_TILES.items():
    if len(_first) == 2:
        _INDICATORS[_first] = [_one.tile]
        for _second, _other in SINGLE_TILES.items():
            if len(_second) == 2:
                _INDICATORS[_first + _second] = [_one.tile, _other.tile]
# The same lists by tile (one indicator) and by 34 * first + second tile (two): the
# compiled reader's, by character code.
_BY_TILES: Final = {tuple(tiles): tiles for tiles in _INDICATORS.values()}
_ONE_INDICATOR: Final = tuple(_BY_TILES[(tile,)] for tile in range(34))
_TWO_INDICATORS: Final = tuple(_BY_TILES[(first, second)] for first in range(34)
                               for second in range(34))


def _careful_tiles(text: str, win: str, situation: Situation) -> Read:
    """The hand, the winning tile and the indicators read with every check, raising a
    located HandError for the first fault."""
    parsed = parse_hand(text)
    win_tile = _parse_win(parsed, win)
    dora_tiles, ura_tiles = parse_indicators(parsed, situation.dora, situation.ura)
    reds = list(parsed.concealed_reds)
    digits: list[list[str]] = [[], [], [], []]
    for tile in parsed.concealed:
        if tile in reds:
            reds.remove(tile)
            digits[tile // 9].append("0")
        else:
            digits[min(tile // 9, 3)].append(str(tile % 9 + 1 if tile < 27 else tile - 26))
    found = [part(suit, "".join(suit_digits)) if suit_digits else EMPTY_PART
             for suit, suit_digits in enumerate(digits)]
    parts = tuple(item for item in found if item is not None)
    assert len(parts) == 4  # the careful parser has checked every count
    return (HandTiles((parts[0], parts[1], parts[2], parts[3]), parsed.melds, win_tile,
                      situation.tsumo), dora_tiles, ura_tiles)


def _parse_win(hand: Hand, win: str) -> int:
    parsed = parse_tile(win, field="win")
    if parsed.tile not in hand.concealed:
        raise HandError(f"win: the winning tile {tile_name(parsed.tile)} is not among the "
                        f"concealed tiles of the hand", field="win", source=win,
                        position=parsed.position)
    if parsed.red and parsed.tile not in hand.concealed_reds:
        raise HandError(f"win: the winning tile is the red five {win.strip()}, but the "
                        f"concealed tiles hold no red five of that suit", field="win",
                        source=win, position=parsed.position)
    return parsed.tile


def _evaluate(shape: WinShape, situation: Situation, rules: Rules, dora: Parts,
              hand_traits: int, tables: _RuleTables) -> _Candidate:
    """One shape scored; ``hand_traits``: the situation's (``situation_traits``)."""
    traits = hand_traits | reading_traits(shape, situation)
    yaku, han = shape_yaku(shape, situation, rules, traits)
    # Pinfu is an exact row of closed hands (yaku.YAKU): held where its trait is.
    pinfu = traits & PINFU_SHAPE != 0 and shape.closed
    fu = fu_total(shape, situation.seat, situation.round, situation.rinshan, rules, pinfu)
    if traits & tables.yakuman_gate:  # may_be_yakuman, the gate kept with the rules
        yakuman = find_yakuman(shape, situation, rules, traits)
        if yakuman:
            return _yakuman_candidate(shape, yakuman, yaku, dora, fu, pinfu, rules)
    if yaku and dora:
        yaku += dora
        for _, value in dora:
            han += value
    basic, limit = _plain_basic(han, fu, rules, tables)
    if basic < 2000 and situation.renhou and rules.renhou == "mangan":
        # A flat mangan, taken only when the hand is worth less without it (EMA 2016,
        # WRC 2025): it replaces the yaku and dora rather than adding to them.
        return (_RENHOU_MANGAN, 0, 5, fu, pinfu, 2000, "mangan", shape)
    return (yaku, 0, han, fu, pinfu, basic, limit, shape)


_RENHOU_MANGAN: Final[Parts] = (("renhou", 5),)


def _yakuman_candidate(shape: WinShape, yakuman: list[tuple[str, int]], yaku: Parts,
                       dora: Parts, fu: int, pinfu: bool, rules: Rules) -> _Candidate:
    # Plain loops, no max(key=...) or sum(generator) (compiled, each was a Python-level
    # call); a hand holds one yakuman far more often than several.
    if len(yakuman) > 1 and not rules.yakuman_stacking:
        # One yakuman counts; among equals, the one carrying liability (so a pao holds).
        yakuman = [max(yakuman, key=lambda item: (item[1], item[0] in rules.pao))]
    units = 0
    entries = []
    for name, value in yakuman:
        units += value
        entries.append((name, 13 * value))
    if rules.aotenjou and rules.aotenjou_adds_yaku:
        # The `mahjong` package's aotenjou: ordinary yaku and dora count on top.
        entries.extend(yaku)
        entries.extend(dora)
    han = 0
    for _, value in entries:
        han += value
    basic, limit = basic_points(han, fu, rules, yakuman=units)
    return (tuple(entries), units, han, fu, pinfu, basic, limit, shape)


def _result(best: _Candidate, tiles: HandTiles, situation: Situation, rules: Rules,
            honba: int, sticks: int, liable: int | None, tables: _RuleTables) -> Score:
    # The Score by its constructor: compiled (mypyc), a direct call of the native class,
    # where Score.__new__ (as _rebuild_score, for unpickling) is a Python-level call.
    yaku, yakuman, han, fu, pinfu, basic, limit, shape = best
    seat, tsumo = situation.seat, situation.tsumo
    # What the Score's fu parts read besides the shape and the rules (Score._values).
    facts = seat | situation.round << 6 | situation.rinshan << 12 | pinfu << 13
    if not yaku:
        if not INDEX_READER:
            # Interpreted, the values' tuple set on a bare Score: no __init__ call.
            return _rebuild_score((0, fu, (), facts, None, 0, (), 0, shape.wait, 0, True,
                                   seat == EAST, tsumo, tables.name, shape, 0, rules))
        return Score(0, fu, (), facts, None, 0, (), 0, shape.wait, 0, True, seat == EAST,
                     tsumo, shape, 0, rules, tables.name)
    if liable is None:
        row = _plain_payments(basic, seat, tsumo, honba, rules, tables)
        payments, points, paid = row.payments, row.points, row.paid
    else:
        payments = _liable_payments(yaku, yakuman, basic, tiles, situation, rules, honba,
                                    liable)
        honba_paid = _honba_paid(honba, rules, tsumo) if honba else 0
        paid = 0
        for _, amount in payments:
            paid += amount
        points = paid - honba_paid
    if not INDEX_READER:
        return _rebuild_score((han, fu, yaku, facts, limit, points, payments,
                               paid + sticks * tables.stick_value, shape.wait, yakuman, False,
                               seat == EAST, tsumo, tables.name, shape, basic, rules))
    return Score(han, fu, yaku, facts, limit, points, payments,
                 paid + sticks * tables.stick_value, shape.wait, yakuman, False,
                 seat == EAST, tsumo, shape, basic, rules, tables.name)


def _honba_paid(honba: int, rules: Rules, tsumo: bool) -> int:
    """Honba actually paid: a ron pays honba_value each, a tsumo that split among the payers
    (Tenhou sanma: 200 on a ron, 100 from each of the two payers on a tsumo)."""
    if not tsumo:
        return honba * rules.honba_value
    return _honba_per_payer(honba, rules) * (rules.players - 1)


def _honba_per_payer(honba: int, rules: Rules) -> int:
    """What each payer of a tsumo adds for the honba: their value split among the payers."""
    return honba * rules.honba_value // (rules.players - 1)


# What a set of rules has decided before, kept by the rules' identity (a table keeps its
# Rules, so an id is not reused while the table lives): at most _TABLE_RULES sets of rules
# (then all are dropped), _TABLE_LIMIT entries a table: a few MB at worst.


class _PaymentRow:
    """Who pays what with no liability (honba included), the points before honba and all
    paid, for ``key`` (``_plain_payments``: the basic points, honba, seat and tsumo)."""

    __slots__ = ("key", "payments", "points", "paid")

    def __init__(self, key: i64, payments: Parts, points: int, paid: int) -> None:
        self.key = key
        self.payments = payments
        self.points = points
        self.paid = paid


_TABLE_RULES: Final = 16
_TABLE_LIMIT: Final = 4096


class _RuleTables:
    """What ``limits.basic_points`` (no yakuman) reads of the rules, and its answers by
    han and fu under aotenjou (``_plain_basic``); the
    payments with no liability by basic points, seat, tsumo and honba (``_payment_row``:
    payments, points before honba, all paid); and the rules' yakuman gate
    (``yaku.yakuman_gate``), name, riichi stick value, players and red fives, read once a
    set of rules (compiled, an attribute of ``Rules`` is a generic lookup; of this class, a
    field)."""

    __slots__ = ("rules", "asked", "basic", "payments", "payments_kept", "payments_by_key",
                 "yakuman_gate", "limited", "kiriage", "limits", "name", "stick_value",
                 "sanma", "red_fives")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        # The ``rules`` argument these tables last answered (a name or a Rules, read to
        # these rules): a call that passes the same object again skips reading it.
        self.asked: object = None
        self.yakuman_gate = yakuman_gate(rules)  # once a set of rules, not once a shape
        self.basic: dict[int, tuple[int, str | None]] = {}
        # The rows by key (_plain_payments), at most _TABLE_LIMIT: compiled open-addressed
        # (as shape.KEYED_PARTS), interpreted in a dict.
        self.payments: list[_PaymentRow | None] = [None] * _PAYMENT_SLOTS
        self.payments_kept = 0
        self.payments_by_key: dict[int, _PaymentRow] = {}
        # With limits (no aotenjou), what _plain_basic reads: kiriage, and the limit of
        # 5 to 13 han and more, whatever the fu (basic_points).
        self.limited = not rules.aotenjou
        self.kiriage = rules.kiriage
        self.limits = tuple(basic_points(han, 20, rules) for han in range(5, 14))
        self.name = rules.name  # for the Score
        self.stick_value = rules.riichi_stick_value
        self.sanma = rules.players == 3
        self.red_fives = rules.red_fives


_RULE_TABLES: Final[dict[int, _RuleTables]] = {}
# The tables used last: most calls score under the rules of the call before, and comparing
# one reference costs less than boxing an id and looking it up.
_LAST_TABLES: Final[list[_RuleTables]] = []


def _tables(rules: Rules) -> _RuleTables:
    if _LAST_TABLES:
        last = _LAST_TABLES[0]
        if last.rules is rules:
            return last
    known = _RULE_TABLES.get(id(rules))
    if known is None or known.rules is not rules:
        if len(_RULE_TABLES) >= _TABLE_RULES:
            _RULE_TABLES.clear()
        known = _RuleTables(rules)
        _RULE_TABLES[id(rules)] = known
    if _LAST_TABLES:
        _LAST_TABLES[0] = known
    else:
        _LAST_TABLES.append(known)
    return known


def _asked_tables(rules: object) -> _RuleTables:
    """The tables of the rules ``score()`` is asked for: a preset name or a Rules value."""
    rule_set = _PRESETS.get(rules) if type(rules) is str else None
    if rule_set is None:
        if not isinstance(rules, (str, Rules)):
            raise HandError("rules: must be a preset name or a Rules value, got "
                            f"{shown_short(rules)}",
                            field="rules", kind=RULES)
        rule_set = rules_from(rules)
    tables = _tables(rule_set)
    tables.asked = rules
    return tables


def _plain_basic(han: int, fu: int, rules: Rules,
                 tables: _RuleTables) -> tuple[int, str | None]:
    """``basic_points(han, fu, rules)`` through the rules' table."""
    if tables.limited:
        # Computed, with the rules' facts at hand: no key to box, no dict to look in.
        if han >= 5:
            return tables.limits[han - 5 if han < 13 else 8]
        basic = fu << (han + 2)  # fu * 2 ** (han + 2)
        if basic >= 2000 or (tables.kiriage and basic == 1920):
            return 2000, "mangan"
        return basic, None
    key = han << 10 | fu if fu < 1024 else -1
    found = tables.basic.get(key)
    if found is None:
        found = basic_points(han, fu, rules)
        if key >= 0 and len(tables.basic) < _TABLE_LIMIT:
            tables.basic[key] = found
    return found


def _plain_payments(basic: int, seat: int, tsumo: bool, honba: int, rules: Rules,
                    tables: _RuleTables) -> _PaymentRow:
    """Who pays what (honba included), the points before honba and the sum paid."""
    if honba >= 128 or basic >= _MOST_KEPT_BASIC:  # aotenjou's huge values: made each time
        payments, points, paid = _payment_row(basic, seat, tsumo, honba, rules)
        return _PaymentRow(-1, payments, points, paid)
    # The key in 64-bit ints (compiled, each operation on a Python int is a call).
    key: i64 = basic
    honba_bits: i64 = honba
    seat_bits: i64 = seat - EAST
    key = key << 10 | honba_bits << 3 | seat_bits << 1 | tsumo
    if not INDEX_READER:
        # Interpreted, a dict's lookup (in C) beats the table's search in bytecode.
        found = tables.payments_by_key.get(key)
        if found is None:
            payments, points, paid = _payment_row(basic, seat, tsumo, honba, rules)
            found = _PaymentRow(key, payments, points, paid)
            if len(tables.payments_by_key) < _TABLE_LIMIT:
                tables.payments_by_key[key] = found
        return found
    slots = tables.payments
    slot = key_slot(key)
    while (found := slots[slot & (_PAYMENT_SLOTS - 1)]) is not None and found.key != key:
        slot += 1
    if found is not None:
        return found
    payments, points, paid = _payment_row(basic, seat, tsumo, honba, rules)
    row = _PaymentRow(key, payments, points, paid)
    if tables.payments_kept < _TABLE_LIMIT:
        slots[slot & (_PAYMENT_SLOTS - 1)] = row  # the empty slot the search ended on
        tables.payments_kept += 1
    return row


_PAYMENT_SLOTS: Final = 2 * _TABLE_LIMIT
_MOST_KEPT_BASIC: Final = 1 << 40  # a key fits 64 bits


def _payment_row(basic: int, seat: int, tsumo: bool, honba: int,
                 rules: Rules) -> tuple[Parts, int, int]:
    if not tsumo:
        points = hand_value(basic, seat == EAST, tsumo=False)[0]
        paid = points + _honba_paid(honba, rules, tsumo=False)
        return (("discarder", paid),), points, paid
    per_payer = _honba_per_payer(honba, rules) if honba else 0
    # _seat_shares by hand: no dict, no generator (compiled, each a Python-level object).
    first, second, _ = tsumo_payments(basic, seat == EAST, rules)
    payers = _PAYERS[seat]
    payments = []
    points = 0
    for index in range(rules.players - 1):
        wind = payers[index]
        share = first if wind == EAST else second
        payments.append((SEAT_NAMES[wind], share + per_payer))
        points += share
    return tuple(payments), points, points + per_payer * len(payments)


def _liable_payments(yaku: Parts, yakuman: int, basic: int, hand: HandTiles,
                     situation: Situation, rules: Rules, honba: int, liable: int) -> Parts:
    """Who pays what, honba included, when a player is liable (pao) for a yakuman."""
    pao_units = _liable_units(yaku, yakuman, hand, rules)
    if not rules.aotenjou:
        return _pao_payments(basic, situation, rules, honba, liable, pao_units)
    return _payment_row(basic, situation.seat, situation.tsumo, honba, rules)[0]


def tsumo_shares(basic: int, situation: Situation, rules: Rules) -> dict[int, int]:
    """Each payer's share of a tsumo worth ``basic``, before honba (limits.tsumo_payments)."""
    return _seat_shares(basic, situation.seat, rules)


def _seat_shares(basic: int, seat: int, rules: Rules) -> dict[int, int]:
    first, second, _ = tsumo_payments(basic, seat == EAST, rules)
    payers = _PAYERS[seat][:rules.players - 1]
    return {wind: first if wind == EAST else second for wind in payers}


# Who pays a tsumo, by the winner's seat: the others in seat order (sanma: the first two).
_PAYERS: Final[dict[int, tuple[int, ...]]] = {
    seat: tuple(wind for wind in SEAT_NAMES if wind != seat) for seat in SEAT_NAMES}


def _liable_units(yaku: Parts, yakuman: int, hand: HandTiles, rules: Rules) -> int:
    """Yakuman units the liable player answers for; a situation error when none can be.

    The liability needs the completing set called from the liable player: daisangen an
    open dragon set, daisuushii an open wind set, suukantsu an open kan (a daiminkan where
    rules.suukantsu_pao_daiminkan says so).
    """
    listed = [(name, value // 13) for name, value in yaku if name in rules.pao]
    if not yakuman or not listed:
        applies = ", ".join(sorted(rules.pao)) or "no yakuman"
        raise HandError(f"pao: the hand has no yakuman with liability under the "
                        f"{rules.name!r} rules (pao applies to {applies})", field="pao",
                        kind=SITUATION)
    units = 0
    for name, value in listed:
        if _liability_possible(name, hand, rules):
            units += value
    if not units:
        names = " and ".join(name for name, _ in listed)
        raise HandError(f"pao: no one can be liable for this {names}: the liability needs "
                        f"the completing set called from the liable player, and no such "
                        f"called set is in the hand", field="pao", kind=SITUATION)
    return units


def _liability_possible(name: str, hand: HandTiles, rules: Rules) -> bool:
    called = [meld for meld in hand.melds if meld.is_open]
    if name == "daisangen":
        return any(meld.first in DRAGONS for meld in called)
    if name == "daisuushii":
        return any(meld.first in WINDS for meld in called)
    kinds = ("kan",) if rules.suukantsu_pao_daiminkan else ("kan", "kakan")
    return any(meld.kind in kinds for meld in called)


def _pao_payments(basic: int, situation: Situation, rules: Rules, honba: int,
                  liable: int, pao_units: int) -> Parts:
    # On a tsumo the liable player pays the liable yakuman as if dealing in; on a ron by
    # another player the discarder and the liable player pay half of it each. The rest of
    # the hand is paid as usual, unless rules.pao_whole_hand makes the whole hand liable
    # (Tenhou). The honba go with the liable player (rules.pao_honba).
    dealer, tsumo = situation.dealer, situation.tsumo
    pao_basic = basic if rules.pao_whole_hand else basic_points(
        0, 0, rules, yakuman=pao_units)[0]
    rest_basic = basic - pao_basic
    pao_total = hand_value(pao_basic, dealer, tsumo=False)[0]
    name = SEAT_NAMES[liable]
    if not tsumo:
        honba_points = honba * rules.honba_value
        on_liable = honba_points if rules.pao_honba == "liable" else 0
        rest = hand_value(rest_basic, dealer, tsumo=False)[0] if rest_basic else 0
        return (("discarder", pao_total // 2 + rest + honba_points - on_liable),
                (f"{name} (pao)", pao_total // 2 + on_liable))
    shares: dict[str, int] = {name: pao_total + _honba_paid(honba, rules, tsumo=True)}
    if rest_basic:
        for wind, share in tsumo_shares(rest_basic, situation, rules).items():
            shares[SEAT_NAMES[wind]] = shares.get(SEAT_NAMES[wind], 0) + share
    return tuple(sorted(shares.items(), key=lambda item: "ESWN".index(item[0][0])))


def no_yaku(hand: str, win: str, outcome: Score, *, tsumo: bool,
            seat: str | None = None) -> NoYaku:
    """The refusal of a complete hand that has no yaku (``outcome.is_yakuless``): it cannot
    win. ``seat`` names the winner where several win at once."""
    how = "tsumo" if tsumo else "ron"
    whose = f"{seat}'s hand " if seat is not None else ""
    return NoYaku(f"no yaku: {whose}{hand!r} won by {how} on {win} is complete "
                  f"({outcome.reading}; wait {outcome.wait}) but has no yaku, so it cannot win")
