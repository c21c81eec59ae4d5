"""Find the stored whole-night seatings of ``tourney/seating/stored.py``, offline.

Between 30 and 45 players for 11 Toonerville rounds, and 26 to 40 for 7 Rook Shanghai
hands, the engine's search within its second is stuck far above the counting bound
(issue 27): the rooms sit between the known designs, and the fair rotation of the odd
table breaks what a cut-down design gives. So those nights are found here, once,
by a long simulated annealing (``find_seatings.c``, compiled on the fly: pure Python
would take days for the 10^9 swaps a room needs), and stored as data the engine
relabels per night. Every stored night is checked here and by
``tests/tourney/test_stored_seatings.py``: the table sizes ``table_sizes`` gives, the
repeat meetings it claims, and the fair share of the odd table: a spread of 1 after every
round, the night's last and those before it (the engine's rule, ``fair._MIDWAY``).

Three sources, best kept (and a fourth in ``rotational_nights.py``: one base round moved on
over Z_m, which stored Rook Shanghai 30 and Toonerville 33):

- the annealing, from a fair random start (the default);
- ``--construct TRIES``: designs cut down (RTD(5,7) to 34 Shanghai players, RTD(5,8)
  to 39, the resolvable 2-(40,4,1) to 39 Toonerville players and the 36-point packing
  of ``designs.thirty_six`` to 35: a dropped point's tablemates take the short table
  once each, so the rotation is fair by itself; 36 is the packing itself), and
  polished by the annealing where the cut is unfair or short of the bound;
- ``--engine-seeds K``: the engine's own best night over seeds 1..K-1, when fair after
  every round (its search varies by seed).

``--from FILE`` offers a night found by another tool (a JSON list of rounds of tables),
stored on the same terms.

``--prune`` drops stored nights the engine's search matches on average over five seeds.

``--tabu`` runs the tabu search of ``tabu_seatings.c`` instead of the annealing: the local
search that schedules social golfers (every step weighs every swap that moves a player who
meets someone again, takes the best one not tabu, and starts again from the best night,
shaken, when it stalls). It goes on from the stored night (or, with ``--fresh``, from a
fair random start), and where the annealing had levelled off it went lower: Rook Shanghai
30 players 35 to 27, 31: 45 to 39, 32: 57 to 48. ``--tabu --shape`` starts it from a
design cut to the room's own table sizes (AG(2,7) and AG(2,8) for Rook Shanghai, the
resolvable 2-(40,4,1) for Toonerville): the points dropped are searched for so that seven
rounds keep exactly the room's tables, which repeats nobody, and the tabu search then shares
the odd table out (36 Shanghai players: AG(2,7) less a line and six points of a parallel
line, 20 over the bound to 0).

A cut that meets nobody twice need not be fair, and for some rooms none is. CP-SAT
(OR-Tools, offline) finds cuts of AG(2,7) to 33 and 37 Shanghai players, and of AG(2,8) to
41 and 42, that repeat nobody, in two seconds; but it proves that no cut of AG(2,7) to 33 or
37 shares the odd table fairly even by the night's end (33 s and 3 s; the 37 it finds seats
two players at a 6 all seven hands). At 41 (one table of 6) the seven 6s hold 42 seats for
41 players, so 20 of the 21 points where two of those lines cross must be dropped, at two
drops a line: only a point on all seven lines does that, and then the seven 6s miss each
other, 42 players. So those rooms pay for fairness in repeats: the tabu search from the cut
(60 s) ends at 36 and 15 over the bound for 37 and 33, against the 35 and 14 stored.

Toonerville 37 was tried from two designs, and neither gave a night to store. The 36-point
packing and one more player (a 5 each round: the newcomer joins a table, or someone moves
to make it and the newcomer takes their place): the mover meets at most the two players the
packing left unmet, so each round the newcomer is not at the 5 repeats at least two
meetings, at least 18 over the night, and CP-SAT found no such night fair after every round
in 300 s. The cyclic 2-(37,4,1) design (base blocks {0,1,3,24}, {0,4,26,32}, {0,10,18,30}):
eight of its blocks a round and a 5 whose pairs no used block holds would repeat nobody,
but CP-SAT found no eleven rounds of eight disjoint blocks, all distinct, in 120 s; and a 5
made of a block and one player repeats at least one meeting a round (two when that player
makes a 5 only once). A third: the resolvable 2-(40,4,1) less three points of one block
(that block's round and one more left out), so each of the eleven rounds keeps seven
tables of 4 and three of 3, and the nine players at the 3s are seated again as a 5 and a
4. The new pairs at those two tables are pairs the design seats together in another round,
nearly always a round that is played: CP-SAT, exact for every block, kept point and second
round left out (480 choices, any 5 of the nine, fairness switched off), finds 56 over the
bound at best, against the 29 stored.

Toonerville 41 (a 5 and nine 4s, 116 meetings short of every pair) is not tight, but a design
moved on over Z_10 (40 players and one fixed, ten rounds and one more) cannot share the 5
fairly after every round: the 5's two players of one orbit, d apart, meet the 5 again d
rounds later, and no eight of the ten rounds avoid that, which the first eight 5s must (41
players, 40 seats before anyone sits there twice).

What the fair odd table costs Rook Shanghai. The tabu search (``--pair``, 40 s, a fresh
start) with the fairness rule switched off leaves 1, 19, 34 and 18 over the bound at 27, 31,
32 and 37 players; with it, 19, 39, 56 and 33; fair only at the night's end, 27 is still at
21. Toonerville pays little (33: 13 against 14; 41: 10 against 12). The rule fixes, for each
player, the rounds at a 6, and two players can meet only in a round where both sit at a 6
or both at a 5: the stored 27's unmet pairs share the kind of table in at most three of the
seven hands. An order of who sits at the 6s chosen by CP-SAT to keep those shared hands
many did not help (19 again). Also tried, with no gain over what is stored: a round, or two
rounds together, re-seated exactly by CP-SAT (set partitioning) at Toonerville 38, 41 and 45
and Shanghai 37; four or five players taken out of every round and put back by CP-SAT
(27 Shanghai, 37 and 41 Toonerville); the swap of two players in one round and back in
another as a move of the tabu search, or in its shake (worse: 36 against 19 at 27). Adding
players to a night at the bound does not work either: the 44's and the 40's unmet pairs
lie where no table of theirs can take a mover (a group of the design), and two newcomers to
the 35 Rook Shanghai night cannot share the 6s fairly at any price.

Three more that cannot or did not work, so nobody builds them again. Rook Shanghai 30 (six
5s, nobody at an odd table) at the bound is a resolvable 5-GDD of type 2^15 (the social
golfers' 6-5-7); moved on over Z_7 with two fixed points it cannot exist: each of the four
orbits must put a triple (its differences 1, 2 and 3) in one table, so the triple-to-
single meetings count 8 across six orbit pairs that each take at most one. And CP-SAT with
the 6s fixed as the forced groups (at 41 Rook Shanghai players the seven 6s are disjoint
but for one player) found no night that repeats nobody in 600 s, and as an optimisation
reached 21 where the tabu search stores 4; at 42 it found no fair night that repeats
nobody in 300 s. And no cut of AG(2,8) to 42 Rook Shanghai players (22 points dropped,
seven of its nine parallel classes, two 6s a round) is fair after every round: CP-SAT
finds cuts that repeat nobody and are fair at the night's end in a fraction of a second,
and proves in under a second that none is fair at the end and also after each of the first
two rounds (the first three classes fixed, which the 3-transitive action on the directions
allows).

Two more (2026-11-29). Cuts of AG(2,8) and AG(2,9) to the Rook Shanghai rooms of 5 to 7
tables (26 to 33 and 37 players), the missing tables as lines with no player left on them,
seven directions (the plane's collineations make any seven alike): CP-SAT proves in a
second or less that none meets nobody twice, fairness switched off, but for 33 in AG(2,9)
(no answer in 30 s); 38 from AG(2,8) meets nobody twice but none is fair after every
round (8 s). And Toonerville 34 is the 36-point packing less a pair it leaves unmet: the
two dropped players' tablemates take the 3s, which meets nobody twice and shares the 3s
fairly by the night's end (32 players twice, 2 once); but no order of its eleven rounds is
fair after every round (all 36 pairs, every order searched), and the tabu search from it
ends at 20 over the bound, against the 19 stored. The engine's rule of a fair share after
every round (``fair._MIDWAY``) is what that room pays for.

Run (nice it: it uses a whole core)::

    nice -n 19 .venv/bin/python scripts/find_seatings.py --seconds 60 --seeds 3
    nice -n 19 .venv/bin/python scripts/find_seatings.py --game toonerville --rooms 37 41
    nice -n 19 .venv/bin/python scripts/find_seatings.py --construct 300 --game shanghai
    nice -n 19 .venv/bin/python scripts/find_seatings.py --tabu --game shanghai --seconds 120
    nice -n 19 .venv/bin/python scripts/find_seatings.py --tabu --shape --rooms 33 36
    nice -n 19 .venv/bin/python scripts/find_seatings.py --tabu --cut 1 --rooms 31 --seeds 4
    nice -n 19 .venv/bin/python scripts/find_seatings.py --tabu --pair --fresh \\
        --game shanghai --rooms 30 37 --seconds 150 --seeds 2 --first-seed 401

``--tabu --cut K`` starts from the stored night of N + K players less K of them (the
tables of those dropped shrink, so only choices that leave the room's own tables count):
no more repeats than the bigger night, rarely fair after every round, and the tabu search
shares the odd tables out from there. 31 Toonerville players from 32 less one came out at
4 over the bound every time; it was stored at a tie with the engine's best of three seeds
(the engine plans 4 to 9 by seed), which ``keep`` alone would not do.

A room's night is replaced only by a better one (fewer unmet pairs), so runs add up.
"""

from __future__ import annotations

import argparse
import ast
import json
import math
import os
import subprocess
import sys
import tempfile
from collections import Counter
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tourney.seating import plan_night  # noqa: E402
from tourney.seating.core import table_sizes  # noqa: E402
from tourney.seating.designs import forty, thirty_six, transversal  # noqa: E402
from tourney.seating.fair import _MIDWAY as MIDWAY  # noqa: E402
from tourney.seating.fair import odd_flags  # noqa: E402
from tourney.seating.stored import ALPHABET, GAMES, NIGHTS, decode  # noqa: E402

TARGET = ROOT / "tourney" / "seating" / "stored.py"
HEAD = "NIGHTS: dict[tuple[str, int], tuple[int, tuple[str, ...]]] = {\n"
ROOMS = {"toonerville": range(30, 46), "shanghai": range(20, 48)}
SEARCH = {
    "toonerville": {"unmet": 3, "hot": 1.0, "cold": 0.1, "cycle": 20_000_000},
    "shanghai": {"unmet": 3, "hot": 2.0, "cold": 0.2, "cycle": 50_000_000},
}
"""The annealing's settings (see find_seatings.c), tried on N = 37 and on Shanghai's 30."""
POLISH = {"hot": 0.6, "cold": 0.05, "cycle": 5_000_000}
"""Cooler, from a night cut down from a design: keep most of it."""


def compile_search(folder: Path, name: str = "find_seatings") -> Path:
    binary = folder / name
    source = Path(__file__).with_name(f"{name}.c")
    subprocess.run(
        ["gcc", "-O2", "-o", str(binary), str(source), "-lm"], check=True, capture_output=True
    )
    return binary


def meetings(rounds: list[list[int]], sizes: list[int]) -> Counter[tuple[int, int]]:
    """How often each pair meets in a night written one line a round, tables of ``sizes``."""
    met: Counter[tuple[int, int]] = Counter()
    for flat in rounds:
        at = 0
        for size in sizes:
            met.update(combinations(sorted(flat[at : at + size]), 2))
            at += size
    return met


def unmet(n: int, rounds: list[list[int]], sizes: list[int]) -> int:
    return n * (n - 1) // 2 - len(meetings(rounds, sizes))


def spread(n: int, rounds: list[list[int]], sizes: list[int]) -> tuple[int, int]:
    """(pairs unmet, sum over pairs of m squared): lower is better, in that order."""
    met = meetings(rounds, sizes)
    return n * (n - 1) // 2 - len(met), sum(m * m for m in met.values())


def evenly(n: int, rounds: list[list[int]], sizes: list[int]) -> bool:
    """No pair meets more often than the night's average, rounded up, and once more.

    Where every pair meets anyway, counting unmet pairs alone would take a night with one
    pair at the same table all night; such a night is never stored.
    """
    met = meetings(rounds, sizes)
    return max(met.values()) <= math.ceil(sum(met.values()) / (n * (n - 1) // 2)) + 1


def run(
    args: list[str],
    game: str,
    n: int,
    start: list[list[int]] | None,
    rounds: int | None = None,
    env: dict | None = None,
) -> tuple[int, list] | None:
    """Run a C search (``args``: its command line up to the table sizes) for room ``n``.

    Adds the sizes, the odd flags and ``start`` (a night to go on from, one line a
    round); returns the fewest unmet pairs of a fair night and the night, or None when
    none was fair. ``rounds``: the night's length (the game's whole night if None);
    ``env``: the search's environment (``MIDWAY``, the engine's midway band).
    """
    rules = GAMES[game]
    rounds = rounds or rules["rounds"]
    sizes = table_sizes(n, **rules["sizes"])
    flags = odd_flags(sizes, rules["sizes"]["preferred"])
    args = [*args, *map(str, sizes), "--", *(str(int(f)) for f in flags)]
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as file:
        if start:
            file.write("\n".join(" ".join(map(str, row)) for row in start) + "\n")
            file.flush()
            args.append(file.name)
        out = subprocess.run(args, check=True, capture_output=True, text=True, env=env).stdout
    lines = out.split("\n")
    if int(lines[0]) == n * n:
        return None
    night = [list(map(int, line.split())) for line in lines[1 : 1 + rounds]]
    found = unmet(n, night, sizes)
    assert found == int(lines[0]), (found, lines[0])
    return found, night


def search(
    binary: Path,
    game: str,
    n: int,
    seed: int,
    seconds: float,
    start: list[list[int]] | None = None,
) -> tuple[int, list] | None:
    """The annealing's night for ``n`` (from ``start``, cooler, when given); None if unfair."""
    settings = {**SEARCH[game], **(POLISH if start else {})}
    args = [str(binary), str(n), str(GAMES[game]["rounds"]), str(seed), str(seconds)]
    args += [str(settings[k]) for k in ("unmet", "hot", "cold", "cycle")]
    return run(args, game, n, start, env=BAND)


BAND = {**os.environ, "MIDWAY": str(MIDWAY)}
"""The C searches' environment: the engine's midway band (``fair._MIDWAY``, now 1: the
searches then keep the spread at 1 after every round, as :func:`prefix_fair` checks)."""

TABU = {"stall": 20_000, "shake": 10, "tenure_min": 5, "tenure_max": 15}
"""The tabu search's settings (see tabu_seatings.c), tried on N = 37."""


PAIR_TABU = {**TABU, "tenure_min": 4, "tenure_max": 100}
"""``--pair``: the swap is tabu, not the players (tabu_seatings.c, ``PAIR=1``), for 4 to 100
steps as in Dotú and Van Hentenryck's social golfer search."""


def tabu(
    binary: Path,
    game: str,
    n: int,
    seed: int,
    seconds: float,
    start: list[list[int]] | None,
    pair: bool = False,
) -> tuple[int, list] | None:
    """The tabu search's night for ``n``, from ``start`` (a stored night) when given;
    ``pair``: with swaps made tabu rather than players."""
    settings = PAIR_TABU if pair else TABU
    args = [str(binary), str(n), str(GAMES[game]["rounds"]), str(seed), str(seconds)]
    args += [str(settings[k]) for k in ("stall", "shake", "tenure_min", "tenure_max")]
    return run(args, game, n, start, env={**BAND, "PAIR": "1"} if pair else BAND)


def encode(rounds: list[list[int]]) -> tuple[str, ...]:
    return tuple("".join(ALPHABET[p] for p in flat) for flat in rounds)


def on_disk(target: Path = TARGET, head: str = HEAD) -> dict:
    """The nights in a data module now (another run may have stored some since)."""
    text = "\n" + target.read_text().split(head, 1)[1]
    return ast.literal_eval("{" + text[: text.index("\n}\n") + 2])


def write(nights: dict, *, merge: bool = True, target: Path = TARGET, head: str = HEAD) -> None:
    """Store ``nights`` in ``target`` (``stored.py`` unless told), keeping any night on
    disk that claims fewer repeats.

    Under a lock, so two searches (one per core) can store their finds side by side.
    """
    import fcntl

    with open(target.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        _write(nights, merge=merge, target=target, head=head)


def _write(nights: dict, *, merge: bool, target: Path, head: str) -> None:
    for key, night in on_disk(target, head).items() if merge else ():
        if key not in nights or night[0] < nights[key][0]:
            nights[key] = night
    lines = []
    for key, (excess, night) in sorted(nights.items()):
        lines.append(f"    {key!r}: (".replace("'", '"'))
        lines.append(f"        {excess},")
        lines.append("        (")
        lines.extend(f'            "{row}",' for row in night)
        lines.append("        ),")
        lines.append("    ),")
    text = target.read_text()
    before, rest = text.split(head, 1)
    tail = rest[rest.index("}\n") :]
    body = "".join(line + "\n" for line in lines)
    fresh = target.with_suffix(".new")
    fresh.write_text(before + head + body + tail)
    fresh.replace(target)  # whole, for a reader that takes no lock


def fair_order(rounds: list[list[list[int]]], preferred: int) -> list | None:
    """The rounds in an order that shares the odd tables out after every round, or None.

    A depth-first search: a round may come next while every player's odd rounds so
    far stay within one of everyone else's.
    """
    odd_sets = []
    for tables in rounds:
        flags = odd_flags([len(t) for t in tables], preferred)
        odd_sets.append([p for t, f in zip(tables, flags, strict=True) if f for p in t])
    counts = dict.fromkeys((p for t in rounds[0] for p in t), 0)
    order: list[int] = []
    budget = [20_000]

    def extend() -> bool:
        if len(order) == len(rounds):
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        for r in range(len(rounds)):
            if r in order:
                continue
            for p in odd_sets[r]:
                counts[p] += 1
            if max(counts.values()) - min(counts.values()) <= 1:
                order.append(r)
                if extend():
                    return True
                order.pop()
            for p in odd_sets[r]:
                counts[p] -= 1
        return False

    return [rounds[r] for r in order] if extend() else None


def cut_down(
    classes: list[list[list[int]]], game: str, n: int, tries: int, seed: int
) -> tuple[int, list] | None:
    """A night for ``n`` from a zero-repeat night for more: drop points and rounds.

    Each try drops random points (each round must keep the room's table sizes) and
    random rounds beyond the night's length, and looks for a fair order of what is
    left. Returns the fewest unmet pairs found, the night, and whether it is unfair
    (then the fewest unmet pairs of any order: a start for :func:`search` to polish).
    """
    import random

    rng = random.Random(seed)
    rules = GAMES[game]
    sizes = sorted(table_sizes(n, **rules["sizes"]))
    points = sorted({p for table in classes[0] for p in table})
    best = None
    if len(points) < n:
        return None
    for _ in range(tries):
        dropped = set(rng.sample(points, len(points) - n))
        rounds = []
        for tables in classes:
            cut = [[p for p in t if p not in dropped] for t in tables]
            cut = [t for t in cut if t]
            if sorted(map(len, cut)) == sizes or mend(cut, sizes, []) is not None:
                rounds.append(sorted(cut, key=len, reverse=True))
        if len(rounds) < rules["rounds"]:
            continue
        rng.shuffle(rounds)
        rounds = rounds[: rules["rounds"]]
        for r, cut in enumerate(rounds):
            if sorted(map(len, cut)) != sizes:
                rounds[r] = mend(cut, sizes, rounds[:r] + rounds[r + 1 :])
        ordered = fair_order(rounds, rules["sizes"]["preferred"])
        keep = sorted(p for p in points if p not in dropped)
        label = {p: i for i, p in enumerate(keep)}
        night = [[label[p] for t in tables for p in t] for tables in ordered or rounds]
        found = unmet(n, night, table_sizes(n, **rules["sizes"]))
        # Fair nights first, then the fewest unmet pairs.
        if best is None or (ordered is None, found) < (best[2], best[0]):
            best = (found, night, ordered is None)
    return best


def mend(cut: list[list[int]], sizes: list[int], others: list) -> list[list[int]] | None:
    """A round whose tables are one player off ``sizes``, mended by moving one player.

    Where two dropped players shared a table, it is left two short: one player moves
    there from a full table, the one who met its players least in ``others`` (the
    other rounds). None when no single move makes the sizes.
    """
    met = Counter(
        frozenset(pair) for tables in others for table in tables for pair in combinations(table, 2)
    )
    best = None
    for short in cut:
        for full in cut:
            if full is short:
                continue
            after = sorted(len(t) + (t is short) - (t is full) for t in cut)
            if after != sizes:
                continue
            for mover in full:
                cost = sum(met[frozenset((mover, p))] for p in short)
                if best is None or cost < best[0]:
                    best = (cost, short, full, mover)
    if best is None:
        return None
    _, short, full, mover = best
    mended = [
        [*t, mover] if t is short else [p for p in t if p != mover] if t is full else t for t in cut
    ]
    return sorted(mended, key=len, reverse=True)


def bases(game: str) -> list[tuple[str, list[list[list[int]]]]]:
    """Zero-repeat (or, for 32, every-pair-met) nights to cut down."""
    if game == "shanghai":
        found = [("RTD(5,7)", transversal(5, 7)), ("RTD(5,8)", transversal(5, 8))]
        return [(name, [list(map(list, c)) for c in d.classes]) for name, d in found]
    plans = plan_night(range(32), rounds=11, **GAMES[game]["sizes"], seed=1)
    return [
        ("resolvable 2-(40,4,1)", [list(map(list, c)) for c in forty().classes]),
        ("the 36-point packing", [list(map(list, c)) for c in thirty_six().classes]),
        ("the engine's night for 32", [list(map(list, p.tables)) for p in plans]),
    ]


def construct(
    binary: Path, game: str, rooms: list[int], tries: int, seconds: float, nights: dict
) -> None:
    """Cut designs down to each room; polish what is unfair or short of the bound."""
    for name, classes in bases(game):
        for n in rooms:
            cut = cut_down(classes, game, n, tries, seed=n)
            if cut is None:
                continue
            found, night, unfair = cut
            sizes = table_sizes(n, **GAMES[game]["sizes"])
            floor = floor_of(game, n, sizes)
            print(f"{game} {n} from {name}: excess {found - floor}, fair {not unfair}", flush=True)
            if unfair or found > floor:
                polished = search(binary, game, n, n, seconds, start=night)
                if polished is None:
                    continue
                found, night = polished
                print(f"  polished: excess {found - floor}", flush=True)
            old = nights.get((game, n))
            if old is None or found - floor < old[0]:
                nights[(game, n)] = (found - floor, encode(night))
                write(nights)


def prune(nights: dict, seeds: range) -> None:
    """Drop every stored night the engine's own search matches on average over ``seeds``."""
    from tourney.seating import stored

    for (game, n), (claimed, _) in sorted(nights.items()):
        if claimed == 0:
            continue
        saved = stored.NIGHTS.pop((game, n), None)
        rules = GAMES[game]
        found = []
        for seed in seeds:
            plans = plan_night(range(n), rounds=rules["rounds"], **rules["sizes"], seed=seed)
            found.append(stored.excess(n, [[list(t) for t in plan.tables] for plan in plans]))
        if saved is not None:
            stored.NIGHTS[game, n] = saved
        print(f"{game} {n}: stored {claimed}, the search {found}", flush=True)
        if sum(found) <= claimed * len(found):
            del nights[game, n]
            stored.NIGHTS.pop((game, n), None)


def prefix_fair(night: list[list[list[int]]], preferred: int, n: int, midway: int = MIDWAY) -> bool:
    """Spread of odd-table rounds at most 1 after the last round and ``midway`` after
    each one before: the engine's own rule (``fair._MIDWAY``, 2) unless told otherwise.
    The C searches keep the same band (:data:`BAND`); ``stored.night_for``
    serves the first rounds of a whole night only where they end fair."""
    counts = [0] * n
    for r, tables in enumerate(night):
        flags = odd_flags([len(t) for t in tables], preferred)
        for table, flag in zip(tables, flags, strict=True):
            for p in table:
                counts[p] += flag
        if max(counts) - min(counts) > (1 if r == len(night) - 1 else midway):
            return False
    return True


def from_engine(nights: dict, game: str, rooms: list[int], seeds: range) -> None:
    """The engine's own best night over ``seeds``, where it beats what is stored.

    The search's result varies by seed (32 players: 0 to 6 over the bound); storing
    its best serves that to every night.
    """
    from tourney.seating import stored

    rules = GAMES[game]
    preferred = rules["sizes"]["preferred"]
    for n in rooms:
        saved = stored.NIGHTS.pop((game, n), None)
        best = None
        for seed in seeds:
            plans = plan_night(range(n), rounds=rules["rounds"], **rules["sizes"], seed=seed)
            night = [sorted((list(t) for t in p.tables), key=len, reverse=True) for p in plans]
            found = stored.excess(n, night)
            if prefix_fair(night, preferred, n) and (best is None or found < best[0]):
                best = (found, night)
        if saved is not None:
            stored.NIGHTS[game, n] = saved
        have = nights.get((game, n), (None,))[0]
        print(f"{game} {n}: the engine's best {best and best[0]}, stored {have}", flush=True)
        if best is not None and (have is None or best[0] < have):
            nights[(game, n)] = (best[0], encode([[p for t in ts for p in t] for ts in best[1]]))
            write(nights)


def engine_excess(game: str, n: int, seeds: range = range(1, 4)) -> int:
    """The fewest repeats over the bound the engine's own search plans for ``n`` over
    ``seeds`` (a room with no stored night)."""
    from tourney.seating import stored

    rules = GAMES[game]
    saved = stored.NIGHTS.pop((game, n), None)  # stored when this run began, gone since
    try:
        return min(
            stored.excess(n, [[list(t) for t in p.tables] for p in plans])
            for plans in (
                plan_night(range(n), rounds=rules["rounds"], **rules["sizes"], seed=seed)
                for seed in seeds
            )
        )
    finally:
        if saved is not None:
            stored.NIGHTS[game, n] = saved


def standing(game: str, n: int) -> tuple[int, int]:
    """What a found night must beat: the stored night's (unmet, m squared), or where
    nothing is stored, the unmet pairs of the engine's own best of three seeds."""
    sizes = table_sizes(n, **GAMES[game]["sizes"])
    old = on_disk().get((game, n))  # another run may have stored a better one
    if old:
        return spread(n, decode(old[1]), sizes)
    return floor_of(game, n, sizes) + engine_excess(game, n), 0


def keep(game: str, n: int, label: str, result: tuple[int, list] | None, nights: dict) -> None:
    """Store a search's night for room ``n`` when it is fair, beats what stands and no
    pair meets far more than the average (:func:`evenly`); say what happened."""
    if result is None:
        print(f"{game} {n} {label}: never fair", flush=True)
        return
    sizes = table_sizes(n, **GAMES[game]["sizes"])
    floor = floor_of(game, n, sizes)
    have = standing(game, n)
    found, rounds = result
    now = spread(n, rounds, sizes)
    print(
        f"{game} {n} {label}: excess {found - floor}, m squared {now[1]}"
        f" (had {have[0] - floor}, {have[1]})",
        flush=True,
    )
    if now < have and evenly(n, rounds, sizes):
        nights[(game, n)] = (found - floor, encode(rounds))
        write(nights)


def cut_starts(game: str, n: int, k: int) -> list[list[list[int]]]:
    """Starts for room ``n`` from the stored night of ``n + k`` less ``k`` players: every
    choice of ``k`` whose dropping leaves each round with the room's own tables (the
    dropped players' tables shrink), fewest repeats first. Such a start repeats no more
    than its source, but is rarely fair after every round; the tabu search shares the odd
    tables out from there (31 Toonerville players from 32 less one: 4 over the bound).
    """
    from itertools import combinations as choose

    sizes = GAMES[game]["sizes"]
    m = n + k
    source = on_disk().get((game, m))
    if source is None:
        return []
    night = []
    for flat in decode(source[1]):
        tables, at = [], 0
        for size in table_sizes(m, **sizes):
            tables.append(flat[at : at + size])
            at += size
        night.append(tables)
    want = table_sizes(n, **sizes)
    starts = []
    for dropped in choose(range(m), k):
        keep = {p: i for i, p in enumerate(p for p in range(m) if p not in dropped)}
        rounds = []
        for tables in night:
            left = [[keep[p] for p in t if p in keep] for t in tables]
            left = sorted((t for t in left if t), key=len, reverse=True)
            if [len(t) for t in left] != want:
                break
            rounds.append([p for t in left for p in t])
        else:
            starts.append((unmet(n, rounds, want), rounds))
    return [rounds for _, rounds in sorted(starts, key=lambda s: s[0])]


def improve(binary: Path, game: str, n: int, args: argparse.Namespace, nights: dict) -> None:
    """Tabu-search room ``n`` from its stored night (or afresh), storing what beats it."""
    cut = getattr(args, "cut", None)
    cuts = cut_starts(game, n, cut) if cut else []
    for i, seed in enumerate(range(args.first_seed, args.first_seed + args.seeds)):
        old = on_disk().get((game, n))
        start = decode(old[1]) if old and not args.fresh else None
        label = f"seed {seed}"
        if cut:
            if i >= len(cuts):
                break
            start, label = cuts[i], f"seed {seed}, from {n + cut} less {cut}"
        pair = getattr(args, "pair", False)
        found = tabu(binary, game, n, seed, args.seconds, start, pair)
        keep(game, n, f"{label}{', swaps tabu' if pair else ''}", found, nights)


def shaped(
    classes: list[list[list[int]]],
    n: int,
    split: list[int],
    rounds: int,
    seed: int,
    preferred: int,
) -> list[list[list[int]]]:
    """A start for ``n`` players cut from a design: drop points so rounds keep the room's tables.

    The points dropped are searched for (swap one dropped point for a kept one, keep the
    change unless it costs more, a little annealing to move on): the cost of a round is
    how many players would have to move for its lines, less the dropped points, to have
    the room's table sizes (a large price when the count of tables is wrong), and the
    night takes the ``rounds`` cheapest rounds. Those players are then moved (to the
    short table whose players they met least), so the start has the room's tables and
    repeats only where a player moved; its odd tables are left for the tabu search to
    share out.
    """
    import random

    rng = random.Random(seed)
    points = sorted({p for table in classes[0] for p in table})
    want = sorted(split, reverse=True)

    def misfit(tables: list[list[int]], dropped: set[int]) -> int:
        sizes = sorted((len(t) - sum(p in dropped for p in t) for t in tables), reverse=True)
        sizes = [size for size in sizes if size]
        if len(sizes) != len(want):
            return 100
        return sum(abs(a - b) for a, b in zip(sizes, want, strict=True)) // 2

    odd_size = {size for size, odd in zip(want, odd_flags(want, preferred), strict=True) if odd}

    def cost(dropped: set[int]) -> int:
        """Players to move, 8 each, and how far the odd tables are from a fair share."""
        fits = sorted((misfit(c, dropped), k) for k, c in enumerate(classes))[:rounds]
        odd: Counter[int] = Counter()
        for _, k in fits:
            for t in classes[k]:
                kept = [p for p in t if p not in dropped]
                if len(kept) in odd_size:
                    odd.update(kept)
        lo = sum(odd.values()) // n
        counts = [odd[p] for p in points if p not in dropped]
        spread = sum(max(0, lo - c) + max(0, c - lo - 1) for c in counts)
        return 8 * sum(f for f, _ in fits) + spread

    dropped = set(rng.sample(points, len(points) - n))
    now = cost(dropped)
    best = (now, set(dropped))
    for step in range(6_000):
        if best[0] == 0:
            break
        out, back = rng.choice(sorted(dropped)), rng.choice([p for p in points if p not in dropped])
        dropped ^= {out, back}
        after = cost(dropped)
        temp = 4.0 * (1 - step / 6_000) + 0.05
        if after <= now or rng.random() < math.exp((now - after) / temp):
            now = after
            if now < best[0]:
                best = (now, set(dropped))
        else:
            dropped ^= {out, back}
    dropped = best[1]
    chosen = sorted(classes, key=lambda c: misfit(c, dropped))[:rounds]
    label = {p: i for i, p in enumerate(p for p in points if p not in dropped)}
    night = []
    for tables in chosen:
        cut = [[label[p] for p in t if p not in dropped] for t in tables]
        cut = sorted((t for t in cut if t), key=len, reverse=True)
        night.append(cut)
    met = Counter(
        frozenset(pair) for tables in night for table in tables for pair in combinations(table, 2)
    )
    for r, tables in enumerate(night):
        # Keep the largest tables (as many as the room has), then move players from tables
        # over their size, and any from tables beyond the count, to tables under it.
        tables = [*tables, *([] for _ in range(len(want) - len(tables)))]
        pool = [p for t in tables[len(want) :] for p in t]
        tables = [list(t) for t in tables[: len(want)]]
        for table, size in zip(tables, want, strict=True):
            while len(table) > size:
                mover = min(table, key=lambda p: sum(met[frozenset((p, x))] for x in table))
                table.remove(mover)
                pool.append(mover)
        for table, size in zip(tables, want, strict=True):
            while len(table) < size:
                mover = min(pool, key=lambda p: sum(met[frozenset((p, x))] for x in table))
                pool.remove(mover)
                table.append(mover)
        night[r] = sorted(tables, key=len, reverse=True)
    return night


def shape(
    binary: Path, game: str, rooms: list[int], args: argparse.Namespace, nights: dict
) -> None:
    """Cut each room from designs (:func:`shaped`), share the odd tables out by tabu search."""
    from tourney.seating.designs import affine_space

    rules = GAMES[game]
    if game == "shanghai":
        bases = [("AG(2,7)", affine_space(2, 7)), ("AG(2,8)", affine_space(2, 8))]
    else:
        bases = [("resolvable 2-(40,4,1)", forty()), ("the 36-point packing", thirty_six())]
    for n in rooms:
        split = table_sizes(n, **rules["sizes"])
        floor = floor_of(game, n, split)
        for name, design in bases:
            if design.points < n or len(design.classes) < rules["rounds"]:
                continue
            for seed in range(args.first_seed, args.first_seed + args.seeds):
                classes = [[list(t) for t in c] for c in design.classes]
                start = shaped(
                    classes, n, split, rules["rounds"], seed, rules["sizes"]["preferred"]
                )
                flat = [[p for t in tables for p in t] for tables in start]
                label = f"from {name} seed {seed} (cut {unmet(n, flat, split) - floor})"
                keep(game, n, label, tabu(binary, game, n, seed, args.seconds, flat), nights)


def floor_of(game: str, n: int, sizes: list[int]) -> int:
    """Pairs that must stay unmet: those beyond the night's pair-meetings."""
    return max(0, n * (n - 1) // 2 - GAMES[game]["rounds"] * sum(s * (s - 1) // 2 for s in sizes))


def offer(source: Path, game: str, n: int, nights: dict) -> int:
    """Store a night found by another tool (OR-Tools' CP-SAT, offline, found 14 Rook
    Shanghai players' night at the bound where these searches stopped one short) when it
    is fair (:func:`prefix_fair`) and beats what stands, as :func:`keep` decides."""
    night = [sorted(tables, key=len, reverse=True) for tables in json.loads(source.read_text())]
    sizes = table_sizes(n, **GAMES[game]["sizes"])
    if (
        any([len(t) for t in tables] != sizes for tables in night)
        or len(night) != GAMES[game]["rounds"]
    ):
        print(f"{source}: not {GAMES[game]['rounds']} rounds of tables {sizes}", flush=True)
        return 1
    if not prefix_fair(night, GAMES[game]["sizes"]["preferred"], n):
        print(f"{source}: not fair (1 at the end, {MIDWAY} before)", flush=True)
        return 1
    flat = [[p for t in tables for p in t] for tables in night]
    found = unmet(n, flat, sizes)
    floor = floor_of(game, n, sizes)
    if (game, n) not in on_disk() and evenly(n, flat, sizes) and found == floor:
        # At the bound where the engine's own search gets there only at some seeds.
        print(f"{game} {n} from {source.name}: excess 0, stored", flush=True)
        nights[(game, n)] = (0, encode(flat))
        write(nights)
        return 0
    keep(game, n, f"from {source.name}", (found, flat), nights)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(ROOMS), action="append")
    parser.add_argument("--rooms", type=int, nargs="*")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--seeds", type=int, default=1)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument(
        "--construct", type=int, metavar="TRIES", help="cut designs down instead of annealing"
    )
    parser.add_argument(
        "--tabu",
        action="store_true",
        help="the tabu search (tabu_seatings.c) instead of the annealing, from the stored night",
    )
    parser.add_argument("--fresh", action="store_true", help="with --tabu: from a random start")
    parser.add_argument(
        "--pair", action="store_true", help="with --tabu: a swap is tabu, not its players"
    )
    parser.add_argument(
        "--cut",
        type=int,
        metavar="K",
        help="with --tabu: from the stored night of N + K less K players (one start a seed)",
    )
    parser.add_argument(
        "--shape", action="store_true", help="with --tabu: from designs cut to the room's tables"
    )
    parser.add_argument(
        "--prune", action="store_true", help="drop the nights the search matches over seeds 1-5"
    )
    parser.add_argument(
        "--engine-seeds", type=int, metavar="K", help="store the engine's best of seeds 1..K-1"
    )
    parser.add_argument(
        "--from",
        dest="source",
        type=Path,
        metavar="FILE",
        help="a night found elsewhere (JSON: rounds of tables) for one --game and --rooms N",
    )
    args = parser.parse_args(argv)
    nights = dict(NIGHTS)
    if args.source:
        return offer(args.source, args.game[0], args.rooms[0], nights)
    if args.engine_seeds:
        for game in args.game or sorted(ROOMS):
            from_engine(nights, game, args.rooms or list(ROOMS[game]), range(1, args.engine_seeds))
        return 0
    if args.prune:
        prune(nights, range(1, 6))
        write(nights, merge=False)
        return 0
    with tempfile.TemporaryDirectory() as folder:
        if args.tabu:
            binary = compile_search(Path(folder), "tabu_seatings")
            if args.shape:
                for game in args.game or sorted(ROOMS):
                    shape(binary, game, args.rooms or list(ROOMS[game]), args, nights)
                return 0
            for game in args.game or sorted(ROOMS):
                for n in args.rooms or ROOMS[game]:
                    improve(binary, game, n, args, nights)
            return 0
        binary = compile_search(Path(folder))
        if args.construct:
            for game in args.game or sorted(ROOMS):
                rooms = args.rooms or list(ROOMS[game])
                construct(binary, game, rooms, args.construct, args.seconds, nights)
            return 0
        for game in args.game or sorted(ROOMS):
            for n in args.rooms or ROOMS[game]:
                sizes = table_sizes(n, **GAMES[game]["sizes"])
                old = nights.get((game, n))
                have = unmet(n, decode(old[1]), sizes) if old else None
                for seed in range(args.first_seed, args.first_seed + args.seeds):
                    result = search(binary, game, n, seed, args.seconds)
                    if result is None:
                        continue
                    found, rounds = result
                    floor = max(
                        0,
                        n * (n - 1) // 2
                        - GAMES[game]["rounds"] * sum(s * (s - 1) // 2 for s in sizes),
                    )
                    print(
                        f"{game} {n} seed {seed}: unmet {found}, excess {found - floor}"
                        f" (had {None if have is None else have - floor})",
                        flush=True,
                    )
                    if have is None or found < have:
                        have = found
                        nights[(game, n)] = (found - floor, encode(rounds))
                        write(nights)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
