"""The asker's voice keeps contracted auxiliaries grammatical (question v5 on): the reader's
"you're" becomes "I'm", and "you've"/"you'll"/"you'd" keep "I" as their subject. Made-up
questions; v4 output stays as it was (suites pinned to v4 reproduce byte for byte)."""

import pytest

from mutagen_cite.cases.families.grammar import first_person_question


@pytest.mark.parametrize("question, voiced", [
    ("Which plan do you need if you're on a team?", "Which plan do I need if I'm on a team?"),
    ("Where are exports kept once you\u2019re signed in?", "Where are exports kept once I\u2019m signed in?"),
    ("What is shown after you've added a site?", "What is shown after I've added a site?"),
    ("Which report does it send when you'll be away?", "Which report does it send when I'll be away?"),
    ("Does the invoice list what you'd pay?", "Does the invoice list what I'd pay?"),
    ("What do we send if you're late?", "What do you send if I'm late?"),
])
def test_contracted_auxiliary_after_you_agrees_with_i(question, voiced):
    assert first_person_question(question, contractions=True) == voiced


def test_v4_voice_is_unchanged_without_contractions():
    assert first_person_question("Where are exports kept once you're signed in?") == \
        "Where are exports kept once I're signed in?"
    assert first_person_question("Can you export it?", contractions=True) == "Can I export it?"
