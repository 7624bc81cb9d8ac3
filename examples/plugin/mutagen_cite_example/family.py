"""A mutation family: a weekday changed to another ("on Monday" -> "on Friday").

A family lists where it could change a sentence (``sites``) and applies one change at one
site (``mutate``), preferring a value the corpus itself uses (``values.mined``).
``examples()`` are run by mutagen-cite's own family test for every registered family.
"""

from __future__ import annotations

import random
import re
from typing import Sequence

from mutagen_cite.cases.families import Example, ValueSource, make_mutation
from mutagen_cite.model import Mutation, Sentence, Slot

DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_DAY = re.compile(r"\b(" + "|".join(DAYS) + r")s?\b")


class WeekdayFamily:
    name = "weekday"
    version = "weekday.v1"
    description = "a day of the week (Monday -> Friday)"

    def sites(self, sentence: Sentence) -> list[Slot]:
        return [Slot(family=self.name, kind="weekday", start=m.start(1), end=m.end(1), text=m.group(1),
                     value=m.group(1).lower())
                for m in _DAY.finditer(sentence.text)]

    def mutate(self, sentence: Sentence, site: Slot, values: ValueSource, rng: random.Random) -> Mutation | None:
        mined = [v for v in values.mined(sentence, site) if v in DAYS]
        if mined:
            return make_mutation(self, sentence, site, rng.choice(sorted(mined)), "mined")
        others = [d for d in DAYS if d != site.text]
        return make_mutation(self, sentence, site, rng.choice(others), "synthetic")

    def examples(self) -> Sequence[Example]:
        return (
            Example("Invoices are sent every Monday.", "Monday"),
            Example("Maintenance runs on Sundays at 02:00 UTC.", "Sunday"),
            Example("The office is closed on Friday.", "Friday", after="The office is closed on Tuesday.",
                    vocabulary={"weekday": ("Tuesday",)}),
            Example("Reports are due by Wednesday noon.", "Wednesday"),
        )


FAMILY = WeekdayFamily()
