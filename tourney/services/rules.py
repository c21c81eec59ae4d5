"""The host's seating rules, added and removed one change at a time per event.

Two tabs changing one event's rules at once take turns on the event's row, and a
new rule is checked against the rules as they stand inside that turn: a second
pin for a player, a rule already set, or one that contradicts the others (kept
both apart and together, a couple pinned to two tables, more players pinned to
a table than it seats, rules that no seating keeps all at once: the engine's
``Constraints.problems``) is refused with a
``ConstraintError`` naming the players, never stored beside its contradiction.
Each change stamps the event, so the seating page stops reporting a seating
refused under the rules as they were.

A rule on a player who has gone home is left out of that check (the planner seats
only those here), so it doesn't bar a rule for someone who came in their place.

Whether tonight's room can honour the rules depends on who comes; the seating
page says that (``planning.tonights_constraint_problems``), and only the
seating refuses it.

May import tourney.models, tourney.seating and scoring.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone

from scoring.rules import name_list
from tourney.models import Event, Player, SeatingConstraint
from tourney.models.seating import engine_constraints
from tourney.seating.constraints import ConstraintError


@transaction.atomic
def add_seating_rule(
    event: Event,
    *,
    kind: str,
    player: Player,
    other: Player | None = None,
    table: int | None = None,
) -> SeatingConstraint:
    """Store one rule (a pin with its ``table``, a pair with ``other``), or raise
    ``ConstraintError`` saying why not."""
    _take_turn(event)
    if other is not None and other.pk < player.pk:
        player, other = other, player  # pairs are stored lower id first
    rule = SeatingConstraint(event=event, kind=kind, player=player, other=other, table=table)
    _refuse_repeats_and_contradictions(event, rule)
    try:
        with transaction.atomic():
            rule.save()
    except IntegrityError:
        # Only a write that skipped the turn (the admin, a script) gets here: say what
        # the rules now hold, as for a refusal in turn.
        _refuse_repeats_and_contradictions(event, rule)
        raise ConstraintError(
            "The rules changed while this one was saved: check them above and try again."
        ) from None
    _stamp(event)
    return rule


@transaction.atomic
def remove_seating_rule(event: Event, *, pk: int) -> SeatingConstraint | None:
    """Remove the rule; None when it was already gone (removed in another tab)."""
    _take_turn(event)
    rule = event.seating_constraints.select_related("player", "other").filter(pk=pk).first()
    if rule is None:
        return None
    rule.delete()
    _stamp(event)
    return rule


def _take_turn(event: Event) -> None:
    """Lock the event's row: its other rule changes wait until this one is stored."""
    Event.objects.select_for_update().get(pk=event.pk)


def _stamp(event: Event) -> None:
    """When the rules last changed (a refusal leaves it, with the rules, as it was)."""
    event.seating_rules_changed_at = timezone.now()
    Event.objects.filter(pk=event.pk).update(
        seating_rules_changed_at=event.seating_rules_changed_at
    )


def _refuse_repeats_and_contradictions(event: Event, rule: SeatingConstraint) -> None:
    existing = list(event.seating_constraints.select_related("player", "other"))
    Kind = SeatingConstraint.Kind
    for c in existing:
        if rule.kind == Kind.PIN and c.kind == Kind.PIN and c.player_id == rule.player_id:
            raise ConstraintError(
                f"{rule.player.name} already sits at table {c.table} every round they play: "
                "remove that rule first."
            )
        if (c.kind, c.player_id, c.other_id) == (rule.kind, rule.player_id, rule.other_id):
            raise ConstraintError(f"That rule is already set: {c.describe()}.")
    # A rule on someone who has gone home holds no seat tonight (the planner drops it), so
    # it doesn't bar a new one: a newcomer pinned to the door table in their place. Should
    # they come back, the seating page says what no longer fits before seating.
    named = {rule.player_id, rule.other_id} - {None}
    here = [c for c in existing if not _gone(c) or {c.player_id, c.other_id} & named]
    # The rules already set can clash without this one: a player whose pin was left out
    # while they were gone home came back. Say that, rather than blame the new rule.
    if already := _problems(event, [c for c in existing if not _gone(c)]):
        raise ConstraintError(
            " ".join(["The rules already set can't all hold:", *already])
            + " Remove or change one of those first."
        )
    problems = _problems(event, [*here, rule])
    if problems:
        raise ConstraintError(" ".join(["This rule contradicts the others:", *problems]))


def _gone(rule: SeatingConstraint) -> bool:
    """Whether the rule names a player who has left the night."""
    return any(p is not None and p.status == p.Status.LEFT for p in (rule.player, rule.other))


def contradictions(event: Event) -> list[str]:
    """Why the event's stored rules can't all hold at any round of its night (empty when
    they can): what the rule form would have refused. An imported backup's rules are
    checked with it, so a file can't bring in a set the form never lets a host build.
    As in the form, a rule on someone who has gone home is left out."""
    stored = event.seating_constraints.select_related("player", "other")
    return _problems(event, [c for c in stored if not _gone(c)])


def _problems(event: Event, rules: list[SeatingConstraint]) -> list[str]:
    """Why these rules can't all hold at any round of this night, in players' names.

    The rules are checked before anyone is known to come, so against a room where
    they have the most room to hold: a table of the night's largest size for each
    player they name (and up to the highest pin). What is left is what no room of
    this night can keep. A group kept together is measured against the largest table
    the night allows; everything else is the engine's own check.
    """
    constraints = engine_constraints(rules)
    named = sorted({p for c in rules for p in (c.player_id, c.other_id) if p is not None})
    names = dict(event.players.filter(pk__in=named).values_list("pk", "name"))
    largest = event.max_table_size
    for group in constraints.groups(named):
        if len(group) > largest:
            return [
                f"{name_list(names[p] for p in group)} must sit together, but no table "
                f"of this night seats {len(group)}: its tables seat "
                f"{event.min_table_size} to {largest}."
            ]
    tables = max([len(named), *(c.table or 0 for c in rules)])
    return constraints.problems([largest] * tables, named, name=names.__getitem__)
