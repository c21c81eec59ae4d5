"""Preview a whole night's seating without a database.

Hosts use it to see how a room of a given size will mix before the night, and
the benchmark uses it to measure the engine; it runs exactly the planner the
app runs (``tourney.seating``), with players numbered 0 to N-1.
"""

from __future__ import annotations

import json
import random
import re

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.rules import get_game
from tourney import seating
from tourney.seating.constraints import Constraints

# The tournament games: the ones whose rooms are seated at many tables at once.
TOURNAMENT_GAMES = ("toonerville", "shanghai")
# Not a seating method of its own: the mix method, which plans every round together.
NIGHT = "night"
MOST_PLAYERS = 2000
"""The largest room planned here: a church hall's night is tens, a big event hundreds."""


def simulated_totals(players: int, rounds: int, seed: int | str) -> list[dict[int, int]]:
    """Made-up running totals before each round, for previewing the standings method.

    Each round one player a table goes out with 0 in real play; here every
    player simply draws 0 to 120 penalty points a round from a seeded RNG, which
    is enough to show how the head table forms.
    """
    rng = random.Random(f"plan_seating-totals|{seed}")
    totals = dict.fromkeys(range(players), 0)
    before: list[dict[int, int]] = []
    for _ in range(rounds):
        before.append(dict(totals))
        for player in totals:
            totals[player] += rng.randint(0, 120)
    return before


def simulated_ratings(players: int, seed: int | str) -> dict[int, int]:
    """Made-up club ratings, for previewing the rating method: each player a skill
    drawn from a seeded RNG around the rating model's starting 25 (in hundredths, as
    the app passes them), the same all night as a real rating is."""
    rng = random.Random(f"plan_seating-ratings|{seed}")
    return {player: round(rng.gauss(25, 4) * 100) for player in range(players)}


class Command(BaseCommand):
    help = (
        "Print a night's seating as JSON, without touching the database: "
        '{"rounds": [[[0, 5, 9, 12], ...], ...]}, each table\'s player numbers '
        "(0 to N-1) in seat order, dealer first. Each method plans as the app does: mix "
        "(and night, the same) every round together; standings, random and rating one "
        "round at a time, each knowing the night's length, so the odd tables come out "
        "fairly shared by its end. The standings method has no real scores here, so it "
        "uses simulated totals drawn from a seeded RNG; the rating method, simulated "
        "club ratings."
    )
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--players", type=int, required=True, help="players in the room")
        parser.add_argument("--rounds", type=int, required=True, help="rounds to plan")
        parser.add_argument("--game", choices=TOURNAMENT_GAMES, required=True)
        parser.add_argument(
            "--method",
            choices=(*seating.METHODS, NIGHT),
            default="mix",
            help="mix (default: the whole night at once, as the app seats a mix event; "
            "night is the same), standings (simulated totals), random or rating (tables "
            "balanced by simulated club ratings), these three round by round",
        )
        parser.add_argument("--seed", default="0", help="same seed, same seating (default 0)")
        parser.add_argument(
            "--fallback",
            choices=seating.FALLBACKS,
            help="when the room cannot be split evenly: a short table (games with one: "
            f"{', '.join(_short_table_games())}) or players sitting out",
        )
        parser.add_argument(
            "--pin",
            action="append",
            default=[],
            metavar="PLAYER=TABLE",
            help="keep a player at one table every round (table 1: the table by the door); "
            "repeatable",
        )
        parser.add_argument(
            "--apart",
            action="append",
            default=[],
            metavar="A,B",
            help="never seat two players at one table; repeatable",
        )
        parser.add_argument(
            "--together",
            action="append",
            default=[],
            metavar="A,B",
            help="always seat two players at one table; repeatable",
        )

    def handle(
        self,
        *args: object,
        players: int,
        rounds: int,
        game: str,
        method: str,
        seed: str,
        fallback: str | None,
        pin: list[str],
        apart: list[str],
        together: list[str],
        **options: object,
    ) -> None:
        if players < 1 or rounds < 1:
            raise CommandError("--players and --rounds must be at least 1.")
        if players > MOST_PLAYERS:
            raise CommandError(
                f"--players {players}: plan rooms of up to {MOST_PLAYERS:,} players here "
                "(500 take about two seconds)."
            )
        rules = get_game(game)
        if rounds > len(rules.rounds):
            raise CommandError(
                f"--rounds {rounds}: {rules.name} has {len(rules.rounds)} rounds: choose "
                f"{len(rules.rounds)} or fewer."
            )
        if fallback == "short_table" and rules.short_table_size is None:
            raise CommandError(
                f"--fallback short_table: {rules.name} has no short table (games with one: "
                f"{', '.join(_short_table_games())}). Try --fallback sit_out."
            )
        constraints = Constraints.of(
            pinned=_pins(pin, players),
            apart=[_numbers(text, ",", "--apart", players) for text in apart],
            together=[_numbers(text, ",", "--together", players) for text in together],
        )
        totals = None
        if method == "standings":
            totals = simulated_totals(players, rounds, seed)
        elif method == "rating":
            totals = [simulated_ratings(players, seed)] * rounds
        plans: list[seating.Plan] = []
        room = {
            "min_size": rules.min_players,
            "max_size": rules.max_players,
            "preferred": rules.preferred_table_size,
            "short_table_size": rules.short_table_size,
            "seed": seed,
            "fallback": fallback,
            "constraints": constraints or None,
        }
        try:
            if method in ("mix", NIGHT):
                plans = seating.plan_night(list(range(players)), rounds=rounds, **room)
            for number in range(len(plans), rounds):
                plans.append(
                    seating.plan_round(
                        list(range(players)),
                        history=plans,
                        method=method,
                        totals=totals[number] if totals else None,
                        night_rounds=rounds,  # as the app passes the night's length
                        **room,
                    )
                )
        except seating.SeatingError as exc:
            hint = f" (try --fallback {' or '.join(exc.fixes)})" if exc.fixes else ""
            raise CommandError(exc.message + hint) from exc
        result: dict[str, object] = {"rounds": [[list(t) for t in plan.tables] for plan in plans]}
        if any(plan.sitting_out for plan in plans):
            result["sitting_out"] = [list(plan.sitting_out) for plan in plans]
        self.stdout.write(json.dumps(result))


def _short_table_games() -> list[str]:
    """The tournament games that offer a short table, by name."""
    games = [get_game(slug) for slug in TOURNAMENT_GAMES]
    return [game.name for game in games if game.short_table_size is not None]


def _pins(texts: list[str], players: int) -> dict[int, int]:
    """Each ``--pin PLAYER=TABLE``; a player pinned twice is refused, not the last kept."""
    pinned: dict[int, int] = {}
    for text in texts:
        player, table = _numbers(text, "=", "--pin", players, table=True)
        if player in pinned:
            raise CommandError(
                f"--pin {text}: player {player} is already kept at table {pinned[player]}; "
                "pin each player once."
            )
        pinned[player] = table
    return pinned


def _numbers(text: str, sep: str, option: str, players: int, *, table: bool = False):
    """``"3=1"`` or ``"1,2"`` as two numbers, the first (or both) a player 0 to N-1."""
    parts = text.split(sep)
    shape = "PLAYER=TABLE" if table else "A,B"
    # ASCII digits only: "²".isdigit() holds, and int("²") then fails.
    if len(parts) != 2 or not all(re.fullmatch(r"[0-9]+", p.strip()) for p in parts):
        raise CommandError(f"{option} {text}: expected {shape}, two whole numbers.")
    a, b = (int(p) for p in parts)
    for player in (a,) if table else (a, b):
        if player >= players:
            raise CommandError(f"{option} {text}: players are numbered 0 to {players - 1}.")
    if table and b < 1:
        raise CommandError(f"{option} {text}: tables are numbered from 1.")
    if not table and a == b:
        raise CommandError(f"{option} {text}: name two different players.")
    return a, b
