"""The club's records: the host's people (the roster) and seasons.

Imports Django and ``scoring`` only; the night's models point at these, never the reverse.
"""

from __future__ import annotations

import secrets
import unicodedata

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify


def name_key(name: str) -> str:
    """A name as the roster compares it: case, accents, dots and extra spaces ignored,
    so "Zoë  O'Brien" and "zoe o'brien" are the same person's name."""
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    bare = bare.replace(".", " ").replace("\u2019", "'")
    return " ".join(bare.casefold().split())


class Person(models.Model):
    """Someone in a host's circle of players: one row however many nights they play.

    Each night's :class:`Player` points at a person, so Ann of March and Ann of
    April are the same Ann. The contact details are the host's alone: no page a
    player can reach shows them.
    """

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="people"
    )
    name = models.CharField(max_length=60)
    # Longer than the name: folding can grow it ("ß" is "ss", a ligature several letters).
    key = models.CharField(max_length=200, editable=False, db_index=True)
    email = models.EmailField(blank=True)
    phone = models.CharField(max_length=40, blank=True)
    aliases = models.JSONField(
        default=list, blank=True, help_text="Other spellings, kept from merges for matching."
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint("owner", "key", name="person_name_unique_for_host"),
            models.CheckConstraint(condition=~Q(name=""), name="person_name_not_empty"),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        self.key = name_key(self.name)
        super().save(*args, **kwargs)

    @classmethod
    def for_name(cls, owner, name: str) -> Person:
        """The host's person of this name (case and accents ignored), made if new."""
        person = cls.objects.filter(owner=owner, key=name_key(name)).first()
        if person is None:
            person = cls.objects.create(owner=owner, name=name)
        return person


class Season(models.Model):
    """A host's run of nights ("Spring 2027"), ranked together by a standing method."""

    class Method(models.TextChoices):
        TOTAL_PLACES = "total_places", "Total of places (lowest wins)"
        AVERAGE_PLACE = "average_place", "Average place (lowest wins)"
        BEST_OF = "best_of", "Best N nights: total of each player's N best places"
        POINTS = "points", "Points for places (highest wins)"

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seasons"
    )
    name = models.CharField(max_length=80)
    slug = models.SlugField(max_length=100, allow_unicode=True)
    method = models.CharField(
        "standing method", max_length=16, choices=Method, default=Method.TOTAL_PLACES
    )
    best_of = models.PositiveSmallIntegerField(
        "best N", null=True, blank=True, help_text="Best N nights: how many nights count."
    )
    points_table = models.CharField(
        max_length=120,
        blank=True,
        default="10, 8, 6, 5, 4, 3, 2, 1",
        help_text="Points for places: points for 1st, 2nd, 3rd... (later places score 0).",
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=Q(best_of__isnull=True) | Q(best_of__gte=1),
                name="season_best_of_positive",
            ),
            # A season's address is the host's own: another host's "Autumn 2026" is no
            # business of theirs, and a double tap on "Create" can't make two.
            models.UniqueConstraint("owner", "slug", name="season_slug_unique_for_host"),
            models.UniqueConstraint(Lower("name"), "owner", name="season_name_unique_for_host"),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        if not self.slug:
            base = slugify(self.name, allow_unicode=True)[:90] or "season"
            slug, n = base, 2
            taken = Season.objects.filter(owner_id=self.owner_id).exclude(pk=self.pk)
            while taken.filter(slug=slug).exists():
                slug, n = f"{base}-{n}", n + 1
            self.slug = slug
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("season_detail", args=[self.slug])

    def points(self) -> list[int]:
        """The points table as numbers: points[0] for 1st place."""
        return [int(p) for p in self.points_table.replace(";", ",").split(",") if p.strip()]


def new_site_key() -> str:
    """A club site's address: 12 random bytes (96 bits), unguessable, so only people the
    host gives the link to find the site (and it can be renewed to close the old one)."""
    return secrets.token_urlsafe(12)


class ClubSite(models.Model):
    """A host's public results site: off until the host publishes it.

    The site reads the same nights, seasons and people as the host's own pages; this
    row holds only what the host chose about showing them.
    """

    class Names(models.TextChoices):
        INITIAL = "initial", "First name and initial (Ann W.)"
        FULL = "full", "Full names (Ann Whitaker)"

    owner = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_site"
    )
    published = models.BooleanField("publish the club site", default=False)
    key = models.CharField(max_length=32, unique=True, default=new_site_key, editable=False)
    title = models.CharField(
        "club name", max_length=80, blank=True, help_text="The site's heading (e.g. Tuesday Rook)."
    )
    names = models.CharField("how names show", max_length=8, choices=Names, default=Names.INITIAL)
    indexable = models.BooleanField(
        "let search engines list the site",
        default=False,
        help_text="Off: every page asks search engines not to index it (noindex).",
    )
    hidden = models.ManyToManyField(
        Person,
        blank=True,
        related_name="+",
        verbose_name="people not shown",
        help_text="Shown as “A player” in standings, with no page of their own.",
    )

    def __str__(self) -> str:
        return self.title or f"Club site of {self.owner}"

    def get_absolute_url(self) -> str:
        return reverse("club_home", args=[self.key])

    @property
    def heading(self) -> str:
        """The site's name: its own title, else the club's name from the host's account
        (never the host's user name, which is theirs alone), else "Club results"."""
        from tourney.models.accounts import HostAccount

        account = HostAccount.objects.filter(user_id=self.owner_id).first()
        return self.title or (account.club_name if account else "") or "Club results"
