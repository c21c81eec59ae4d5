"""How well the club rating recovers who is better (issue 29): a simulated club.

Run as ``.venv/bin/python bench/ratings.py`` (``make bench`` runs it too). Each
simulated club has 24 people with a hidden skill (normal, sd 1). Each night 12 to
20 of them come, play 11 rounds at random tables of 3 to 5 (the app's table
sizes), and at each table a player's round is their skill plus luck (normal, sd
``--luck``, 2 by default: Rook is mostly the deal); the best goes out with 0, the
others score penalty points by how far behind they were. The night's place is
by lowest total, as the master sheet ranks it.

After 5, 10 and 20 nights it prints Kendall's tau between the hidden skill order
and three orders of the people who have played: the club rating as shown (mu - 3
sigma, what the pages rank by), the rating's skill estimate mu, and the average
place over the nights played (what a club without a rating would go by). 1 is
the hidden order exactly, 0 no better than chance. It also prints how far a
person's uncertainty (sigma) has fallen after about 11, 20 and 44 rounds, the
figures behind ``PROVISIONAL_ROUNDS``. The replay is the app's own
(``tourney.club.ratings.replay``).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")

import django  # noqa: E402

django.setup()

from tourney.club.ratings import PROVISIONAL_ROUNDS, START, replay  # noqa: E402
from tourney.seating import table_sizes  # noqa: E402

PEOPLE = 24
ROUNDS = 11
CHECKPOINTS = (5, 10, 20)


def kendall_tau(a: list[float], b: list[float]) -> float:
    """Kendall's tau-b of two paired lists (ties in either list count as neither)."""
    concordant = discordant = ties_a = ties_b = 0
    for i in range(len(a)):
        for j in range(i + 1, len(a)):
            da, db = a[i] - a[j], b[i] - b[j]
            if da == 0 and db == 0:
                continue
            if da == 0:
                ties_a += 1
            elif db == 0:
                ties_b += 1
            elif (da > 0) == (db > 0):
                concordant += 1
            else:
                discordant += 1
    n = concordant + discordant
    denominator = ((n + ties_a) * (n + ties_b)) ** 0.5
    return (concordant - discordant) / denominator if denominator else 0.0


def simulate_night(skill: dict[int, float], rng: random.Random, luck: float):
    """(the night's matches as the app makes them, each person's place that night)."""
    present = rng.sample(sorted(skill), rng.randint(12, 20))
    sizes = table_sizes(len(present), min_size=3, max_size=5, preferred=4)
    totals = dict.fromkeys(present, 0)
    matches = []
    for _ in range(ROUNDS):
        rng.shuffle(present)
        start = 0
        for size in sizes:
            table = sorted(present[start : start + size])
            start += size
            form = {p: skill[p] + rng.gauss(0, luck) for p in table}
            best = max(form.values())
            points = {
                p: 0 if form[p] == best else max(1, round(15 + 20 * (best - form[p])))
                for p in table
            }
            for p in table:
                totals[p] += points[p]
            matches.append((tuple(table), tuple(points[p] for p in table)))
    order = sorted(totals.values())
    places = {p: order.index(t) + 1 for p, t in totals.items()}  # ties share the place
    return tuple(matches), places


def run_club(seed: int, nights: int, luck: float):
    rng = random.Random(f"rookery-ratings-bench|{seed}")
    skill = {p: rng.gauss(0, 1) for p in range(PEOPLE)}
    played = []
    places: dict[int, list[int]] = {}
    taus = {}
    sigmas: dict[int, list[float]] = {}
    for night in range(1, nights + 1):
        matches, night_places = simulate_night(skill, rng, luck)
        played.append(matches)
        for p, place in night_places.items():
            places.setdefault(p, []).append(place)
        if night in CHECKPOINTS:
            now, _ = replay(tuple(played))
            people = sorted(now)
            hidden = [skill[p] for p in people]
            taus[night] = (
                kendall_tau(hidden, [now[p].value for p in people]),
                kendall_tau(hidden, [now[p].mu for p in people]),
                kendall_tau(hidden, [-statistics.fmean(places[p]) for p in people]),
            )
    _, after = replay(tuple(played))
    for night in after:
        for rating in night.values():
            sigmas.setdefault(rating.rounds, []).append(rating.sigma)
    return taus, sigmas


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clubs", type=int, default=12, help="simulated clubs to average over")
    parser.add_argument("--luck", type=float, default=2.0, help="sd of a round's luck (skill sd 1)")
    args = parser.parse_args()
    results = [run_club(seed, max(CHECKPOINTS), args.luck) for seed in range(args.clubs)]
    print(
        f"{args.clubs} simulated clubs of {PEOPLE} people, 12-20 a night, {ROUNDS} rounds at "
        f"tables of 3-5, luck sd {args.luck} against skill sd 1"
    )
    print("Kendall tau against the hidden skill order (mean over clubs; 1 = exact, 0 = chance)")
    print(f"{'nights':>7} {'rating shown':>13} {'rating mu':>10} {'average place':>14}")
    for night in CHECKPOINTS:
        shown, mu, place = (statistics.fmean(r[0][night][i] for r in results) for i in range(3))
        print(f"{night:>7} {shown:>13.3f} {mu:>10.3f} {place:>14.3f}")
    merged: dict[int, list[float]] = {}
    for _, sigmas in results:
        for rounds, values in sigmas.items():
            merged.setdefault(rounds, []).extend(values)
    print(f"Uncertainty (sigma) by rounds played; it starts at {START.sigma:.2f}:")
    for rounds in (11, PROVISIONAL_ROUNDS, 44):
        near = [s for r, v in merged.items() if abs(r - rounds) <= 5 for s in v]
        if near:
            print(
                f"  about {rounds:>2} rounds: sigma {statistics.fmean(near):.2f} "
                f"({statistics.fmean(near) / START.sigma:.0%} of the start)"
                + ("  <- ratings stop being provisional" if rounds == PROVISIONAL_ROUNDS else "")
            )


if __name__ == "__main__":
    main()
