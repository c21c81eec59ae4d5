"""Roster imports: a 2,000-row preview and Confirm against a 2,000-person roster, hostile
workbooks (time and peak memory of the worker), and 300 names added to a night.

Aims on this 2-core machine: the preview under 3 s, a hostile 1 MB workbook answered
under 5 s in under 300 MB, 300 names added in a few seconds. Before the index and the
streaming reader (issue 24): 211 s, 237 s and 4.07 GB, 48 s.
"""

import random
import re
import sys
import tempfile
import time
from pathlib import Path

from _setup import ROOT, django_with_scratch_db

django_with_scratch_db()

from django.contrib.auth import get_user_model  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import reverse  # noqa: E402

sys.path.insert(0, str(ROOT))
from tests.tourney.club.test_roster_imports import (  # noqa: E402
    cell_rows,
    parse_in_a_worker,
    workbook,
    zip_bomb,
)
from tourney.club import people  # noqa: E402
from tourney.models import Event, Person, name_key  # noqa: E402

FIRST = "Ann Bob Carl Dee Edna Frank Gus Hana Ivan Jon Kim Lena Mo Nell Oscar Pia Quinn Rosa"
LAST = "Whitaker Stone Okafor Moller Smith Nguyen Garcia Kowalski Brown Ito Silva Novak Berg"


def names(rng: random.Random, count: int) -> list[str]:
    out: dict[str, None] = {}
    while len(out) < count:
        first, last = rng.choice(FIRST.split()), rng.choice(LAST.split())
        tail = "".join(rng.choice("abcdefghklmnoprstuvw") for _ in range(rng.randint(3, 7)))
        out[f"{first} {last}-{tail.capitalize()}"] = None
    return list(out)


def typo(rng: random.Random, name: str) -> str:
    at = rng.randrange(1, len(name))
    return name[:at] + rng.choice("aeiou") + name[at + 1 :]


def seconds(action) -> tuple[float, object]:
    start = time.perf_counter()
    result = action()
    return time.perf_counter() - start, result


def main() -> None:
    rng = random.Random(24)
    host = get_user_model().objects.create_user("bench-host", password="bench-password-1")
    client = Client()
    client.force_login(host)
    roster = names(rng, 2000)
    Person.objects.bulk_create(Person(owner=host, name=n, key=name_key(n)) for n in roster)

    # 2,000 rows: a third on the roster, a third one slip away, a third new.
    rows = rng.sample(roster, 667) + [typo(rng, n) for n in rng.sample(roster, 667)]
    rows += [n for n in names(random.Random(7), 1000) if n not in set(roster)][:666]
    url = reverse("roster_import")
    preview_s, page = seconds(lambda: client.post(url, {"text": "\n".join(rows)}))
    assert page.status_code == 200, page.status_code
    html = page.content.decode()
    counts = dict(re.findall(r"(\d+) (new|matched|doubtful|refused)</span>", html))
    form = dict(re.findall(r'type="hidden" name="(payload)" value="([^"]*)"', html))
    for field in set(re.findall(r'name="(row-\d+)"', html)):
        form[field] = "new"
    confirm_s, done = seconds(lambda: client.post(url, form))
    assert done.status_code == 302, done.status_code
    print("import preview, 2000 rows x 2000 people")
    print(f"  preview {preview_s:6.2f} s  ({', '.join(f'{v} {k}' for k, v in counts.items())})")
    print(f"  confirm {confirm_s:6.2f} s  (roster now {Person.objects.count()} people)")

    print("hostile xlsx, parsed in a fresh worker process")
    scratch = Path(tempfile.mkdtemp(prefix="rookery-bench-"))
    for label, build in (
        ("zip bomb, 6 million rows", zip_bomb),
        ("60,000 rows under the cap", lambda: workbook(cell_rows(60_000, lambda n: f"P {n}"))),
    ):
        content = build()
        answer = parse_in_a_worker(scratch, content)
        print(
            f"  {label:<26} {len(content) / 1e6:4.2f} MB file: {answer['seconds']:5.2f} s, "
            f"peak {answer['peak_mb']:4.0f} MB  ({answer['message'][:60]}…)"
        )

    event = Event.objects.create(
        owner=host, name="Bench night", rounds_planned=11, min_table_size=3, max_table_size=5
    )
    event.house_rules = event.game.settings
    event.save()
    typed = rng.sample(roster, 200) + [f"Newcomer {n:03d}" for n in range(100)]
    add_url = reverse("player_list", args=[event.slug])
    add_s, added = seconds(lambda: client.post(add_url, {"names": "\n".join(typed)}))
    assert added.status_code == 302, added.status_code
    print("adding names to a night against the 2000-person roster")
    print(f"  300 names {add_s:6.2f} s  ({event.players.count()} players)")
    assert people.MAX_ROWS == 2000


if __name__ == "__main__":
    main()
