"""The host's seating constraints: pin a player to a table, keep two apart, keep two together.

These are hard rules: a plan that breaks one is never offered. Plain Python,
no Django; like the rest of the seating engine, a player is any hashable,
sortable value (the app passes entry ids). The app turns its stored
constraints into a :class:`Constraints` and hands it to ``plan_round`` and
``plan_night``; :meth:`Constraints.problems` says, before any seating, which
constraints cannot all hold in a room of the given table sizes, and why, in
words the host can act on once the app has put names to the players.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from tourney.seating.core import P, SeatingError

__all__ = ["ConstraintError", "Constraints"]


class ConstraintError(SeatingError):
    """The host's constraints cannot all hold in this room; ``message`` says which and why."""


def _pairs(pairs: Iterable[tuple[P, P]]) -> tuple[tuple[P, P], ...]:
    return tuple(sorted({tuple(sorted(pair)) for pair in pairs if pair[0] != pair[1]}))


@dataclass(frozen=True)
class Constraints:
    """What the host asked for, in the engine's player keys.

    ``pinned`` maps players to a 1-based table number they must sit at every
    round they are seated (table 1 is "the table by the door"); ``apart`` are
    pairs who never share a table; ``together`` are pairs who always do (a
    parent and a young child). Constraints on players who are not present are
    ignored, so a pin on someone gone home never blocks the room.
    """

    pinned: tuple[tuple[P, int], ...] = field(default=())
    apart: tuple[tuple[P, P], ...] = field(default=())
    together: tuple[tuple[P, P], ...] = field(default=())

    @classmethod
    def of(
        cls,
        pinned: dict[P, int] | Iterable[tuple[P, int]] = (),
        apart: Iterable[tuple[P, P]] = (),
        together: Iterable[tuple[P, P]] = (),
    ) -> Constraints:
        items = pinned.items() if isinstance(pinned, dict) else pinned
        return cls(tuple(sorted(dict(items).items())), _pairs(apart), _pairs(together))

    def __bool__(self) -> bool:
        return bool(self.pinned or self.apart or self.together)

    def present(self, players: Iterable[P]) -> Constraints:
        """Only the constraints whose players are all here."""
        here = set(players)
        return Constraints(
            tuple((p, t) for p, t in self.pinned if p in here),
            tuple(pair for pair in self.apart if set(pair) <= here),
            tuple(pair for pair in self.together if set(pair) <= here),
        )

    def groups(self, players: Iterable[P]) -> list[list[P]]:
        """The present players who must share a table, joined through ``together`` (2+ only)."""
        here = set(players)
        parent: dict[P, P] = {}

        def find(p: P) -> P:
            while parent.setdefault(p, p) != p:
                parent[p] = parent[parent[p]]
                p = parent[p]
            return p

        for a, b in self.together:
            if a in here and b in here:
                parent[find(a)] = find(b)
        joined: dict[P, list[P]] = {}
        for p in sorted(parent):
            joined.setdefault(find(p), []).append(p)
        return [sorted(g) for g in joined.values() if len(g) > 1]

    def problems(
        self, sizes: Sequence[int], players: Iterable[P], name: Callable[[P], str] = str
    ) -> list[str]:
        """Why these constraints can't all hold at tables of ``sizes`` (1-based numbering).

        An empty list means nothing here rules a seating out; the planner may
        still fail to find one and raises :class:`ConstraintError` then.
        """
        here = sorted(set(players))
        mine = self.present(here)
        found: list[str] = []
        pin = dict(mine.pinned)
        tables = len(sizes)
        for p, t in mine.pinned:
            if not 1 <= t <= tables:
                found.append(
                    f"{name(p)} is kept at table {t}, but this round has "
                    f"{tables} table{'s' if tables != 1 else ''}."
                )
        for a, b in mine.apart:
            if (a, b) in mine.together or (b, a) in mine.together:
                found.append(f"{name(a)} and {name(b)} are to be kept both apart and together.")
        for group in mine.groups(here):
            *most, last = [name(p) for p in group]
            names = f"{', '.join(most)} and {last}"
            tables_asked = sorted({pin[p] for p in group if p in pin})
            if len(tables_asked) > 1:
                found.append(
                    f"{names} must sit together, but are kept at tables "
                    + " and ".join(str(t) for t in tables_asked)
                    + "."
                )
            if len(group) > max(sizes, default=0):
                found.append(
                    f"{names} must sit together, but no table this round seats {len(group)}."
                )
            members = set(group)
            for a, b in mine.apart:
                if a in members and b in members and members != {a, b}:  # else said above
                    found.append(
                        f"{name(a)} and {name(b)} are to be kept apart, "
                        f"but {names} must all sit together."  # 3 or more
                    )
        for a, b in mine.apart:
            if a in pin and pin.get(b) == pin[a]:
                found.append(
                    f"{name(a)} and {name(b)} are to be kept apart, "
                    f"but both are kept at table {pin[a]}."
                )
        at: dict[int, list[P]] = {}
        for p, t in mine.pinned:
            at.setdefault(t, []).append(p)
        for t, who in sorted(at.items()):
            if 1 <= t <= tables and len(who) > sizes[t - 1]:
                found.append(
                    f"{len(who)} players are kept at table {t}, which seats {sizes[t - 1]}."
                )
        return list(dict.fromkeys(found))
