"""Find the stored short nights of ``tourney/seating/stored_short.py``, offline.

A night shorter than the game's whole night (Toonerville under 11 rounds, Rook Shanghai
under 7 hands) is planned by the engine's own search within its second, and that search
varies with the seed: 17 Toonerville players over 7 rounds meet the counting bound at one
seed and miss it by one at another, and a plain annealing given the same second sometimes
does better (issue 27, item 2). Here each such room is searched once, for longer: the
tabu search of ``tabu_seatings.c`` (see ``find_seatings.py``), started from the engine's
best night over five seeds, and the annealing of ``find_seatings.c`` from a fair random
start, both keeping the engine's fairness band. A night is stored when it keeps the
engine's fairness rule (a spread of odd-table rounds of at most 1 after every round,
``fair._MIDWAY``), no pair meets more than three times past the average, and it repeats fewer
meetings than the engine plans at some seed and no more than at any; the engine then
serves it, relabelled, to every such night. Rooms where the engine meets the bound at
every seed are left alone.

Run (nice it: it uses a whole core)::

    nice -n 19 .venv/bin/python scripts/find_short_nights.py --game toonerville --seconds 5
    nice -n 19 .venv/bin/python scripts/find_short_nights.py --game shanghai --rooms 26 27

``--from FILE`` adds a night found by another tool (a JSON list of rounds of tables; OR-Tools'
CP-SAT, offline, found 20 Rook Shanghai players' 4 hands at 18 where these searches
stopped at 20) to what one room and length weigh, on the same terms.

A room's night is replaced only by a better one, so runs add up; two runs (one per core)
may store side by side.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import tempfile
from collections import Counter
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts.find_seatings import (  # noqa: E402
    SEARCH,
    TABU,
    compile_search,
    encode,
    on_disk,
    prefix_fair,
    run,
    write,
)
from tourney.seating import plan_night, stored_short  # noqa: E402
from tourney.seating.core import table_sizes  # noqa: E402
from tourney.seating.fair import _MIDWAY as MIDWAY  # noqa: E402
from tourney.seating.stored import GAMES, excess  # noqa: E402

TARGET = ROOT / "tourney" / "seating" / "stored_short.py"
HEAD = "SHORT: dict[tuple[str, int, int], tuple[int, tuple[str, ...]]] = {\n"
SEEDS = range(1, 6)
CYCLE = 2_000_000
"""The annealing's steps between reheats: a few seconds hold dozens of cycles (about 13
million steps a second), where the whole nights' settings hold one."""


def tables(flat: list[int], split: list[int]) -> list[list[int]]:
    out, at = [], 0
    for size in split:
        out.append(flat[at : at + size])
        at += size
    return out


def engine(game: str, n: int, rounds: int) -> list[tuple[int, list[list[list[int]]]]]:
    """The engine's own nights (no short night stored) over :data:`SEEDS`: (excess, night),
    each round's tables largest first."""
    rules = GAMES[game]
    saved = stored_short.SHORT.pop((game, n, rounds), None)
    try:
        found = []
        for seed in SEEDS:
            plans = plan_night(range(n), rounds=rounds, **rules["sizes"], seed=seed)
            night = [sorted((list(t) for t in p.tables), key=len, reverse=True) for p in plans]
            found.append((excess(n, night), night))
        return found
    finally:
        if saved is not None:
            stored_short.SHORT[game, n, rounds] = saved


def searched(
    args: list[str], game: str, n: int, rounds: int, start: list | None
) -> list[list[list[int]]] | None:
    """A C search's night (``find_seatings.run``) for ``rounds`` of room ``n``, from
    ``start`` when given, within the engine's midway band, as tables; None when it found
    no fair night."""
    flat_start = [[p for t in ts for p in t] for ts in start] if start else None
    env = {**os.environ, "MIDWAY": str(MIDWAY)}
    result = run(args, game, n, flat_start, rounds=rounds, env=env)
    if result is None:
        return None
    split = table_sizes(n, **GAMES[game]["sizes"])
    return [tables(flat, split) for flat in result[1]]


def tabu(
    binary: Path, game: str, n: int, rounds: int, seed: int, seconds: float, start: list
) -> list[list[list[int]]] | None:
    """The tabu search's night, from ``start``."""
    args = [str(binary), str(n), str(rounds), str(seed), str(seconds)]
    args += [str(TABU[k]) for k in ("stall", "shake", "tenure_min", "tenure_max")]
    return searched(args, game, n, rounds, start)


def anneal(
    binary: Path, game: str, n: int, rounds: int, seed: int, seconds: float
) -> list[list[list[int]]] | None:
    """The annealing's night (``find_seatings.c``), from a fair random start."""
    args = [str(binary), str(n), str(rounds), str(seed), str(seconds)]
    settings = {**SEARCH[game], "cycle": CYCLE}
    args += [str(settings[k]) for k in ("unmet", "hot", "cold", "cycle")]
    return searched(args, game, n, rounds, None)


def even_enough(night: list[list[list[int]]], n: int) -> bool:
    """No pair meets more often than the average, rounded up, and three times more.

    The whole nights allow once more (``find_seatings.evenly``); a short night of few
    tables leaves less room: 20 Rook Shanghai players at four tables of 5 for 4 hands
    repeat 20 meetings at best found with no pair together more than 3 hands, and 18
    with one pair together all 4 (OR-Tools' CP-SAT, offline), which is also what the
    plain annealing of the benchmark finds.
    """
    met = Counter(pr for ts in night for t in ts for pr in combinations(sorted(t), 2))
    return max(met.values()) <= math.ceil(sum(met.values()) / (n * (n - 1) // 2)) + 3


def evenness(night: list[list[list[int]]]) -> tuple[int, int]:
    """Among nights as good, the one whose pairs meet most evenly: the most meetings of any
    pair, then the sum of their squares (13 Toonerville players over 5 rounds: a night
    repeating 35 meetings with a pair together all five rounds, and one with none more
    than four)."""
    met = Counter(pr for ts in night for t in ts for pr in combinations(sorted(t), 2))
    return max(met.values()), sum(m * m for m in met.values())


def room(
    binaries: tuple[Path, Path], game: str, n: int, rounds: int, args: argparse.Namespace
) -> None:
    preferred = GAMES[game]["sizes"]["preferred"]
    theirs = engine(game, n, rounds)
    worst = max(e for e, _ in theirs)
    least = min(e for e, _ in theirs)
    if worst == 0:
        return
    kept = [(e, night) for e, night in theirs if prefix_fair(night, preferred, n, MIDWAY)]
    candidates = list(kept)
    start = min(kept or theirs, key=lambda found: found[0])[1]
    if args.source:
        night = [sorted(ts, key=len, reverse=True) for ts in json.loads(args.source.read_text())]
        split = table_sizes(n, **GAMES[game]["sizes"])
        if len(night) == rounds and all([len(t) for t in ts] == split for ts in night):
            candidates.append((excess(n, night), night))
    for seed in range(1, args.tries + 1):
        for night in (
            tabu(binaries[0], game, n, rounds, seed, args.seconds, start),
            anneal(binaries[1], game, n, rounds, seed, args.seconds),
        ):
            if night is not None:
                candidates.append((excess(n, night), night))
    good = [
        (e, night)
        for e, night in candidates
        if prefix_fair(night, preferred, n, MIDWAY) and even_enough(night, n)
    ]
    best = min(good, key=lambda found: (found[0], *evenness(found[1])), default=None)
    have = on_disk(TARGET, HEAD).get((game, n, rounds), (None,))[0]
    print(
        f"{game} {n}x{rounds}: engine {[e for e, _ in theirs]}, found "
        f"{best and best[0]}, stored {have}",
        flush=True,
    )
    if best is None or best[0] > least or best[0] == worst:
        return
    if have is not None and have <= best[0]:
        return
    night = encode([[p for t in ts for p in t] for ts in best[1]])
    write({(game, n, rounds): (best[0], night)}, target=TARGET, head=HEAD)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    parser.add_argument("--rooms", type=int, nargs="*")
    parser.add_argument("--lengths", type=int, nargs="*")
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--tries", type=int, default=2, help="tabu runs (seeds) per room")
    parser.add_argument(
        "--from",
        dest="source",
        type=Path,
        metavar="FILE",
        help="also a night found elsewhere (JSON: rounds of tables), for one room and length",
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        binaries = (
            compile_search(Path(folder), "tabu_seatings"),
            compile_search(Path(folder), "find_seatings"),
        )
        for game in args.game or sorted(GAMES):
            for n in args.rooms or range(9, 61):
                for rounds in args.lengths or range(2, GAMES[game]["rounds"]):
                    room(binaries, game, n, rounds, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
