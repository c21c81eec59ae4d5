"""A host's public club site: which names show, and how.

Everything the site shows is read by the functions the host's own pages use (the
master sheet's ``build_sheet``, ``season_table``, ``person_history``,
``club_ratings``); this module only decides how each person appears:

- names show as the host chose: full, or first name and the last name's initial
  ("Ann Whitaker" is "Ann W.");
- a person the host hides keeps their row in a night's or season's standings, as
  "A player" with no page, so the places still run 1, 2, 3 and add up as on the
  host's pages; they are left out of the people list, the ratings and everyone's
  head-to-head, and their own page is not found;
- contact details are never read here.

May import tourney.models and the club's other modules.
"""

from __future__ import annotations

from dataclasses import dataclass

from tourney.models import ClubSite, Person

HIDDEN_NAME = "A player"


def short_name(name: str) -> str:
    """First name and the last name's initial: "Ann Whitaker" is "Ann W.", "Cher" is "Cher"."""
    parts = name.split()
    if len(parts) < 2:
        return name
    return f"{parts[0]} {parts[-1][0]}."


@dataclass(frozen=True)
class Names:
    """How people appear on one host's site."""

    style: str
    hidden: frozenset[int]

    @classmethod
    def of(cls, site: ClubSite) -> Names:
        return cls(style=site.names, hidden=frozenset(site.hidden.values_list("pk", flat=True)))

    def shows(self, person_id: int | None) -> bool:
        """Whether the person has a page and a name on the site."""
        return person_id is not None and person_id not in self.hidden

    def name(self, name: str, person_id: int | None) -> str:
        if person_id is not None and person_id in self.hidden:
            return HIDDEN_NAME
        return name if self.style == ClubSite.Names.FULL else short_name(name)

    def person(self, person: Person) -> str:
        return self.name(person.name, person.pk)


@dataclass(frozen=True)
class Shown:
    """One row of a published table: the row as the host's page has it, and how it shows."""

    row: object
    name: str
    person_id: int | None  # set when the name links to the person's page


def shown_rows(rows, names: Names, *, person_of, name_of) -> list[Shown]:
    """``rows`` with each person's name as the site shows it."""
    out = []
    for row in rows:
        pk = person_of(row)
        out.append(Shown(row, names.name(name_of(row), pk), pk if names.shows(pk) else None))
    return out
