"""Per-family behaviour: where a family refuses (None), mined values first, one seed one
mutation, and agreement kept. Sentences are the project's own."""

from __future__ import annotations

import random
import re

import pytest
from families_support import annotator, sentence_of  # noqa: F401 (fixture)

from mutagen_cite.cases.families import ValueSource, get_families
from mutagen_cite.cases.families.date import parse as parse_date
from mutagen_cite.model import Sentence, Slot, Vocabulary

SCOPE, DATE, QUANTITY, ENTITY, POLARITY, AGGREGATION, MODALITY = get_families(
    ["scope", "date", "quantity", "entity", "polarity", "aggregation", "modality"]
)
EMPTY = ValueSource.empty()


def vocab(**kinds: tuple[str, ...]) -> ValueSource:
    return ValueSource(Vocabulary(dict(kinds)))


def site(family, sentence: Sentence, text: str) -> Slot:
    found = [s for s in family.sites(sentence) if s.text == text]
    assert found, f"{family.name}: no site {text!r} among {family.sites(sentence)}"
    return found[0]


def manual(text: str, surface: str, family: str, kind: str, value: str, **kw) -> tuple[Sentence, Slot]:
    """A sentence with one hand-made slot (for grammar cases spaCy may tag differently)."""
    i = text.index(surface)
    slot = Slot(family, kind, i, i + len(surface), surface, value, **kw)
    return Sentence("t.md", 0, len(text), text, (slot,)), slot


def mutate_all_seeds(family, sentence, slot, values=EMPTY, seeds=range(12)):
    return [family.mutate(sentence, slot, values, random.Random(seed)) for seed in seeds]


# --------------------------------------------------------------------------- every family


@pytest.mark.parametrize("family", get_families(), ids=lambda f: f.name)
def test_same_seed_gives_the_same_mutation(annotator, family):
    compared = 0
    for example in family.examples():
        s = sentence_of(annotator, example.before)
        for slot in family.sites(s):
            values = ValueSource(Vocabulary(example.vocabulary or {}))
            first = family.mutate(s, slot, values, random.Random(11))
            assert first == family.mutate(s, slot, values, random.Random(11))
            compared += first is not None
    assert compared >= len(family.examples())  # every example mutates at least once


@pytest.mark.parametrize("family", get_families(), ids=lambda f: f.name)
def test_sites_belong_to_the_family(annotator, family):
    s = sentence_of(annotator, "Request logs in eu-west-1 are kept for 21 days.")
    assert all(slot.family == family.name for slot in family.sites(s))
    for example in family.examples():  # a sentence with this family's sites, from its own examples
        sites = family.sites(sentence_of(annotator, example.before))
        assert sites and all(slot.family == family.name for slot in sites), example.before


# --------------------------------------------------------------------------- scope


def test_scope_never_invents_a_tier(annotator):
    s = sentence_of(annotator, "Audit exports are available on the Business plan.")
    slot = site(SCOPE, s, "Business")
    assert SCOPE.mutate(s, slot, EMPTY, random.Random(0)) is None
    m = SCOPE.mutate(s, slot, vocab(tier=("Team", "Business")), random.Random(0))
    assert m is not None and m.origin == "mined" and m.replacement == "Team"


def test_scope_prefers_a_mined_region_of_the_same_style(annotator):
    s = sentence_of(annotator, "Traces in eu-west-1 are retained for 10 days.")
    slot = site(SCOPE, s, "eu-west-1")
    values = vocab(region=("europe-west4", "ap-southeast-2", "eu-west-1"))
    for seed in range(8):
        m = SCOPE.mutate(s, slot, values, random.Random(seed))
        assert m.origin == "mined" and m.replacement == "ap-southeast-2"


def test_scope_synthetic_region_is_well_formed_and_different(annotator):
    s = sentence_of(annotator, "Traces in eu-west-1 are retained for 10 days.")
    slot = site(SCOPE, s, "eu-west-1")
    for m in mutate_all_seeds(SCOPE, s, slot):
        assert m.origin == "synthetic"
        assert re.fullmatch(r"[a-z]{2}-[a-z]+-\d", m.replacement) and m.replacement != "eu-west-1"
        assert not m.replacement.startswith("eu-")


def test_scope_skips_a_company_name_in_the_tier_list(annotator):
    text = "Acme destroys idle sandboxes after an hour."
    s, slot = manual(text, "Acme", "scope", "tier", "acme")
    assert SCOPE.sites(s) == []
    text = "Sandboxes on the Acme plan sleep after an hour."
    s, slot = manual(text, "Acme", "scope", "tier", "acme")
    assert SCOPE.sites(s) == [slot]


def test_scope_never_swaps_a_place_for_its_alias():
    s, slot = manual("Invoices for US customers are issued in dollars.", "US", "scope", "geo", "US")
    m = SCOPE.mutate(s, slot, vocab(geo=("U.S.", "USA", "United States", "UK")), random.Random(0))
    assert m.replacement == "UK"
    for m in mutate_all_seeds(SCOPE, s, slot):
        assert m.replacement not in ("US", "USA", "U.S.")


# --------------------------------------------------------------------------- date


@pytest.mark.parametrize(
    "surface, pattern",
    [("1 March 2024", r"\d{1,2} [A-Z][a-z]+ \d{4}"), ("March 14, 2025", r"[A-Z][a-z]+ \d{1,2}, \d{4}"),
     ("2025-03-14", r"\d{4}-\d{2}-\d{2}"), ("Q3 2025", r"Q[1-4] \d{4}"), ("Sept 2024", r"[A-Z][a-z]{2,3} \d{4}"),
     ("2024", r"\d{4}"), ("29 February 2024", r"\d{1,2} [A-Z][a-z]+ \d{4}")],
)
def test_date_keeps_the_surface_format_and_stays_a_real_date(surface, pattern):
    text = f"The change takes effect on {surface} for everyone."
    kind = {"Q3 2025": "quarter", "Sept 2024": "month", "2024": "year"}.get(surface, "date")
    s, slot = manual(text, surface, "date", kind, surface)
    for m in mutate_all_seeds(DATE, s, slot, seeds=range(25)):
        assert m is not None and m.replacement != surface
        assert re.fullmatch(pattern, m.replacement), m.replacement
        assert parse_date(m.replacement) is not None  # parse builds a datetime.date: a real day


def test_date_mined_value_wins_and_is_rewritten_in_the_original_format():
    s, slot = manual("Renewals are due by March 14, 2025.", "March 14, 2025", "date", "date", "2025-03-14")
    m = DATE.mutate(s, slot, vocab(date=("2024-11-02", "14 March 2025")), random.Random(3))
    assert m.origin == "mined" and m.replacement == "November 2, 2024"


def test_date_keeps_a_weekday_true():
    s, slot = manual("The office is closed on Monday, 3 June 2024.", "3 June 2024", "date", "date", "2024-06-03")
    for m in mutate_all_seeds(DATE, s, slot):
        new = parse_date(m.replacement).value
        assert (new - parse_date("3 June 2024").value).days % 7 == 0


def test_date_range_ends_are_not_sites(annotator):
    s, slot = manual("Audits ran 2022-2024 across all regions.", "2024", "date", "year", "2024")
    assert DATE.sites(s) == []


# --------------------------------------------------------------------------- quantity


def test_quantity_mined_same_unit_first(annotator):
    s = sentence_of(annotator, "Request logs are retained for 14 days.")
    slot = site(QUANTITY, s, "14 days")
    values = vocab(duration=("3 months", "45 days", "14 days"))
    for seed in range(6):
        m = QUANTITY.mutate(s, slot, values, random.Random(seed))
        assert m.origin == "mined" and m.replacement == "45 days"


def test_quantity_other_unit_is_used_but_never_the_same_length(annotator):
    s = sentence_of(annotator, "Request logs are retained for 30 days.")
    slot = site(QUANTITY, s, "30 days")
    m = QUANTITY.mutate(s, slot, vocab(duration=("1 month", "3 months")), random.Random(0))
    assert m.replacement == "3 months"  # "1 month" is the same retention: not a near miss


def test_quantity_plural_agreement_both_ways(annotator):
    s = sentence_of(annotator, "Support replies within 1 business day.")
    slot = site(QUANTITY, s, "1 business day")
    for m in mutate_all_seeds(QUANTITY, s, slot):
        assert re.fullmatch(r"\d+ business days", m.replacement), m.replacement
    s = sentence_of(annotator, "Support replies within 3 business days.")
    slot = site(QUANTITY, s, "3 business days")
    m = QUANTITY.mutate(s, slot, vocab(duration=("1 business day",)), random.Random(0))
    assert m.mutated_text == "Support replies within 1 business day."


def test_quantity_count_agreement_reaches_the_verb():
    s, slot = manual("There is 1 seat that is free.", "1 seat", "quantity", "count", "1 seat", number=1.0, unit="seat")
    m = QUANTITY.mutate(s, slot, vocab(count=("4 seats",)), random.Random(0))
    assert m.mutated_text == "There are 4 seats that are free."


@pytest.mark.parametrize("surface", ["99.99%", "100%", "0.5%"])
def test_quantity_percent_stays_within_range(annotator, surface):
    s = sentence_of(annotator, f"Monthly uptime is {surface} in each region.")
    slot = site(QUANTITY, s, surface)
    for m in mutate_all_seeds(QUANTITY, s, slot, seeds=range(20)):
        value = float(m.replacement.rstrip("%"))
        assert 0 <= value <= 100 and m.replacement != surface


def test_quantity_money_keeps_commas_and_cents(annotator):
    s = sentence_of(annotator, "Extra storage costs $0.25 per GB and setup costs $1,200.")
    cents = site(QUANTITY, s, "$0.25")
    for m in mutate_all_seeds(QUANTITY, s, cents):
        assert re.fullmatch(r"\$\d+\.\d{2}", m.replacement), m.replacement
    big = site(QUANTITY, s, "$1,200")
    for m in mutate_all_seeds(QUANTITY, s, big):
        assert re.fullmatch(r"\$\d{1,3}(,\d{3})*", m.replacement), m.replacement


def test_quantity_respects_a_range_floor():
    s, slot = manual("Shipping takes 10-14 days.", "14 days", "quantity", "duration", "14 day", number=14.0, unit="day")
    for m in mutate_all_seeds(QUANTITY, s, slot, seeds=range(20)):
        assert int(m.replacement.split()[0]) > 10


def test_quantity_count_in_a_heading_is_not_a_site(annotator):
    s = sentence_of(annotator, "20 seats")
    assert not [x for x in QUANTITY.sites(s) if x.kind == "count"]
    s = sentence_of(annotator, "The Team plan includes 20 seats.")
    assert site(QUANTITY, s, "20 seats")


# --------------------------------------------------------------------------- entity


def test_entity_acronyms_are_not_sites():
    for acronym in ("RAM", "API", "SSO"):
        s, slot = manual(f"Billing for {acronym} usage is monthly.", acronym, "entity", "org", acronym)
        assert ENTITY.sites(s) == []


def test_entity_version_keeps_the_product(annotator):
    s = sentence_of(annotator, "The warehouse runs PostgreSQL 14 today.")
    slot = site(ENTITY, s, "PostgreSQL 14")
    got = {m.replacement for m in mutate_all_seeds(ENTITY, s, slot)}
    assert got <= {"PostgreSQL 13", "PostgreSQL 15", "PostgreSQL 12"} and got
    m = ENTITY.mutate(s, slot, vocab(version=("MySQL 8", "PostgreSQL 16")), random.Random(0))
    assert m.origin == "mined" and m.replacement == "PostgreSQL 16"


def test_entity_person_gets_a_person_and_faker_is_seeded(annotator):
    s = sentence_of(annotator, "The budget is approved by Maria Gonzalez.")
    slot = site(ENTITY, s, "Maria Gonzalez")
    m = ENTITY.mutate(s, slot, vocab(person=("Acme Cloud", "Tobias Lindqvist")), random.Random(0))
    assert m.origin == "mined" and m.replacement == "Tobias Lindqvist"
    a = ENTITY.mutate(s, slot, EMPTY, random.Random(4))
    b = ENTITY.mutate(s, slot, EMPTY, random.Random(4))
    assert a.origin == "synthetic" and a == b and len(a.replacement.split()) == 2
    names = {m.replacement for m in mutate_all_seeds(ENTITY, s, slot)}
    assert len(names) > 3 and "Maria Gonzalez" not in names


def test_entity_head_noun_sibling_is_preferred():
    # the same head noun is the same kind of thing; the same brand with another head is not
    s, slot = manual("Alerts are sent by Acme Pulse to on-call staff.", "Acme Pulse", "entity", "product", "Acme Pulse")
    m = ENTITY.mutate(s, slot, vocab(product=("Northwind Books", "Acme Ledger", "Orbit Pulse")), random.Random(0))
    assert m.replacement == "Orbit Pulse"
    assert ENTITY.mutate(s, slot, vocab(product=("Northwind Books", "Acme Ledger")), random.Random(0)) is None


# --------------------------------------------------------------------------- polarity


@pytest.mark.parametrize(
    "before, slot_text, after",
    [
        ("This fee doesn't apply to annual plans.", "n't", "This fee applies to annual plans."),
        ("The report did not send a summary.", "not", "The report sent a summary."),
        ("Staff don't need a badge.", "n't", "Staff need a badge."),
        ("It does not currently support exports.", "not", "It currently supports exports."),
        ("Members cannot delete dashboards.", "not", "Members can delete dashboards."),
        ("Tokens won't expire.", "n't", "Tokens will expire."),
        ("Raw samples are never kept.", "never", "Raw samples are kept."),
        ("Not all plans include exports.", "Not", "All plans include exports."),
    ],
)
def test_polarity_removes_negation_grammatically(annotator, before, slot_text, after):
    s = sentence_of(annotator, before)
    m = POLARITY.mutate(s, site(POLARITY, s, slot_text), EMPTY, random.Random(0))
    assert m.mutated_text == after


@pytest.mark.parametrize(
    "before, slot_text, after",
    [
        ("Exports have been enabled.", "have", "Exports have not been enabled."),
        ("Admins can export logs.", "can", "Admins cannot export logs."),
        ("The invoice will include taxes.", "will", "The invoice will not include taxes."),
    ],
)
def test_polarity_inserts_not_after_the_auxiliary(annotator, before, slot_text, after):
    s = sentence_of(annotator, before)
    m = POLARITY.mutate(s, site(POLARITY, s, slot_text), EMPTY, random.Random(0))
    assert m.mutated_text == after


@pytest.mark.parametrize(
    "text, surface",
    [
        ("There is no fee for the first seat.", "is"),  # would double-negate
        ("Staff must attend the briefing.", "must"),  # modality as well as polarity
        ("The plan has 5 seats.", "has"),  # main-verb have
        ("The plan includes 5 seats.", "includes"),  # no auxiliary
        ("Is the export included?", "Is"),  # a question
        ("Refunds are also issued weekly.", "are"),  # "are not also" reads wrong
    ],
)
def test_polarity_refuses_where_not_cannot_be_inserted(text, surface):
    s, slot = manual(text, surface, "polarity", "affirmative", "affirmative")
    assert POLARITY.sites(s) == []
    assert POLARITY.mutate(s, slot, EMPTY, random.Random(0)) is None


@pytest.mark.parametrize("text", ["It is not only fast but cheap.", "Say whether or not you agree.", "If not, ask support."])
def test_polarity_idioms_are_not_sites(annotator, text):
    s = sentence_of(annotator, text)
    assert [x for x in POLARITY.sites(s) if x.kind == "negation"] == []


# --------------------------------------------------------------------------- aggregation


def test_aggregation_every_and_each_never_swap(annotator):
    s = sentence_of(annotator, "Every region keeps a key and each key is rotated.")
    sites = AGGREGATION.sites(s)
    assert {slot.text for slot in sites} == {"Every", "each"}
    texts = set()
    for slot in sites:
        for m in mutate_all_seeds(AGGREGATION, s, slot, values=vocab(quantifier=("each", "every"))):
            assert m.replacement.lower() not in ("each", "every")
            assert m.replacement.lower().startswith("most ")  # the hedge documentation writes, never "almost every"
            texts.add(m.mutated_text)
    # the noun goes plural and the verb after a subject agrees with it
    assert texts == {"Most regions keep a key and each key is rotated.", "Every region keeps a key and most keys are rotated."}


@pytest.mark.parametrize("text, surface", [
    ("Every region has its own key.", "Every"),  # the pronoun would have to agree too
    ("We review every request that arrives.", "every"),  # so would the relative clause's verb
    ("Every member of the team is paid.", "Every"),  # the verb is out of reach
    ("Every time you deploy, logs rotate.", "Every"),  # an idiom, not a quantified noun
])
def test_aggregation_every_is_left_alone_where_agreement_cannot_follow(text, surface):
    s, slot = manual(text, surface, "aggregation", "quantifier", surface.lower())
    assert AGGREGATION.mutate(s, slot, EMPTY, random.Random(0)) is None


def test_aggregation_never_writes_hedges_documentation_does_not_use():
    for text, surface in (("Backups are always encrypted.", "always"), ("Builds usually finish fast.", "usually"),
                          ("Jobs often retry.", "often")):
        s, slot = manual(text, surface, "aggregation", "quantifier", surface.lower())
        for seed in range(8):
            m = AGGREGATION.mutate(s, slot, vocab(quantifier=("sometimes", "rarely")), random.Random(seed))
            assert m is None or m.replacement.lower() in ("usually", "typically"), m


def test_aggregation_all_the_becomes_most_of_the(annotator):
    s = sentence_of(annotator, "Owners can see all the invoices.")
    slot = site(AGGREGATION, s, "all")
    texts = {m.mutated_text for m in mutate_all_seeds(AGGREGATION, s, slot)}
    assert texts == {"Owners can see most of the invoices.", "Owners can see some of the invoices."}


@pytest.mark.parametrize(
    "text, surface",
    [("The plans all include alerts.", "all"), ("Nothing changes at all.", "all"),
     ("Seats cost $5 each.", "each"), ("Each of the plans has alerts.", "Each"),
     ("Only 5 seats are included.", "Only"), ("It is the only region with backups.", "only"),
     ("All 3 plans include alerts.", "All"), ("They each qualify for leave.", "each")],
)
def test_aggregation_refuses_when_agreement_cannot_be_kept(text, surface):
    s, slot = manual(text, surface, "aggregation", "quantifier", surface.lower())
    assert AGGREGATION.sites(s) == []
    assert AGGREGATION.mutate(s, slot, EMPTY, random.Random(0)) is None


def test_aggregation_no_takes_an_article_before_a_singular_noun(annotator):
    s = sentence_of(annotator, "There is no setup fee for new workspaces.")
    m = AGGREGATION.mutate(s, site(AGGREGATION, s, "no"), EMPTY, random.Random(0))
    assert m.mutated_text == "There is a setup fee for new workspaces."
    s = sentence_of(annotator, "No refunds are issued after renewal.")
    m = AGGREGATION.mutate(s, site(AGGREGATION, s, "No"), EMPTY, random.Random(0))
    assert m.mutated_text == "Some refunds are issued after renewal."


def test_aggregation_prefers_a_mined_target(annotator):
    s = sentence_of(annotator, "All invoices are sent in euros.")
    slot = site(AGGREGATION, s, "All")
    for seed in range(6):
        m = AGGREGATION.mutate(s, slot, vocab(quantifier=("some",)), random.Random(seed))
        assert m.origin == "mined" and m.replacement == "Some"


# --------------------------------------------------------------------------- modality


def test_modality_permissions_are_not_sites(annotator):
    # "must" entails "can"/"may": a can -> must distractor would still support the claim
    for text, modal in (("Owners can download invoices.", "can"), ("Guests may join a call.", "may")):
        s = sentence_of(annotator, text)
        assert modal in [x.text for x in s.slots_of("modality")]
        assert MODALITY.sites(s) == []


def test_modality_only_weakens_obligations(annotator):
    s = sentence_of(annotator, "Owners must download invoices.")
    slot = site(MODALITY, s, "must")
    assert {m.replacement for m in mutate_all_seeds(MODALITY, s, slot)} <= {"can", "should"}


def test_modality_cannot_belongs_to_polarity(annotator):
    s = sentence_of(annotator, "Guests cannot invite members.")
    assert MODALITY.sites(s) == []


def test_modality_negated_modals_are_not_sites(annotator):
    # "must not" and "may not" are both prohibitions in policy English: no clean near miss
    s = sentence_of(annotator, "Staff must not share badges.")
    assert MODALITY.sites(s) == []


def test_modality_leaves_a_relative_clause_on_a_stranded_preposition_alone(annotator):
    # a field description: the clause "the card must belong to" lacks its object, the noun before it
    s = sentence_of(annotator, "List of team IDs the card must belong to.")
    assert "must" in [x.text for x in s.slots_of("modality")]
    assert MODALITY.sites(s) == []
    # a particle may end a clause: "Guests must sign up." states a requirement
    s = sentence_of(annotator, "Guests must sign up.")
    assert [x.text for x in MODALITY.sites(s)] == ["must"]
    s = sentence_of(annotator, "Each card must belong to a team.")
    assert [x.text for x in MODALITY.sites(s)] == ["must"]


@pytest.mark.parametrize(
    "text, false_modal",
    [("There is no need to sign again.", "need to"), ("Should you need help, write to support.", "Should"),
     ("We will have to wait.", "have to")],
)
def test_modality_refuses_false_modals(annotator, text, false_modal):
    s = sentence_of(annotator, text)
    assert false_modal in [x.text for x in s.slots_of("modality")]  # the tagger did see it
    assert false_modal not in [x.text for x in MODALITY.sites(s)]


def test_modality_phrase_keeps_its_verb_form(annotator):
    s = sentence_of(annotator, "Vendors are required to report incidents.")
    m = MODALITY.mutate(s, site(MODALITY, s, "are required to"), EMPTY, random.Random(0))
    assert m.mutated_text in ("Vendors are encouraged to report incidents.", "Vendors are allowed to report incidents.")


def test_date_range_keeps_its_order():
    text = "Enrollment ran from 2023-11-20 to 2023-12-01 for everyone."
    a, b = text.index("2023-11-20"), text.index("2023-12-01")
    first = Slot("date", "date", a, a + 10, "2023-11-20", "2023-11-20")
    second = Slot("date", "date", b, b + 10, "2023-12-01", "2023-12-01")
    s = Sentence("t.md", 0, len(text), text, (first, second))
    for m in mutate_all_seeds(DATE, s, first, values=vocab(date=("2024-06-25", "2023-10-02"))):
        assert m.replacement < "2023-12-01"
    for m in mutate_all_seeds(DATE, s, second, values=vocab(date=("2023-10-02", "2024-06-25"))):
        assert m.replacement > "2023-11-20"


def test_scope_never_duplicates_a_value_the_sentence_names():
    s, slot = manual("It covers the production, staging and development environments.", "development",
                     "scope", "environment", "development")
    for m in mutate_all_seeds(SCOPE, s, slot, values=vocab(environment=("production", "staging"))):
        assert m.replacement in ("sandbox", "preview") and m.origin == "synthetic"


def test_an_environment_keeps_the_case_of_the_word_it_replaces():
    """A value mined from a heading or a table cell ("Staging") is a common noun in prose: "in
    production" becomes "in staging", never "in Staging"."""
    s, slot = manual("Signed webhooks are required in production.", "production", "scope", "environment",
                     "production")
    seen = {m.replacement for m in mutate_all_seeds(SCOPE, s, slot, values=vocab(environment=("Staging", "Preview")))
            if m is not None}
    assert seen and all(r[:1].islower() for r in seen), seen
    s, slot = manual("Production builds are signed.", "Production", "scope", "environment", "production")
    seen = {m.replacement for m in mutate_all_seeds(SCOPE, s, slot, values=vocab(environment=("staging",)))
            if m is not None}
    assert seen and all(r[:1].isupper() for r in seen), seen


@pytest.mark.parametrize("text, surface", [
    ("Thumbnails are drawn by the Kilnmaster 3 model.", "3 model"),
    ("Glaze previews need the Kilnmaster-4 model.", "4 model"),
])
def test_quantity_number_inside_a_name_is_no_count(text, surface):
    s, _ = manual(text, surface, "quantity", "count", surface, number=float(surface.split()[0]), unit="model")
    assert QUANTITY.sites(s) == []


def test_the_end_of_a_range_of_labels_is_no_count():
    s, _ = manual("A deal passed on as Stage 1-4 opportunity goes to the next rep.", "4 opportunity", "quantity",
                  "count", "4 opportunity", number=4.0, unit="opportunity")
    assert QUANTITY.sites(s) == []
    s, _ = manual("A rep takes on up to 4 opportunities each week.", "4 opportunities", "quantity", "count",
                  "4 opportunities", number=4.0, unit="opportunity")
    assert QUANTITY.sites(s) != []


def test_quantity_count_after_a_lowercase_word_or_opening_verb_stays_a_site():
    for text, surface in (("Each studio has 3 kilns.", "3 kilns"), ("Reserve 3 kilns when the studio is busy.", "3 kilns")):
        s, _ = manual(text, surface, "quantity", "count", surface, number=3.0, unit="kiln")
        assert [x.text for x in QUANTITY.sites(s)] == [surface], text


def test_quantity_never_writes_every_one_hour():
    s, slot = manual("The kiln log is copied every six hours.", "six hours", "quantity", "duration", "6 hour",
                     number=6.0, unit="hour")
    got = [m.replacement for m in mutate_all_seeds(QUANTITY, s, slot, vocab(duration=("one hour", "two hours")),
                                                   seeds=range(20)) if m]
    assert got and not any(r.split()[0] in ("one", "1", "an", "a") for r in got), got


@pytest.mark.parametrize("text, word, is_site", [
    ("Each kiln is a separate firing chamber.", "Each", False),  # a definition
    ("You can run 12 kilns in total across all studios.", "all", False),  # a total over the set
    ("All glazes are tested for lead.", "All", True),
    ("Every kiln includes a thermometer.", "Every", True),
    ("You can find a list of all glazes on the studio wiki.", "all", False),  # a listing is complete
    ("The table of every firing schedule is pinned by the door.", "every", False),
    ("A list of firing tips is sent to all members.", "all", True),  # the listing is not what "all" quantifies
    ("The default glaze for all new kilns is clear.", "all", False),  # a default applies to every one
    ("Glaze logging is on by default for all kilns.", "all", True),  # which kilns have it on is a claim
])
def test_aggregation_leaves_definitions_and_totals_alone(text, word, is_site):
    s, _ = manual(text, word, "aggregation", "quantifier", word.lower())
    assert bool(AGGREGATION.sites(s)) is is_site


def test_entity_the_vendors_name_for_the_same_product_is_no_sibling():
    # "Orbit" is the corpus's own name: "Orbit Pulse" is what the vendor calls its Pulse, not another product
    # (the original's modifier is a name, as the replacement's: see test_coh_coherence for "Data Pulse")
    s, slot = manual("Alerts are sent by Nimbus Pulse to on-call staff.", "Nimbus Pulse", "entity", "product",
                     "Nimbus Pulse")
    # (the build gives the value source the corpus's own names: ValueSource.house_names)
    orbit = ValueSource(Vocabulary({"org": ("Orbit",), "product": ("Orbit", "Orbit Pulse")}), house=("Orbit",))
    assert ENTITY.mutate(s, slot, orbit, random.Random(0)) is None
    orbit = ValueSource(Vocabulary({"org": ("Orbit",), "product": ("Orbit", "Orbit Pulse", "Kestrel Pulse")}),
                        house=("Orbit",))
    m = ENTITY.mutate(s, slot, orbit, random.Random(0))
    assert m is not None and m.replacement == "Kestrel Pulse"


@pytest.mark.parametrize("text, aux, is_site", [
    ("Glaze fixes were included in release 3.1.", "were", False),  # a past event report
    ("Kiln keys are now used in place of the old codes.", "are", False),  # "are not now used"
    ("Glaze streaming is available only on studio plans.", "is", False),  # "not available only on"
    ("Shelves outside the kiln room are left unchanged.", "are", False),  # "not left unchanged"
    ("The steward ensures all kiln tags are added to the log.", "are", False),  # inside the complement
    ("Glaze logs are exported to the studio bucket.", "are", True),
    ("Status checks are run on every firing.", "are", True),  # "checks" is the subject, no verb
])
def test_polarity_inserts_no_negation_no_writer_would_write(text, aux, is_site):
    s, _ = manual(text, aux, "polarity", "affirmative", aux)
    assert bool(POLARITY.sites(s)) is is_site
