"""Rules of documentation English tying an edited sentence to the rest of its chunk
(cases/fairness/coherence.py): a list's lead-in governs its items, a code identifier heads its entry, a
bound restated in a derived form, a consequence after a requirement, a universal said again in
the next sentence, "instead" after a denial. Each one drops a near miss that another unit of
its chunk contradicts, and leaves alone the look-alike that is a good near miss.

Every example here is made up for the test."""

from __future__ import annotations

from families_support import ALL, ALWAYS, MUST, NOT, broken_rule, near_miss

from mutagen_cite.cases.fairness.coherence import (advice_after_denial, consequence_after, derived_bound, identifier_heading,
                                          lead_in_line, universal_after)


# --------------------------------------------------------------------------- lead-in lines


def test_a_full_sentence_item_under_a_modal_lead_in_is_framed():
    # the loader drops "- " markers: two full-stop items right under "must:" are its list
    chunk = ("Network setup\n\nTo stay compliant, **all outbound traffic must:**\n\n"
             "Pass through the egress gateway.\nThe gateway must log every request to the audit bucket.\n")
    c = near_miss(chunk, "The gateway must log every request to the audit bucket.", "must", "should", MUST,
                  family="modality", answer="yes")
    assert broken_rule(c) == "framed"


def test_a_paragraph_after_a_stripped_code_block_label_is_no_item():
    # "reset the setting:" introduced a code block the loader removed; the paragraph is no item
    chunk = ("Reset the flags\n\nTo restore the defaults, reset the setting:\n\n"
             "Archived boards must be exported before the workspace is closed. Exports are kept for a week.\n")
    assert lead_in_line(chunk[: chunk.index("Archived")], chunk[chunk.index("Archived"):]) is None


def test_a_full_sentence_after_verbless_fragments_is_not_their_item():
    chunk = ("The claim form must include the following:\nPolicy number\nDate of loss\n"
             "The claim form must be signed by the account holder.\n")
    at = chunk.index("The claim form must be signed")
    assert lead_in_line(chunk[:at], chunk[at:]) is None


def test_lead_in_line_finds_the_colon_line_over_sibling_items():
    chunk = "Before you deploy, you must:\n\nTag the release.\nRun the smoke tests.\nNotify the on-call lead.\n"
    at = chunk.index("Run the smoke")
    assert lead_in_line(chunk[:at], chunk[at:]) == "Before you deploy, you must:"
    # two blank lines: a new section, no list
    far = "Before you deploy, you must:\n\n\nTag the release.\nRun the smoke tests.\n"
    at = far.index("Run the smoke")
    assert lead_in_line(far[:at], far[at:]) is None


# --------------------------------------------------------------------------- identifier headings


def test_an_identifier_heading_frames_an_error_entry():
    chunk = ("Error codes\n\nbucket_not_found\n\nThe storage service could not find the requested bucket. "
             "Check the bucket name.\n")
    assert identifier_heading(chunk, chunk.index("The storage")) == "bucket not found"
    c = near_miss(chunk, "The storage service could not find the requested bucket.", "not", "", NOT,
                  family="polarity", answer="yes")
    assert broken_rule(c) == "against-heading"


def test_a_plain_lowercase_line_is_no_identifier_heading():
    chunk = "Error codes\n\nsee below\n\nThe storage service could not find the requested bucket.\n"
    assert identifier_heading(chunk, chunk.index("The storage")) is None


# --------------------------------------------------------------------------- derived bounds


def test_a_range_restated_as_its_complement_keeps_the_bound():
    chunk = ("Alias length\n\nThe resolver only expands aliases for names that are between 1 and 4 tokens. "
             "Names with 5 or more tokens are never expanded.\n")
    s = "The resolver only expands aliases for names that are between 1 and 4 tokens."
    at = s.index("4 tokens")
    assert derived_bound(chunk, chunk.index(s), s, at, at + len("4 tokens")).startswith("Names with 5 or more")
    c = near_miss(chunk, s, "4 tokens", "9 tokens", ("quantity", "count", "4 tokens", "4 token"),
                  family="quantity", answer="The resolver")
    assert broken_rule(c) == "derived-bound"
    # a range site bounds at its upper end too
    r = "Aliases cover names of 1-4 tokens."
    assert derived_bound(f"{r} Longer names (5+ tokens) are skipped.", 0, r, r.index("1-4"), r.index("1-4") + 10)


def test_a_sibling_with_the_same_kind_of_bound_or_a_plain_value_is_no_restatement():
    chunk = "The export job returns up to 3 files.\nThe import job returns up to 3 files.\n"
    s = "The export job returns up to 3 files."
    at = s.index("3 files")
    assert derived_bound(chunk, 0, s, at, at + 7) is None
    plain = "The export job returns 3 files. Jobs with 4 or more files are split."
    p = "The export job returns 3 files."
    assert derived_bound(plain, 0, p, p.index("3 files"), p.index("3 files") + 7) is None
    low = "Each team needs at least 2 seats. Teams with fewer than 2 seats are paused."
    q = "Each team needs at least 2 seats."
    assert derived_bound(low, 0, q, q.index("2 seats"), q.index("2 seats") + 7) is not None


def test_another_bound_of_another_unit_or_number_is_no_restatement():
    chunk = ("The resolver expands aliases for names that are between 1 and 4 tokens. "
             "Names with 12 or more characters are truncated. Up to 5 retries are made.\n")
    s = "The resolver expands aliases for names that are between 1 and 4 tokens."
    at = s.index("4 tokens")
    assert derived_bound(chunk, chunk.index(s), s, at, at + len("4 tokens")) is None


# --------------------------------------------------------------------------- consequences


def test_a_failure_after_a_requirement_restates_it():
    s = "Your load balancer must forward the upgrade header."
    chunk = f"Proxy setup\n\n{s} Without it, live updates silently stop.\n"
    c = near_miss(chunk, s, "must", "should", MUST, family="modality", answer="yes")
    assert broken_rule(c) == "consequence"
    assert consequence_after(s, ["Otherwise the socket closes."], lambda t: set()) is not None
    # right after the requirement a failure needs no shared word ("Even a typo ...")
    assert consequence_after(s, ["Even a misspelt name makes the handshake fail."], lambda t: set()) is not None
    # the second sentence counts only when it is about the same thing
    assert consequence_after(s, ["The header is a string.", "A balancer that drops it breaks live updates."],
                             lambda t: {"balanc"} if "balancer" in t else set()) is not None
    assert consequence_after(s, ["The header is a string.", "Old browsers fail to render the page."],
                             lambda t: set()) is None


def test_a_contracted_condition_on_the_requirement_unmet_restates_it():
    # "If it's not enabled, ..." is "If it is not enabled, ...": what to do when the requirement is unmet
    s = "You must have audit logging enabled on the workspace to export events."
    chunk = f"Exports\n\n{s} If it's not enabled, turn it on first.\n"
    c = near_miss(chunk, s, "must", "should", MUST, family="modality", answer="yes")
    assert broken_rule(c) == "consequence"
    for nxt in ("If you\u2019re not an owner, ask one to do it.", "If they're not set, the export stops."):
        assert consequence_after(s, [nxt], lambda t: set()) is not None
    # a contraction that is no denial opens a condition of its own
    assert consequence_after(s, ["If it's enabled already, skip this step."], lambda t: set()) is None


def test_a_neutral_next_sentence_or_a_permission_is_no_consequence():
    s = "Your load balancer must forward the upgrade header."
    chunk = f"Proxy setup\n\n{s} The header name is case-insensitive.\n"
    c = near_miss(chunk, s, "must", "should", MUST, family="modality", answer="yes")
    assert broken_rule(c) is None
    assert consequence_after("You can forward the header.", ["Otherwise nothing happens."], lambda t: set()) is None


# --------------------------------------------------------------------------- universals said again


def test_a_universal_said_again_next_keeps_the_original():
    s = "Reports are always generated in UTC."
    chunk = f"Time zones\n\n{s} No report uses the viewer's local time.\n"
    c = near_miss(chunk, s, "always", "usually", ALWAYS, family="aggregation", answer="yes")
    assert broken_rule(c) == "universal-after"


def test_a_condition_on_any_of_the_same_things_next_keeps_the_universal():
    # "any" in a condition is universal: after "All quotas ... are checked", "If any quota is exceeded, ..."
    s = "All storage quotas on the workspace are checked."
    chunk = f"Uploads\n\nQuotas. {s} If any quota is exceeded, the upload is refused.\n"
    c = near_miss(chunk, s, "All", "Most", ALL, family="aggregation", answer="yes")
    assert broken_rule(c) == "universal-after"
    # a condition on any of another thing is no restatement
    assert universal_after("If any upload is paused, the bar turns grey.", {"quota", "check"}, "All") is None


def test_a_parallel_universal_about_another_set_is_no_restatement():
    s = "All invoices are archived for seven years."
    chunk = f"Retention\n\n{s} All receipts are archived for two years.\n"
    assert universal_after("All receipts are archived for two years.", {"archiv"}, "All") is None
    c = near_miss(chunk, s, "All", "Most", ALL, family="aggregation", answer="yes")
    assert broken_rule(c) is None


# --------------------------------------------------------------------------- advice after a denial


def test_instead_after_a_denial_presupposes_it():
    s = "Bulk imports are not supported through the dashboard."
    chunk = f"Imports\n\n{s} Use the command-line importer instead.\n"
    c = near_miss(chunk, s, "not", "", NOT, family="polarity", answer="yes")
    assert broken_rule(c) == "instead-advice"
    assert advice_after_denial("If you prefer, use the CLI instead.") is None
    assert advice_after_denial("The dashboard shows progress.") is None


# --------------------------------------------------------------------------- versions named elsewhere


def test_the_original_version_named_elsewhere_keeps_it():
    from mutagen_cite.cases.fairness.coherence import version_elsewhere

    s = "The exporter requires Quill version 7."
    chunk = f"Setup\n\n{s} Install it alongside quill@7 with your package manager.\n"
    assert version_elsewhere(chunk, chunk.index(s), s, "version 7").startswith("Install it alongside")
    c = near_miss(chunk, s, "version 7", "version 9", ("entity", "version", "version 7"), family="entity",
                  answer="The exporter")
    assert broken_rule(c) == "version-elsewhere"
    # a major version alone names the line of a dotted one
    assert version_elsewhere("Quill 7.2 is required. Latest v7 adds themes.", 0, "Quill 7.2 is required.",
                             "7.2") is not None


def test_another_number_or_another_products_version_is_no_restatement():
    from mutagen_cite.cases.fairness.coherence import version_elsewhere

    s = "The exporter requires Quill version 7."
    for other in ("It runs on Node 7 or later.", "Allow 7 minutes for the first import.", "Use quill@8 for themes."):
        assert version_elsewhere(f"{s} {other}", 0, s, "version 7") is None, other


# --------------------------------------------------------------------------- protective reasons and accepted values


def test_a_protective_reason_for_a_denial_keeps_the_denial():
    s = "For privacy reasons, the widget never stores visitor addresses."
    chunk = f"Storage\n\n{s}\n"
    c = near_miss(chunk, s, "never", "", ("polarity", "negation", "never"), family="polarity", answer="yes")
    assert broken_rule(c) == "protective-reason"
    plain = "The widget never stores visitor addresses."
    c = near_miss(f"Storage\n\n{plain}\n", plain, "never", "", ("polarity", "negation", "never"), family="polarity",
                  answer="yes")
    assert broken_rule(c) is None


def test_a_heading_naming_accepted_values_frames_a_requirement():
    s = "Tag names must be lowercase ASCII words."
    c = near_miss(f"Accepted values\n\n{s}\n", s, "must", "should", MUST, family="modality", answer="yes")
    assert broken_rule(c) == "framed"
    c = near_miss(f"Tag names\n\n{s}\n", s, "must", "should", MUST, family="modality", answer="yes")
    assert broken_rule(c) is None


def test_a_sibling_requirement_or_a_repeated_quantifier_is_no_restatement():
    s = "A failed nightly export must be retried within 2 hours."
    nxt = "A failed weekly export must be retried within 8 hours."
    assert consequence_after(s, [nxt], lambda t: {"export", "retri"}) is None
    assert consequence_after(s, ["The retry log fails to rotate."], lambda t: {"retri"}) is None
    assert consequence_after("Nightly exports must be retried within 2 hours.",
                             ["If the bucket is full, the job fails."], lambda t: set()) is None
    sibling = "Weekly exports must be retried within 8 hours or the job breaks."
    assert consequence_after("Nightly exports must be retried within 2 hours.", [sibling], lambda t: {"export"}) is None
    assert universal_after("Archives are copied every 24 hours.", {"copi"}, "every hour") is None
    assert universal_after("Archives stay in the vault, because each copy is signed.", {"archiv"}, "All") is None
