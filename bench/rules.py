"""How fast one rummy table's scores are validated (issue 23: under 50 ms a table).

Run as ``.venv/bin/python bench/rules.py`` (``make bench`` runs it too). For each
game, table size and house-rule set it validates many tables, random and
adversarial, and prints the median and worst milliseconds of one
``check_round``:

- ``random``: scores of hands dealt at random from the table's cards, some nudged
  off by a few points (mostly accepted, some refused);
- ``tight``: every player who did not go out near the most a hand can hold, so
  the scarce cards (Rooks, wilds, ten-point cards) are fought over and many are
  refused by the joint check, which then names the cards;
- ``cold``: the worst table again with the search's per-inventory cache emptied
  first, as the first check of a night is.

``--quick`` runs fewer tables. Each row ends PASS or OVER against the target (50 ms
worst); the last line gives the worst table of all. Times are the CPU time of the
check (``time.process_time``), so a busy machine (CI, other jobs) does not inflate
them; ``--wall`` times by the clock instead.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.rules import InvalidScore, get_game
from scoring.rules.deal import table_for

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
TARGET_MS = 50.0


clock = time.process_time


def timed(game, number, scores, **kwargs) -> float:
    """The slower of the two checks a host may make: as typed, then with "yes, really"
    (only the first asks whether the hands fit under the plausible ceiling too)."""
    slowest = 0.0
    for confirmed in (False, True):
        start = clock()
        with contextlib.suppress(InvalidScore):
            game.check_round(number, scores, high_confirmed=confirmed, **kwargs)
        slowest = max(slowest, (clock() - start) * 1000)
    return slowest


def dealt_scores(rng, game, number, players, out):
    inventory = game.inventory(players)
    cards = [v for _card, n in inventory.copies.items() for v in [inventory.values[_card]] * n]
    rng.shuffle(cards)
    counts = game.hand_counts(number, players)
    sizes = counts.describe_sizes(limit=40)
    scores = []
    for i in range(players):
        if i == out:
            scores.append(0)
            continue
        size = rng.choice(sizes)
        hand, cards = cards[:size], cards[size:]
        score = sum(hand)
        if rng.random() < 0.3:
            score = max(1, score + rng.randint(-5, 5))
        scores.append(score)
    return scores


def tight_scores(rng, game, number, players, out):
    inventory = game.inventory(players)
    counts = game.hand_counts(number, players)
    sizes = counts.describe_sizes(limit=40)
    scores = []
    for i in range(players):
        if i == out:
            scores.append(0)
            continue
        most = inventory.most(max(sizes))
        scores.append(max(1, most - rng.randint(0, max(1, most // 6))))
    return scores


def custom_values(rng):
    return {n: rng.randint(1, 100) for n in range(1, 15)}


CASES = [
    # (label, game slug, house rules maker, table sizes)
    ("Toonerville default (unlimited)", "toonerville", lambda r: {}, (3, 4, 5)),
    ("Toonerville no buys", "toonerville", lambda r: {"buy_cap": 0}, (3, 4, 5)),
    ("Toonerville cap 3", "toonerville", lambda r: {"buy_cap": 3}, (3, 4, 5)),
    (
        "Toonerville custom values, cap 20",
        "toonerville",
        lambda r: {"card_values": custom_values(r), "rook_value": r.randint(1, 100), "buy_cap": 20},
        (3, 4, 5),
    ),
    (
        "Toonerville custom values, unlimited",
        "toonerville",
        lambda r: {"card_values": custom_values(r), "rook_value": r.randint(1, 100)},
        (3, 4, 5),
    ),
    ("Rook Shanghai", "shanghai", lambda r: {}, (2, 3, 4, 5, 6)),
    ("Rook Shanghai three decks", "shanghai", lambda r: {"three_decks": True}, (6, 7, 8)),
    # The phone or pad records each player's buys (most players, 0 to the cap or to 6).
    (
        "Toonerville custom values, buys recorded",
        "toonerville",
        lambda r: {"card_values": custom_values(r), "rook_value": r.randint(1, 100)},
        (3, 4, 5),
    ),
    ("Rook Shanghai, buys recorded", "shanghai", lambda r: {}, (3, 4, 5, 6)),
]


def recorded_buys(rng, game, table) -> dict[str, int] | None:
    most = 6 if game.max_buys is None else game.max_buys
    return {name: rng.randint(0, most) for name in table if rng.random() < 0.7}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--wall", action="store_true", help="time by the clock, not CPU time")
    args = parser.parse_args()
    if args.wall:
        global clock
        clock = time.perf_counter
    per_row = 40 if args.quick else 150
    rng = random.Random(23)
    worst_all = 0.0
    print(
        f"{'rummy table validation':40} {'size':>4} {'tables':>6} "
        f"{'random med/worst ms':>20} {'tight med/worst ms':>19} {'cold ms':>8}"
        f"  under {TARGET_MS:.0f} ms"
    )
    for label, slug, rules_for, sizes in CASES:
        for players in sizes:
            random_ms, tight_ms, worst_case = [], [], (0.0, None)
            for _ in range(per_row):
                game = get_game(slug, **rules_for(rng))
                rounds = len(game.rounds_for(players))
                number = rng.randint(1, rounds)
                if game.laid_down_cards(number, players) is None:
                    number = 1
                out = rng.randrange(players)
                for kind, scores in (
                    ("random", dealt_scores(rng, game, number, players, out)),
                    ("tight", tight_scores(rng, game, number, players, out)),
                ):
                    table = dict(zip(NAMES, scores, strict=False))
                    buys = recorded_buys(rng, game, table) if "buys recorded" in label else None
                    ms = timed(game, number, table, buys=buys)
                    (random_ms if kind == "random" else tight_ms).append(ms)
                    if ms > worst_case[0]:
                        worst_case = (ms, (game, number, table, buys))
            game, number, table, buys = worst_case[1]
            table_for.cache_clear()
            cold = timed(game, number, table, buys=buys)
            worst = max(max(random_ms), max(tight_ms), cold)
            worst_all = max(worst_all, worst)
            print(
                f"{label:40} {players:>4} {2 * per_row:>6} "
                f"{statistics.median(random_ms):>9.2f}/{max(random_ms):<9.2f} "
                f"{statistics.median(tight_ms):>9.2f}/{max(tight_ms):<9.2f} {cold:>8.2f}  "
                f"{'PASS' if worst < TARGET_MS else 'OVER'}"
            )
            if worst >= TARGET_MS:
                print(f"    slowest: round {number} {table} buys {buys}")
                print(f"    {game.slug} {game.settings}")
    verdict = "PASS" if worst_all < TARGET_MS else "OVER"
    print(f"worst table: {worst_all:.2f} ms (target under {TARGET_MS:.0f} ms): {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
