"""One list of function words: the reader's topic words leave out exactly the value
model's question function words (values/tables.py), class by class."""

from mutagen_cite.run.generators import reader
from mutagen_cite.values import tables


def test_reader_uses_the_shared_list():
    assert reader._STOP is tables.QUESTION_FUNCTION_WORDS


def test_topic_words_of_a_question():
    # a plural is read as its singular ("every level" / "All levels")
    assert reader._content("How long does the Pro plan keep my backups?") == {"pro", "plan", "keep", "backup"}
    assert reader._content("Can we and our users export all invoices from it?") == {"export", "invoice", "user"}


def test_classes_are_disjoint_where_they_name_different_things():
    assert not tables.MODAL_VERBS & tables.AUXILIARIES
    assert tables.FINITE_AUXILIARIES < tables.AUXILIARIES
    assert not tables.WH_WORDS & tables.DEMONSTRATIVES
