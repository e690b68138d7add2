"""Hostile game files: attempted code execution, attribute escapes, huge or deep input,
YAML bombs. Each must be refused quickly with an error that says what is wrong (these
tests would hang or crash, not merely fail, if a guard were missing)."""

from __future__ import annotations

from pathlib import Path

import pytest

from typed_mahjong.games import BAD_FILE, GameError, load, loads, yamlsafe

GAME = """\
name: Target
rules: {hand_size: 3, structure: '3'}
tiles:
  t1: {n: 1}
  t2: {n: 2}
yaku:
  Y:
    when: {when}
    points: 1
"""


def refused(text: str) -> GameError:
    with pytest.raises(GameError) as caught:
        loads(text, filename="evil.yaml")
    assert caught.value.kind == BAD_FILE
    return caught.value


def with_when(when: str) -> str:
    return GAME.replace("{when}", when)


@pytest.fixture(params=[True, False], ids=["libyaml", "pure-python"])
def yaml_path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Run a test through both YAML paths: the C event check and the guarded loader."""
    use_libyaml: bool = request.param
    original = yamlsafe.compose
    monkeypatch.setattr(yamlsafe, "compose",
                        lambda text, use_libyaml=use_libyaml: original(text,
                                                                       use_libyaml=use_libyaml))
    return use_libyaml


# -- code execution ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "payload",
    [
        "!!python/object/apply:os.system ['touch {marker}']",
        "!!python/object/new:os.system ['touch {marker}']",
        "!!python/name:os.system",
        "!!python/module:os",
    ],
)
def test_python_tags_are_refused_and_never_run(payload: str, tmp_path: Path,
                                               yaml_path: bool) -> None:
    marker = tmp_path / "pwned"
    text = GAME.replace("name: Target", f"name: {payload.format(marker=marker)}")
    error = refused(text)
    assert "is not allowed in game files" in error.message
    assert error.line == 1 and error.column == 7
    assert not marker.exists()


@pytest.mark.parametrize(
    ("when", "message"),
    [
        # no method calls in the grammar: refused while parsing
        ("\"__import__('os').system('true')\"", "unexpected '('"),
        ("\"__import__('os') == 1\"", "unknown part '__import__'"),
        ("\"eval('1') == 1\"", "unknown part 'eval'"),
        ("\"exec('x')\"", "unknown part 'exec'"),
        ("a.__class__ == 'x'", "unknown attribute '__class__'"),
        ("a.__class__.__mro__ == 'x'", "unknown attribute '__class__'"),
        ("a.name.upper() == 'T1'", "unexpected '('"),
        ("a.__dict__", "unknown attribute '__dict__'"),
        ("\"().__class__\"", "expected a value, found ')'"),
        ("\"lambda: 1\"", "unexpected ':'"),
        ("\"a.n if a.n else 1\"", "unexpected 'if'"),
        ("\"f'{a}' == 'x'\"", "unexpected"),
        ("\"a.n == 1; import os\"", "unexpected character ';'"),
        ("\"globals() == 1\"", "unknown part 'globals'"),
        ("\"hand[0].n == 1\"", "unexpected '['"),
    ],
)
def test_expressions_reach_nothing_but_tile_attributes(when: str, message: str) -> None:
    error = refused(with_when(when))
    assert message in error.message and "yaku 'Y'" in error.message


def test_an_attribute_named_like_a_dunder_is_plain_data() -> None:
    # Attributes are indexes into a tuple of YAML values, never Python attribute lookups.
    text = GAME.replace("t1: {n: 1}", "t1: {n: 1, __class__: sneaky}").replace(
        "t2: {n: 2}", "t2: {n: 2, __class__: plain}")
    game = loads(text.replace("{when}", "a.__class__ == 'sneaky'"))
    assert game.score("t1 t1 t2").won and not game.score("t2 t2 t2").won


# -- size and depth ------------------------------------------------------------------------


def test_oversized_file_is_refused_before_parsing() -> None:
    text = GAME.replace("{when}", "true") + "# " + "x" * (yamlsafe.MAX_BYTES + 10) + "\n"
    error = refused(text)
    assert "larger than 262144 bytes" in error.message


def test_oversized_file_on_disk(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_bytes(b"name: x\n" + b"#" * (yamlsafe.MAX_BYTES + 1))
    with pytest.raises(GameError, match="larger than 262144 bytes"):
        load(path)


def test_huge_expression_is_refused() -> None:
    when = '"' + " or ".join(["a.n == 1"] * 400) + '"'  # 4796 characters
    assert "the limit is 2000" in refused(with_when(when)).message


def test_deeply_nested_expression_is_refused() -> None:
    when = '"' + "(" * 900 + "true" + ")" * 900 + '"'  # within the length limit
    assert "nests deeper than 24 levels" in refused(with_when(when)).message


def test_deeply_nested_not_chain_is_refused() -> None:
    when = '"' + "not " * 400 + "true" + '"'
    assert "nests deeper than 24 levels" in refused(with_when(when)).message


@pytest.mark.parametrize("opener,closer", [("[", "]"), ("{a: ", "}")])
def test_deeply_nested_yaml_is_refused(opener: str, closer: str, yaml_path: bool) -> None:
    nested = opener * 10_000 + "1" + closer * 10_000  # would overflow a recursive composer
    error = refused(f"name: {nested}\n")
    assert "YAML nests deeper than 24 levels" in error.message
    assert error.line == 1


def test_deeply_nested_constraint_lists_are_refused(yaml_path: bool) -> None:
    when = "{all: [" * 30 + "true" + "]}" * 30
    assert "nests deeper than 24" in refused(with_when(when)).message


BILLION_LAUGHS = """\
a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]
b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]
name: *i
"""


def test_billion_laughs_is_refused_at_the_first_alias(yaml_path: bool) -> None:
    error = refused(BILLION_LAUGHS)
    assert "YAML aliases (*name) are not allowed" in error.message
    assert (error.line, error.column) == (2, 8)  # the first *a


def test_merge_keys_need_aliases_and_are_refused(yaml_path: bool) -> None:
    text = "base: &base {copies: 4}\nname: x\ndefaults:\n  <<: *base\n"
    assert "aliases" in refused(text).message


# -- work bombs ------------------------------------------------------------------------


def test_parts_fanning_out_exceed_the_cost_limit() -> None:
    # each level calls the one below 10 times: 10**6 calls for one check of p0
    parts = "".join(f"  p{i} a: " + " or ".join([f"p{i + 1}(a)"] * 10) + "\n"
                    for i in range(6)) + "  p6 a: a.n == 1\n"
    text = GAME.replace("yaku:", "parts:\n" + parts + "yaku:").replace("{when}", "p0(a)")
    error = refused(text)
    assert "evaluation steps (parts expanded); the limit is 20000" in error.message
    assert "part 'p" in error.message  # found in the parts themselves, line named


def test_a_long_chain_of_parts_is_refused() -> None:
    parts = "".join(f"  p{i} a: p{i + 1}(a)\n" for i in range(100)) + "  p100 a: a.n == 1\n"
    text = GAME.replace("yaku:", "parts:\n" + parts + "yaku:").replace("{when}", "p0(a)")
    error = refused(text)
    assert error.problems == (
        "evil.yaml:91:3: part 'p84': parts call parts 17 deep; the limit is 16",)


def test_aggregates_multiply_cost() -> None:
    # 26 tiles, each aggregate body runs 26 times: 26**4 > 20000
    tiles = "".join(f"  t{i}: {{n: {i}}}\n" for i in range(26))
    text = (f"name: x\nrules: {{hand_size: 26, structure: '26'}}\ntiles:\n{tiles}"
            "yaku:\n  Y:\n    when: \"count(any(any(any(t4.n == 1 for t4 in hand) for t3 in "
            "hand) for t2 in hand) for t1 in hand) > 1\"\n    points: 1\n")
    assert "the limit is 20000" in refused(text).message


def test_a_yaku_naming_many_interchangeable_groups_is_refused() -> None:
    tiles = "".join(f"  t{i}: {{n: {i}}}\n" for i in range(13))
    names = "abcdefghijklmnopqrstuvwxyz"
    when = " and ".join(f"{names[2 * i]}.n == {names[2 * i + 1]}.n" for i in range(13))
    text = (f"name: x\nrules: {{hand_size: 26, structure: '{' '.join(['2'] * 13)}'}}\n"
            f"tiles:\n{tiles}yaku:\n  Pairs:\n    when: {when}\n    points: 1\n")
    error = refused(text)
    # 13 groups of 2, all named: 13! orders
    assert "may come in 6227020800 orders; the limit is 5040" in error.message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (GAME.replace("t1: {n: 1}", "t1: {n: " + "9" * 5000 + "}").replace("{when}", "true"),
         "a number written with more than 20 characters"),
        (GAME.replace("t1: {n: 1}", "t1: {n: 10000000000}").replace("{when}", "true"),
         "number beyond ±1000000000"),
        (with_when("\"a.n == 99999999999\""), "larger than 1000000000"),
        (GAME.replace("name: Target", "name: 2001-12-14").replace("{when}", "true"),
         "tag 'tag:yaml.org,2002:timestamp' is not allowed"),
        (GAME.replace("name: Target", "name: !!binary aGVsbG8=").replace("{when}", "true"),
         "tag 'tag:yaml.org,2002:binary' is not allowed"),
        (GAME.replace("name: Target", "name: !!set {a, b}").replace("{when}", "true"),
         "tag 'tag:yaml.org,2002:set' is not allowed"),
        (GAME.replace("name: Target", "name: !custom x").replace("{when}", "true"),
         "tag '!custom' is not allowed"),
    ],
)
def test_odd_values_are_refused(text: str, message: str) -> None:
    assert message in refused(text).message


def test_too_many_tiles() -> None:
    tiles = "".join(f"  t{i}: {{n: {i}}}\n" for i in range(501))
    text = f"name: x\nrules: {{hand_size: 3, structure: '3'}}\ntiles:\n{tiles}" \
           "yaku:\n  Y: {when: true, points: 1}\n"
    assert "more than 500 tiles" in refused(text).message
