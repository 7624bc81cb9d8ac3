"""The rule for a changed name with a twin that still names the original: a code and its
display name ("ord (Chicago)"), or another cell of a table row naming the same place.
"""

from __future__ import annotations

import re

from ..candidate import Candidate
from ..questions import is_table_row, row_cells


#: kinds whose value is often written with a twin naming the same thing: a code and a name
TWINNED_KINDS = {"region", "geo", "org", "product", "person"}


def _twin(c: Candidate) -> str | None:
    """The changed name has a twin that still names the original: a code and its display name
    ("ord (Chicago)", "us-east-1 (N. Virginia)", "Chicago (ord)"), or, in a table row, another
    cell naming a place ("Region: us-west2; Location: California"). Changing one half leaves
    the other identifying the original, so the near miss still states the condition."""
    text, site = c.sentence.text, c.site
    if site.kind not in TWINNED_KINDS:
        return None
    after, before = text[site.end:], text[: site.start]
    rep = c.replacement or ""
    m = re.match(r"\s*\(\s*([^()]{1,60}?)\s*\)", after)
    # a twin is a name or a code ("Chicago", "N. Virginia", "us-east-1"; a place's "ord"), not a remark ("beta")
    code = r"[a-z0-9]+(?:[-_.][a-z0-9]+)+$" + (r"|[a-z]{2,5}$" if site.kind in ("region", "geo") else "")
    if m and "(" not in rep and re.match(r"[A-Z]|" + code, m.group(1)):
        return f"the name's twin in parentheses ({m.group(1)!r}) still names {site.text!r}"
    if re.search(r"[\w.\-]\s*\(\s*$", before) and re.match(r"\s*\)", after):
        return f"{site.text!r} is the parenthesised twin of the name before it"
    if site.kind in ("region", "geo") and is_table_row(text):
        values = [(at, at + len(v)) for _, v, at in row_cells(text) if not (at <= site.start < at + len(v))]
        others = [s for s in c.sentence.slots
                  if s.kind in ("region", "geo") and any(a <= s.start and s.end <= b for a, b in values)
                  and s.text.strip().lower() != site.text.strip().lower()]
        if others:
            return f"another cell of the row names the same place ({others[0].text!r})"
    return None
