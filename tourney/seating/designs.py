"""Known seatings in which nobody meets anybody twice: resolvable designs.

A *resolvable design* seats ``points`` players at tables of ``k`` for several
rounds (its *parallel classes*) so that no pair shares a table twice. The
whole-night planner starts its search from one of these when one fits the
room: a design for more players is cut down to fewer by dropping points from
the end of its point order, and each round's broken tables are refilled.

The constructions are the textbook ones:

- the affine space AG(d, q) over the field of q elements (q a prime power):
  q**d points, its lines (q points each) fall into (q**d - 1) / (q - 1)
  parallel classes, one per direction. AG(2, q) is the affine plane; AG(d, 3)
  is a Kirkman triple system on 3**d points.
- the resolvable transversal design RTD(k, q), k <= q: the lines of AG(2, q)
  cut down to k columns. k*q points, q classes of q tables of k; two players
  in the same column never meet. Dropping points column by column keeps every
  class whole.
- a resolvable 2-(40, 4, 1) design: 40 players, tables of 4, 13 rounds in
  which every pair meets exactly once (the issue's example is the packing of
  PG(3, 3) into spreads; this one has the same parameters and is easier to
  write down). Points are Z13 x {0, 1, 2} and one point at infinity; round 0
  is the table {inf, (0,0), (0,1), (0,2)} and the nine tables h*B for h in
  {1, 3, 9} and B in ``_BASE_40``; round t adds t to every Z13 coordinate.
  The base tables were found by a search over rounds fixed by multiplication
  by 3, where the differences inside them cover Z13 exactly once per pair of
  levels; ``tests/tourney/test_designs.py`` checks the result.
- a 4-RGDD of type 3^8 (:func:`twenty_four`): 24 players at tables of 4 for 7 rounds,
  nobody meeting anybody twice, in 8 groups of 3 that never meet; and a resolvable
  packing for 36 players over 11 rounds (:func:`thirty_six`: nobody meets twice, each
  misses two others). Both are one round over Z_m (Z7, Z11) and three points at
  infinity, the other rounds its translates.

One design lets pairs meet more than once, because its room cannot do
better: 12 players at tables of 4 for 11 rounds seat 198 pair-meetings on 66
pairs, so some pair meets at least 3 times, and :func:`whist12` has every pair
meet exactly 3 times (a resolvable 2-(12, 4, 3) design, the table structure of
the whist tournament Wh(12)). Points are Z11 and one point at infinity; round
0 is ``_BASE_12`` and round t adds t to every Z11 point. The base's 30
differences (x - y over the pairs of a table, both signs, infinity left out)
cover each nonzero residue exactly 3 times, so each pair of Z11 meets 3 times
over the 11 rounds, and infinity meets each of them 3 times (its table holds
three of them).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache

type Round = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Design:
    """Tables of one size for ``len(classes)`` rounds; points are 0..points-1.

    Points are ordered so that dropping the highest ones spoils the fewest
    tables: the planner keeps the first N points for a room of N.
    """

    name: str
    points: int
    classes: tuple[Round, ...]
    groups: Round = ()
    """Sets of points of which no two ever meet (a transversal design's columns)."""


def _prime_power(q: int) -> tuple[int, int] | None:
    for p in range(2, q + 1):
        if q % p == 0:
            e, rest = 0, q
            while rest % p == 0:
                rest //= p
                e += 1
            return (p, e) if rest == 1 else None
    return None


@cache
def _field(q: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Addition and multiplication tables of GF(q), elements 0..q-1.

    An element is a polynomial over GF(p) written in base p; multiplication
    is modulo the first primitive polynomial of degree e found by trying them.
    """
    found = _prime_power(q)
    if found is None:
        raise ValueError(f"no field has {q} elements")
    p, e = found

    def digits(a: int) -> list[int]:
        return [(a // p**i) % p for i in range(e)]

    def number(ds: list[int]) -> int:
        return sum(d * p**i for i, d in enumerate(ds))

    add = tuple(
        tuple(
            number([(x + y) % p for x, y in zip(digits(a), digits(b), strict=True)])
            for b in range(q)
        )
        for a in range(q)
    )
    if e == 1:
        mul = tuple(tuple(a * b % p for b in range(q)) for a in range(q))
        return add, mul
    for tail in itertools.product(range(p), repeat=e):
        # x**e = -(tail) ; powers of x must run through every nonzero element
        power = [0] * e
        power[0] = 1
        seen = []
        for _ in range(q - 1):
            seen.append(number(power))
            top = power[-1]
            power = [0, *power[:-1]]
            power = [(c - top * t) % p for c, t in zip(power, tail, strict=True)]
        if len(set(seen)) == q - 1 and number(power) == 1:
            log = {element: i for i, element in enumerate(seen)}
            mul = tuple(
                tuple(
                    0 if a == 0 or b == 0 else seen[(log[a] + log[b]) % (q - 1)] for b in range(q)
                )
                for a in range(q)
            )
            return add, mul
    raise AssertionError(f"no primitive polynomial for GF({q})")  # pragma: no cover


def affine_space(d: int, q: int) -> Design:
    """AG(d, q): points are vectors over GF(q), tables are lines, a round per direction."""
    add, mul = _field(q)
    vectors = list(itertools.product(range(q), repeat=d))
    index = {v: i for i, v in enumerate(vectors)}
    directions = [v for v in vectors if any(v) and v[next(i for i, c in enumerate(v) if c)] == 1]
    directions.sort(key=lambda v: v[::-1])  # the last coordinate's direction first
    classes = []
    for direction in directions:
        seen: set[int] = set()
        tables = []
        for start in vectors:
            if index[start] in seen:
                continue
            line = tuple(
                index[tuple(add[s][mul[t][c]] for s, c in zip(start, direction, strict=True))]
                for t in range(q)
            )
            seen.update(line)
            tables.append(line)
        classes.append(tuple(tables))
    design = Design(f"AG({d},{q})", q**d, tuple(classes))
    return _renumber(design, classes[0])


def transversal(k: int, q: int) -> Design:
    """RTD(k, q): the lines of AG(2, q) through k columns; point (column i, y) is i*q + y."""
    if not 2 <= k <= q:
        raise ValueError("a transversal design needs 2 <= k <= q")
    add, mul = _field(q)
    classes = tuple(
        tuple(tuple(i * q + add[mul[slope][i]][b] for i in range(k)) for b in range(q))
        for slope in range(q)
    )
    columns = tuple(tuple(range(i * q, (i + 1) * q)) for i in range(k))
    return Design(f"RTD({k},{q})", k * q, classes, columns)


_BASE_40 = (
    ((1, 0), (3, 1), (2, 0), (12, 1)),
    ((1, 2), (5, 1), (7, 1), (11, 2)),
    ((2, 2), (12, 0), (4, 2), (7, 0)),
)


def forty() -> Design:
    """The resolvable 2-(40, 4, 1) design described in the module docstring."""
    infinity = 39

    def point(x: int, level: int) -> int:
        return level * 13 + x % 13

    base = [(infinity, point(0, 0), point(0, 1), point(0, 2))]
    for h in (1, 3, 9):
        for block in _BASE_40:
            base.append(tuple(point(h * x, level) for x, level in block))
    classes = tuple(
        tuple(
            tuple(p if p == infinity else point(p % 13 + t, p // 13) for p in table)
            for table in base
        )
        for t in range(13)
    )
    design = Design("resolvable 2-(40,4,1)", 40, classes)
    return _renumber(design, classes[0])


_BASE_24 = (
    (("inf", 0), (3, 1), (6, 2), (5, 0)),
    (("inf", 1), (2, 0), (4, 2), (5, 1)),
    (("inf", 2), (5, 2), (0, 1), (1, 0)),
    ((1, 1), (2, 1), (0, 0), (4, 1)),
    ((4, 0), (6, 0), (3, 0), (2, 2)),
    ((6, 1), (0, 2), (3, 2), (1, 2)),
)
"""Round 0 of :func:`twenty_four`: points (x, level) of Z7 x {0, 1, 2}, and three at infinity."""

_BASE_36 = (
    (("inf", 0), (0, 0), (10, 1), (4, 2)),
    (("inf", 1), (6, 0), (8, 1), (8, 2)),
    (("inf", 2), (1, 0), (7, 1), (6, 2)),
    ((5, 0), (2, 1), (5, 1), (6, 1)),
    ((9, 0), (1, 1), (3, 1), (7, 2)),
    ((2, 0), (4, 0), (7, 0), (0, 1)),
    ((4, 1), (9, 1), (0, 2), (1, 2)),
    ((8, 0), (3, 2), (5, 2), (9, 2)),
    ((3, 0), (10, 0), (2, 2), (10, 2)),
)
"""Round 0 of :func:`thirty_six`: points (x, level) of Z11 x {0, 1, 2}, and three at infinity."""


def _rotational(name: str, base: tuple, m: int, groups: Round = ()) -> Design:
    """A design from one round over Z_m: round t adds t to every Z_m coordinate.

    ``base`` holds points (x, level) and ("inf", k); point (x, level) is level * m + x
    and the points at infinity, which every round leaves where they are, come last
    (so a room one or two short drops them first).
    """
    levels = 1 + max(p[1] for table in base for p in table if p[0] != "inf")
    finite = levels * m

    def point(p: tuple, t: int) -> int:
        return finite + p[1] if p[0] == "inf" else p[1] * m + (p[0] + t) % m

    classes = tuple(tuple(tuple(point(p, t) for p in table) for table in base) for t in range(m))
    points = finite + sum(p[0] == "inf" for table in base for p in table)
    return Design(name, points, classes, groups)


def twenty_four() -> Design:
    """A resolvable group divisible design 4-RGDD of type 3^8: 24 players, 7 rounds of six
    tables of 4, nobody meeting anybody twice; the 8 groups of 3 never meet.

    Points are Z7 x {0, 1, 2} and three points at infinity (a group of their own; the
    other groups are {(x, 0), (x, 1), (x, 2)}). Round t adds t to every Z7 coordinate
    of ``_BASE_24``, whose tables hold each difference between two levels (or within one,
    up to sign) once, outside the groups, and each point at infinity beside one point of
    each level: so every pair outside a group meets exactly once over the 7 rounds. The
    base round was found by a small search (1-rotational, as the construction of these
    designs goes). The points at infinity are numbered last, so a room of 23 drops one of
    them (its tablemates take the table of 3 once each: a fair rotation by itself) and a
    room of 22 drops two that never meet (two tables of 3 every round).
    """
    groups = (*(tuple(level * 7 + x for level in range(3)) for x in range(7)), (21, 22, 23))
    return _rotational("4-RGDD of type 3^8", _BASE_24, 7, groups)


def thirty_six() -> Design:
    """36 players, 11 rounds of nine tables of 4, nobody meeting anybody twice.

    A resolvable packing (a 4-RGDD of type 3^12 has these parameters; this one leaves
    each player two others unmet instead of a group of three): Z11 x {0, 1, 2} and three
    points at infinity, round t adding t to ``_BASE_36``. Its tables hold each
    difference between two levels, and each within a level up to sign, at most once,
    and each point at infinity beside one point of each level, so no pair meets twice
    over the 11 rounds; 594 of the 630 pairs meet. The base round was found with the
    CP-SAT solver of OR-Tools (offline, not a dependency) from that model. A room of 35
    drops a point at infinity: its tablemates, one new player a round, take the table
    of 3 once each, a fair rotation by itself.
    """
    return _rotational("resolvable 4-packing on 36 points", _BASE_36, 11)


_BASE_12 = ((11, 0, 1, 3), (2, 6, 7, 9), (4, 5, 8, 10))
"""Round 0 of :func:`whist12`; 11 is the point at infinity."""


def whist12() -> Design:
    """12 players, 11 rounds of three tables of 4, every pair meeting exactly 3 times."""
    classes = tuple(
        tuple(tuple(p if p == 11 else (p + t) % 11 for p in table) for table in _BASE_12)
        for t in range(11)
    )
    design = Design("resolvable 2-(12,4,3) (Wh(12))", 12, classes)
    return _renumber(design, classes[0])


def _renumber(design: Design, first: Round) -> Design:
    """Order points table by table of one round, so dropping the last ones empties its tables."""
    order = [p for table in first for p in table]
    new = {p: i for i, p in enumerate(order)}
    classes = tuple(tuple(tuple(new[p] for p in t) for t in c) for c in design.classes)
    return Design(design.name, design.points, classes)


def _prime_powers(start: int, stop: int) -> list[int]:
    return [q for q in range(max(2, start), stop) if _prime_power(q)]


@cache
def designs_for(n: int, k: int, grow: int = 0) -> tuple[Design, ...]:
    """The designs with tables of ``k`` worth cutting down (or growing) to ``n`` players.

    Those with at least ``n - grow`` points (the rest join tables, making them
    one bigger: ``grow`` is how many tables of k + 1 the room has) and not many
    more than ``n`` (a design cut to under two thirds of its points has lost too
    many tables to help).
    """
    found: list[Design] = []
    limit = n * 3 // 2 + k

    def fits(points: int) -> bool:
        return n - grow <= points <= limit

    if k == 4 and fits(40):
        found.append(forty())
    if k == 4 and n == 12:
        found.append(whist12())
    if k == 4 and fits(24):
        found.append(twenty_four())
    if k == 4 and fits(36):
        found.append(thirty_six())
    if _prime_power(k):
        for d in (2, 3, 4):
            if fits(k**d):
                found.append(affine_space(d, k))
    for q in _prime_powers(max(k, -(-(n - grow) // k)), limit // k + 2)[:2]:
        if fits(k * q):
            found.append(transversal(k, q))
    return tuple(found)
