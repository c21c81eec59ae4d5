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

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from tourney.seating.core import P, SeatingError

__all__ = ["ConstraintError", "Constraints", "seat_units"]

_NODES = 20_000
"""Steps the exact seating search (:func:`seat_units`) takes before it gives up."""


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
        if len(sizes) == 1:
            for a, b in mine.apart:
                found.append(
                    f"{name(a)} and {name(b)} are to be kept apart, but this room has one "
                    "table: one of them would sit out every round."
                    if sum(sizes) < len(here)
                    else f"{name(a)} and {name(b)} are to be kept apart, but this room has "
                    "one table."
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
                *most, last = [name(p) for p in who]
                found.append(
                    f"{len(who)} players are kept at table {t}, which seats {sizes[t - 1]}: "
                    f"{', '.join(most)} and {last}."
                )
        if not found and not mine.fits(sizes, here):
            # Nothing above on its own, but together no seating keeps them: name the
            # fewest rules that clash (each one left out in turn, kept if needed).
            rules = mine.rules()
            needed = list(rules)
            for rule in rules:
                rest = [r for r in needed if r != rule]
                if not Constraints.from_rules(rest).fits(sizes, here):
                    needed = rest
            said = "; ".join(_say(rule, name) for rule in needed)
            found.append(f"No seating keeps all of these rules at once: {said}.")
        return list(dict.fromkeys(found))

    def rules(self) -> list[tuple]:
        """Each rule on its own: ("pin", p, t), ("apart", a, b) or ("together", a, b)."""
        return [
            *(("pin", p, t) for p, t in self.pinned),
            *(("together", a, b) for a, b in self.together),
            *(("apart", a, b) for a, b in self.apart),
        ]

    @classmethod
    def from_rules(cls, rules: Iterable[tuple]) -> Constraints:
        rules = list(rules)
        return cls.of(
            pinned=[(p, t) for kind, p, t in rules if kind == "pin"],
            apart=[(a, b) for kind, a, b in rules if kind == "apart"],
            together=[(a, b) for kind, a, b in rules if kind == "together"],
        )

    def fits(self, sizes: Sequence[int], players: Iterable[P]) -> bool:
        """Whether some seating of ``players`` at tables of ``sizes`` keeps every rule.

        Only the players the rules name are seated here; the others fill what is left
        (or sit out). Pins are checked as the planner numbers
        tables: the players kept at one table number share a table, those kept at two
        numbers do not, and a number beyond the tables is ruled out first.
        """
        here = sorted(set(players))
        mine = self.present(here)
        if any(not 1 <= t <= len(sizes) for _, t in mine.pinned):
            return False  # 9 players pinned to table 3: not at 5 and 4, but at three 3s
        named = {p for p, _ in mine.pinned}
        named.update(p for pair in (*mine.apart, *mine.together) for p in pair)
        groups = mine.groups(here)
        in_group = {p for g in groups for p in g}
        units = [tuple(g) for g in groups] + [(p,) for p in sorted(named - in_group)]
        apart: dict[P, set] = {}
        for a, b in mine.apart:
            apart.setdefault(a, set()).add(b)
            apart.setdefault(b, set()).add(a)
        pins = dict(mine.pinned)
        # Where some sit out, the rules still hold among those seated: the players they
        # name must fit the tables (the others fill what is left or sit out).
        return seat_units(list(sizes), units, pins, apart) is not None


def _say(rule: tuple, name: Callable[[P], str]) -> str:
    kind, a, b = rule
    if kind == "pin":
        return f"{name(a)} at table {b}"
    if kind == "together":
        return f"{name(a)} and {name(b)} together"
    return f"{name(a)} and {name(b)} apart"


def seat_units(
    sizes: list[int],
    units: Sequence[Sequence[P]],
    pins: Mapping[P, int],
    apart: Mapping[P, Collection[P]],
    prefer: Callable[[Sequence[P], int], object] | None = None,
    allowed: Callable[[Sequence[P], int], bool] | None = None,
) -> list[list[P]] | None:
    """Tables of ``sizes`` holding each of ``units`` whole, or None when no seating can.

    An exact search (depth first, the most constrained unit first): a unit goes to a
    table with room for all of it, where nobody it is kept apart from sits, and its pin
    (a table number: players kept at one number share a table, at two numbers do not)
    agrees with the table's. ``prefer(unit, t)`` orders the tables tried for a unit
    (lowest first), so the first seating found is the one the caller likes best;
    ``allowed(unit, t)``, if given, rules tables out (who sits at the odd ones). Gives
    up (None) after ``_NODES`` steps; the rooms hosts run need far fewer.
    """
    for unit in units:
        if any(x in apart.get(p, ()) for p in unit for x in unit):
            return None
        if len({pins[p] for p in unit if p in pins}) > 1:
            return None

    def weight(unit: Sequence[P]) -> tuple:
        pinned = any(p in pins for p in unit)
        return (not pinned, -sum(len(apart.get(p, ())) for p in unit), -len(unit))

    # Only the units a rule binds are searched; a player no rule names fits any seat
    # left (that the caller allows), so those are seated last, one by one, without
    # backtracking: a room of hundreds searches only its few rules.
    def bound(unit: Sequence[P]) -> bool:
        return len(unit) > 1 or any(p in pins or apart.get(p) for p in unit)

    order = sorted((u for u in units if bound(u)), key=weight)
    free_units = [u for u in units if not bound(u)]
    tables: list[list[P]] = [[] for _ in sizes]
    free = list(sizes)
    label: list[int | None] = [None] * len(sizes)
    steps = [0]

    def rest() -> bool:
        """The players no rule names, each to the first allowed seat by ``prefer``."""
        left = list(free)
        placed: list[tuple[int, P]] = []
        for unit in free_units:
            candidates = range(len(sizes))
            if prefer is not None:
                candidates = sorted(candidates, key=lambda t: prefer(unit, t))
            spot = next(
                (t for t in candidates if left[t] >= 1 and (allowed is None or allowed(unit, t))),
                None,
            )
            if spot is None:
                return False
            left[spot] -= 1
            placed.append((spot, unit[0]))
        for t, p in placed:
            tables[t].append(p)
        return True

    def fit(k: int) -> bool:
        if k == len(order):
            return rest()
        steps[0] += 1
        if steps[0] > _NODES:
            return False
        unit = order[k]
        pin = next((pins[p] for p in unit if p in pins), None)
        candidates = range(len(sizes))
        if prefer is not None:
            candidates = sorted(candidates, key=lambda t: prefer(unit, t))
        tried_empty: set[tuple[int, int | None]] = set()
        for t in candidates:
            if free[t] < len(unit) or (allowed is not None and not allowed(unit, t)):
                continue
            if pin is not None and label[t] not in (None, pin):
                continue
            if pin is not None and label[t] is None and pin in label:
                continue
            if any(x in apart.get(p, ()) for p in unit for x in tables[t]):
                continue
            if not tables[t] and label[t] is None:
                # Two empty tables of one size are alike: try one of them.
                if (sizes[t], pin) in tried_empty and prefer is None:
                    continue
                tried_empty.add((sizes[t], pin))
            tables[t].extend(unit)
            free[t] -= len(unit)
            was = label[t]
            if pin is not None:
                label[t] = pin
            if fit(k + 1):
                return True
            del tables[t][-len(unit) :]
            free[t] += len(unit)
            label[t] = was
        return False

    return tables if fit(0) else None
