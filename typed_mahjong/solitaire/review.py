"""Review mode (the source article's 感想戦モード): replay a played game and say, after
every move, whether the position can still be cleared.

A game record is a small text file::

    typed-mahjong-game-v1
    # comments and blank lines are ignored
    layout turtle            a built-in layout, or a layout file (relative to this file)
    deal 7                   random deal of seed 7; "deal solvable 7" for solvable_deal;
                             no deal line: the faces in the layout file
    1z (8,6,1) + 1z (16,6,2) the moves, one a line: two tiles, each "(x,y,z)" with its
    (20,2,0) + (16,8,2)      face before it or not (checked when given); a leading
                             "12:" step number is allowed, so ``solitaire solve`` output
                             pastes in as is

Every fault is a ``GameRecordError`` naming the file, line and column: an unknown key, a
malformed tile, a tile not in the layout, a face that is not the one dealt there, a move
that breaks the rules (which rule, which tile).

``review(position, moves, budget=...)`` decides the position before the first move and
after each one. Clearability only ever goes one way during a game (a position that can be
cleared could be cleared by every earlier one, and a dead one stays dead), so verdicts
the budget left undecided are filled in from their neighbours where that settles them.
"""

from __future__ import annotations

import errno
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Protocol

from ..safe_io import InputError
from .deals import MAX_SEED, random_deal, solvable_deal
from .errors import GameRecordError as GameRecordError  # re-exported
from .faces import Face, FaceError
from .formats import MAX_LAYOUT_BYTES, load_layout, read_text_file, shown, whole_number
from .layout import LayoutError, slot
from .position import IllegalMove, Move, Position, PositionError
from .solver import Solver, Verdict, check_budget

GAME_MAGIC = "typed-mahjong-game-v1"
DEFAULT_MOVE_BUDGET = 2.0  # seconds per position, the article's give-up time

Status = Literal["clearable", "dead", "undecided", "cleared"]

_MOVE = re.compile(
    r"""^\s*(?:(?P<step>[0-9]{1,9})\s*:\s*)?
    (?:(?P<face1>[^\s()+:]{1,20})\s*)?
    \(\s*(?P<a1>[0-9]{1,9})\s*,\s*(?P<a2>[0-9]{1,9})\s*,\s*(?P<a3>[0-9]{1,9})\s*\)
    \s*\+\s*
    (?:(?P<face2>[^\s()+:]{1,20})\s*)?
    \(\s*(?P<b1>[0-9]{1,9})\s*,\s*(?P<b2>[0-9]{1,9})\s*,\s*(?P<b3>[0-9]{1,9})\s*\)
    \s*$""",
    re.VERBOSE,
)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A played game: the dealt position, the moves, and where each move was written."""

    position: Position
    moves: tuple[Move, ...]
    lines: tuple[int, ...]  # the record's line of each move
    deal: dict[str, object]
    source: str


@dataclass(frozen=True, slots=True)
class ReviewStep:
    """The position after ``move`` (None: before the first move).

    ``status``: ``clearable``, ``dead``, ``undecided``, or ``cleared`` (no tile left).
    ``inferred``: the status comes from a neighbouring step rather than this position's
    own verdict (which ran out of budget). ``free``: the free tiles. For a dead position
    proved on its face, ``locked`` holds the tiles of the proof (they keep each other on
    the board whatever is played, see ``Verdict.blocking``) and ``blocking`` the free ones
    among them: the article's blocking tiles, free and yet never removable.
    """

    move: Move | None
    present: int
    status: Status
    verdict: Verdict
    inferred: bool
    free: tuple[int, ...]
    locked: tuple[int, ...]
    blocking: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Review:
    """Every step of a reviewed game, and the fatal move if the game was lost.

    ``fatal``: the 1-based number of the first move after which the game could no longer
    be cleared (the position before it could), or None: the game was never lost, or lost
    from the start (``steps[0]`` dead), or the budget left the boundary unknown.
    """

    position: Position
    steps: tuple[ReviewStep, ...]
    fatal: int | None
    seconds: float

    @property
    def lost_from_the_start(self) -> bool:
        return self.steps[0].status == "dead"


def review(
    position: Position,
    moves: Sequence[Move],
    budget: float | None = DEFAULT_MOVE_BUDGET,
) -> Review:
    """Decide the position before the first move and after each of ``moves`` (each
    within ``budget`` seconds; None for no limit). Raises ``IllegalMove`` (with its step)
    if a move breaks the rules."""
    check_budget(budget)
    started = time.perf_counter()
    solver = Solver(position)
    positions = [position]
    for step, move in enumerate(moves, start=1):
        try:
            positions.append(positions[-1].remove(move))
        except IllegalMove as exc:
            raise IllegalMove(str(exc), step) from None
    verdicts = [solver.solve(at.present, budget) for at in positions]
    return assemble_review(positions, moves, verdicts, time.perf_counter() - started)


def assemble_review(
    positions: Sequence[Position],
    moves: Sequence[Move],
    verdicts: Sequence[Verdict],
    seconds: float,
) -> Review:
    """The review of a game from its positions (the start, then after each move) and a
    verdict on each: the statuses settled from their neighbours where the budget left
    them open, the free and blocking tiles, the fatal move."""
    statuses = _fill_in([v.status for v in verdicts])
    steps = []
    for index, (at, verdict, (status, inferred)) in enumerate(
        zip(positions, verdicts, statuses, strict=True)
    ):
        shown: Status = "cleared" if at.is_cleared else status
        free = tuple(at.free_tiles())
        steps.append(
            ReviewStep(
                move=moves[index - 1] if index else None,
                present=at.present,
                status=shown,
                verdict=verdict,
                inferred=inferred,
                free=free,
                locked=verdict.blocking,
                blocking=tuple(t for t in verdict.blocking if t in free),
            )
        )
    fatal = next(
        (
            index
            for index in range(1, len(steps))
            if steps[index].status == "dead" and steps[index - 1].status in ("clearable",)
        ),
        None,
    )
    return Review(positions[0], tuple(steps), fatal, seconds)


def _fill_in(found: list[str]) -> list[tuple[Status, bool]]:
    """Per step, the status and whether it was inferred: before a clearable step every
    step is clearable (play on to it, then clear), after a dead one every step is dead."""
    last_clearable = max((i for i, s in enumerate(found) if s == "solvable"), default=-1)
    first_dead = min((i for i, s in enumerate(found) if s == "unsolvable"), default=len(found))
    out: list[tuple[Status, bool]] = []
    for index, status in enumerate(found):
        if status == "solvable":
            out.append(("clearable", False))
        elif status == "unsolvable":
            out.append(("dead", False))
        elif index < last_clearable:
            out.append(("clearable", True))
        elif index > first_dead:
            out.append(("dead", True))
        else:
            out.append(("undecided", False))
    return out


# --------------------------------------------------------------------------- the record


def format_game(
    position: Position, moves: Sequence[Move], layout: str, deal: dict[str, object]
) -> str:
    """A game record (``parse_game`` reads it back): ``layout`` is the layout line's value
    (a shipped layout's name or a file path), ``deal`` as in ``GameRecord.deal``."""
    if "\n" in layout or "\r" in layout or "#" in layout:
        raise GameRecordError(f"a layout line cannot hold {shown(layout, 60)}")
    lines = [GAME_MAGIC, f"layout {layout}"]
    if deal.get("kind") == "random":
        lines.append(f"deal {deal['seed']}")
    elif deal.get("kind") == "solvable":
        lines.append(f"deal solvable {deal['seed']}")
    for step, move in enumerate(moves, start=1):
        lines.append(f"{step}: {position.describe(move.first)} + {position.describe(move.second)}")
    return "\n".join(lines) + "\n"


def load_game(path: str) -> GameRecord:
    """Read a game record file (see the module docstring)."""
    file = Path(path)
    try:
        text = read_text_file(file, MAX_LAYOUT_BYTES, "game record")
    except InputError as exc:
        if exc.errno == errno.ENOENT:
            raise GameRecordError("no such game record file", source=path) from None
        raise GameRecordError(exc.fault, source=path) from None
    except UnicodeDecodeError as exc:
        raise GameRecordError(f"not a game record: not UTF-8 text (at byte {exc.start})",
                              source=path) from None
    return parse_game(text, source=path, base=file.parent)


def parse_game(text: str, source: str = "<text>", base: Path | None = None) -> GameRecord:
    """A game record from its text; ``base`` is where relative layout paths start."""
    lines = text.splitlines()

    def fail(message: str, line: int, column: int = 1) -> GameRecordError:
        return GameRecordError(message, source=source, line=line, column=column)

    if not lines or lines[0].strip() != GAME_MAGIC:
        # Not recognisably a record: say so without quoting it (it may be anybody's file).
        raise fail(f"not a game record: the first line must be {GAME_MAGIC!r}", 1)
    layout_spec: tuple[str, int, int] | None = None
    deal: tuple[str, int] | None = None
    deal_line = 0
    written: list[tuple[re.Match[str], int]] = []
    for number, raw in enumerate(lines[1:], start=2):
        data = raw.split("#", 1)[0].rstrip()
        if not data.strip():
            continue
        column = len(data) - len(data.lstrip()) + 1
        word = data.split()[0]
        if word in ("layout", "deal"):
            if written:
                raise fail(f"the {word} line must come before the moves", number, column)
            value = data.strip()[len(word) :].strip()
            if word == "layout":
                if layout_spec is not None:
                    raise fail("second layout line", number, column)
                if not value:
                    raise fail("layout needs a built-in name or a file", number, column)
                layout_spec = (value, number, data.index(value) + 1)
            else:
                if deal is not None:
                    raise fail("second deal line", number, column)
                deal = _deal_value(value, number, data.index(value) + 1 if value else 1, fail)
                deal_line = number
            continue
        match = _MOVE.match(data)
        if match is None:
            raise fail(
                "expected 'layout NAME', 'deal SEED' or a move like "
                "'1z (8,6,1) + 1z (16,6,2)' (faces optional)",
                number,
                column,
            )
        written.append((match, number))
    if layout_spec is None:
        raise fail("no layout line: say which layout was played ('layout turtle')", len(lines))
    position, deal_info = _deal(layout_spec, deal, deal_line, base, fail)
    moves: list[Move] = []
    current = position
    for step, (match, number) in enumerate(written, start=1):
        given = match.group("step")
        if given is not None and int(given) != step:
            raise fail(
                f"step number {given}, but this is move {step}", number, match.start("step") + 1
            )
        tiles = [_tile(position, match, side, number, fail) for side in ("a", "b")]
        move = Move.of(tiles[0], tiles[1]) if tiles[0] != tiles[1] else Move(tiles[0], tiles[1])
        try:
            current = current.remove(move)
        except IllegalMove as exc:
            column = _tile_column(match, "a")
            raise fail(f"move {step} is not legal: {exc}", number, column) from None
        moves.append(move)
    return GameRecord(position, tuple(moves), tuple(n for _m, n in written), deal_info, source)


def _deal_value(value: str, number: int, column: int, fail: _Fail) -> tuple[str, int]:
    parts = value.split()
    kind = "random"
    if parts and parts[0] == "solvable":
        kind = "solvable"
        parts = parts[1:]
    seed = whole_number(parts[0], MAX_SEED) if len(parts) == 1 else None
    if seed is None:
        raise fail(
            f"deal needs a seed (a whole number from 0 to {MAX_SEED}), optionally after "
            f"'solvable'; got {shown(value)}",
            number,
            column,
        )
    return kind, seed


class _Fail(Protocol):
    """Builds a GameRecordError located in the record being read."""

    def __call__(self, message: str, line: int, column: int = 1) -> GameRecordError: ...


def _deal(
    layout_spec: tuple[str, int, int],
    deal: tuple[str, int] | None,
    deal_line: int,
    base: Path | None,
    fail: _Fail,
) -> tuple[Position, dict[str, object]]:
    spec, line, column = layout_spec
    candidate = Path(spec) if base is None or Path(spec).is_absolute() else base / spec
    try:
        loaded = load_layout(str(candidate) if candidate.exists() else spec)
    except LayoutError as exc:
        if isinstance(exc, GameRecordError) or exc.line is not None:
            raise  # located in the layout file itself
        raise fail(f"layout {shown(spec, 60)}: {exc.message}", line, column) from None
    try:
        if deal is None:
            if loaded.faces is None:
                raise fail(
                    "the layout has no faces: add a deal line ('deal 7' or 'deal solvable 7')",
                    line,
                    column,
                )
            return Position(loaded.layout, loaded.faces), {"kind": "file", "seed": None}
        kind, seed = deal
        if kind == "solvable":
            position, _moves = solvable_deal(loaded.layout, seed)
        else:
            position = random_deal(loaded.layout, seed)
    except (PositionError, FaceError, ValueError) as exc:
        if isinstance(exc, GameRecordError):
            raise
        raise fail(str(exc), deal_line or line, 1) from None
    return position, {"kind": kind, "seed": seed}


def _tile(position: Position, match: re.Match[str], side: str, number: int, fail: _Fail) -> int:
    x, y, z = (int(match.group(f"{side}{n}")) for n in (1, 2, 3))
    column = _tile_column(match, side)
    where = slot(x, y, z)
    try:
        index = position.layout.index(where)
    except LayoutError:
        raise fail(
            f"no tile at {where} in layout {position.layout.name!r}", number, column
        ) from None
    face_text = match.group(f"face{1 if side == 'a' else 2}")
    if face_text is not None:
        face_column = match.start(f"face{1 if side == 'a' else 2}") + 1
        try:
            face = Face.parse(face_text)
        except FaceError as exc:
            raise fail(str(exc), number, face_column) from None
        dealt = position.faces[index]
        if face.name != dealt.name:
            raise fail(f"the tile at {where} is {dealt.name}, not {face.name}", number, face_column)
    return index


def _tile_column(match: re.Match[str], side: str) -> int:
    """The 1-based column where a move's tile is written: its face, else its "("."""
    face = "face1" if side == "a" else "face2"
    if match.group(face) is not None:
        return match.start(face) + 1
    return match.string.rindex("(", 0, match.start(f"{side}1")) + 1
