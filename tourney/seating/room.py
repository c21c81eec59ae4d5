"""The room: how a game splits the players present into tables, and what to do when it cannot.

Both planners need it (``planner`` for one round, ``night`` for the whole
night), so it sits below them and imports only ``core`` and ``constraints``: the seating modules
import one way, ``core`` and ``designs`` at the bottom, then ``room``, then
``night``, then ``planner`` on top.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from tourney.seating.constraints import ConstraintError
from tourney.seating.core import (
    P,
    _choose_sitters,
    _even_splits,
    _History,
    _no_split_error,
    _regular_sizes,
    _short_sizes,
    _sit_out_count,
)


@dataclass(frozen=True)
class Room:
    """How the game splits a room into tables, and what to do when it cannot."""

    min_size: int
    max_size: int
    preferred: int
    short_table_size: int | None = None
    fallback: str | None = None

    def split(
        self,
        present: list[P],
        past: _History,
        rng: random.Random,
        keep: frozenset = frozenset(),
        fits: Callable[[list[int]], bool] | None = None,
    ) -> tuple[list[int], list[P]]:
        """The table sizes for ``present`` and who sits out (see ``planner.plan_round``).

        Players in ``keep`` (a group the host keeps together) never sit out:
        a group sits out whole or not at all, and "not at all" keeps the
        rotation of sitting out simple for everyone else. ``fits`` (the host's
        rules): where the usual split can't keep them, another even split that can
        (:meth:`regular`).
        """
        n = len(present)
        sizes = self.regular(n, fits)
        sitting_out: list[P] = []
        if sizes is None:
            if self.fallback == "short_table":
                assert self.short_table_size is not None
                sizes = _short_sizes(
                    n, self.min_size, self.max_size, self.preferred, self.short_table_size
                )
            elif self.fallback == "sit_out":
                out = _sit_out_count(n, self.min_size, self.max_size, self.preferred)
                if out is not None:
                    may = [p for p in present if p not in keep]
                    refusal = too_few_to_sit_out(out, len(may))
                    if refusal:
                        raise ConstraintError(refusal)
                    sitting_out = _choose_sitters(may, out, past, rng)
                    sizes = self.regular(n - out, fits)
            if sizes is None:
                raise _no_split_error(
                    n, self.min_size, self.max_size, self.preferred, self.short_table_size
                )
        return sizes, sitting_out

    def regular(self, n: int, fits: Callable[[list[int]], bool] | None = None) -> list[int] | None:
        """The even split of ``n`` players nearest the preferred size, or where ``fits``
        (the host's rules) refuses it, the next that ``fits`` takes: 8 players with five
        kept together can't (two 4s), 10 with five pinned to table 1 sit at two 5s, not a
        4 and two 3s. The usual split when none fits (the rules' check then says why)."""
        splits = _even_splits(n, self.min_size, self.max_size, self.preferred)
        if not splits:
            return None
        if fits is not None:
            for sizes in splits:
                if fits(sizes):
                    return sizes
        return splits[0]

    def sits_out_nobody(self, n: int) -> bool:
        return self.fallback != "sit_out" or (
            _regular_sizes(n, self.min_size, self.max_size, self.preferred) is not None
        )


def too_few_to_sit_out(out: int, free: int) -> str | None:
    """Why ``out`` players can't sit a round out when only ``free`` of those here may
    (the others are kept at one table with someone else), or None when they can."""
    if free >= out:
        return None
    return f"{out} player{'s' if out != 1 else ''} must sit this round out, " + (
        f"but only {free} {'is' if free == 1 else 'are'} not kept at one table with someone else."
        if free
        else "but everyone here is kept at one table with someone else."
    )
