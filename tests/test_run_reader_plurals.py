"""The reader's topic words read a plural as its singular by lemminflect's noun lemma, so
irregular plurals ("policies", "indexes", "classes") meet their singulars (made-up sentences)."""

from mutagen_cite.run.generators.reader import _content


def test_irregular_plurals_meet_their_singulars():
    assert _content("Which retention policies cover the audit indexes?") == _content(
        "Which retention policy covers the audit index?")  # "covers" / "cover": one lemma too
    assert "class" in _content("All instance classes are billed hourly.")
    assert "status" in _content("The status page shows incidents.")  # no "s" to drop from "status"
