"""Modality under a negative subject: weakening the modal would strengthen the claim.

"Nothing else should write the key" -> "Nothing else can write the key" forbids more, so the
sentence offers no modality site; a negative word in an earlier clause does not count.
"""

from mutagen_cite.cases.families.modality import ModalityFamily
from tests.families_support import slotted_sentence


def _sites(text: str, modal: str) -> list:
    sentence = slotted_sentence(text, ("modality", "modal", modal, modal.lower()))
    return ModalityFamily().sites(sentence)


def test_negative_pronoun_subject_is_no_site():
    assert _sites("Nothing else in the pipeline should overwrite the cache key.", "should") == []
    assert _sites("Nobody outside the team may approve the rollout.", "may") == []
    assert _sites("No one must edit the generated file by hand.", "must") == []


def test_negative_word_in_an_earlier_clause_leaves_the_site():
    assert len(_sites("If no cache exists, the worker must rebuild the index.", "must")) == 1
    assert len(_sites("The worker must rebuild the index nightly.", "must")) == 1
