"""The night's workflows: each touches several models at once, inside one transaction.

A failure saves nothing half-way. The rules of the game come from
``scoring.rules`` and the seating from ``tourney.seating``; these modules only
move their answers into the database. One module per workflow:

- seat: seating a round, planning the rest of the night, re-seating, swapping
  and moving players, the repeats a seating adds (tonight and the season's);
- play: beginning a round, submitting, confirming and restoring a table's
  scores, closing and reopening a round; the phone's page asks it for its
  state (``table_state``) and submits through it (``submit_table_scores``);
- fills: the missed-round fill-ins a closed round keeps in step with its scores;
- edit: what an edit does to the night played, ending and reopening the night,
  deleting it;
- planning: a seating's inputs read, planned outside any transaction, the
  night plan stored once per attendance; jobs: seating through the task queue;
- players: adding players, checking them in and out (late arrivals);
- door: players checking themselves in from the door card, and the desk's approvals;
- table_games: family games, one table playing on its own;
- accounts: deleting a host's account and everything in it;
- common: the host's ``RoundStateError`` and the checks on a round's state;
- activity: who did what. Every workflow above that changes the night takes
  ``by`` (an ``Actor``: an account or a table's phone) and records the change in
  its own transaction; ``record_role`` is for roles given and taken.
- results: after the night, each player's result emailed through the task queue.
- rules: the host's seating rules added and removed, one change at a time per event.

They import one way: common, then fills and seat, then play, then
table_games; edit and players beside them. They may import tourney.models,
tourney.seating, the master sheet (tourney.night) and scoring; never the
views. Callers use this package, ``services.submit_scores(...)``: the names
below are its public face.
"""

from .accounts import AccountError, delete_host
from .activity import Actor, record_role
from .common import RoundStateError, idempotency_key_for
from .door import (
    DoorAnswer,
    DoorError,
    approve_arrival,
    arrive_at_door,
    check_in_at_door,
    decline_arrival,
    mark_picked_again_seen,
)
from .edit import delete_event, drop_rounds_beyond, edit_consequences, end_event, reopen_event
from .fills import refresh_fills
from .jobs import (
    is_stalled,
    latest_seating,
    run_seating_job,
    seat_here,
    seating_in_progress,
    start_seating,
)
from .planning import (
    constraint_problems,
    read_inputs,
    tonights_constraint_problems,
    tonights_rule_check,
    tonights_rules,
)
from .play import (
    ConfirmError,
    ScoresChanged,
    StaleForm,
    SubmitResult,
    TableAnswer,
    begin_round,
    check_table_scores,
    close_round,
    confirm_at_desk,
    confirm_entry,
    is_entrant,
    reopen_round,
    restore_entry,
    sent_digest,
    stale_message,
    submit_scores,
    submit_table_scores,
    table_state,
    typed_score_problems,
)
from .players import CheckIn, add_players, check_everyone_in, set_player_status
from .results import (
    ResultMailing,
    email_configured,
    queue_night_results,
    result_mailing,
    send_night_results,
)
from .rules import add_seating_rule, remove_seating_rule
from .seat import (
    broken_seating_rules,
    current_plan,
    event_totals,
    fix_choices,
    move_player,
    next_round_number,
    odd_table_share,
    plan_for,
    plan_rest_of_night,
    planned_rounds_breaking_rules,
    planned_rounds_off_attendance,
    repeats_of,
    reseat_round,
    season_prior,
    season_repeats_of,
    seat_next_round,
    seating_history,
    seating_rules_broken,
    seats_stamp,
    start_stamp,
    start_stamp_covers,
    swap_players,
    table_numbers_needed,
    table_size_problems,
)
from .table_games import start_table_game

__all__ = [
    "AccountError",
    "Actor",
    "CheckIn",
    "ConfirmError",
    "DoorAnswer",
    "DoorError",
    "ResultMailing",
    "RoundStateError",
    "ScoresChanged",
    "StaleForm",
    "SubmitResult",
    "TableAnswer",
    "add_players",
    "add_seating_rule",
    "approve_arrival",
    "arrive_at_door",
    "begin_round",
    "broken_seating_rules",
    "check_everyone_in",
    "check_in_at_door",
    "check_table_scores",
    "close_round",
    "confirm_at_desk",
    "confirm_entry",
    "constraint_problems",
    "current_plan",
    "decline_arrival",
    "delete_event",
    "delete_host",
    "drop_rounds_beyond",
    "edit_consequences",
    "email_configured",
    "end_event",
    "event_totals",
    "fix_choices",
    "idempotency_key_for",
    "is_entrant",
    "is_stalled",
    "latest_seating",
    "mark_picked_again_seen",
    "move_player",
    "next_round_number",
    "odd_table_share",
    "plan_for",
    "plan_rest_of_night",
    "planned_rounds_breaking_rules",
    "planned_rounds_off_attendance",
    "queue_night_results",
    "read_inputs",
    "record_role",
    "refresh_fills",
    "remove_seating_rule",
    "reopen_event",
    "reopen_round",
    "repeats_of",
    "reseat_round",
    "restore_entry",
    "result_mailing",
    "run_seating_job",
    "season_prior",
    "season_repeats_of",
    "seat_here",
    "seat_next_round",
    "seating_history",
    "seating_in_progress",
    "seating_rules_broken",
    "seats_stamp",
    "send_night_results",
    "sent_digest",
    "set_player_status",
    "stale_message",
    "start_seating",
    "start_stamp",
    "start_stamp_covers",
    "start_table_game",
    "submit_scores",
    "submit_table_scores",
    "swap_players",
    "table_numbers_needed",
    "table_size_problems",
    "table_state",
    "tonights_constraint_problems",
    "tonights_rule_check",
    "tonights_rules",
    "typed_score_problems",
]
