"""Same kind of thing, or no entity swap (issue 11 item 2): rules of documentation English.

- **A shared head is a kind only when it is a common noun.** "Acme CLI" and "Zenit CLI" are two
  command-line tools, "Acme Payments" and "Globex Payments" two payment services: the head
  ("CLI", "payments") names a kind of thing, which the corpus shows by writing it as an acronym
  or in lower case ("the CLI", "the payments page"). A head the corpus only ever writes inside
  names ("Studio" of "Data Studio" and of "Android Studio") is a word of two unrelated names:
  an admin app and an IDE are not siblings because both end in "Studio". Such a pair is a
  sibling only when a real sibling sentence puts both in the same place.
- **A name with its version is the version's product.** "Node.js v20.17.0" -> "Bun v20.17.0"
  keeps a version the new product never had; the version family changes the number instead.
- **A name after a determiner is a modifier, not a person.** "your Acme Git settings" names
  settings; people's names take no "your"/"the", so a tagged person there is no person to swap.
- **A place one is on or in is no person.** "available on Acme Cloud", "runs in Zenit Studio":
  a tagged person after a locative preposition is a platform the tagger misread, and a person's
  name in its place ("available on Max Timestamp") is a value of the wrong kind.
- **A product name goes on after "for"/"of".** "Managed Service for Acme", "Edition of Zenit":
  a name ending in a product head noun followed by "for"/"of" and a capitalised word is the start
  of one longer name; swapping its first words names nothing ("Cloud Service for Acme").
"""

from __future__ import annotations

import re

from ...model import Slot

_VERSION_AFTER = re.compile(r"\s*(?:v|version\s+)?\d+(?:\.\d+)+\b|\s+v\d+\b", re.I)
_DETERMINER_BEFORE = re.compile(r"\b(?:your|my|our|their|its|his|her|the|a|an|this|that|each|every)\s+$", re.I)


def shared_head_is_a_kind(values, head: str) -> bool:
    """Whether two names ending in ``head`` may be the same kind of thing: an acronym head
    ("CLI", "SDK") always; a word only when the corpus also writes it in lower case, or when
    the corpus recorded nothing about it (unit examples)."""
    if head.isupper() and len(head) > 1:
        return True
    mined = getattr(values, "mine_result", None)
    checker = getattr(mined, "head_is_name_part", None)
    return checker is None or not checker(head)


def versioned_name(text: str, slot: Slot) -> bool:
    """The name is followed by its version number ("Node.js v20.17.0", "Python 3.12")."""
    return bool(_VERSION_AFTER.match(text[slot.end:]))


def determined_person(text: str, slot: Slot) -> bool:
    """A tagged person after a determiner or possessive ("your Acme Git settings")."""
    return slot.kind == "person" and bool(_DETERMINER_BEFORE.search(text[: slot.start]))


#: a locative preposition right before a name: what one is on or in is a place or a platform
_LOCATIVE_BEFORE = re.compile(r"\b(?:on|in|into|onto|inside|within|via|across|throughout)\s+$", re.I)


def located_person(text: str, slot: Slot) -> bool:
    """A tagged person right after a locative preposition ("available on Acme Cloud"), not
    followed by a possessive ("on Dana's team" is about a person)."""
    return (slot.kind == "person" and bool(_LOCATIVE_BEFORE.search(text[: slot.start]))
            and not re.match(r"['\u2019]s\b", text[slot.end:]))


#: the last word of a product's name that a "for"/"of" phrase continues ("Managed Service for Acme")
PRODUCT_HEADS = frozenset("service services cloud edition platform server suite studio hub manager console engine "
                          "toolkit kit extension plugin connector client sdk api app apps".split())


def name_continues(text: str, slot: Slot) -> bool:
    """The name ends in a product head noun and goes on with "for"/"of" and a capitalised word
    ("Managed Service for Acme"): the slot is the start of a longer name."""
    words = slot.text.split()
    return (len(words) >= 1 and words[-1].lower() in PRODUCT_HEADS and words[-1][:1].isupper()
            and bool(re.match(r"\s+(?:for|of)\s+[A-Z]", text[slot.end:])))
