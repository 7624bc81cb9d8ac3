"""Questions v9 (round 30, documentation never seen): a participle after the head noun does not
decide agreement, and "value(s)" after an auxiliary or a quantifier names nothing it belongs to.
Made-up sentences; v8 keeps its wording."""

from __future__ import annotations

from families_support import site_of, slotted_sentence
from mutagen_cite.cases.questions import phrase, template_env

ENV = template_env()


def _ask(text, slot, site, version):
    s = slotted_sentence(text, slot)
    p = phrase(s, site_of(s, site), slot[0], ENV, version=version)
    return p.question if p is not None else None


def test_a_participle_after_a_plural_head_keeps_the_plural_auxiliary():
    text = "The glazes selected must be food-safe for every mug sold in the shop."
    slot = ("modality", "modal", "must", "must")
    assert _ask(text, slot, "must", "v8").startswith("Does the glazes selected have to")
    assert _ask(text, slot, "must", "v9").startswith("Do the glazes selected have to")


def test_value_after_an_auxiliary_or_quantifier_has_no_owner():
    slot = ("modality", "modal", "must", "must")
    for text in ("Value must be either kiln or wheel.", "All values must be valid kiln temperatures.",
                 "Every value must be a whole number of minutes."):
        assert _ask(text, slot, "must", "v8") is not None, text
        assert _ask(text, slot, "must", "v9") is None, text
    # a modifier names the value: still asked
    assert _ask("The firing value must be a whole number of minutes.", slot, "must", "v9") is not None


def test_a_modal_after_a_conjunction_opens_a_second_clause():
    from mutagen_cite.cases.questions import second_proposition

    run_on = "Will closing the kiln log lock the current log and all later entries with the old key will be refused?"
    assert not second_proposition(run_on) and second_proposition(run_on, v9=True)
    assert second_proposition("Will every potter get a slot and can the owner move it?", v9=True)
    for one in ("Do all potters and guests have to sign the waiver?",
                "Does the plan include glazes and tools that can be borrowed?",
                "Are firings logged and stored for a year?"):
        assert not second_proposition(one, v9=True), one


def test_a_title_cased_heading_opened_by_a_verb_form_is_a_name():
    from mutagen_cite.cases.questions import _table_name

    assert _table_name("Google Cloud Platform", "Kiln", "Code") == "google Cloud Platform"  # v8
    assert _table_name("Google Cloud Platform", "Kiln", "Code", v9=True) == "Google Cloud Platform"
    for heading, lowered in (("Supported regions", "supported regions"), ("Pricing", "pricing"),
                             ("Deploy options", "deploy options")):
        assert _table_name(heading, "Kiln", "Code", v9=True) == lowered


def test_all_after_from_is_a_set_to_choose_from_and_stays_all():
    text = "You must choose a pair from all active kiln slots."
    slot = ("aggregation", "quantifier", "all", "all")
    assert "from every active kiln slot" in _ask(text, slot, "all", "v8")
    assert "every" not in (_ask(text, slot, "all", "v9") or "")


def test_a_singular_that_ends_in_s_stays_singular():
    from mutagen_cite.cases.families import grammar

    for word in ("Alias", "alias", "canvas", "Lens", "news"):
        assert grammar.singularize(word) == word and not grammar.is_plural_noun(word), word
    assert grammar.singularize("Aliases") == "Alias" and grammar.singularize("plans") == "plan"


def test_a_numbered_thing_is_no_product_version():
    s = slotted_sentence("Port 8080 will accept kiln telemetry.", ("entity", "version", "Port 8080", "port 8080"),
                         ("polarity", "affirmative", "will", "will"))
    site = next(x for x in s.slots if x.text == "will")
    old = phrase(s, site, "polarity", ENV, version="v8")
    assert old is not None and old.question.startswith("Which version of Port")
    assert phrase(s, site, "polarity", ENV, version="v9") is None
