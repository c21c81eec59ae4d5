"""An independent model of a rummy table's decks, written from RULES.md sections 1 and 2.

It imports nothing from `scoring`: the decks, the deals, the hand sizes and the
question "can these scores all be held at once?" are worked out here again, so
that tests/scoring/test_inventory_model.py can put whole tables to the model and
to the engine and demand the same answer.

The question, as RULES.md puts it: every player who did not go out holds a hand
of a size the rules allow (not laid down: exactly the deal plus two a buy; laid
down: 1 to that many less the contract's cards; round 11 laid down at once: only
the first kind), worth exactly their score, all hands from the table's cards at
once, with at least the cards the player who went out laid down still left over.

Only a card's value matters, so the table's cards are piles of (value, copies).
A hand is how many it takes of each pile. The search shares the piles out from
the highest value down; a player's state is (points still to make, the card
counts the hand may still add), so two players in the same state are the same
player and a state is a sorted tuple. It stays exact and quick with three
checks, each plainly sound:

- reach: for each pile onward, the card counts with which each number of points
  can be made (exact, per player);
- the cards: every hand's fewest cards still needed fit in what is left beside
  the out player's cards, and the points still to make are at most what that
  many of the best cards left are worth;
- free piles: when no pile left could run short even if every player took as
  many as their points and hand allow, the players no longer compete, so each
  one finishing alone (with its fewest cards) is enough.
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass, field

# RULES.md's tables. Toonerville: cards dealt in rounds 1 to 10 (round 11 is a
# house rule); the contract's cards at 3 a set and 4 a run.
TOONERVILLE_DEALT = (12, 12, 12, 12, 12, 12, 12, 12, 15, 16)
TOONERVILLE_CONTRACT = (6, 7, 8, 9, 10, 11, 12, 12, 15, 16, 14)
# Shanghai: one set, one run ... three runs; fewer than 4 players are dealt 7 to 11.
SHANGHAI_CONTRACT = (6, 7, 8, 9, 10, 11, 12)
SHANGHAI_SHORT_DEALT = (7, 8, 9, 10, 11, 11, 11)
SHANGHAI_BUYS = 3
# The plausible ceiling: the dealt hand plus six bought cards (three buys).
PLAUSIBLE_BUYS = 3
DEFAULT_VALUES = tuple(min(n, 10) for n in range(1, 15))


@dataclass(frozen=True)
class Setup:
    """One table of one round, and the event's house rules that bear on it."""

    game: str  # "toonerville" or "shanghai"
    players: int
    number: int
    values: tuple[int, ...] = DEFAULT_VALUES  # Toonerville: points for 1 to 14
    rook: int = 20
    cap: int | None = None  # Toonerville's buy cap (None: unlimited)
    round_11_cards: int = 12
    at_once: bool = True  # Toonerville round 11: nobody lays down before going out
    three_decks: bool = False
    black_14s: bool = False

    def house_rules(self) -> dict:
        """The same house rules, as the engine's get_game takes them."""
        if self.game == "shanghai":
            return {"three_decks": self.three_decks, "black_14s_wild": self.black_14s}
        return {
            "card_values": dict(zip(range(1, 15), self.values, strict=True)),
            "rook_value": self.rook,
            "buy_cap": self.cap,
            "round_11_cards": self.round_11_cards,
            "round_11_lay_down": "at once" if self.at_once else "early",
        }

    # -- the decks --------------------------------------------------------------

    def cards(self) -> list[int]:
        """Every card on the table, as its value."""
        if self.game == "toonerville":
            # One Rook deck a player: four colours of 1 to 14, and one Rook.
            deck = [v for _colour in range(4) for v in self.values] + [self.rook]
            return deck * self.players
        decks = 3 if self.three_decks else 2
        numbers = range(1, 14) if self.black_14s else range(1, 15)
        cards = [min(n, 10) for _deck in range(decks) for _colour in range(4) for n in numbers]
        wilds = 2 if self.players < 4 else 2 * decks
        return cards + [20] * wilds

    def piles(self) -> tuple[tuple[int, int], ...]:
        return tuple(sorted(Counter(self.cards()).items(), reverse=True))

    # -- the deal and the contract ----------------------------------------------

    @property
    def dealt(self) -> int:
        if self.game == "toonerville":
            return (*TOONERVILLE_DEALT, self.round_11_cards)[self.number - 1]
        return 11 if self.players >= 4 else SHANGHAI_SHORT_DEALT[self.number - 1]

    @property
    def contract(self) -> int:
        table = TOONERVILLE_CONTRACT if self.game == "toonerville" else SHANGHAI_CONTRACT
        return table[self.number - 1]

    @property
    def laid_at_once(self) -> bool:
        return self.game == "toonerville" and self.number == 11 and self.at_once

    @property
    def final_discard(self) -> bool:
        """Every turn ends with a discard, except round 11's ("no final discard")."""
        return not (self.game == "toonerville" and self.number == 11)

    @property
    def buy_cap(self) -> int | None:
        return SHANGHAI_BUYS if self.game == "shanghai" else self.cap


# -- what a hand may hold ------------------------------------------------------------


def buy_counts(setup: Setup, recorded: int | None, limit: int | None) -> range:
    """The buys a player may have made: the recorded number, or 0 to the cap (or `limit`)."""
    if recorded is not None:
        return range(recorded, recorded + 1)
    caps = [c for c in (setup.buy_cap, limit) if c is not None]
    # No cap at all: as many buys as the table has cards for.
    return range(min(caps) + 1) if caps else range(len(setup.cards()) // 2 + 1)


def sizes_mask(setup: Setup, buys: range) -> int:
    """The card counts a hand of someone who did not go out may hold, as a bit set."""
    table = len(setup.cards())
    whole = [setup.dealt + 2 * b for b in buys]
    sizes = {n for n in whole if n <= table}
    if not setup.laid_at_once:
        sizes.update(range(1, min(max(whole) - setup.contract, table) + 1))
    mask = 0
    for n in sizes:
        if n >= 1:
            mask |= 1 << n
    return mask


def out_lays_down(setup: Setup, buys: range) -> int | None:
    """The fewest cards the player who went out laid down; None if they could not go out.

    After the draw they hold the deal plus two a buy plus one; that must cover the
    contract and, in rounds with a final discard, the card discarded. Round 11
    laid at once: every card held goes down; otherwise at least the contract.
    """
    need = setup.contract + (1 if setup.final_discard else 0)
    held = [setup.dealt + 2 * b + 1 for b in buys if setup.dealt + 2 * b + 1 >= need]
    if not held:
        return None
    return min(held) if setup.laid_at_once else setup.contract


# -- can the hands all be held at once -----------------------------------------------


@dataclass
class Piles:
    """One table's cards as piles (value, copies), highest value first, with the reach tables."""

    piles: tuple[tuple[int, int], ...]
    limit: int = -1
    reach: list[list[int]] = field(default_factory=list)
    memo: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.values = [v for v, _ in self.piles]
        self.copies = [c for _, c in self.piles]
        g_count = len(self.piles)
        self.cards_from = [sum(self.copies[g:]) for g in range(g_count + 1)]
        self.worth = sum(v * c for v, c in self.piles)
        self.worth_from = [sum(v * c for v, c in self.piles[g:]) for g in range(g_count + 1)]
        # best[g][k], least[g][k]: what the k best, and the k cheapest, cards from pile g
        # onward are worth.
        self.best, self.least = [], []
        for g in range(g_count + 1):
            ranked = sorted(v for v, c in self.piles[g:] for _ in range(c))
            self.least.append([sum(ranked[:k]) for k in range(len(ranked) + 1)])
            self.best.append([sum(ranked[len(ranked) - k :]) for k in range(len(ranked) + 1)])

    def ensure(self, points: int) -> None:
        """reach[g][p]: bit k set iff k cards from pile g onward can be worth exactly p."""
        if points <= self.limit:
            return
        limit = min(self.worth, max(points, 2 * self.limit, 128))
        reach = [[1] + [0] * limit]
        for v, c in reversed(self.piles):
            row = list(reach[-1])
            # Add the pile's copies in bundles of 1, 2, 4 ... cards (and the rest): every
            # number of copies from 0 to c is one choice of bundles, each used at most once.
            bundle, left = 1, c
            while left:
                s = min(bundle, left)
                row = [
                    row[p] | (row[p - s * v] << s) if p >= s * v else row[p]
                    for p in range(limit + 1)
                ]
                left -= s
                bundle *= 2
            reach.append(row)
        self.reach = reach[::-1]
        self.limit = limit
        self.memo.clear()

    def fits(
        self, hands: list[tuple[int, int]], leftover: int, budget: int, fair: bool = True
    ) -> bool | None:
        """Whether every (points, sizes bit set) hand and `leftover` more cards fit at once.

        None if the answer takes more than `budget` steps of the search (what was
        settled so far is kept, so asking again with a bigger budget goes on from there).
        """
        room = self.cards_from[0] - leftover
        if room < 0 or any(p > self.worth for p, _ in hands):
            return False
        self.ensure(max((p for p, _ in hands), default=0))
        if len(self.memo) > 200_000:
            self.memo.clear()
        self.steps = budget
        self.fair = fair
        try:
            return self._search(0, tuple(sorted(hands)), room)
        except _OutOfSteps:
            return None

    def _search(self, g: int, state: tuple, room: int) -> bool:
        self.steps -= 1
        if self.steps < 0:
            raise _OutOfSteps
        live = []
        fewest = 0
        reach = self.reach[g]
        for p, m in state:
            if p == 0:
                if not m & 1:  # done: the hand must be allowed to stop here
                    return False
                continue
            can = reach[p] & m
            if not can:
                return False
            fewest += (can & -can).bit_length() - 1
            live.append((p, m))
        if not live:
            return True
        if fewest > min(room, self.cards_from[g]):
            return False
        # All the points still to make lie between what the fewest cards they need can be
        # worth at least and what the most cards they may still take can be worth at best.
        points = sum(p for p, _ in live)
        tops = sum(m.bit_length() - 1 for _, m in live)
        room = min(room, tops)  # room the hands cannot use makes no difference
        most = min(room, self.cards_from[g])
        if not self.least[g][fewest] <= points <= self.best[g][most]:
            return False
        if self._free(g, live):
            return True
        key = (g, tuple(live), room)
        known = self.memo.get(key)
        if known is None:
            known = self.memo[key] = self._share(g, live, 0, self.copies[g], [], room)
        return known

    def _free(self, g: int, live: list) -> bool:
        for h in range(g, len(self.piles)):
            v, c = self.piles[h]
            taken = 0
            for p, m in live:
                taken += min(c, p // v, m.bit_length() - 1)
                if taken > c:
                    return False
        return True

    def _share(self, g: int, live: list, i: int, left: int, taken: list, room: int) -> bool:
        """Give hand i some of pile g (at most `left`), then the next hand; then pile g+1."""
        if i == len(live):
            v = self.values[g]
            nxt = tuple(sorted((p - k * v, m >> k) for (p, m), k in zip(live, taken, strict=True)))
            return self._search(g + 1, nxt, room - sum(taken))
        p, m = live[i]
        v = self.values[g]
        most = min(left, p // v, m.bit_length() - 1)
        if i and live[i - 1] == live[i]:
            most = min(most, taken[-1])  # the same state as the hand before: no mirror images
        after = self.reach[g + 1]
        # Try this hand's fair share of the pile first (its part of the points still to
        # be made): the order only changes how soon a deal is found, never whether.
        tries = range(most, -1, -1)
        if self.fair:
            fair = self.copies[g] * p / self.worth_from[g]
            tries = sorted(tries, key=lambda k: abs(k - fair))
        for k in tries:
            if after[p - k * v] & (m >> k):
                taken.append(k)
                ok = self._share(g, live, i + 1, left - k, taken, room)
                taken.pop()
                if ok:
                    return True
        return False


class _OutOfSteps(Exception):
    pass


@functools.lru_cache(maxsize=64)
def piles_for(piles: tuple[tuple[int, int], ...]) -> Piles:
    return Piles(piles)


def fits(piles: tuple[tuple[int, int], ...], hands: list[tuple[int, int]], leftover: int) -> bool:
    """Four searches taking turns: from the highest value down and from the lowest up,
    each trying first a hand's fair share of a pile or as many as it can take.

    Every one gives the same (exact) answer; which is quick depends on where the
    cards are short: high scores compete for the Rooks and tens, low scores held in
    many cards (round 11) for the 1s and 2s. Each turn doubles the steps allowed.
    """
    down, up = piles_for(piles), piles_for(piles[::-1])
    budget = 500
    while True:
        for search, fair in ((down, True), (up, True), (down, False), (up, False)):
            answer = search.fits(hands, leftover, budget, fair)
            if answer is not None:
                return answer
        budget *= 2


# -- the verdict on a whole table ------------------------------------------------------


def whole_table(setup: Setup, scores: list[int], recorded: list[int | None], limit: int | None):
    """Whether the table is possible with at most `limit` buys a player (None: the cap)."""
    if scores.count(0) != 1 or any(s < 0 for s in scores):
        return False
    cap = setup.buy_cap
    if any(b is not None and (b < 0 or (cap is not None and b > cap)) for b in recorded):
        return False
    out = scores.index(0)
    laid = out_lays_down(setup, buy_counts(setup, recorded[out], None))
    if laid is None:
        return False
    hands = []
    for i, score in enumerate(scores):
        if i == out:
            continue
        b = recorded[i]
        if limit is not None and b is not None:
            b = min(b, limit)
        hands.append((score, sizes_mask(setup, buy_counts(setup, b, limit))))
    if limit is not None and recorded[out] is None:
        laid = out_lays_down(setup, buy_counts(setup, None, limit))
        if laid is None:
            return False
    return fits(setup.piles(), hands, laid)


def verdict(setup: Setup, scores: list[int], recorded: list[int | None]) -> str:
    """ "accept", "confirm" (only with the host's "yes, really") or "refuse", per RULES.md.

    A table above the plausible ceiling is one the hands could hold together only
    if someone made more than three buys (six bought cards): it is counted the same
    way, whole table and one inventory, as if each scoring hand had at most three
    buys (the out player's recorded buys are a fact, not a score, and stay).
    """
    if not whole_table(setup, scores, recorded, None):
        return "refuse"
    if not whole_table(setup, scores, recorded, PLAUSIBLE_BUYS):
        return "confirm"
    return "accept"
