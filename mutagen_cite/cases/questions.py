"""Claims and questions from a true sentence: what the generator is asked, what it must say.

The Python side takes a sentence apart (table row cells; subject / auxiliary / rest; the
answer slot turned into a wh-phrase in place) and the Jinja2 template of the family decides
the wording. Templates live in ``templates/questions/<family>.<version>.j2`` and can be
overridden with ``--templates DIR``. When no natural question can be formed the site is
skipped (``None``), never emitted broken.

Question versions (recorded in the suite header, so old suites stay reproducible):

- ``v1`` asked for the mutated value itself in the date, quantity and entity families, and
  yes/no questions with a fragment as the answer elsewhere.
- ``v2`` follows the discrimination invariant of seed 003: in the contradicting
  families (scope, date, quantity, entity, polarity) the changed attribute is the *condition*
  the question names, and the answer is a *different* span of the true sentence ("Which
  version was released on 21 April 2025?"), so only the true passage answers it and the near
  miss alone leaves it unanswered. Aggregation and modality edits weaken rather than
  contradict ("all" to "most", "must" to "may"): their question verifies the strong
  statement and the expected answer is "yes".
- ``v3`` keeps v2's shapes and adds rules of question English (issue 11): a
  wh-subject takes a singular verb ("What is available on the Pro plan?"); an answer left in
  place is asked only close to the front of a short clause, never as an echo of a long sentence
  or of a "You can ..." instruction; a question that keeps an unresolved "this", "it" or
  "these" is dropped; a formula ("$40/month ≈ $0.0556/hour") or a path is no claim; a yes/no
  verification never treats a main verb "do"/"have" as its auxiliary; a table row question
  names the table (its nearest heading) and never takes a column named after a product or plan
  for an attribute. v2 suites keep v2 questions on ``--update``.
- ``v4`` asks the way a person asks (hand checks on documentation nobody tuned on):
  a table row with its header as spoken and its key as a noun phrase ("Which plan has a
  maximum of 40 seats?", "How many build minutes does the Growth tier have?"), named by its
  heading only when the heading adds words; "Must"/"Shall" verified as "Do/Does ... have to",
  "all" as "every" (the strength kept, :func:`names_strength`), a purpose tail dropped; the
  reader speaks as "I" and the writer as "you" (:func:`grammar.first_person_question`); and
  :func:`question_problem` drops a question holding a pointer to the page, a pronoun, markup, an
  archaic fronted modal, mixed persons, a list marker, a bracket or "how much of" a bare noun.
  v3 suites keep v3 questions on ``--update``.
- ``v5`` adds subject shapes for a sentence whose other span is its subject: a main
  verb ("Which team reviews badge requests every quarter?", "Which version of Quill supports
  Kestrel 9?", "Who must not share guest phone numbers?") and a passive's agent asked in the
  active ("Who approved the 7.2.0 release?"), through ``questions/subject.v5.j2``
  (:func:`_main_verb_question`, :func:`_agent_question`). v4 had no question for date, entity,
  scope and polarity sites whose only other span was a name. The subject is a name slot (asked
  by its kind or its common head: "Which SDK") or a noun phrase headed by a person or group noun;
  a name modifying a plural noun ("API keys are ...") is told from a name with its verb by
  lemminflect's lexicon and what follows. Region codes stay in the first-person swap
  ("us-east-1"). v4 suites keep v4 questions.
- ``v6`` adds rules of English question formation found on unseen documentation (copula,
  antecedent, table-header rules; see ARCHITECTURE.md).
- ``v7`` makes a yes/no question carry the topic its sentence leans on, or refuses it
  (:func:`topic_problem`, :func:`carry_topic`, template ``questions/topic.v7.j2``), and asks one
  proposition (:func:`second_proposition`) with no pasted label (:func:`pasted_label`).
- ``v8``-``v10``: see ARCHITECTURE.md (rounds 27-31); v10 carries the page's topic.
- ``v11`` (default) fronts a value with its whole "of" phrase or not at all (:func:`of_phrase`)
  and keeps a verified claim's negation in its question (:func:`keeps_negation`).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Sequence

from jinja2 import Environment, TemplateNotFound

from ..analysis.domain import doc_english
from ..errors import ConfigError
from ..model import Sentence, Slot
from ..values.tables import FINITE_AUXILIARIES, MODAL_VERBS, MONTHS, QUESTION_PREPOSITIONS, WH_WORDS

#: families whose mutated slot is itself the answer value
VALUE_FAMILIES = {"quantity", "date", "entity"}
#: answer slot kinds, best first, for families that pin a slot and ask for another value
ANSWER_KINDS = ("duration", "money", "percent", "size", "count", "date", "month", "quarter", "year", "version")
#: v2: every slot kind a question may ask for, best first (values, then names)
ASK_KINDS = ANSWER_KINDS + ("tier", "region", "environment")
#: v2: families whose near miss contradicts the true passage: the question names the changed
#: attribute as its condition and asks for another span
CONTRADICTING = ("scope", "date", "quantity", "entity", "polarity")
#: v2: families whose near miss only weakens the claim: a yes/no verification, answer "yes"
VERIFYING = ("aggregation", "modality")
DEFAULT_VERSION = "v11"
MAX_QUESTION_WORDS = 24
VERSIONS = ("v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11")
#: the noun a name slot is followed by ("the Pro plan"), asked as "which plan"
_KIND_NOUN = re.compile(r"^\s+(plans?|tiers?|editions?|regions?|environments?|zones?|clusters?)\b", re.I)
_DEFAULT_NOUN = {"tier": "plan", "region": "region", "environment": "environment"}
_NEGATED = re.compile(r"\b(?:not|never|no|cannot)\b|n['’]t\b", re.I)

_ROW = re.compile(r"^(?:[^:;]{1,60}: [^;]+)(?:; [^:;]{1,60}: [^;]+)+\.?$")
_BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")
_AUX = re.compile(
    r"\b(is|are|was|were|will|can|must|may|should|does|do|did|has|have|shall|could|would|might)\b"
)
#: prepositions before a value (one list: :data:`values.tables.QUESTION_PREPOSITIONS`), longest first
_PREPS = tuple(sorted(QUESTION_PREPOSITIONS, key=lambda p: (-len(p), p)))
#: prepositions that read well pied-piped in front of a wh-phrase ("Within how many days ...")
_FRONTABLE = ("for", "within", "after", "before", "in", "on", "at", "by", "from", "until", "up to")
_LOWER_OK = re.compile(
    r"^(The|A|An|All|Each|Every|Our|Your|This|These|Those|Some|Most|Any|No|You|We|Customers?|Users?|Employees?|"
    r"Requests?|Travel|Data|Staff|Access|Support|Billing|Pricing|Usage|Storage|Traffic|Leave|Pay|Time)\b"
)


@dataclass(frozen=True)
class Phrasing:
    claim: str
    question: str
    answer: str
    answer_slot: Slot | None  # the slot whose value the answer names (None for yes/no)


def template_env(templates_dir: str | Path | None = None) -> Environment:
    """Jinja2 environment over the user's --templates DIR first, then the packaged templates."""
    from ..templating import environment

    extra = []
    if templates_dir is not None:
        p = Path(templates_dir)
        if not p.is_dir():
            raise ConfigError(f"templates folder {p} does not exist", hint="pass an existing folder to --templates")
        extra.append(p)
    env = environment(extra)
    env.filters["soft_lower"] = soft_lower
    return env


def question_template(env: Environment, shape: str, version: str):
    """The template ``questions/<shape>.<version>.j2``, or the one of the latest earlier version
    that has it: a version changes only the templates it rewords (v9 and v10 reword none, so
    their questions are worded by the v8 files). Old suites keep their exact wording: each
    version's own files are found first."""
    at = VERSIONS.index(version) if version in VERSIONS else len(VERSIONS) - 1
    for v in reversed(VERSIONS[: at + 1]):
        try:
            return env.get_template(f"questions/{shape}.{v}.j2")
        except TemplateNotFound:
            continue
    return env.get_template(f"questions/{shape}.{version}.j2")  # raises with the name asked for


def soft_lower(text: str) -> str:
    """A table header inside a sentence: "Retention Period" -> "retention period", keeping
    acronyms and mixed-case words ("API rate limit", "CoE feds")."""
    if text.isupper() and len(text) > 3:
        return text.lower()  # "TIME", "ACTION": a header set in capitals is style, not an acronym
    return " ".join(
        w[0].lower() + w[1:] if len(w) > 1 and w[0].isupper() and w[1:].islower() else w for w in text.split(" ")
    )


def clean_claim(text: str) -> str:
    """A sentence as a standalone claim: no list marker, one space between words, a full stop."""
    t = _BULLET.sub("", text).strip()
    t = " ".join(t.split())
    t = t.rstrip(":;,")
    if t and t[-1] not in ".!?":
        t += "."
    return t[:1].upper() + t[1:]


_MULTI_CLAUSE = re.compile(
    r";|:\s|, (?:but|and|or|so|because|which|while|unless|although|whereas)\b"
    r"|\b(?:and|or|but) (?:is|are|was|were|will|can|must|may|should|has|have)\b"
    r"|\b(?:and|so|but) (?:there|it|they|you|we|should|must|can|will|is|are)\b|/per\b"
    r"|\b(?:because|which|whereas|unless|although)\b"
)
_PRONOUN_START = re.compile(r"^(?:It|Its|This|That|These|Those|They|Their|He|She|Such|Here|There)\b")
_CLAUSE_START = re.compile(
    r"^(?:For|If|When|To|In|On|After|Before|Because|Although|While|Where|How|What|Unless|Once|During|"
    r"Within|At|By|From|Since|Until|Under|With|Without|As|Once|Only|Also|Then|See|Note|Please|Make|Use|"
    r"Select|Click|Go|Open|Add|Set|Enter|Choose|Visit|Check|Read|Contact|Follow|Ask|Create|Run|Install|Navigate)\b"
)


_SUBJECT_STOP = re.compile(r"\b(?:means|that|who|which|if|when|where|whether|than|how|to)\b|^\w+ly\b|\.|^\d|[(:]", re.I)
#: words that may follow an answer value used predicatively ("for 14 days of ...", "$5 per");
#: anything else means the value modifies a noun ("a 12 week period"), which a question cannot ask
_AFTER_VALUE = {
    "of", "per", "from", "after", "before", "to", "in", "on", "at", "for", "and", "or", "if", "since",
    "until", "unless", "when", "with", "without", "by", "ago", "later", "earlier", "prior", "following",
    "each", "a", "an", "the", "is", "are", "was", "were", "will", "can", "must", "may", "should", "has",
    "have", "or", "than", "into", "within", "across", "under", "over", "between", "while", "every",
}
#: entity kinds asked only in fronted form ("By whom was ... managed?"): in place they break noun phrases
_FRONTED_ONLY = {"person", "org", "product"}


#: documentation instructions: a sentence that starts with one of these verbs tells, it does not state
_IMPERATIVE_START = re.compile(
    r"^(?:See|Fill|Use|Select|Click|Go|Open|Add|Set|Enter|Choose|Visit|Check|Read|Contact|Follow|Ask|Create|Run|"
    r"Install|Navigate|Make|Note|Please|Remember|Ensure|Be|Do|Don't|Never|Always|Try|Call|Email|Send|Submit|Type|"
    r"Copy|Paste|Press|Download|Upload|Log|Sign|Review|Update|Edit|Delete|Remove|Configure|Enable|Disable|Keep|"
    r"Avoid|Consider|Refer|Find|Start|Stop|Take|Get|Give|Let|Put|Save|Search|Switch|Tap|Turn|Verify|Write)\b"
)
#: discourse connectives: the sentence leans on the one before it
_CONNECTIVE_START = re.compile(
    r"^(?:Thus|Therefore|However|Also|Additionally|Otherwise|Instead|Then|So|Hence|Furthermore|Moreover|Similarly|"
    r"Likewise|Still|Yet|Besides|Meanwhile|Finally|First|Second|Third|Next|Lastly|As such|In addition|In that case|"
    r"For example|For instance|Again|Now|Afterwards|Afterward|Later|Here|Today|Currently|Previously|But|And|Or)\b"
)
_IDENTIFIER = re.compile(r"\S*_\S*|(?=\S*\d)(?=\S*[a-z])[A-Za-z0-9]{12,}")
_DEICTIC = re.compile(r"\b(?:here|below|above|this page|this section|the following|as follows)\b", re.I)
_NOT_PROSE = re.compile(r"[=|<>{}\[\]`→?!*—–]| - |^\W|:\s*$|^(?:Q|A|No|Yes)\.\s")


def is_standalone_claim(claim: str) -> bool:
    """One proposition a reader can check alone: 5-32 words, a statement (not a question,
    a formula or a lead-in ending in a colon), no second clause, no leading pronoun, no
    pointer to the page itself ("see below"), not a heading in capitals."""
    words = claim.split()
    if not 5 <= len(words) <= 28:
        return False
    if _MULTI_CLAUSE.search(claim) or _PRONOUN_START.match(claim):
        return False
    if _IMPERATIVE_START.match(claim) or _CONNECTIVE_START.match(claim) or re.search(r"\bthen\b", claim, re.I):
        return False  # an instruction, or a sentence that leans on the one before it
    if _DEICTIC.search(claim) or _NOT_PROSE.search(claim):
        return False
    if not re.search(r"[\w)%]\.?$", claim):
        return False  # ends in a dash or a stray symbol: a fragment
    if " / " in claim or any(_IDENTIFIER.fullmatch(w.strip(".,;:()")) for w in words):
        return False  # a slash-separated list, or a code identifier: not a sentence of prose
    caps = sum(1 for w in words if len(w) > 2 and w.isupper())
    return caps <= max(1, len(words) // 6)


def is_table_row(text: str) -> bool:
    return bool(_ROW.match(text.strip()))


def row_cells(text: str) -> list[tuple[str, str, int]]:
    """(header, value, offset of value in text) for a "H: V; H: V." row."""
    cells = []
    pos = 0
    body = text.rstrip()
    if body.endswith("."):
        body = body[:-1]
    for part in body.split("; "):
        header, _, value = part.partition(": ")
        cells.append((header.strip(), value.strip(), pos + len(header) + 2))
        pos += len(part) + 2
    return cells


def wh_phrase(slot: Slot) -> str | None:
    """The in-place question phrase for an answer slot ("how many days", "what date")."""
    k = slot.kind
    if k == "duration":
        unit = (slot.unit or "day").split()[-1]
        qual = " ".join((slot.unit or "").split()[:-1])
        return f"how many {qual + ' ' if qual else ''}{unit}s"
    if k == "money":
        return "how much"
    if k == "percent":
        return "what percentage"
    if k == "size":
        return f"how many {(slot.unit or '').upper() if slot.unit in ('kb', 'mb', 'gb', 'tb', 'pb') else (slot.unit or 'units') + 's'}"
    if k == "count":
        unit = slot.unit or "item"
        return f"how many {unit if unit.endswith('s') else unit + 's'}"
    if k in ("date",):
        return "what date"
    if k == "month":
        return "which month"
    if k == "quarter":
        return "which quarter"
    if k == "year":
        return "which year"
    if k == "person":
        return "whom"
    if k == "org":
        return "which organisation"
    if k == "product":
        return "which product"
    if k == "version":
        m = re.match(r"([A-Za-z][\w.+#]*)\s+\d", slot.text)
        if m and m.group(1).lower() not in ("version", "release", "v"):
            return f"which version of {m.group(1)}"
        return "which version"
    if k in _DEFAULT_NOUN:
        return f"which {_DEFAULT_NOUN[k]}"
    return None


def phrase(
    sentence: Sentence, site: Slot, family: str, env: Environment, *, version: str = DEFAULT_VERSION,
    doc_text: str | None = None, heading_from: int = 0, title: str | None = None, house: Sequence[str] = (),
) -> Phrasing | None:
    """Claim, question and answer for a (sentence, mutated site) pair, or None to skip.

    ``doc_text`` is the text of the sentence's document (offsets as in ``sentence``): from v3 on
    a table row question names the table by the nearest heading above the row, looked for from
    ``heading_from`` on (the start of the chunk the row is shown in: a reader of that chunk sees
    the heading the question names). ``title`` is the document's title: from v10 on a question
    that names nothing of it carries it in front (``page_topic.py``), unless it names only the
    corpus's own product (``house``)."""
    full_text = doc_text
    if doc_text is not None:
        doc_text = " " * heading_from + doc_text[heading_from:]  # offsets kept; nothing before the chunk
    phrasing = _phrase(sentence, site, family, env, version, doc_text)
    if phrasing is not None and _rules_of(version) and (
            not natural_question(phrasing.question) or len(phrasing.question.split()) > MAX_QUESTION_WORDS_V3):
        return None
    if phrasing is not None and _rules_of(version) and family == "polarity" and len(
            _NEGATED.findall(phrasing.question)) > 1:
        return None  # "What is not permitted on forms that have not been ...?": which negation is the condition?
    if phrasing is not None and _v4_rules(version):
        from dataclasses import replace

        from .families.grammar import first_person_question

        phrasing = replace(phrasing, question=first_person_question(
            phrasing.question, keep_codes=_v5_rules(version), contractions=_v5_rules(version),
            relative_subjects=_v6_rules(version)))
        if question_problem(phrasing.question) or not (
                is_table_row(sentence.text) or names_condition(phrasing.question, site, family, version)):
            return None
    if phrasing is not None and _v5_rules(version) and (
            word_order_problem(phrasing.question) or anaphoric(phrasing.question, phrasing.answer)):
        return None
    if phrasing is not None and _v5_rules(version) and context_problem(
            phrasing, sentence, None if is_table_row(sentence.text) else full_text, version):
        return None
    if phrasing is not None and _v8_rules(version) and juxtaposed_values(phrasing.question):
        return None  # "within their first two weeks 30 days of hire": a source left half-edited
    if phrasing is not None and _v8_rules(version) and phrasing.answer_slot is None and (
            bare := re.match(r"(?:What|Who)\b", phrasing.question)) and name_given_away(
                bare.group(0), phrasing.question[bare.end():], phrasing.answer, as_written=True):
        return None  # "Who stopped ... on a Google search in 2012?" -> "Google": the answer stands in the question
    if phrasing is not None and _v6_rules(version) and antecedent_problem(phrasing.question):
        return None  # "Does each one have to ...?": no shape of this sentence carries the antecedent
    if phrasing is not None and _v7_rules(version):
        phrasing = carry_topic(phrasing, sentence, None if is_table_row(sentence.text) else full_text, env, version)
    if phrasing is not None and _v10_rules(version):
        from .page_topic import carry_page_topic

        phrasing = carry_page_topic(phrasing, title, env, version, full_text, house)
    return phrasing


#: v5: the writer's own "I" ("The code is on my GitHub"): the asker's "I" is someone else
_WRITER_SELF = re.compile(r"\b(?:I|my|me|mine|myself)\b(?![-‑])")  # not "I-9", a form
#: v5: a tutorial's narration carried into a question ("Will I now create ...?"): the question
#: leans on the step before it
_NARRATION = re.compile(r"\b(?:I|we)\s+(?:now|then|next)\b", re.I)
#: v5: "both"/"either"/"neither" as a determiner points back at two things named before
#: ("Do both training have to ...?") unless the question names them ("both X and Y")
_DUAL = re.compile(r"\b(?:both|either|neither)\s+(?!(?:is|are|was|were|have|has|can|must|should|will|may|need|"
                   r"needs|do|does|of)\b)[a-z]+\b(?![^?]*\b(?:and|or|nor)\b)", re.I)
#: v5: a definite noun phrase of common nouns ("the employee's supervisor", "the request")
_DEFINITE_NP = re.compile(r"\b[Tt]he\s+([a-z][a-z-]+)\b(?!\s+(?:of|for|in|on|to|from|with|that|which|who)\b)")
#: v5: the previous sentence introduces a noun indefinitely ("a request", "employees who ...")
_INDEFINITE_BEFORE = r"\b(?:a|an|any|some|each|every|one)\s+(?:[a-z][\w-]*\s+){{0,2}}?{noun}s?\b|(?:^|[.:]\s+){Noun}s\b"


def context_problem(phrasing: "Phrasing", sentence: Sentence, doc_text: str | None,
                    version: str = DEFAULT_VERSION) -> str | None:
    """v5: why a question leans on text outside itself, or None (round 14 hand checks):

    - ``writer-self``: the writer speaks as "I"/"my" in the claim ("available on my GitHub
      repository"); the question's "I" is the asker, so it says something else;
    - ``narration``: "Will I now create ...?", "Do I then have to ...?": a tutorial step asked
      out of its sequence;
    - ``dual``: "both"/"either" of two things the question never names;
    - ``bare-noun-answer`` (:func:`bare_noun_answer`): "What/Who ...?" answered by one common
      noun ("Customers", "Arguments"), which only the page's topic narrows;
    - ``antecedent``: a definite person noun or possessor of the question ("the employee's
      supervisor", "the customer") whose noun the sentence before it in the same paragraph
      introduces ("Employees who start after ...", "a customer ..."): the question needs that
      sentence to say which one (a thing named again, "the filter", reads on its own).

    ``doc_text`` is the sentence's document (None: the last rule is skipped)."""
    question = phrasing.question
    if _WRITER_SELF.search(phrasing.claim):
        return "writer-self"
    if _NARRATION.search(question):
        return "narration"
    if _DUAL.search(question):
        return "dual"
    if doc_text is not None and _has_antecedent_before(question, sentence, doc_text):
        return "antecedent"
    if doc_text is not None and _v8_rules(version) and bare_noun_answer(question, phrasing.answer, doc_text):
        return "bare-noun-answer"
    return None


def bare_noun_answer(question: str, answer: str, doc_text: str) -> bool:
    """A "What/Who ...?" question whose answer is one common noun ("Customers", "Arguments",
    "invoice"): the page's topic tells which customers or arguments, the question does not, so
    it fits every page where some customers do that (fresh reviewers failed 7 of 10 such
    questions across five documentation sets). A word the document writes capitalised after
    another word of a sentence ("... use Railway Buckets to ...") is a name, and stays."""
    from lemminflect import getAllLemmas

    word = re.sub(r"^(?:the|a|an)\s+", "", answer.strip(), flags=re.I)
    if not re.match(r"(?:What|Who)\s", question) or not re.fullmatch(r"[A-Za-z][a-z]+", word):
        return False
    if "NOUN" not in getAllLemmas(word.lower()):
        return False
    return not written_as_name(word, doc_text)


def written_as_name(word: str, doc_text: str, *, alone: bool = False) -> bool:
    """v8: ``word`` stands capitalised after another word of a sentence somewhere in the
    document ("... use Railway Buckets to ...", "... set up Knock to ..."): a name (or a word of
    one). With ``alone``, only where it is a name by itself, between two lower-case words ("set
    up Knock to"), not one word of a longer name ("the Federal Employees Retirement System"):
    then a question keeps it capitalised wherever a sentence starts with it. Lines of prose only,
    not title-case headings ("Managing Enterprise Customers")."""
    anywhere, by_itself = _capitalised_in_prose(doc_text)
    return (word[:1].upper() + word[1:]) in (by_itself if alone else anywhere)


#: lower-case words a line needs to be read as prose when a capitalised word in it is weighed as a name
PROSE_LOWER_WORDS = 4
_LOWER_WORD = re.compile(r"(?<![\w'])[a-z][a-z'-]+\b")
_CAPITALISED_AFTER_A_WORD = re.compile(r"(?<=[\w,;)])[ \t]+([A-Z][a-z]+)\b")
_CAPITALISED_ALONE = re.compile(r"(?<![\w'])[a-z][\w'-]*[ \t]+([A-Z][a-z]+)(?=[ \t]+[a-z]|[.,;:!?)])")


@lru_cache(maxsize=32)
def _capitalised_in_prose(doc_text: str) -> tuple[frozenset[str], frozenset[str]]:
    """The capitalised words of a document's prose lines, read once per document (every phrasing
    of its sentences asks): those after another word, and those standing alone between two
    lower-case words."""
    anywhere: set[str] = set()
    alone: set[str] = set()
    for line in doc_text.split("\n"):
        if len(_LOWER_WORD.findall(line)) >= PROSE_LOWER_WORDS:
            anywhere.update(_CAPITALISED_AFTER_A_WORD.findall(line))
            alone.update(_CAPITALISED_ALONE.findall(line))
    return frozenset(anywhere), frozenset(alone)


def previous_sentence(doc_text: str, start: int) -> str:
    """The text of the sentence before offset ``start`` in its paragraph ("" at a paragraph's
    start): from the last sentence end (". ", "! ", "? ") or line break before it on."""
    before = doc_text[:start].rstrip()
    if "\n" in doc_text[len(before):start]:
        return ""  # the sentence opens its paragraph, list item or line
    para = before[before.rfind("\n") + 1:]
    ends = [m.end() for m in re.finditer(r"[.!?]\s+(?=\S)", para)]
    return (para[ends[-1]:] if ends else para).strip()


def _has_antecedent_before(question: str, sentence: Sentence, doc_text: str) -> bool:
    """Whether a definite common noun of ``question`` was introduced, indefinitely, by the
    sentence just before ``sentence`` in its paragraph (lemminflect for the plural)."""
    from lemminflect import getLemma

    prev = previous_sentence(doc_text, sentence.start)
    if not prev:
        return False
    for m in _DEFINITE_NP.finditer(question):
        word = m.group(1)
        lemmas = getLemma(word, upos="NOUN")
        noun = lemmas[0] if lemmas else word
        if noun in ("same", "following", "other", "first", "last", "next", "most", "best", "only"):
            continue
        if not (question[m.end():m.end() + 2] in ("'s", "’s") or person_noun(word)):
            continue  # "the filter", "the rating": a thing named again reads on its own; a person or an owner does not
        pattern = _INDEFINITE_BEFORE.format(noun=re.escape(noun), Noun=re.escape(noun[:1].upper() + noun[1:]))
        if re.search(pattern, prev):
            return True
    return False


#: v5: words that open a yes/no question (subject-auxiliary inversion)
_YES_NO_OPENERS = FINITE_AUXILIARIES | MODAL_VERBS
_DO_SUPPORT = ("do", "does", "did")


def word_order_problem(question: str) -> str | None:
    """v5: why ``question`` is not one interrogative in English word order, or None.

    A wh-question fronts its wh-phrase (alone or after the preposition governing it): "Notice
    is given within how many hours ...?" and "New workspaces on which plan can start ...?" are
    echoes of a statement, not questions (``echo``); a yes/no question opens with an auxiliary
    or a modal (``no-inversion`` otherwise). After do-support the verb is bare: "Does version
    3.2.0 receives ...?" and "On which plan do the API rate limit is ...?" hold a second finite
    verb (``do-agreement``; lemminflect's lexicon tells a finite verb that is no noun)."""
    wh_match = re.search(r"\b(?:" + "|".join(sorted(WH_WORDS)) + r")\b", question, re.I)
    if wh_match and "," in question[:wh_match.start()]:  # a frame: "In the storage table, which plan ...?"
        question = question[question.rindex(",", 0, wh_match.start()) + 1:]
    words = [w.strip(",;:?!.\"'") for w in question.split()]
    words = [w for w in words if w]
    low = [w.lower() for w in words]
    if not low:
        return "empty"
    if low[0] in _YES_NO_OPENERS:
        do_at = 0 if low[0] in _DO_SUPPORT else None
    else:
        wh_at = next((i for i, w in enumerate(low) if w in WH_WORDS), None)
        if wh_at is None:
            return "no-inversion"
        lead = " ".join(low[:wh_at])
        if wh_at and lead not in QUESTION_PREPOSITIONS:
            return "echo"
        do_at = next((i for i, w in enumerate(low) if i > wh_at and w in _DO_SUPPORT), None)
    if do_at is not None and _finite_after_do(low[do_at + 1:]):
        return "do-agreement"
    return None


#: finite forms that never follow do-support ("do the limit is", "does it can")
_NEVER_AFTER_DO = (FINITE_AUXILIARIES - {"have", "do"}) | MODAL_VERBS


#: words that open a clause of its own inside a question (it may hold a finite verb)
_CLAUSE_BOUNDARY = WH_WORDS | frozenset(("that", "whether", "if", "before", "after", "until", "unless", "because",
                                         "while", "once", "since", "so", "when", "where", "than"))


def _finite_after_do(words: list[str]) -> bool:
    """Whether ``words`` (after "do"/"does"/"did") hold a finite verb, which do-support leaves
    bare: a finite auxiliary or modal, a third-person -s form, or a past form that is no
    participle ("gave"; "encrypted backups" stays), each known to lemminflect as a verb only."""
    from lemminflect import getAllInflections, getAllLemmas, getInflection

    for w in words:
        if w in _CLAUSE_BOUNDARY:
            return False  # "Does the plan say how the team will ...": a clause of its own has its own verb
        if w in _NEVER_AFTER_DO:
            return True
        lemmas = getAllLemmas(w)
        if "VERB" not in lemmas or set(lemmas) - {"VERB"}:
            continue
        lemma = lemmas["VERB"][0]
        forms = getAllInflections(lemma, upos="VERB")
        if (w in forms.get("VBZ", ()) and w != lemma) or (
                w in forms.get("VBD", ()) and w not in getInflection(lemma, tag="VBN")):
            return True
    return False


#: v5: a question that leans on text outside itself ("... as well?", "the same patch", "also")
_ANAPHORIC_QUESTION = re.compile(r"\b(?:as well|also|the same|likewise|similarly|in addition|additionally|instead|"
                                 r"respectively)\b|\b(?:too|either|before|after|afterwards|previously)\s*\?$", re.I)
#: v5: an answer that only points at something named elsewhere ("the same patch", "this", "it")
_ANAPHORIC_ANSWER = re.compile(r"^(?:the\s+)?(?:same|other|another|such|this|that|these|those|it|its|they|them|"
                               r"their|former|latter|above|below|following|aforementioned|previous|said)\b", re.I)


def anaphoric(question: str, answer: str) -> bool:
    """v5: whether the question or its answer points at text outside the question: an additive
    or comparative word ("What has been included in 3.1.2 as well?", "Which SDK also supports
    ...?": the sentence before names another), or an answer that is a pronoun or "the same
    ..." rather than the content a reader would give."""
    return bool(_ANAPHORIC_QUESTION.search(question) or _ANAPHORIC_ANSWER.match(answer.strip())
                or _DEMONSTRATIVE.search(answer))


#: v5: an answer that points at its own page ("code for this tutorial")
_DEMONSTRATIVE = re.compile(r"\b(?:this|these|those)\b", re.I)


#: v4: what a question must not hold, each with why (checked on every question, first match wins)
QUESTION_RULES: tuple[tuple[str, re.Pattern], ...] = (
    ("deictic", re.compile(r"\b(?:here(?:in|by|after)?|the following|as follows|aforementioned|above-mentioned|"
                           r"the (?:above|below))\b|\b(?:listed|shown|described|mentioned|noted|outlined|explained|"
                           r"defined|given|detailed|specified|see)\s+(?:above|below)\b|\b(?:above|below)\s*\?$", re.I)),
    ("pronoun", re.compile(r"\b(?:[Tt]his|[Tt]hese|[Tt]hose|[Ii]ts?|[Tt]hey|them|[Ss]uch|former|latter|"
                           r"[Hh]e|[Ss]he|[Hh]is|[Hh]er)\b")),
    ("markup", re.compile(r"[*`|<>{}\[\]\\]|(?<![A-Za-z])#|__|\]\(|https?:|:\s|:$")),
    ("modal-fronted", re.compile(r"^(?:Shall|May|Might|Could|Would|Ought|Need|Must)\b")),
    ("person-mixed", re.compile(r"\b(?:you|your)\b(?=.*\b(?:we|our|us)\b)|\b(?:we|our|us)\b(?=.*\b(?:you|your)\b)")),
    ("list-lead-in", re.compile(r"^\s*(?:[-*•]|\d+[.)])\s|\b(?:the following|these steps|as below)\b", re.I)),
    ("wh-of", re.compile(r"\bhow (?:much|many) of (?!the|my|your|our|their|its|these|those|each|all)\b", re.I)),
    ("bracket", re.compile(r"\((?![A-Z][^()]*\))|\)")),
)


def question_problem(question: str) -> str | None:
    """v4: why ``question`` is not one plain sentence a person would ask, or None. A pointer to
    the page ("listed below", "the following"), a pronoun that points back into the source, markup
    left over (backticks, "**", a table bar, a link), an archaic or legal fronted modal ("Shall
    ...?", "May ...?"; "Must" is asked as "Do I have to"), the writer's "we" beside the reader's
    "you" (the v4 question speaks as the reader: "I", the company "you"), a list marker or
    lead-in, a bracketed aside (a name with its place, "Europe (Frankfurt)", stays), or more than
    :data:`MAX_QUESTION_WORDS_V3` words."""
    if len(question.split()) > MAX_QUESTION_WORDS_V3:
        return "too-long"
    bare = _NAME_WITH_PLACE.sub("Name", question)
    for rule, pattern in QUESTION_RULES:
        if pattern.search(bare):
            return rule
    return None


def _rules_of(version: str) -> bool:
    """Whether ``version`` applies the v3 rules of question English."""
    return version not in ("v1", "v2")


def _v5_rules(version: str) -> bool:
    """Whether ``version`` asks the v5 subject shapes (a main verb, a passive's agent, a name or
    a person as the answer: :func:`_main_verb_question`, :func:`_agent_question`)."""
    return version not in ("v1", "v2", "v3", "v4")


def _v6_rules(version: str) -> bool:
    """Whether ``version`` applies the v6 rules (round 18, documentation never seen): no subject
    question over a copula's noun, gerund or "able to" predicate (:func:`copula_problem`), no
    word that needs an antecedent the question lacks (:func:`antecedent_problem`), table rows
    asked only through a header that is an attribute and a table the question names
    (:func:`row_header_problem`), "you" as the subject of a relative clause read as "I"."""
    return version not in ("v1", "v2", "v3", "v4", "v5")


def _v4_rules(version: str) -> bool:
    """Whether ``version`` applies the v4 rules (spoken table questions, plain yes/no forms,
    first person, the question checks of :func:`question_problem`)."""
    return version not in ("v1", "v2", "v3")


#: words that point back to something the question does not name ("their" stays: in "Who is
#: notified of their plan?" it points at the wh-subject)
_UNRESOLVED = re.compile(r"\b(?:[Tt]his|[Tt]hese|[Tt]hose|[Ii]ts?|[Tt]hey|them|[Ss]uch|former|latter)\b")
#: a name with its place in brackets ("US West (Oregon)"): one name, not an aside
_NAME_WITH_PLACE = re.compile(r"[A-Z][\w.-]*\s\([A-Z][^()]*\)")
#: a formula or a calculation, a path or a slash list: not a sentence a person asks about
_FORMULA = re.compile(r"[≈×÷±∑]|\w/\w+/\w|\s[-+*/]\s\$?\d")


#: "Should the name now be on the form?", "Should the field auto-populate?": "should" of
#: expectation about a thing's state, not an obligation anyone can verify
_EPISTEMIC_QUESTION = re.compile(r"^Should\b[^?]*\b(?:now|already|automatically|auto-\w+|(?:come|pop|show) up|"
                                 r"appear|be (?:on|in|there|listed|"
                                 r"shown|displayed|visible|ready))\b")


def natural_question(question: str) -> bool:
    """v3: the question stands on its own: no pronoun or pointer left unresolved from the
    sentence ("What is evaluated by this setting?"), no formula, path or bracketed aside."""
    if _UNRESOLVED.search(question) or _FORMULA.search(question) or _EPISTEMIC_QUESTION.match(question):
        return False
    bare = _NAME_WITH_PLACE.sub("", question)
    return "(" not in bare and "[" not in bare


def juxtaposed_values(text: str) -> bool:
    """v8: two values of one dimension side by side with nothing between them ("within their
    first two weeks 30 days of hire"): the source was edited and one value left standing (a
    strike-through lost on export), so no question copied from it reads as English."""
    from ..values import find_values

    found = find_values(text)
    return any(a.dimension == b.dimension and not text[a.end:b.start].strip() for a, b in zip(found, found[1:]))


# --------------------------------------------------------------------------- v6: rules of question English

_COUNT_WORDS = "two|three|four|five|six|seven|eight|nine|ten"
#: v6: words that point back to something said before the sentence: a question holding one has
#: no antecedent ("Does each one have to ...?", "Do all three conditions have to be true?", "Do
#: both trainings have to be retaken?" with nothing coordinated, "the above settings")
_NEEDS_ANTECEDENT = re.compile(
    r"\b(?:each|either|neither|every|the other) one\b"
    rf"|\b(?:all|the|these|those|both) (?:{_COUNT_WORDS})\b(?! of\b)"
    r"|\bthe (?:above|aforementioned|aforesaid|preceding|previous|latter|former|(?-i:rest)|remaining)\b"
    r"|\b(?:above|below)-mentioned\b"
    r"|\bthe (?:[a-z][\w-]*\s+)?ones?(?=\s*[?,.;]|\s+(?:in|on|for|with|that|which|who|from|to|at|is|are|was|"
    r"were)\b)", re.I)
#: v6: "both" with no two things coordinated after it ("both X and Y") or named before it ("X
#: or Y when both ...")
_BARE_BOTH = re.compile(r"\bboth\b(?![^?]*\band\b)", re.I)
_TWO_BEFORE = re.compile(r"\b(?:and|or|than|between|vs\.?|versus)\b", re.I)
#: v6: a last adverb that orders the asked event after one the question does not name ("Will I
#: always be prompted first?", "Do I have to sign in again?"); "or later" of a version stays
_RELATIVE_TIME_END = re.compile(r"(?<!\bor )\b(?:first|afterwards?|beforehand|next|again|then|later)\?$", re.I)


def antecedent_problem(question: str) -> str | None:
    """v6: why ``question`` leans on text it does not carry, or None: ``antecedent`` for a
    determiner or pronoun that needs one ("each one", "all three", "both" with nothing
    coordinated, "the above", "the latter", the pro-form "the sync one" whose noun only the
    sentence before names), ``relative-time`` for a closing "first", "next",
    "again" whose reference event is not in the question, ``thin`` for a yes/no question too thin
    to belong to one page (:func:`thin_yes_no`)."""
    if _NEEDS_ANTECEDENT.search(question):
        return "antecedent"
    both = _BARE_BOTH.search(question)
    if both and not _TWO_BEFORE.search(question[:both.start()]):
        return "antecedent"
    if _RELATIVE_TIME_END.search(question):
        return "relative-time"
    if thin_yes_no(question):
        return "thin"
    return None


#: v6: words of a yes/no question that carry no content of their own (besides :data:`_FUNCTION_WORDS`)
_YES_NO_FRAME = frozenset(("i", "me", "my", "have", "need", "needs", "to"))
#: v6: a content word that names something of its own: a name, a number, a code or path
_TERM = re.compile(r"^(?!I$)[A-Z]|\d|[_./@]|[a-z][A-Z]")
MAX_THIN_CONTENT_WORDS = 2


def thin_yes_no(question: str) -> bool:
    """v6: a yes/no question of at most two content words, none a name, a number or a code ("Do I
    have to install the function?", "Should I restart the worker?"): a step lifted out of its
    procedure, which every page with such a step answers alike."""
    words = re.findall(r"[A-Za-z0-9][\w'./@-]*", question)
    if not words or words[0].lower() not in _YES_NO_OPENERS:
        return False
    content = [w for w in words[1:] if w.lower() not in _FUNCTION_WORDS | _YES_NO_FRAME]
    return len(content) <= MAX_THIN_CONTENT_WORDS and not any(_TERM.search(w) for w in content)


@lru_cache(maxsize=1)
def _parser():
    """The spaCy pipeline the v6 copula rule parses with (the default pipeline of
    :func:`analysis.annotate.load_spacy`: a parse of the sentence's own words, so the rule reads
    the sentence's grammar, not a word list)."""
    from ..analysis.annotate import load_spacy

    return load_spacy()


@lru_cache(maxsize=8192)
def _parse(text: str):
    return _parser()(text)


#: v6: a predicate that only places the subject in a titled page or guide ("is in Connect
#: Postgres To Quill With Kestra"): a pointer, not a fact a reader asks for
_TITLE_PLACE = re.compile(r"(?:in|on|under)\s+(?:the\s+)?[A-Z][\w.-]*(?:\s+(?:[A-Z0-9][\w.-]*|to|with|and|for|of|"
                          r"in|on|the|a|an)){2,}$")
#: v6: a negated predicate noun ("is not a replacement for ...")
_NEGATED_NOUN = re.compile(r"(?:not|never|no longer)\s+(?:a|an|one|any)\s", re.I)
#: v6: a subject that names a role a gerund fills ("The most important guardrail is instructing
#: ...", "The recommended fix is restarting ..."): a superlative or evaluative modifier, or a
#: head noun for a way of doing something; "The client is sending ..." is a progressive and stays
_ROLE_SUBJECT = re.compile(r"\b(?:most|least|best|main|key|primary|first|only|simplest|easiest|common|recommended|"
                           r"preferred|important|usual|typical|\w+est|approach|way|step|solution|fix|goal|idea|"
                           r"option|strategy|guardrail|rule|practice|method|answer|workaround|trick|purpose|aim)\b",
                           re.I)
#: v6: adjectives of capability: "X is unable to ..." says what an agent can do
_ABLE = {"able", "unable", "capable", "incapable"}


def copula_problem(subject: str, aux: str, rest: str, wh: str) -> str | None:
    """v6: why a "What" subject question over "<subject> <be> <rest>" is asked backwards, or None.
    The sentence is parsed (spaCy) with its subject, and the copula's complement decides:

    - ``negated-noun``: "X is not a replacement for Y", "`id` is not a valid uuid v4 value":
      "What is not a replacement for Y?" has no answer but the one the page happens to name;
    - ``bare-noun``: a noun phrase with no determiner after a singular copula ("X is binary
      modules that ...", "X is two distinct categories", "X is workspace for compute usage"):
      "What is binary modules ...?" is not English;
    - ``gerund-predicate``: "The main guardrail is instructing the LLM to ...": the subject names
      a role and the gerund fills it; "What is instructing the LLM ...?" asks it inside out;
    - ``able-to``: "X is unable to return ...": "What is unable to ...?" asks who lacks a
      capability, and the answer is the product the page is about.

    "What is a <noun> ...?" asks for a name and stays ("What is a web framework for Scala?",
    hand-checked natural), as do "Who" questions ("Who is the owner of the billing page?")."""
    if wh != "What" or aux.lower() not in ("is", "are", "was", "were"):
        return None
    if _NEGATED_NOUN.match(rest):
        return "negated-noun"
    first = re.sub(r"^(?:not|also|still|only|no longer|never|now)\s+", "", rest).split()[:1]
    role = bool(_ROLE_SUBJECT.search(subject))
    if role and first and first[0].lower().endswith("ing") and first[0].lower() != "being":
        from lemminflect import getAllLemmas

        if "VERB" in getAllLemmas(first[0].lower()):
            return "gerund-predicate"
    doc = _parse(f"{subject} {aux} {rest}.")
    be = next((t for t in doc if t.idx >= len(subject) and t.lower_ == aux.lower()), None)
    if be is None:
        return None
    if be.dep_ == "ROOT":
        negated = any(c.dep_ == "neg" for c in be.children)
        for child in be.children:
            if child.dep_ == "attr" and negated:
                return "negated-noun"
            if child.dep_ == "attr" and aux.lower() in ("is", "was") and child.tag_ != "PRP" and not any(
                    g.dep_ in ("det", "poss") for g in child.children):
                return "bare-noun"
            if child.dep_ == "acomp" and child.lower_ in _ABLE:
                return "able-to"
    elif role and be.dep_ == "aux" and be.head.tag_ == "VBG" and be.head.lower_ != "being":
        return "gerund-predicate"
    return None


#: v6: key headers that label a row without saying what the rows are ("Code", "Metric", "Action",
#: "Metric name"; "Trip category" says what its rows are)
_LABEL_KINDS = {"code", "name", "id", "key", "metric", "value", "type", "field", "parameter", "param", "option",
                "setting", "action", "item", "signal", "variable", "column", "property", "label", "identifier",
                "entry", "event", "command", "flag", "attribute", "term", "category", "kind", "element", "object",
                "method", "thing", "feature", "header", "row", "word", "string", "tag"}
#: v6: headers that describe or illustrate a row rather than give one of its attributes
_DESCRIPTIVE_HEADERS = {"example", "examples", "sample", "samples", "e.g.", "description", "descriptions", "note",
                        "notes", "comment", "comments", "remark", "remarks", "explanation", "meaning", "purpose",
                        "use case", "use cases", "details", "summary", "definition", "reason", "why"}
#: v6: one-word headers that qualify a noun they leave out ("Current", "Default"): "Which limit
#: has a current of 300 MiB?" names no attribute
_QUALIFIER_HEADERS = {"current", "new", "old", "previous", "default", "recommended", "required", "supported",
                      "included", "available", "optional", "allowed", "before", "after", "legacy", "proposed",
                      "existing", "updated", "original"}
#: v6: a header that is a clause or an instruction ("When to use", "Use it if")
_CLAUSE_HEADER = re.compile(r"^(?:when|why|how|if|where|what|which|who|whether|use|choose|pick|prefer)\b", re.I)


def row_header_problem(header: str, value: str) -> str | None:
    """v6: why a table cell under ``header`` is no attribute a row question can name, or None:
    ``clause-header`` ("When to use"), ``descriptive-header`` ("Example", "Description",
    "Recommended use case"), ``qualifier-header`` ("Current", "Default": an adjective whose noun
    is left out), ``named-header`` (the header is a name, every word capitalised and no English
    word: a column per product compares products), ``plan-header`` (a capitalised plan word of
    ``data/doc_english.yaml``, "Free", "Pro": one plan's column of a pricing matrix),
    ``sentence-cell`` (the cell is a clause)."""
    from lemminflect import getAllLemmas

    h = " ".join(header.lower().split()).strip(" *:")
    words = h.split()
    if not words:
        return "no-header"
    if _CLAUSE_HEADER.match(h):
        return "clause-header"
    if h in _DESCRIPTIVE_HEADERS or words[-1] in _DESCRIPTIVE_HEADERS or " ".join(words[-2:]) in _DESCRIPTIVE_HEADERS:
        return "descriptive-header"
    if len(words) == 1 and words[0] in _QUALIFIER_HEADERS:
        return "qualifier-header"
    if len(words) == 1 and header.strip(" *:")[:1].isupper() and words[0] in doc_english()["plan_column_headers"]:
        return "plan-header"  # "Limit: Max request size; Free: 10 MB": one plan's column of a pricing matrix
    alpha = [w for w in header.split() if w.isalpha()]
    if alpha and all(w[:1].isupper() and not w.isupper() and not getAllLemmas(w.lower()) for w in alpha):
        return "named-header"
    if len(value.split()) > 2 and _finite_in(value.split()[1:]):
        return "sentence-cell"
    return None


def _phrase(sentence: Sentence, site: Slot, family: str, env: Environment, version: str,
            doc_text: str | None, *, preposed_done: bool = False) -> Phrasing | None:
    text = sentence.text
    if is_table_row(text):
        heading = heading_before(doc_text, sentence.start) if doc_text is not None and _rules_of(version) else None
        lead = table_lead_in(doc_text, sentence.start) if doc_text is not None and _v8_rules(version) else None
        return _phrase_row(sentence, site, family, env, version, heading, lead)
    if text.rstrip().endswith((":", "?")):
        return None
    claim = clean_claim(text)
    if not is_standalone_claim(claim) or (_rules_of(version) and _FORMULA.search(claim)):
        return None
    if version == "v1":
        answers: list[Slot | None] = [_answer_slot(sentence, site, family)]
    elif family in CONTRADICTING:
        answers = list(answer_slots(sentence, site))
        if _rules_of(version):
            # an answer is a whole word or value, never a piece of one, and never a bare number
            # ("2" of "Cloud v2"): it names nothing, and any answer holding that digit matches it
            answers = [s for s in answers if _whole_span(text, s.start, s.end) and not answer_value(s).isdigit()]
        if _v6_rules(version):
            answers = [s for s in answers if not split_name(text, s)]
        if _v8_rules(version):
            from .fairness.side_value import side_value

            # the changed value is the answer's condition, never a second fact beside it
            answers = [s for s in answers if side_value(sentence, site, s, _parse) is None]
        if _v9_rules(version):
            # "Port 80", "Step 3" tagged as a version: "Which version of Port ...?" asks nothing
            answers = [s for s in answers if not (s.kind == "version" and _numbered_thing(s.text))]
    else:
        answers = [None]
    for answer_slot in answers:
        phrasing = _render(sentence, site, family, env, version, claim, answer_slot, doc_text)
        if phrasing is not None and (version == "v1" or names_condition(phrasing.question, site, family, version)):
            if v11_rules(version) and family in VERIFYING and keeps_negation(phrasing) is False:
                continue
            return phrasing
    if _v5_rules(version) and family in CONTRADICTING:
        for shape in (_agent_question, _main_verb_question):
            phrasing = shape(sentence, site, family, claim, env, version)
            if phrasing is not None and names_condition(phrasing.question, site, family):
                return phrasing
    if version != "v1" and family in CONTRADICTING:
        phrasing = _subject_question(sentence, site, family, claim, version)
        if phrasing is not None and names_condition(phrasing.question, site, family):
            return phrasing
    if _v5_rules(version) and family in CONTRADICTING and not preposed_done:
        moved = preposed_last(sentence)
        if moved is not None:
            virtual, to_new = moved
            if site in to_new:
                phrasing = _phrase(virtual, to_new[site], family, env, version, doc_text, preposed_done=True)
                if phrasing is not None:
                    back = {v: k for k, v in to_new.items()}
                    answer = phrasing.answer
                    if answer not in text:  # "Deletion" of the moved clause is "deletion" in the sentence
                        at = text.lower().find(answer.lower())
                        if at < 0:
                            return None
                        answer = text[at:at + len(answer)]
                    return Phrasing(claim, phrasing.question, answer, back.get(phrasing.answer_slot))
    return None


#: v5: a sentence led by a short phrase of time or scope and a comma ("Until 1 May 2024, logs
#: were kept for 15 days.", "On the Pro plan, builds time out after 45 minutes.")
_PREPOSED = re.compile(r"^(?P<pp>(?:Until|From|Since|As of|Starting|Beginning|After|Before|On|In|For|Effective|"
                       r"Through|During|Within)\s[^,]{1,50}),\s+(?P<main>[A-Za-z][^,;:]*?)\.?$")


def preposed_last(sentence: Sentence) -> tuple[Sentence, dict] | None:
    """v5: ``sentence`` with its leading phrase of time or scope moved to the end ("Logs were kept
    for 15 days until 1 May 2024."), so the question shapes, which read a plain subject-verb
    clause, can ask about it; with a map from the original slots to the moved ones. None when the
    sentence has no such phrase, the phrase is longer than 6 words or the clause holds a comma."""
    from dataclasses import replace

    text = sentence.text
    lead = len(text) - len(text.lstrip())
    m = _PREPOSED.match(text.strip())
    if not m or len(m.group("pp").split()) > 6 or len(m.group("main").split()) < 3:
        return None
    pp, main = m.group("pp"), m.group("main")
    pp_at, main_at = lead + m.start("pp"), lead + m.start("main")
    new_text = f"{main[:1].upper()}{main[1:]} {pp[:1].lower()}{pp[1:]}."
    to_new: dict = {}
    for slot in sentence.slots:
        if pp_at <= slot.start and slot.end <= pp_at + len(pp):
            at = len(main) + 1 + slot.start - pp_at
        elif main_at <= slot.start and slot.end <= main_at + len(main):
            at = slot.start - main_at
        else:
            continue
        to_new[slot] = replace(slot, start=at, end=at + slot.end - slot.start,
                               text=new_text[at:at + slot.end - slot.start])
    if any(new.text != old.text for old, new in to_new.items()):
        return None
    virtual = Sentence(sentence.doc_id, sentence.start, sentence.end, new_text,
                       tuple(sorted(to_new.values(), key=lambda s: s.start)))
    return virtual, to_new


_SUBJECT_PRONOUN = re.compile(r"^(?:it|its|this|that|these|those|they|them|there|he|she|we|our|us|you|your|one|"
                              r"some|any|each|all|most|many|both|either|neither|none|everything|anything|someone)\b",
                              re.I)


#: nouns for people and groups of people: a subject question about them asks "Who"
_PERSON_NOUNS = {
    "employee", "teammate", "member", "user", "customer", "client", "supervisor", "manager", "owner",
    "administrator", "admin", "approver", "reviewer", "staff", "team", "person", "people", "contractor",
    "developer", "engineer", "lead", "director", "officer", "applicant", "candidate", "partner", "vendor",
    "traveler", "traveller", "participant", "attendee", "host", "hire", "intern", "fed", "worker", "agent",
    "representative", "coordinator", "specialist", "analyst", "author", "maintainer", "contributor", "buyer",
    "seller", "tenant", "operator", "guest", "student", "instructor", "consultant", "everyone", "someone",
}


#: a predicate that goes on into a second clause with its own subject and verb
_SECOND_CLAUSE = re.compile(r"\b(?:and|or|but|so)\s+(?:\w+\s+){1,3}?(?:is|are|was|were|will|can|has|have|do|does)\b")
#: v5: the same with any finite auxiliary or modal, negated or not ("... is permanent and the
#: objects cannot be restored")
_SECOND_CLAUSE_V5 = re.compile(r"\b(?:and|or|but|so)\s+(?:\w+\s+){1,3}?(?:is|are|was|were|will|can|cannot|could|"
                               r"has|have|had|do|does|did|must|may|might|should|would|shall)(?:n['’]t)?\b")


#: v6: the same with a longer subject led by a determiner ("... or the sort ranking rule is
#: missing"): "What is not listed ... or the sort ranking rule is missing?" asks two clauses
_SECOND_CLAUSE_V6 = re.compile(r"\b(?:and|or|but|so)\s+(?:the|a|an|its|their|your|my|this|that|these|those)\s+"
                               r"(?:[\w-]+\s+){1,5}?(?:is|are|was|were|will|can|cannot|could|has|have|had|do|does|"
                               r"did|must|may|might|should|would|shall)(?:n['’]t)?\b")


def _second_clause(rest: str, version: str) -> bool:
    """Whether a predicate goes on into a second clause with its own subject and verb."""
    if _v6_rules(version) and _SECOND_CLAUSE_V6.search(rest):
        return True
    return bool((_SECOND_CLAUSE_V5 if _v5_rules(version) else _SECOND_CLAUSE).search(rest))


def _agree_coordinated(rest: str) -> str:
    """A second verb coordinated with the predicate follows the singular wh-subject too:
    "arranged by sales and usually last 30 days" -> "... and usually lasts 30 days"."""
    from lemminflect import getAllInflections, getLemma

    m = re.search(r"\band\s+(?:[a-z]+ly\s+)?([a-z]+)\b", rest)
    if not m:
        return rest
    word = m.group(1)
    for lemma in getLemma(word, upos="VERB"):
        forms = getAllInflections(lemma, upos="VERB")
        if word in forms.get("VBP", ()) and word == lemma and forms.get("VBZ"):
            return rest[: m.start(1)] + forms["VBZ"][0] + rest[m.end(1):]
    return rest


def wh_subject_verb(aux: str, rest: str) -> str:
    """The verb after a wh-subject ("What", "Who"): singular ("What is available?", "Who has
    approved it?") unless a plural noun phrase follows as the complement ("What are the
    limits?"), which then decides the number."""
    from .families import grammar

    m = re.match(r"(?:the|these|those|our|your|its|their)\s+(.*)", rest)
    if m and aux in ("is", "are", "was", "were"):
        phrase = re.split(r"\s(?:on|in|for|of|to|with|at|by|from|that|which|who|per|under|over)\b|[,;]", m.group(1))[0]
        words = phrase.split()
        if words and grammar.is_plural_noun(words[-1]):
            return grammar.agree_verb(aux, True)
    return grammar.agree_verb(aux, False)


#: v5: a subject that ends in an adverb of the verb ("X no longer", "X also")
_ADVERB_END = re.compile(r"\b(?:no longer|also|only|still|now|never|not|already|currently|usually|always)$", re.I)
#: v5: a predicate that points the reader elsewhere: no fact to ask about
_POINTER = re.compile(r"\b(?:refer to|for (?:more|further|additional) (?:information|details)|learn more)\b", re.I)


def _subject_question(sentence: Sentence, site: Slot, family: str, claim: str,
                      version: str = DEFAULT_VERSION) -> Phrasing | None:
    """v2 fallback: ask for the subject when the condition lies in the predicate ("What was
    released on 21 April 2025?", "What is not included in the Free plan?"); the answer is the
    subject noun phrase without its article."""
    text = sentence.text
    body = _BULLET.sub("", text).strip().rstrip(".")
    offset = text.index(body[:1]) if body else 0
    m = _AUX.search(body)
    if not m or m.start() == 0 or "," in body or _CLAUSE_START.match(body) or len(body.split()) > 22:
        return None
    subject = body[: m.start()].strip()
    rest = body[m.end():].strip()
    if not subject or not rest or len(subject.split()) > 5 or _SUBJECT_STOP.search(subject):
        return None
    if _SUBJECT_PRONOUN.match(subject) or not re.search(r"[A-Za-z]{3}", subject):
        return None
    if _v5_rules(version) and re.match(r"(?:about\s+|around\s+|up to\s+)?[$€£]?\d", rest):
        return None  # "What is 2 weeks for both sides?": the value as the whole predicate is no question
    if _v5_rules(version) and _ADVERB_END.search(subject):
        return None  # "TTS no longer has ...": the adverb belongs to the verb, not to the subject asked for
    if _v5_rules(version) and verb_opener(subject):
        return None  # "Assuming you have ...", "Confirm the issue is ...": no subject noun phrase
    site_at = site.start - offset
    if site_at < m.end():
        return None  # the condition must sit in the predicate, not in the subject asked for
    if len(re.sub(r"\b(?:not|never|n't)\b", "", rest).split()) < 4:
        return None  # "What is not live?": too little left to say what is asked about
    if re.match(r"(?:that|to|how|what|whether|if|why|when|where|who|which)\b", rest, re.I):
        return None  # "The bottom line is that ...": a frame around a clause, not a subject with a predicate
    answer = re.sub(r"^(?:the|a|an)\s+", "", subject, flags=re.I)
    aux = m.group(1).lower()
    if aux not in ("is", "are", "was", "were", "has", "have"):
        return None  # "What can refer to ...?": with a modal the subject is an agent, not a thing
    wh, named = _subject_question_wh(subject, aux, rest, sentence, offset, version)
    if _v6_rules(version) and wh == "Who" and aux in ("is", "was") and _called_as_a_thing(rest):
        wh = "What"  # "The Acme Client is provided as a Python package": a thing, whatever the tagger says
    if _v6_rules(version) and copula_problem(subject, aux, rest, wh):
        return None  # "What is not a replacement for X?": the predicate asked for the subject
    if _v8_rules(version) and aux in ("is", "was") and _DEFINITION.match(rest):
        return None  # "What is a single-instance application backed by SQLite?": a definition asked backwards
    if _v6_rules(version) and _TITLE_PLACE.match(rest):
        return None  # "The exact pattern is in Connect Postgres To Quill": a pointer to a page, no fact
    answer = named or answer
    if _rules_of(version):
        if _second_clause(rest, version):
            return None  # "What is compliant and reimbursements are reviewed by X?": two clauses
    bare_plural = re.match(r"([A-Za-z][a-z]+)\s+(?:that|which|who|for|of|with|in|on)\b", rest)
    if _v6_rules(version) and not bare_plural and aux in ("are", "were"):
        # v6: "X are binary modules that ...": a plural predicate noun after its adjectives asks "What are"
        bare_plural = re.match(r"((?:[a-z]+\s+){1,2}?)([a-z]+)\s+(?:that|which|who|for|of|with|in|on)\b", rest)
        if bare_plural and _modifiers(bare_plural.group(1).split()):
            bare_plural = re.match(r"(?:[a-z]+\s+){%d}([a-z]+)" % len(bare_plural.group(1).split()), rest)
        else:
            bare_plural = None
    if _v5_rules(version) and aux in ("is", "are", "was", "were") and bare_plural and grammar_plural(
            bare_plural.group(1).lower()):
        # "X are Services that run ...": a bare plural predicate noun asks "What are services ...", not "What is"
        aux, rest = ("were" if aux in ("was", "were") else "are"), rest[:1].lower() + rest[1:]
    elif _rules_of(version) and not wh.startswith("Which "):  # "Which SDKs are ...": the head noun agrees as written
        singular = wh_subject_verb(aux, rest)
        if singular != aux:
            rest = _agree_coordinated(rest)
        aux = singular
    question = f"{wh} {aux} {rest}?"
    if len(question.split()) > MAX_QUESTION_WORDS:
        return None
    kind = _name_kind(subject, sentence, offset) if _v5_rules(version) and wh == "What" else None
    if (kind == "person" and _first_name(answer)) or (kind == "org" and answer.isupper()):
        return None  # "What allows ...?" of an agency's acronym, "What starts ...?" of a person: no wh-word fits
    if _v5_rules(version) and subject_problem(wh, question, answer, claim, sentence, site):
        return None
    if _v8_rules(version) and thin_subject_question(wh, question, sentence, site):
        return None
    if _v6_rules(version) and generic_subject_problem(wh, rest, answer, site):
        return None  # "What is now available on X?", "What is inserted ...?" -> "Data": fits dozens of pages
    return Phrasing(claim, question, answer, None)


# --------------------------------------------------------------------------- v5 subject shapes

#: v5: words between a subject and its verb that stay with the verb ("also supports")
_VERB_ADVERB = re.compile(r"(?:(?:also|only|still|now|automatically|always|never|usually|typically|no longer|"
                          r"currently|already)\s+)*")
_MODALS = ("can", "will", "must", "may", "should", "could", "would")
#: name slot kinds a subject question may answer; a person is asked "Who"
_SUBJECT_NAME_KINDS = {"person", "org", "product", "version", "tier", "region", "geo"}
#: heads of a group of people asked as "Which team" rather than "Who" ("the security team")
_GROUP_NOUNS = {"team", "group", "department", "committee", "board", "office", "desk", "unit", "squad", "council"}
#: the agent of a passive ends before these ("by the security team every quarter")
_AGENT_END = re.compile(r"\s(?:every|each|within|before|after|during|until|on|in|at|for|from|to|when|if|once|"
                        r"per|with|without|under|over|and|or|as|no later than)\b")


#: v8: a predicate that defines its subject ("X is a short-lived JWT ...", "Planet Express is a
#: customer in ...", "A current visitor is defined as a visitor who ..."): the question a reader
#: asks of a definition ("What is X?") asks for the predicate; asked backwards ("What is a ...?")
#: it is a riddle, which reviewers failed on four of five documentation sets (five of six such
#: questions)
_DEFINITION = re.compile(_VERB_ADVERB.pattern + r"(?:not\s+)?(?:(?:defined|known|described|referred\s+to)\s+as\s+)?"
                         r"(?:a|an)\s", re.I)


#: words that open the object of a participle ("Assuming you", "Using the CLI")
_OPENER_OBJECT = {"you", "we", "they", "it", "the", "a", "an", "your", "our", "their", "its", "this", "that",
                  "these", "those", "with", "to", "on", "in", "by", "for"}


def verb_opener(subject: str) -> bool:
    """v5: words before a verb that are no subject noun phrase but a clause of their own: an
    -ing or -ed participle opener ("Assuming you ...", "Using the CLI ...", "Compared with ...")
    or an imperative ("Confirm the issue ..."), i.e. a first word lemminflect knows only as a verb."""
    from lemminflect import getAllLemmas

    words = subject.split()
    if not words:
        return False
    first = re.sub(r"[^A-Za-z]", "", words[0]).lower()
    if not first:
        return False
    lemmas = getAllLemmas(first)
    if len(words) < 2 or "VERB" not in lemmas:
        return False
    if first.endswith(("ing", "ed")):  # "Assuming you", "Using the": a participle taking its object
        return words[1].lower() in _OPENER_OBJECT
    if set(lemmas) - {"VERB"}:
        return False  # a noun, adjective or name first ("Sync jobs", "Data Studio")
    return first in lemmas["VERB"]  # "Confirm the issue": an imperative


def _name_kind(subject: str, sentence: Sentence, offset: int) -> str | None:
    """v5: the kind of the name slot that is the whole of ``subject`` (an article aside), or None."""
    bare = re.sub(r"^(?:the|a|an)\s+", "", subject, flags=re.I)
    at = offset + len(subject) - len(bare)
    return next((s.kind for s in sentence.slots if s.start == at and s.end == at + len(bare)), None)


def _subject_wh(subject: str, sentence: Sentence, offset: int, *, v6: bool = False,
                v9: bool = False) -> tuple[str, str] | None:
    """v5: the wh-phrase that asks for ``subject`` and the answer it expects, or None.

    A subject that is one name slot of the sentence (an article aside) is asked by its kind:
    a person "Who", a version "Which version of Relay", another name by its own common head
    ("the Python SDK" -> "Which SDK") or "What". A noun phrase headed by a person noun is asked
    "Who", one headed by a group noun "Which team"."""
    bare = re.sub(r"^(?:the|a|an)\s+", "", subject, flags=re.I)
    if verb_opener(bare):
        return None  # "Assuming you ...", "Confirm the issue ...": a clause opener, not a subject
    if re.search(r"\b(?:and|or)\b", bare):
        return None  # "Organization Name and Tax ID": two things, no one "Which ID" asks for
    at = offset + len(subject) - len(bare)
    for s in sentence.slots:
        if s.kind in _SUBJECT_NAME_KINDS and s.start == at and s.end == at + len(bare):
            if s.kind == "person" and re.fullmatch(r"[A-Z][a-z'-]+(?:\s[A-Z][a-z'-]+)+", bare) and _person_name(bare):
                return "Who", bare  # a tagged "person" of one word, with an acronym or no given name is often a product
            if s.kind == "person" and re.fullmatch(r"[A-Z][a-z'-]+", bare) and _given_name(bare):
                return "Who", bare  # "Logan starts working ...": one word, but a given name Faker's lists know
            if v6 and s.kind in ("product", "org") and re.fullmatch(r"[A-Z][a-z'-]+", bare) and _given_name(bare):
                return "Who", bare  # v6: the tagger's "product" "Logan" is a person all the same; "What" asks for a thing
            if s.kind == "org" and bare.split()[-1][:1].isupper() and not bare.split()[-1].isupper() and not re.search(
                    r"[a-z][A-Z]", bare):
                if _called_a_thing(sentence.text[offset + len(subject):]):
                    return "What", bare  # "Sonar is a search server ...": the predicate says it is a thing
                return "Who", bare  # "Who will notify customers ...?" of a company; a CamelCase class is none
            if v9 and s.kind == "version" and _numbered_thing(bare):
                return None  # "Port 80", "Step 3": a numbered thing, not a product's version
            if s.kind in ("version", "region", "tier", "environment"):
                wh = wh_phrase(s)
                return wh[:1].upper() + wh[1:], answer_value(s)
            last = bare.split()[-1]
            if (last.islower() and last.isalpha()) or (last.isupper() and 2 <= len(last) <= 4 and len(bare.split()) > 1):
                return f"Which {last}", bare
            if (s.kind == "person" and _first_name(bare)) or (s.kind == "org" and bare.isupper()):
                return None  # "What allows ...?" of an agency's acronym or of a person: "What" asks for a thing
            return "What", bare
    if any(ch.isdigit() for ch in bare) or not re.fullmatch(r"[A-Za-z][\w'-]*(?:\s[\w'-]+){0,3}", bare):
        return None
    if re.match(r"(?:every|each|all|most|many|some|any|no|only|our|your|their|its|this|that|these|those)\b",
                bare, re.I):
        return None  # "Every customer is ...": the quantifier is part of what is asked
    head = re.sub(r"[^a-z]", "", bare.split()[-1].lower())
    if head in ("someone", "everyone", "anyone", "nobody", "somebody", "everybody", "anybody"):
        return None  # "Someone engages ...": an indefinite subject is no answer
    if head in _GROUP_NOUNS and len(bare.split()) > 1:
        return f"Which {head}", bare
    if person_noun(head):
        return "Who", bare
    return None


#: organisation nouns: a name the predicate calls one of these is asked "Who" ("X is a company")
_ORG_NOUNS = {"company", "vendor", "provider", "organisation", "organization", "agency", "firm", "startup",
              "foundation", "nonprofit", "partner", "reseller", "consultancy", "business", "bank", "university"}


def _called_a_thing(rest: str) -> bool:
    """v5: whether the predicate after a subject is "is a/an/the <noun phrase>" whose first words
    hold no person, group or organisation noun ("is a lightweight search server" calls the
    subject a thing: "What", never "Who")."""
    m = re.match(r"\s+(?:is|was)\s+(?:a|an|the|one of the)\s+([^.;:()]*)", rest, re.I)
    return m is not None and _names_a_thing(m.group(1))


def _called_as_a_thing(predicate: str) -> bool:
    """v6: whether a predicate after "is" is "<participle> as a/an <noun phrase>" naming a thing
    ("provided as a Python package", "shipped as an extension"): the subject is asked "What"."""
    m = re.match(r"\s*[a-z]+(?:ed|en)\s+as\s+(?:a|an|the|one of the)\s+([^.;:()]*)", predicate, re.I)
    return m is not None and _names_a_thing(m.group(1))


def _names_a_thing(phrase: str) -> bool:
    """Whether a noun phrase's first words hold no person, group or organisation noun."""
    words = [re.sub(r"[^a-z]", "", w.lower()) for w in phrase.split()[:8]]
    words = [w for w in words if w]
    return bool(words) and not any(person_noun(w) or w in _GROUP_NOUNS or w in _ORG_NOUNS for w in words)


def person_noun(word: str) -> bool:
    """v5: whether ``word`` (lowercase) is a noun for people, singular or plural: the closed
    lexicon :data:`_PERSON_NOUNS` and :data:`_PERSON_NOUNS_V5`, plurals through lemminflect
    ("children" -> "child", "attendees" -> "attendee")."""
    from lemminflect import getLemma

    people = _PERSON_NOUNS | _PERSON_NOUNS_V5
    return word in people or any(lemma in people for lemma in getLemma(word, upos="NOUN"))


def _first_name(name: str) -> bool:
    """v5: whether a tagged person's first word is a given name Faker's lists know ("Logan
    starts ..."), so "What" cannot ask for it (a product the tagger called a person stays "What")."""
    from .families.synthetic import first_names

    return name.split()[0] in first_names()


def _given_name(word: str) -> bool:
    """v5: a one-word tagged person that is a given name Faker's lists know and no English word
    lemminflect knows ("Logan"; not "Tilt", "Krisp" is unknown to both)."""
    from lemminflect import getAllLemmas

    from .families.synthetic import first_names

    return word in first_names() and not getAllLemmas(word.lower())


def _person_name(name: str) -> bool:
    """v5: a capitalised name asked "Who": a given name Faker's lists know ("Amara Okafor"), or a
    last word that is no English common noun ("Selin Aydin"; not "Data Studio", "Plover Desk",
    which the tagger may call a person: lemminflect's lexicon knows "studio", "desk")."""
    from lemminflect import getAllLemmas

    from .families.synthetic import looks_like_person

    return looks_like_person(name) or "NOUN" not in getAllLemmas(name.split()[-1].lower())


#: v5: head nouns of a copular predicate that make its subject a person or an organisation
#: ("X is a customer with 1000 developers" asks "Who", not "What")
_PREDICATE_PERSON = re.compile(r"(?:(?:a|an|the|one of the|one of our|our|your)\s+)(?:[a-z][\w-]*\s+){0,2}?"
                               r"([a-z]+)\b(?!\s+(?:of|for)\s+(?:a|an|the)\b)")


def _subject_question_wh(subject: str, aux: str, rest: str, sentence: Sentence, offset: int,
                         version: str) -> tuple[str, str | None]:
    """The wh-phrase of the auxiliary subject shape (and the answer it expects, None for the
    subject as written), chosen from what the answer is: a name slot by
    its kind (:func:`_subject_wh`: "Who" for a person or company, "Which SDK", "Which version"),
    a noun phrase headed by a person noun "Who", and in v5 also a subject whose copular predicate
    names a person or role ("Who is a customer with 1000 developers?"); else "What"."""
    head = re.sub(r"[^a-z]", "", subject.split()[-1].lower())
    if _v5_rules(version):  # the head noun comes before its modifier: "Children under 12"
        head = re.sub(r"[^a-z]", "", _SUBJECT_HEAD_END.split(subject)[0].split()[-1].lower())
    if person_noun(head) if _v5_rules(version) else (head in _PERSON_NOUNS or head.rstrip("s") in _PERSON_NOUNS):
        return "Who", None
    if not _v5_rules(version):
        return "What", None
    named = _subject_wh(subject, sentence, offset, v6=_v6_rules(version), v9=_v9_rules(version))
    if named is not None and (named[0] != "Who" or _person_name(named[1])):
        return named  # "Who" of a copula only for a person's name: "Who is available ...?" of a product reads wrong
    pred = _PREDICATE_PERSON.match(rest) if aux in ("is", "are", "was", "were") else None
    if pred and person_noun(pred.group(1)):
        return "Who", None
    return "What", None


def _verb_form(word: str, plural: bool) -> str | None:
    """``word`` as the finite verb after a singular wh-subject, or None when ``word`` cannot be a
    finite verb of a subject of that number (lemminflect's lexicon decides: "reviews" after a
    singular subject, "review" after a plural one, a past form after either)."""
    from lemminflect import getAllInflections

    from .families import grammar

    w = word.lower()
    if not w.isalpha():
        return None
    for lemma in _verb_lemmas(w):
        if lemma in ("be", "have", "do"):
            return None
        forms = getAllInflections(lemma, upos="VERB")
        if w in forms.get("VBD", ()):
            return w
        if not plural and w in forms.get("VBZ", ()):
            return w
        if plural and w == lemma and w in forms.get("VBP", ()):
            return grammar.third_person(lemma)
    return None


def _main_verb_question(sentence: Sentence, site: Slot, family: str, claim: str, env: Environment,
                        version: str) -> Phrasing | None:
    """v5: a subject question with a main verb ("The security team reviews access requests
    every quarter." -> "Which team reviews access requests every quarter?"; "Relay 3.4 supports
    PostgreSQL 17." -> "Which version of Relay supports PostgreSQL 17?"). The condition (the
    changed value) sits in the predicate; the answer is the subject, a name or a noun phrase
    headed by a person or group noun (:func:`_subject_wh`)."""
    text = sentence.text
    body = _BULLET.sub("", text).strip().rstrip(".")
    offset = text.index(body[:1]) if body else 0
    if "," in body or _CLAUSE_START.match(body) or len(body.split()) > 22 or ";" in body:
        return None
    for m in re.finditer(r"\s(?=\S)", body[:80]):
        subject = body[: m.start()]
        if len(subject.split()) > 5:
            break
        wh = _subject_wh(subject, sentence, offset, v6=_v6_rules(version), v9=_v9_rules(version))
        if wh is None:
            continue
        after = body[m.end():]
        adverbs = _VERB_ADVERB.match(after).group(0)
        vm = re.match(r"([A-Za-z]+)\s+(?=\S)", after[len(adverbs):])
        if not vm:
            return None
        plural = grammar_plural(subject)
        word = vm.group(1)
        rest_start = m.end() + len(adverbs) + vm.end()
        if _noun_not_verb(word, body[rest_start:]):
            return None  # "API keys should ...", "Enterprise trials are ...": the name modifies a noun
        if word.lower() in _MODALS or word.lower() in ("does", "did", "do"):
            if word.lower() == "do":
                word = "does"
            verb = word.lower()
        elif word.lower() in ("is", "are", "was", "were", "has", "have"):
            return None  # the auxiliary shape (:func:`_subject_question`) asks these
        else:
            verb = _verb_form(word, plural)
            if verb is None:
                return None
            if _v6_rules(version) and verb == word.lower() and _verb_first(subject):
                return None  # "Fixes issues with ...": a changelog line with no subject, not "What issues ...?"
        if site.start - offset < rest_start:
            return None  # the condition must sit in the predicate, not in the subject asked for
        rest = body[rest_start:]
        if _POINTER.search(rest) or _second_clause(rest, version) or len(rest.split()) < 2:
            return None
        if re.match(r"(?:that|to|how|what|whether|if|why|when|where|who|which)\b", rest, re.I):
            return None
        question = _render_subject(env, version, wh[0], (adverbs + verb).strip(), rest)
        if question is None or subject_problem(wh[0], question, wh[1], claim, sentence, site):
            return None
        if _v8_rules(version) and thin_subject_question(wh[0], question, sentence, site):
            return None
        if _v6_rules(version) and generic_subject_problem(wh[0], rest, wh[1], site):
            return None
        return Phrasing(claim, question, wh[1], None)
    return None


#: what follows a finite verb in a statement: an object's determiner, a name, a number, a preposition
_OBJECT_START = re.compile(r"(?i:(?:the|a|an|your|our|their|its|all|every|each|any|no|up|to|for|in|on|at|from|"
                           r"with|by|into|only|more|less|over|under|between)\b)|[A-Z0-9$]")


def _noun_not_verb(word: str, after: str) -> bool:
    """Whether ``word`` reads as a plural noun the subject modifies rather than as its verb:
    lemminflect knows it as a plural noun and the next word does not start an object ("API keys
    should ...", "Root keys are ...", but "Relay supports PostgreSQL 17")."""
    from lemminflect import getLemma

    nxt = after.strip()
    words = re.findall(r"[A-Za-z'-]+", nxt)
    if words and words[0].lower() in _FINITE_NEXT:
        return True  # "Root keys are ...", "API keys should ...", "The people team will ...": no verb takes a modal next
    adv = re.match(r"(?:(?:never|not|also|only|always|still|already|now|just|usually|often|rarely)\s+)+([a-z]+)\b", nxt)
    if adv and _inflected_verb(adv.group(1)):
        return True  # "authors work never entered ...": a finite verb after the adverb, so "work" is a noun
    lemmas = getLemma(word.lower(), upos="NOUN", lemmatize_oov=False)
    if not lemmas or lemmas[0] == word.lower():
        return False
    if not nxt or _OBJECT_START.match(nxt):
        return False
    if words[0].islower() and words[0] in _verb_lemmas(words[0]) and _verb_form(words[0], True):
        return True  # "Harbour trains run ...": a bare verb next is the clause's verb, the word before it a noun
    # "API keys created after ...": a participle that heads a reduced relative clause
    return len(words) > 1 and words[1].lower() in _PREPS and bool(_verb_lemmas(words[0].lower())) and \
        words[0].lower().endswith(("ed", "en"))


def _verb_first(subject: str) -> bool:
    """v6: whether a one-word "subject" is a verb in its third-person form that opens a line with
    no subject ("Fixes issues with ...", "Adds support for ..."): lemminflect knows the word as
    that form of a verb, so the word after it is its object, not its verb (whichever reading
    holds, "Fixes" as a plural noun would not take "issues" as its verb either)."""
    from lemminflect import getAllInflections, getAllLemmas

    words = subject.split()
    if len(words) != 1 or not words[0][:1].isupper() or not words[0][1:].islower():
        return False
    word = words[0].lower()
    return any(word in getAllInflections(lemma, upos="VERB").get("VBZ", ()) and word != lemma
               for lemma in getAllLemmas(word).get("VERB", ()))


def _inflected_verb(word: str) -> bool:
    """Whether lemminflect knows ``word`` only as a verb, in a form other than its base
    ("entered", "receives"; not "work", "updates" which may be nouns)."""
    from lemminflect import getAllLemmas

    lemmas = getAllLemmas(word)
    return set(lemmas) == {"VERB"} and word not in lemmas["VERB"]


#: a word after which the word before it was a noun, not a verb ("keys are", "tokens should")
_FINITE_NEXT = {"is", "are", "was", "were", "can", "could", "should", "must", "will", "would", "may", "might",
                "do", "does", "did", "have", "has", "had", "need", "needs", "shall"}
#: v5: person nouns beside :data:`_PERSON_NOUNS` (kept as it was for v2-v4)
_PERSON_NOUNS_V5 = {"volunteer", "moderator", "auditor", "editor", "recipient", "requester", "subscriber",
                    "holder", "signatory", "assignee", "responder", "technician", "researcher", "designer",
                    "accountant", "counsel", "volunteer", "mentor", "manager", "steward", "delegate", "sponsor",
                    "organiser", "organizer", "speaker", "reporter", "child", "kid", "minor", "adult",
                    "visitor", "resident", "patient", "parent", "researcher", "newcomer", "teammate", "colleague",
                    "peer", "friend", "individual", "human", "citizen", "researcher", "learner", "trainee"}


def grammar_plural(subject: str) -> bool:
    """Whether a subject noun phrase is plural (its last word a plural noun)."""
    from .families import grammar

    last = re.sub(r"[^A-Za-z]", "", subject.split()[-1]) if subject.split() else ""
    return bool(last) and last.islower() and grammar.is_plural_noun(last)


def _agent_question(sentence: Sentence, site: Slot, family: str, claim: str, env: Environment,
                    version: str) -> Phrasing | None:
    """v5: a passive with its agent asked in the active ("The v3.4.0 release was managed by
    Amara Okafor." -> "Who managed the v3.4.0 release?"; "Access requests are reviewed by the
    security team every quarter." -> "Which team reviews access requests every quarter?"). The
    condition sits in the subject or after the agent, never in the agent asked for (the caller's
    :func:`names_condition` drops a question that lost it)."""
    from .families import grammar

    text = sentence.text
    body = _BULLET.sub("", text).strip().rstrip(".")
    offset = text.index(body[:1]) if body else 0
    if "," in body or _CLAUSE_START.match(body) or len(body.split()) > 22 or ";" in body:
        return None
    m = re.search(r"\s(is|are|was|were)\s+((?:also\s+|only\s+|always\s+|usually\s+)?)([a-z]+)\s+by\s+", body)
    if not m or len(body[: m.start()].split()) > 6 or not grammar.is_past_participle(m.group(3)):
        return None
    subject = body[: m.start()]
    if _SUBJECT_PRONOUN.match(subject) or _SUBJECT_STOP.search(re.sub(r"(?<=\w)\.(?=\w)", "", subject)) or not re.search(
            r"[A-Za-z]{3}", subject):
        return None
    agent_at = m.end()
    end = _AGENT_END.search(body, agent_at)
    agent = body[agent_at: end.start() if end else len(body)]
    tail = body[end.start():] if end else ""
    if re.search(r"\b(?:and|or|but)\b", tail) or _POINTER.search(tail):
        return None  # "... by the sales team and usually last 30 days": a second predicate
    wh = _subject_wh(agent, sentence, offset + agent_at, v6=_v6_rules(version), v9=_v9_rules(version))
    if wh is None:
        return None
    if wh[0] == "What" and re.fullmatch(r"[A-Z][a-z'-]+(?:\s[A-Z][a-z'-]+)+", agent) and _person_name(agent):
        wh = ("Who", agent)  # "managed by Amara Okafor": a named agent with a given name is a person
    lemmas = [lemma for lemma in _verb_lemmas(m.group(3)) if lemma not in ("be",)]
    if not lemmas:
        return None
    lemma = lemmas[0]
    verb = grammar.past_tense(lemma) if m.group(1) in ("was", "were") else grammar.third_person(lemma)
    adverb = m.group(2).strip()
    obj = _lower_first(subject)
    question = _render_subject(env, version, wh[0], f"{adverb} {verb}".strip(), f"{obj}{tail}")
    if question is None or subject_problem(wh[0], question, wh[1], claim, sentence, site):
        return None
    if _v8_rules(version) and thin_subject_question(wh[0], question, sentence, site):
        return None
    return Phrasing(claim, question, wh[1], None)


#: v5: words that carry no content of a predicate ("is available on the Enterprise plan")
_FUNCTION_WORDS = frozenset(
    "a an the my your our their its his her i me you we us they it of in on at to for from by with into onto "
    "over under about as and or nor but not never no n't is are was were be been being am has have had do does "
    "did can could will would shall should may might must".split()) | frozenset(_DEFAULT_NOUN.values()) | frozenset(
    ("plans", "tiers", "edition", "editions", "regions", "environments"))
#: slot kinds that are a question's scope, not what it is about ("on the Enterprise plan")
_SCOPE_KINDS = {"tier", "region", "environment", "segment", "geo"}


def subject_problem(wh: str, question: str, answer: str, claim: str, sentence: Sentence, site: Slot) -> str | None:
    """v5: why a subject question (the answer is the sentence's subject) is not one a person
    asks, or None (round 14 hand checks):

    - ``broad``: under "What/Who", fewer than two content words besides the condition and
      other scope names ("What is available on Enterprise plans?", "What is not included in the
      Free plan?", "Who requires a Pro or Enterprise plan?"): it fits every page that mentions
      the plan;
    - ``what-is-np``: "What is the NP ...?" reads as asking for the NP's value, not for the
      subject ("What is the 75th percentile of ...?" asked for "Zone 1 entry point"; "What is a
      framework for ...?" asks for a name and stays);
    - ``generic-answer``: "What ...?" answered by one abstract noun ("Eligibility", "instance"):
      a property, not a thing a reader looks up ("session", "script" stay);
    - ``given-away``: under "Which <noun>", a capitalised word of the answer (a name) outside the wh-phrase stands in
      the question ("Which SDK requires Python 3.10 ...?" answered "Python SDK"; a common word
      shared with the question, "security" of "on-call security engineer", gives nothing away)."""
    from lemminflect import getAllLemmas

    bare = wh in ("What", "Who")
    if wh == "What" and re.match(r"What (?:is|are|was|were) (?:not )?the\b", question):
        return "what-is-np"
    if wh == "What" and re.fullmatch(r"[A-Za-z][a-z-]+(?:ity|ness|ance|ence|ment|tion|ship)", answer) and (
            "NOUN" in getAllLemmas(answer.lower())):
        return "generic-answer"
    rest = question[len(wh):] if question.startswith(wh) else question
    if bare:
        left = rest
        for s in sentence.slots:
            if s is site or s.kind in _SCOPE_KINDS or (s.family == "scope" and s.kind != "product"):
                left = left.replace(s.text, " ")
        words = [w for w in re.findall(r"[A-Za-z][\w'-]*", left) if w.lower() not in _FUNCTION_WORDS]
        if len(words) < 2:
            return "broad"
    if not wh.startswith("Which "):
        return None
    return "given-away" if name_given_away(wh, rest, answer) else None


def name_given_away(wh: str, rest: str, answer: str, *, as_written: bool = False) -> bool:
    """A capitalised word of ``answer`` (a name, three letters or more) stands in the question's
    ``rest`` outside its wh-phrase ``wh``: "Which SDK requires Python 3.10?" answered "Python SDK".
    With ``as_written`` (v8, under a bare "Who/What") only where the question writes it as a
    name too: "Who stopped ... on a Google search in 2012?" answered "Google", while "What should
    run a terraform plan ...?" answered "Terraform Cloud" names a command, not the answer."""
    def fold(w: str) -> str:
        return w if as_written else w.lower()

    asked = {fold(w) for w in re.findall(r"[A-Za-z][\w.-]*", wh)}
    rest_words = {fold(w) for w in re.findall(r"[A-Za-z][\w.-]*", rest)}
    return any(w[:1].isupper() and len(w) > 2 and fold(w) not in asked and fold(w) in rest_words
               for w in re.findall(r"[A-Za-z][\w.-]*", answer))


#: v8: words that narrow no topic: quantifiers, frequency and time adverbs, focus particles
_NO_TOPIC_WORDS = frozenset(
    "every each all any some most only also just still now currently already always often usually "
    "inherently automatically generally typically starting since until before after then later earlier "
    "longer more less than up least".split())


def thin_subject_question(wh: str, question: str, sentence: Sentence, site: Slot) -> bool:
    """v8: a "What/Who ...?" subject question holds fewer than three words that say what it is
    about, besides the changed value, scope names and words that narrow no topic ("What is
    rotated every 365 days?", "What is available starting March 2025?", "What has a 10-minute
    inactivity timeout?", "What is served over HTTPS in production?"; a changed name or version is a
    topic of its own, except a passive's agent: "What is arranged by the sales team?" asks a thing
    back from who handles it, a quiz no reader asks, and "Who arranges it?" would ask the changed
    name): reviewers of documentation
    never seen read these as questions with no topic, which fit many pages (round 27; v5's
    ``broad`` rule stopped at fewer than two)."""
    if wh == "What" and site.family == "entity" and re.search(r"\bby\s+(?:the\s+)?$", sentence.text[:site.start]):
        return True  # "What is arranged by the sales team ...?": the agent changed, its work asked back
    if wh not in ("What", "Who") or site.family == "entity":
        return False  # a name or version asked about is a topic itself ("Who managed the v3.4.0 release?")
    left = question[len(wh):] if question.startswith(wh) else question
    for s in sentence.slots:
        if s is site or s.kind in _SCOPE_KINDS or (s.family == "scope" and s.kind != "product"):
            left = left.replace(s.text, " ")
    left = re.sub(r"\b\d[\w.,:-]*", " ", left)  # a number or date left over is a value, not a topic
    words = [w for w in re.findall(r"[A-Za-z][\w'-]*", left)
             if w.lower() not in _FUNCTION_WORDS and w.lower() not in _NO_TOPIC_WORDS and w.lower() not in MONTHS]
    return len(words) < 3


#: v6: nouns that name no one thing: "What is inserted in batches of 8000 rows?" answered "Data"
#: fits every page that moves data (the head of a subject with no modifier; "Root keys" stays)
_GENERIC_NOUNS = {"data", "information", "content", "contents", "text", "details",
                  "things", "stuff", "everything", "anything", "something", "nothing", "items", "values",
                  "records", "entries"}
#: v6: a predicate that only says a thing is there, somewhere ("is not currently supported on
#: X", "is now available in Y"): every feature of X is an answer
_STATUS_PREDICATE = re.compile(
    r"^(?:(?:not|never|no longer|currently|now|also|only|still|already|fully|officially|generally|publicly|"
    r"yet)\s+)*(?:available|supported|included|offered|enabled|allowed|permitted|provided|possible|accessible|"
    r"present|live)\s+(?:on|in|for|with|to|at|from|via|through|across|inside|within|as)\s+(?P<place>.+)$", re.I)
#: v6: words that open a clause or a condition inside the place phrase: then the predicate says more
_PLACE_CLAUSE = re.compile(r"\b(?:when|if|while|that|which|who|whose|where|unless|because|after|before|until|"
                           r"using|once|since|by default|without|except|as long as)\b|\d", re.I)


def generic_subject_problem(wh: str, rest: str, answer: str, site: Slot) -> str | None:
    """v6: why a subject question ("What <verb> <rest>?", the answer the sentence's subject) fits
    dozens of pages, or None (round 21 hand checks on unseen documentation):

    - ``generic-answer``: the answer is one generic noun ("Data", "the information"): "What is
      inserted ... in batches of 8000 rows?" is asked backwards from a sentence whose subject names
      nothing of its own;
    - ``status-predicate``: the predicate only says where the subject is available or supported
      ("is not currently supported on X", "is now available on X"), X is a name (a product,
      platform or plan: "in the wood shop" says more), and the changed attribute is
      that place or the negation, not a value: every feature of X answers it (a date or a price
      narrows it: "What is available starting March 2025?" stays)."""
    bare = re.sub(r"^(?:the|a|an)\s+", "", answer.strip(), flags=re.I).lower()
    if bare in _GENERIC_NOUNS:
        return "generic-answer"
    if wh not in ("What", "Who") or site.family in ("date", "quantity"):
        return None
    m = _STATUS_PREDICATE.match(rest.strip().rstrip("?. "))
    if m and not _PLACE_CLAUSE.search(m.group("place")) and len(m.group("place").split()) <= 6 and re.search(
            r"\b[A-Z]", m.group("place")):  # a named product, platform or plan; "the wood shop" is a place of its own
        return "status-predicate"
    return None


def _modifiers(words: list[str]) -> bool:
    """v6: whether ``words`` are adjectives or nouns before a head noun ("binary", "native web"), not
    a verb, a preposition or a function word ("sent to users ..."); lemminflect's lexicon decides."""
    from lemminflect import getAllLemmas

    for w in words:
        lemmas = getAllLemmas(w)
        if w in _FUNCTION_WORDS or w in QUESTION_PREPOSITIONS or not ({"ADJ", "NOUN"} & set(lemmas)) or (
                "VERB" in lemmas and w.endswith(("ed", "en", "ing"))):
            return False
    return True


def _render_subject(env: Environment, version: str, wh: str, verb: str, rest: str) -> str | None:
    """The v5 subject question through its template (``questions/subject.<version>.j2``)."""
    try:
        template = question_template(env, "subject", version)
    except TemplateNotFound:
        return None
    question = " ".join(template.render(wh=wh, verb=verb, rest=rest).split())
    if not question.endswith("?") or len(question.split()) > MAX_QUESTION_WORDS:
        return None
    return question[:1].upper() + question[1:]


def split_name(text: str, slot: Slot) -> bool:
    """v6: whether a version slot that opens with a name ("SDK 7") is the tail of a longer name in
    the sentence ("On AI SDK 7, ..."): "Which version of SDK ... on AI?" splits the product's name
    and leaves a piece of it behind."""
    if slot.kind != "version" or not re.match(r"[A-Z]", slot.text):
        return False
    before = re.search(r"(?:^|\s)([A-Z][\w.+#-]*)\s$", text[:slot.start])
    if before is None or before.group(1).lower() in _FUNCTION_WORDS | QUESTION_PREPOSITIONS:
        return False
    from lemminflect import getAllLemmas

    return set(getAllLemmas(before.group(1).lower())) != {"VERB"}  # "Requires Prisma 6.16": a verb, no name


def _whole_span(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` begins and ends at word edges (no letter or digit glued on)."""
    return not (start > 0 and text[start - 1].isalnum()) and not (end < len(text) and text[end].isalnum())


def answer_slots(sentence: Sentence, site: Slot) -> list[Slot]:
    """v2: the slots a question pinning ``site`` may ask for, best first: another value or name
    of the sentence, never the site itself, an overlapping span or the same surface text."""
    out = []
    for s in sentence.slots:
        if s.kind not in ASK_KINDS or s is site or (s.start < site.end and site.start < s.end):
            continue
        if s.text.strip().lower() == site.text.strip().lower():
            continue
        out.append(s)
    out.sort(key=lambda s: (ASK_KINDS.index(s.kind), s.start))
    return out


def names_condition(question: str, site: Slot, family: str, version: str | None = None) -> bool:
    """The discrimination invariant: the question names the changed attribute as its condition.

    Contradicting families: the true value appears in the question (polarity: the question is
    negated exactly when the true sentence is). Verifying families: the question keeps the
    quantifier or modal whose strength the near miss weakens."""
    if family == "polarity":
        return bool(_NEGATED.search(question)) == (site.kind == "negation")
    from ..values.text import contains_phrase

    if contains_phrase(question, site.text):
        return True
    return version is not None and _v4_rules(version) and family in VERIFYING and names_strength(question, site.text)


#: v11: a quantifier standing alone as the subject refers back to what the text before it names
#: ("All must pass for the transition to proceed."): a question of it has no referent
_ELLIPTICAL_SUBJECTS = {"all", "each", "both", "some", "many", "most", "none", "either", "neither", "several", "few",
                        "any", "all of them", "each of them", "both of them", "some of them", "most of them"}


def keeps_negation(phrasing: "Phrasing") -> bool:
    """v11: a yes/no verification whose expected answer is "yes" is negated exactly when its
    claim is: "Does Plane change the status ...?" verifies nothing of "Plane does not change the
    status ...", whose answer to it is "no"."""
    return bool(_NEGATED.search(phrasing.question)) == bool(_NEGATED.search(phrasing.claim))


def names_strength(question: str, word: str) -> bool:
    """v4: the question keeps the strength of ``word``, in its own words or in a plain spoken
    form of the same strength ("must" as "have to", "all" as "every")."""
    from ..values.text import contains_phrase

    return any(contains_phrase(question, w) for w in (word, *_SAME_STRENGTH.get(word.strip().lower(), ())))


#: v4: plain spoken forms of a strong word that keep its strength ("must" -> "have to")
_SAME_STRENGTH = {"must": ("have to", "has to"), "shall": ("have to", "has to"), "all": ("every",),
                  "every": ("every",)}


#: v6: a sentence that opens with two capitalised words coordinated ("High and Critical alerts
#: ...", "Admins or Owners can ..."): both are names of categories, so neither is lowered
_CAPITALISED_PAIR = re.compile(r"^[*_`]*[A-Z][a-z]+[*_`]*,?\s+(?:and|or|&)\s+[*_`]*[A-Z]")


def _render(sentence: Sentence, site: Slot, family: str, env: Environment, version: str, claim: str,
            answer_slot: Slot | None, doc_text: str | None = None) -> Phrasing | None:
    text = sentence.text
    keep_case = any(s.start <= len(text) - len(text.lstrip()) + 1 and s.kind in _NAME_KINDS for s in sentence.slots)
    first = re.match(r"[*_`]*([A-Z][a-z]+)\b", _BULLET.sub("", text).strip())
    if _v8_rules(version) and doc_text is not None and first and first.group(1).lower() not in _FUNCTION_WORDS and (
            written_as_name(first.group(1), doc_text, alone=True)):
        keep_case = True  # "Knock groups ..." -> "Will Knock group ...?": the page writes it as a name
    if _v6_rules(version) and _CAPITALISED_PAIR.match(_BULLET.sub("", text).strip()):
        keep_case = True  # "High and Critical alerts": a category name keeps its capital beside its capitalised pair
    parts = _clause_parts(text, site, answer_slot, keep_case=keep_case,
                          allow_negation=(version != "v1" and family == "polarity"), strict=_rules_of(version),
                          v5=_v5_rules(version), v11=v11_rules(version))
    ctx = {
        "family": family,
        "kind": site.kind,
        "claim": claim,
        "sentence": text,
        "site": site.text,
        "replacement": None,
        "answer": answer_slot.text if answer_slot else None,
        "answer_kind": answer_slot.kind if answer_slot else None,
        "in_situ": parts.get("in_situ"),
        "subject": parts.get("subject"),
        "aux": parts.get("aux"),
        "rest": parts.get("rest"),
        "rest_without_not": parts.get("rest_without_not"),
        "fronted": parts.get("fronted"),
        "modal_phrase": parts.get("modal_phrase"),
        "plain": plain_yes_no(parts, site, family, v6=_v6_rules(version), v8=_v8_rules(version),
                              v9=_v9_rules(version)) if _v4_rules(version) and family in VERIFYING
        else None,
    }
    if _v4_rules(version) and family in VERIFYING and _two_predicates(parts.get("rest") or ""):
        return None  # "Should I review my limits and consider upgrading?": two questions in one
    if _v4_rules(version) and family in VERIFYING and re.search(
            r"\b(?:until|unless|before|after|once|while|because|since|if|when)\b", parts.get("subject") or ""):
        return None  # "Wait until your instance has cloned ...": a clause, not a subject, before the auxiliary
    if v11_rules(version) and (parts.get("subject") or "").strip().lower() in _ELLIPTICAL_SUBJECTS:
        return None  # "All must pass ...": all of what the sentence before lists ("Does All have to pass?")
    try:
        template = question_template(env, family, version)
    except TemplateNotFound:
        template = question_template(env, "default", version)
    if answer_slot is not None and answer_slot.kind in _FRONTED_ONLY:
        ctx["in_situ"] = None
    if _v5_rules(version) and ctx["in_situ"] and not ctx["fronted"]:
        wh = parts.get("wh") or ""
        v11 = v11_rules(version)
        ctx["in_situ"] = do_fronted(ctx["in_situ"], wh, v11=v11) or pp_fronted(ctx["in_situ"], wh, v11=v11) \
            or ctx["in_situ"]
    question = " ".join(template.render(**ctx).split())
    if not question or not question.endswith("?") or " ," in question or ",," in question:
        return None
    if version != "v1" and (len(question.split()) > MAX_QUESTION_WORDS or question[:1].isdigit()):
        return None  # nobody asks a 30-word question, or starts one with a number
    if version == "v1":
        answer = _answer_for(sentence, site, family, answer_slot)
    elif family in VERIFYING:
        if not _verifiable(sentence, site, family, parts):
            return None
        if _rules_of(version) and (_main_verb_aux(parts) or not _bare_verb_after_modal(parts)):
            return None  # "OHRM does a final review" -> "Does OHRM a final review?" is no English
        answer = "yes"
    else:
        answer = answer_value(answer_slot) if answer_slot is not None else None
    if not answer:
        return None
    return Phrasing(claim, question[:1].upper() + question[1:], answer, answer_slot)


#: quantifiers whose weakening ("all" -> "most") a yes/no question can verify
_UNIVERSAL = {"all", "every", "each", "always", "everyone", "everything", "both"}
#: obligations whose weakening ("must" -> "may") a yes/no question can verify
_OBLIGATION = {"must", "shall", "should", "required", "have to", "has to", "need to", "needs to"}
#: "should" + these verbs states an expectation, not an obligation ("you should see ...")
_EPISTEMIC_AFTER = re.compile(r"^\s*(?:now\s+|then\s+|also\s+)?(?:see|notice|appear|show|receive|get|be able|look|"
                              r"work|return|display|take|expect|find|hear|start|begin|become|be (?:enough|sufficient|"
                              r"fine|ok|okay|possible|visible|ready|done|complete|available|good|safe))\b", re.I)


def _verifiable(sentence: Sentence, site: Slot, family: str, parts: dict) -> bool:
    """A yes/no verification must turn on the strong word itself: a universal quantifier in
    aggregation, an obligation (the question's own auxiliary) in modality."""
    value = (site.value or site.text).strip().lower()
    if family == "aggregation":
        return value in _UNIVERSAL
    if family == "modality":
        if value not in _OBLIGATION or (parts.get("aux") or "") != site.text.strip().lower():
            return False
        return not _EPISTEMIC_AFTER.match(sentence.text[site.end:])
    return True


def _main_verb_aux(parts: dict) -> bool:
    """The "auxiliary" is a main verb ("does a review", "has at least two instances"): a
    question fronting it needs do-support, which the verification shape does not give. As an
    auxiliary, "do" is followed by a bare verb and "have" by a past participle (lemminflect's
    lexicon decides), adverbs aside; and "may"/"might"/"could" fronted ask permission or
    possibility, not whether the statement holds ("May you be required to ...?")."""
    from lemminflect import getAllInflections

    aux = parts.get("aux")
    if aux in ("may", "might", "could"):
        return True
    if aux not in ("do", "does", "did", "has", "have", "had"):
        return False
    words = [w for w in re.findall(r"[A-Za-z-]+", parts.get("rest") or "")
             if not w.endswith("ly") and w not in ("already", "also", "not", "never", "always", "just", "still", "now")]
    if not words or not words[0].islower():
        return True
    word = words[0]
    if aux in ("do", "does", "did"):
        return "VB" not in getAllInflections(word, upos="VERB") or word not in getAllInflections(word, upos="VERB")["VB"]
    for lemma_forms in (getAllInflections(lemma, upos="VERB") for lemma in _verb_lemmas(word)):
        if word in lemma_forms.get("VBN", lemma_forms.get("VBD", ())):
            return False  # the lexicon lists a regular verb's participle under its past tense
    return True


def _bare_verb_after_modal(parts: dict) -> bool:
    """After a fronted modal ("Should you ...", "Must the team ...") the verb is in its bare form
    ("Should you review ...?"); "Should you expected changes ...?" is no question."""
    from lemminflect import getAllInflections

    if parts.get("aux") not in ("must", "shall", "should", "can", "will", "would"):
        return True
    words = [w for w in re.findall(r"[A-Za-z-]+", parts.get("rest") or "")
             if not w.endswith("ly") and w not in ("also", "not", "never", "always", "just", "still", "now", "only")]
    if not words:
        return False
    return any(words[0] in getAllInflections(lemma, upos="VERB").get("VB", ()) for lemma in _verb_lemmas(words[0]))


def _verb_lemmas(word: str) -> tuple[str, ...]:
    from lemminflect import getLemma

    return tuple(getLemma(word, upos="VERB"))


def answer_value(slot: Slot) -> str:
    """The expected answer for an answer slot: the value as a reader would state it ("3.2.0"
    for "version 3.2.0", the plan's name for a tier)."""
    text = slot.text.strip()
    if slot.kind == "version":
        m = re.fullmatch(r"(?:version|release|v)\s*(\d[\w.+-]*)", text, re.I)
        if m:
            return m.group(1)
    return text


# --------------------------------------------------------------------------- internals


def _answer_slot(sentence: Sentence, site: Slot, family: str) -> Slot | None:
    if family in VALUE_FAMILIES and site.kind in ANSWER_KINDS:
        return site
    if family in VALUE_FAMILIES:
        return site  # org / person / product: asked with "which"
    if family == "scope":
        others = [s for s in sentence.slots if s is not site and s.kind in ANSWER_KINDS]
        others.sort(key=lambda s: (ANSWER_KINDS.index(s.kind), s.start))
        return others[0] if others else None
    return None


def _answer_for(sentence: Sentence, site: Slot, family: str, answer_slot: Slot | None) -> str | None:
    if answer_slot is not None:
        return answer_slot.text
    t = sentence.text
    if family == "polarity":
        # the cue and the word after it: "not included", or the auxiliary and its word
        m = re.match(r"\s*(\S+)", t[site.end :])
        nxt = m.group(1).strip(".,;:") if m else ""
        if site.kind == "negation":
            return f"{site.text} {nxt}".strip() if site.text.lower() != "n't" else None
        if nxt.lower() in ("the", "a", "an", "to", "be", "also", "only", "available"):
            return None  # "is the ..." has no checkable predicate word
        return nxt or None
    if family == "aggregation":
        if site.value in ("no", "none"):
            return None  # "no X" reads as negation: polarity's job
        m = re.match(r"\s*(\S+)", t[site.end :])
        nxt = m.group(1).strip(".,;:") if m else ""
        return f"{site.text} {nxt}".strip()
    if family == "modality":
        return site.text
    return None


_NAME_KINDS = {"tier", "geo", "org", "person", "product", "region", "version"}


#: an answer left in place reads as a question only this close to the front of its clause
MAX_IN_SITU_PREFIX = 6
_PERSONAL_START = re.compile(r"^(?:you|we|i|our|your|us|one)\b", re.I)


def _finite_in(words: list[str]) -> bool:
    """Whether any of ``words`` is a finite verb form lemminflect knows that is no plain noun
    plural ("receives", "approved"; not "plans", "fixes" after a noun)."""
    from lemminflect import getAllInflections, getAllLemmas

    for w in words:
        low = w.lower()
        if _AUX.fullmatch(low):
            return True
        lemmas = getAllLemmas(low)
        if "VERB" not in lemmas or "NOUN" in lemmas:
            continue
        forms = getAllInflections(lemmas["VERB"][0], upos="VERB")
        if low in forms.get("VBZ", ()) or low in forms.get("VBD", ()):
            return True
    return False


def _split_at_wh(in_situ: str, wh: str) -> tuple[list[str], str] | None:
    """The words before the wh-phrase ``wh`` of an in-place question and the text after it, or
    None when there is no wh-phrase or nothing stands before it (shared by :func:`do_fronted`
    and :func:`pp_fronted`)."""
    if not wh:
        return None
    at = in_situ.find(wh)
    if at <= 0:
        return None
    return in_situ[:at].split(), in_situ[at + len(wh):]


def do_fronted(in_situ: str, wh: str, *, v11: bool = False) -> str | None:
    """v5: an in-place question with a lexical verb before its wh-phrase is asked with do-support,
    as people ask it: "The Team plan includes how many seats" -> "How many seats does the Team
    plan include"; "... includes how many GB of storage per month" -> "How many GB of storage
    does ... include per month". lemminflect's lexicon decides that the word is a verb in the
    present (does/do) or the past (did); anything else (an auxiliary, a noun, a subject of more
    than six words) stays as it was (None)."""
    from lemminflect import getAllInflections, getLemma

    split = _split_at_wh(in_situ, wh)
    if split is None:
        return None
    before, after = split
    prep = ""
    if before and before[-1].lower() in _PREPS:  # "responds within how many hours": the preposition moves too
        prep, before = before[-1].lower() + " ", before[:-1]
    if not 2 <= len(before) <= MAX_IN_SITU_PREFIX:
        return None
    verb, subject = before[-1], " ".join(before[:-1])
    if verb in _PREPS or verb in ("a", "an", "the", "and", "or"):
        return None
    if _AUX.match(after.strip()) or _finite_in(before[:-1]):
        return None  # "the rate limit on which plan is 300": the wh-phrase sits in the subject;
        # "version 3.2.0 receives security fixes until ...": the verb came before the last word
    if not re.fullmatch(r"[a-z]+", verb) or re.search(r"\b(?:not|never|cannot|\w+n['’]t|be|been|being)\b", subject,
                                                     re.I):
        return None  # "Seats cannot be added to which plan": a modal and a passive take no do-support
    if verb in ("has", "have", "had"):  # "has" as the main verb: "does ... have"
        do, lemma = {"has": "does", "have": "do", "had": "did"}[verb], "have"
    else:
        if _AUX.match(verb) or any(_AUX.match(w) for w in before[:-1]):
            return None  # "are kept for how many days": the clause already has its auxiliary
        lemmas = getLemma(verb, upos="VERB")
        forms = getAllInflections(lemmas[0], upos="VERB") if lemmas else {}
        if not any(verb in written for written in forms.values()):
            return None  # not a verb lemminflect knows
        lemma = lemmas[0]
        if verb in forms.get("VBZ", ()) and verb != lemma:
            do = "does"
        elif verb in forms.get("VBD", ()):
            do = "did"
        elif verb == lemma:
            do = "do"
        else:
            return None
    of = of_phrase(after) if v11 else re.match(r"\s+of\s+[a-z][a-z-]*", after)  # "how many GB of storage" moves as one phrase
    if of is False:
        return None  # v11: an "of" phrase that does not end soon stays in place
    moved = prep + wh + (of.group(0) if of else "")
    rest = after[of.end():] if of else after
    if re.search(r"\b(?:and|or|but)\b", rest):
        return None  # "costs how much and includes ...": the second verb would keep its -s
    return f"{moved[:1].upper()}{moved[1:]} {do} {subject} {lemma}{rest}"


def pp_fronted(in_situ: str, wh: str, *, v11: bool = False) -> str | None:
    """v5: a wh-phrase inside a prepositional phrase on the subject moves to the front with its
    preposition, and the auxiliary after it inverts with the subject, as English asks it: "new
    workspaces on which plan can start a trial" -> "On which plan can new workspaces start a
    trial"; "support for which version of X was removed in 3.4" -> "For which version of X was
    support removed in 3.4". Only before an auxiliary or modal (a lexical verb would need
    do-support: None), with a subject of at most five words holding no verb or negation."""
    split = _split_at_wh(in_situ, wh)
    if split is None:
        return None
    before, after = split
    if len(before) < 2 or before[-1].lower() not in _FRONTABLE:
        return None
    prep, subject = before[-1].lower(), before[:-1]
    if len(subject) > 5 or _finite_in(subject) or re.search(r"\b(?:not|never|no|and|or)\b", " ".join(subject), re.I):
        return None
    of = of_phrase(after) if v11 else re.match(r"\s+of\s+[A-Za-z][\w.-]*", after)
    if of is False:
        return None
    moved = wh + (of.group(0) if of else "")
    rest = after[of.end():] if of else after
    aux = re.match(r"\s+(is|are|was|were|will|can|must|may|should|has|have|could|would|might)\s+(?=\S)", rest)
    if not aux:
        return None
    lead = f"{prep} {moved}"
    return f"{lead[:1].upper()}{lead[1:]} {aux.group(1)} {' '.join(subject)} {rest[aux.end():]}"


def natural_in_situ(before: str, after: str) -> bool:
    """v3: "The Hobby plan includes how much usage?" is a question; "We recommend switching
    back to X if ... after upgrading to which region?" is an echo of the sentence. The answer
    may stay in place when the words before it are a short subject and verb (at most
    :data:`MAX_IN_SITU_PREFIX`), not an instruction to the reader ("You can ..."), with no
    comma or second clause, and the wh-phrase ends at a word boundary ("how much/GB" does not)."""
    words = before.split()
    if len(words) > MAX_IN_SITU_PREFIX or _PERSONAL_START.match(before.strip()):
        return False
    if before and not before[-1].isspace():
        return False  # "stored in 1:how many seconds": the value was glued to a word or a ratio
    if not words and not _AUX.match(after.strip()):
        return False  # "How much on Hobby and $20 on Pro that covers ...?": a wh-subject needs its verb next
    if re.search(r"[,;(]|\b(?:and|or|if|when)\b", before):
        return False
    if re.search(r"\b(?:over|under|above|below|of|for|with|at|by|from|per)\s*$", before) and not _AUX.search(before):
        return False  # "Receipts for any expense over how much are required?": the answer sits inside the subject
    return not re.match(r"[/(\-–]", after)


def _clause_parts(text: str, site: Slot, answer_slot: Slot | None, *, keep_case: bool = False,
                  allow_negation: bool = False, strict: bool = False, v5: bool = False,
                  v11: bool = False) -> dict:
    parts: dict = {}
    body = _BULLET.sub("", text).strip().rstrip(".")
    offset = len(text) - len(text.lstrip())
    bullet = _BULLET.match(text)
    if bullet:
        offset = bullet.end()
    if answer_slot is not None:
        wh = wh_phrase(answer_slot)
        if wh:
            a, b = answer_slot.start - offset, answer_slot.end - offset
            noun = _KIND_NOUN.match(body[b:]) if answer_slot.kind in _DEFAULT_NOUN else None
            if noun:  # "the Pro plan" -> "which plan"
                wh = f"which {noun.group(1).lower()}"
                b += noun.end()
            every = re.search(r"\bevery\s+$", body[:a], re.I)
            if every and answer_slot.kind == "duration":  # "reviewed every six months" -> "how often"
                wh, a = "how often", every.start()
            coordinated = re.match(r"\s*(?:and|or)\b", body[b:]) or re.search(r"\b(?:and|or)\s*$", body[:a])
            appositive = body[:a].rstrip().endswith(",")
            nxt = re.match(r"\s*([A-Za-z]+)", body[b:])
            attributive = "-" in answer_slot.text or body[b:b + 1] == "-" or (nxt is not None and nxt.group(1).lower() not in _AFTER_VALUE
                                                      and answer_slot.kind not in _FRONTED_ONLY)
            bracketed = body[:a].count("(") > body[:a].count(")") or body[:a].endswith(("-", "–", "/"))
            # "a price of $29 per month applies": the value completes a noun phrase, not a clause
            bracketed = bracketed or bool(re.search(r"\b(?:of|with)\s+$", body[:a]))
            # "a flat $40 per night", "the first 14 days": the value sits inside a noun phrase
            bracketed = bracketed or bool(re.search(r"\b(?:a|an|the)\s+[a-z]+\s+$", body[:a], re.I))
            # "your production environment" -> "your which environment" is no English
            bracketed = bracketed or bool(_DETERMINER_BEFORE.search(body[:a]) and not re.search(
                r"\b(?:the|a|an)\s*$", body[:a], re.I))
            # "Fixed an issue where ...": a capitalised verb read as a name is followed by an article
            verb_like = a == 0 and re.match(r"\s+(?:a|an|the)\b", body[b:]) is not None
            if 0 <= a < b <= len(body) and not (coordinated or appositive or attributive or bracketed or verb_like):
                before = body[:a]
                # "$29 per month" -> "how much per month"; "a 99.9% uptime" -> "what percentage uptime"
                before = re.sub(r"\b(an?|the|The|A|An)\s+$", "", before)
                in_situ = (before + wh + body[b:]).strip()
                if "," not in body and len(body.split()) <= 22 and (a > 0 or _AUX.search(body)) and (
                        not strict or natural_in_situ(before, body[b:])):
                    parts["in_situ"] = _lower_first(in_situ) if a > 0 else in_situ
                parts["wh"] = wh
                parts["answer_span"] = (a, b)
    m = _AUX.search(body)
    if m and 0 < m.start() <= 80 and "," not in body[: m.start()] and not _CLAUSE_START.match(body):
        subject = body[: m.start()].strip()
        rest = body[m.end() :].strip()
        if subject and len(subject.split()) <= 8 and not _SUBJECT_STOP.search(subject):
            parts["subject"] = subject if keep_case else _lower_first(subject)
            parts["aux"] = m.group(1).lower()
            parts["rest"] = rest
            parts["rest_without_not"] = re.sub(r"^not\s+|^never\s+", "", rest)
            if parts["aux"] in ("must", "may", "should", "can", "shall"):
                parts["modal_phrase"] = parts["aux"]
            span = parts.get("answer_span")
            if span and span[0] >= m.end() and parts["aux"] not in ("has", "have", "does", "do", "did"):
                parts["fronted"] = _fronted(body, m, span, parts["wh"], parts["subject"],
                                            allow_negation=allow_negation, _v5=v5, _v11=v11)
    return parts


def _fronted(body: str, aux: re.Match, span: tuple[int, int], wh: str, subject: str, *,
             allow_negation: bool = False, _v5: bool = False, _v11: bool = False) -> str | None:
    """ "Logs are kept for 14 days in X" -> "For how many days are logs kept in X";
    "You will have 7 days to reply" -> "How many days will you have to reply"."""
    a, b = span
    between = body[aux.end() : a]
    if wh.startswith("which "):
        between = re.sub(r"\b(?:the|a|an)\s+$", "", between, flags=re.I)  # "in the Pro plan" -> "in which plan"
    after = body[b:]
    prep = ""
    m = re.search(r"\b(" + "|".join(p.replace(" ", r"\s") for p in _PREPS) + r")\s+$", between)
    if m:
        if m.group(1) not in _FRONTABLE:
            return None  # "a grant of $5", "limit you to 40 hours": in-place wording reads better
        prep = m.group(1)
        between = between[: m.start()]
    if prep and _v11:
        of = of_phrase(after)  # v11: "after 14 days of failed attempts" moves whole, or not at all
        if of is False:
            return None
    else:
        of = re.match(r"\s+of\s+(?:(?:a|an|the|your|my|our|their)\s+)?[a-z][a-z-]*\b(?!\s*(?:of|'s)\b)", after) \
            if prep and _v5 else None
    if of:  # v5: "within 72 hours of confirmation" moves as one phrase, as in :func:`do_fronted`
        wh, after = wh + of.group(0), after[of.end():]
    if re.match(r"\s*(?:of\b|\()", after):
        return None  # "8 weeks of FMLA", "3 days (24 hours)": the value heads a longer phrase
    if _BOUND_BEFORE.search(between) or _DETERMINER_BEFORE.search(between):
        return None  # "at least 45 days", "the 14 days": the value is inside a phrase fronting would split
    if (not allow_negation and re.search(r"\b(?:not|never)\b", between)) or "," in between:
        return None
    if re.search(r"\b(?:and|or)\b", between):
        return None  # "stay ... and claim $40": fronting would pull the value out of a second verb phrase
    lead = f"{prep} {wh}" if prep else wh
    tail = " ".join((between + " " + after).split())
    question = f"{lead} {aux.group(1).lower()} {subject} {tail}".strip()
    return question[:1].upper() + question[1:]


_BOUND_BEFORE = re.compile(r"\b(?:at least|at most|up to|more than|less than|fewer than|over|under|about|roughly|"
                           r"approximately|around|nearly|almost|only|just|exactly|maximum of|minimum of)\s*$", re.I)
_DETERMINER_BEFORE = re.compile(r"\b(?:the|a|an|your|our|their|its|his|her|this|that|these|those|each|every|"
                                r"any|some|no)\s*$", re.I)


def _lower_first(text: str) -> str:
    """Lower-case a sentence-initial common word ("Restores from ..." -> "restores from ...");
    keep acronyms and names ("SAML", "Vantrelle Boards")."""
    words = text.split()
    if not words:
        return text
    first = words[0]
    if first.isupper() and len(first) > 1:
        return text
    if len(words) > 1 and words[1][:1].isupper() and not _LOWER_OK.match(text):
        return text  # a multi-word name
    # names at the start of a sentence are slots (callers pass keep_case); anything else that
    # is capitalised only because it starts the sentence is lowered
    if first[:1].isupper() and (first[1:].islower() or len(first) == 1):
        return text[:1].lower() + text[1:]
    return text


#: the longest heading a question can carry as the table's name
MAX_HEADING_WORDS = 8


#: v8: pronouns and vague words that open no name of a table ("This depends on your plan:")
_VAGUE_LEAD = {"this", "that", "it", "these", "those", "they", "you", "we", "following", "below", "above",
               "here", "there", "which", "what", "each", "both", "all", "some", "one"}


def table_lead_in(doc_text: str, pos: int) -> str | None:
    """v8: the subject of the line that introduces the table holding ``pos`` ("Application Logs
    retention depends on your plan:" -> "Application Logs retention"; "Audit logs are retained
    for different periods depending on your plan:" -> "Audit logs"), or None. Documentation
    introduces a table with a clause ending in a colon, and its subject says what the rows are
    about when the section heading ("Plans and retention") only repeats the columns. The line is
    the one :func:`fairness.coherence.lead_in_line` finds over a block of rows (the loader writes
    a row a line); its subject is read from a spaCy parse (the nominal subject's span, an article
    dropped), one to five words, no pronoun."""
    from .fairness.coherence import lead_in_line  # deferred: fairness imports this module

    line = lead_in_line(doc_text[:pos], doc_text[pos:])
    if line is None or len(line.split()) > 16:
        return None
    doc = _parse(line.strip())
    subjects = [t for t in doc if t.dep_ in ("nsubj", "nsubjpass") and t.head.dep_ == "ROOT"]
    if not subjects:
        return None
    span = re.sub(r"^(?:the|a|an)\s+", "", doc[subjects[0].left_edge.i: subjects[0].right_edge.i + 1].text, flags=re.I)
    words = span.split()
    if not 1 <= len(words) <= 5 or any(w.lower() in _VAGUE_LEAD for w in words) or not re.fullmatch(
            r"[A-Za-z][\w .'-]*", span):
        return None
    return span


def heading_before(doc_text: str, pos: int) -> str | None:
    """The nearest heading above ``pos`` (:func:`heading_before_any`) when it is a noun phrase,
    else None."""
    line = heading_before_any(doc_text, pos)
    if line is None or not _noun_heading(line):
        return None  # the section is named by a clause or an instruction: no table name to give
    return line


#: the word after an imperative verb in a heading: a particle, a preposition or a determiner
_IMPERATIVE_HEADING = re.compile(r"(?:back|up|out|down|off|in|on|over|from|to|with|the|a|an|your|our|my|it)$")
#: headings that name no subject: a question gains nothing from them
_GENERIC_HEADINGS = {"faq", "faqs", "overview", "summary", "details", "notes", "examples", "example", "reference",
                     "introduction", "more information", "see also", "related", "resources", "table", "tables"}


def _noun_heading(line: str) -> bool:
    """A heading a question can call "the <heading> table": a noun phrase, not a generic word, a
    clause ("Resources are billed at") or a trailing preposition."""
    low = line.lower()
    if low in _GENERIC_HEADINGS or low.rstrip("s") in _GENERIC_HEADINGS:
        return False
    if re.search(r"\b(?:is|are|was|were|be|can|will|should|must|do|does|you|we|how|what|why|when)\b", low):
        return False
    words = low.split()
    if len(words) > 1 and _IMPERATIVE_HEADING.match(" ".join(words[1:2])):
        from lemminflect import getAllInflections

        if words[0] in getAllInflections(words[0], upos="VERB").get("VB", ()):
            return False  # "Roll back from the dashboard", "Set up a project": an instruction
    return not re.search(r"\b(?:at|to|for|of|in|on|by|with|from|and|or|the|a|an)$", low)


def _phrase_row(sentence: Sentence, site: Slot, family: str, env: Environment, version: str,
                heading: str | None = None, lead: str | None = None) -> Phrasing | None:
    cells = row_cells(sentence.text)
    if len(cells) < 2:
        return None
    key_header, key_value, _ = cells[0]

    def cell_of(slot: Slot) -> int | None:
        for i, (_, value, at) in enumerate(cells):
            if at <= slot.start and slot.end <= at + len(value):
                return i
        return None

    site_cell = cell_of(site)
    if site_cell is None:
        return None
    if site_cell == 0:
        if family not in ("scope", "entity"):
            return None
        # the key is the mutated attribute: ask for another cell's value, pinning the key
        answer_slots = [s for s in sentence.slots if s is not site and s.kind in ANSWER_KINDS and cell_of(s) not in (None, 0)]
        if not answer_slots:
            return None
        answer_slot = answer_slots[0]
    elif version != "v1":
        if family not in VALUE_FAMILIES and family != "scope":
            return None
        return _phrase_row_key(sentence, cells, cells[site_cell], site, family, env, version, heading, lead)
    else:
        if family not in VALUE_FAMILIES and family != "scope":
            return None
        answer_slot = site if family in VALUE_FAMILIES else None
        if answer_slot is None:
            return None
    j = cell_of(answer_slot)
    header, value, at = cells[j]
    if _rules_of(version) and _named_column(sentence, header, at):
        return None  # "Vercel: 4GB": a column named after a product compares products, it is no attribute
    if _v6_rules(version):
        why = row_header_problem(header, value)
        kind = re.sub(r"s$", "", key_header.strip().split()[-1].lower()) if key_header.strip() else ""
        if why == "qualifier-header" and re.fullmatch(r"[A-Za-z][\w -]{1,30}", key_header) and (
                kind not in _KIND_KEYS + _LABEL_KEYS):  # "the current plan for the Pro plan" says nothing
            from .families import grammar

            # "Limit: Payload size; Current: 300 MiB": the adjective qualifies the key's kind, so the
            # attribute is "the current limit" ("What is the current limit for payload size?")
            words = soft_lower(key_header).split()
            header, why = " ".join([header] + words[:-1] + [grammar.singularize(words[-1])
                                                             if grammar.is_plural_noun(words[-1]) else words[-1]]), None
        if why or _finite_in(key_value.split()[1:]):
            return None  # "What is the example for X?", a key that is a clause: no attribute of a named row
    if answer_slot.kind == "year" and not re.search(r"date|year|since|until|release|effective|updated|deadline", header, re.I):
        return None  # a bare four-digit number under "Count" is not a year
    if (not header or not key_value or len(value.split()) > 8 or "*" in header + key_value
            or re.search(r"\b(?:by|to|for|of|from|at|in)$", header, re.I)):
        return None
    ctx = {"key_header": key_header, "key": key_value, "header": header, "value": value, "family": family,
           "heading": _table_name(heading, key_value, header, v9=_v9_rules(version))}
    if _v4_rules(version):
        ctx.update(spoken_row(key_header, key_value, header, value, ctx["heading"], lead))
    claim = " ".join(question_template(env, "row_claim", version).render(**ctx).split())
    question = " ".join(question_template(env, "row", version).render(**ctx).split())
    question = question[:1].upper() + question[1:]
    if not question.endswith("?"):
        return None
    return Phrasing(claim, question, answer_slot.text, answer_slot)


def _named_column(sentence: Sentence, header: str, at: int) -> bool:
    """The column header is itself a plan, product or other name (a comparison matrix)."""
    return any(s.kind in _NAME_KINDS and at - len(header) - 2 <= s.start and s.end <= at - 2 for s in sentence.slots)


def _table_name(heading: str | None, key: str, header: str, *, v9: bool = False) -> str | None:
    """The heading as the table's name in a question ("the plan limits table"), or None when
    there is none or it only repeats the row's own words. v9: a first word English knows only as
    a bare verb opening a title-cased heading ("Google Cloud Platform") opens a name and keeps its
    capital; a participle or gerund ("Supported regions", "Pricing"), a noun, or a verb in a
    sentence-case heading ("Deploy options") is lowered."""
    if not heading or re.search(r"[,;:–—()/]| - ", heading):
        return None  # "Split, Croatia", "Appendix A – retention": a place or a label, not a table's name
    from lemminflect import getAllLemmas

    first = heading.split()[0]
    lemmas = getAllLemmas(first.lower())
    common = first[1:].islower() and bool(lemmas)  # an English word, not a brand
    words = heading.split()
    if v9 and common and set(lemmas) == {"VERB"} and lemmas["VERB"][0] == first.lower() and (
            len(words) == 1 or words[1][:1].isupper()):
        common = False  # "Google Cloud Platform": a bare verb form opening a title-cased heading is a name
    name = (first[:1].lower() + first[1:] if common else first) + heading[len(first):]
    if name.lower() in (key.lower(), header.lower()) or name.lower() in ("overview", "summary", "details", "notes"):
        return None
    return name


#: first-column headers that name no kind of thing, so "For which <header>" asks nothing
_GENERIC_HEADERS = {"name", "names", "title", "label", "id", "key", "value", "item", "items", "description",
                    "details", "notes", "column", "field", "entry", "#", "no.", "number"}
#: v3: the longest cell a question pins as its condition
MAX_PINNED_CELL_WORDS = 5
#: v3: the longest question; a longer yes/no question is a sentence read back, not asked
MAX_QUESTION_WORDS_V3 = 20
#: v3: headers that only repeat the value's unit ("Days: 60 days"): they name no attribute
_UNIT_HEADERS = {"days", "hours", "minutes", "seconds", "weeks", "months", "years", "amount", "count", "total", "gb",
                 "mb", "tb", "usd", "dollars", "percent", "%"}


#: v5: a cell value that is an adverbial (a frequency, a time frame, a bound), not a thing a row "has"
_ADVERBIAL_VALUE = re.compile(r"(?:every|each|per|once|twice|within|after|before|until|by|daily|weekly|monthly|"
                              r"quarterly|yearly|annually|hourly|nightly)\b", re.I)


def _phrase_row_key(sentence: Sentence, cells, cell, site: Slot, family: str, env: Environment,
                    version: str, heading: str | None = None, lead: str | None = None) -> Phrasing | None:
    """v2, a changed value in a non-key cell: pin that value, ask for the row's key
    ("For which plan is the RTO 8 hours?")."""
    key_header, key_value, _ = cells[0]
    header, value, at = cell
    if _named_column(sentence, header, at):
        return None  # a column named after a plan or product ("Free: 256 MB"): a comparison matrix
    if site.kind == "year" and not re.search(r"date|year|since|until|release|effective|updated|deadline", header, re.I):
        return None  # a bare four-digit number under "Count" is not a year
    if (not key_header or not key_value or not header or len(key_value.split()) > 6 or len(value.split()) > 8
            or "*" in key_header + header + key_value or re.search(r"\b(?:by|to|for|of|from|at|in)$", header, re.I)):
        return None
    if key_value.strip().lower() in ("yes", "no", "n/a", "-", "none", "all") or not re.search(r"[A-Za-z]", key_value):
        return None
    if key_header.strip().lower() in _GENERIC_HEADERS or header.strip().lower() in _GENERIC_HEADERS:
        return None  # "For which name is ...": the header does not say what kind of thing the row is
    if _rules_of(version) and len(value.split()) > MAX_PINNED_CELL_WORDS:
        return None  # "is the definition Expected to happen within ...": a sentence pasted as a condition
    if _rules_of(version) and header.strip().lower() in _UNIT_HEADERS:
        return None  # "For which plan are the days 60 days ...?": the header only repeats the unit
    if _v5_rules(version) and _ADVERBIAL_VALUE.match(value.strip()):
        return None  # "which environment has a restore test of Every six months?": a frequency is no "of" value
    if _v5_rules(version) and re.sub(r"[^a-z]", "", header.split()[-1].lower()).rstrip("s") in _KIND_KEYS:
        return None  # "Which method has a plan of Enterprise?": a plan is where a row is offered, not what it has
    if _v5_rules(version) and _finite_in(key_value.split()[1:]):
        return None  # "Which action has ...?" answered "Agency gathers signatures": a clause is no name of a row
    if _v6_rules(version) and row_header_problem(header, value):
        return None  # "Which metric name has an example of 1.3.0?": the header is no attribute of the row
    key_end = len(key_header) + 2 + len(key_value)
    if any(s.family in ("quantity", "date") and s.start < key_end for s in sentence.slots):
        return None  # the row's key is itself a value ("250 MB"): no name to ask for
    if any(unicodedata.category(ch) == "So" for ch in sentence.text):
        return None  # a feature matrix of check marks, not a table of values
    ctx = {"key_header": key_header, "key": key_value, "header": header, "value": value, "family": family,
           "heading": _table_name(heading, key_value, header, v9=_v9_rules(version))}
    if _v4_rules(version):
        ctx.update(spoken_row(key_header, key_value, header, value, ctx["heading"], lead))
    if _v6_rules(version) and not ctx["heading"] and set(ctx["kh"].lower().split() or [""]) <= _LABEL_KINDS:
        # "Which action has a time of 5 business days?", "Which code is in Singapore?": which table? A key
        # column named by a label noun says nothing of what its rows are; a heading names the table (asked
        # as "In the <heading> table" where it adds words), a domain noun ("sub-processor", "plan") its own
        return None
    claim = " ".join(question_template(env, "row_claim", version).render(**ctx).split())
    question = " ".join(question_template(env, "row_key", version).render(**ctx).split())
    question = question[:1].upper() + question[1:]
    if not question.endswith("?") or not names_condition(question, site, family):
        return None
    key_slot = next((s for s in sentence.slots if s.start >= 0 and sentence.text[s.start:s.end] == key_value), None)
    return Phrasing(claim, question, key_value, key_slot)


# --------------------------------------------------------------------------- v4: table rows as spoken

#: header abbreviations a person says in full ("Max connections" -> "maximum connections")
_HEADER_WORDS = {"max": "maximum", "max.": "maximum", "min": "minimum", "min.": "minimum", "avg": "average",
                 "avg.": "average", "qty": "quantity", "no.": "number", "num": "number", "#": "number"}
#: headers that say where a row is: "Which region is in Frankfurt?"
_PLACE_HEADERS = re.compile(r"^(?:location|city|country|place|metro|area|data ?cent(?:er|re))s?$", re.I)
#: kinds of row key read as "the <key> <kind>" ("the Pro plan")
_KIND_KEYS = ("plan", "tier", "edition", "region", "environment", "zone", "package", "cluster")
#: kinds of row key read as "<kind> <key>" ("version 3.2")
_LABEL_KEYS = ("version", "release", "year", "severity", "level", "priority", "step", "phase")


def spoken_header(header: str) -> tuple[str, str | None]:
    """A column header as a person says it inside a question, and its unit if the header gave one:
    "Max Connections" -> ("maximum connections", None), "Storage (GB)" -> ("storage", "GB"),
    "No. of seats" -> ("number of seats", None). Acronyms keep their case ("RTO")."""
    unit = None
    m = re.fullmatch(r"(.*?)\s*\(([^()]{1,12})\)", header.strip())
    if m and m.group(1) and len(m.group(2).split()) <= 2:
        header, unit = m.group(1), m.group(2).strip()
    words = soft_lower(" ".join(header.split())).split(" ")
    words = [_HEADER_WORDS.get(w.lower(), w) if i == 0 or words[i - 1].lower() in ("in", "per") else w
             for i, w in enumerate(words)]
    if words[:1] == ["number"] and words[1:2] != ["of"] and len(words) > 1:
        words.insert(1, "of")  # "No. seats" -> "number of seats"
    return " ".join(words), unit


def _is_noun(word: str) -> bool:
    """Whether the lexicon knows ``word`` as a noun, or it is no English word at all (an acronym,
    a product term): a header ending in a participle ("Released") is no noun phrase."""
    from lemminflect import getAllLemmas

    lemmas = getAllLemmas(word.lower())
    return not lemmas or "NOUN" in lemmas or word.isupper()


def spoken_row(key_header: str, key: str, header: str, value: str, heading: str | None,
               lead: str | None = None) -> dict:
    """v4 template variables for a table row question: the header as spoken (``hp``), the row's
    key as a noun phrase (``key_np``: "the Pro plan", "version 3.2", "db.m5.large"), the kind of
    thing the key names (``kind``: "which plan"), and which shape reads naturally (``shape``):

    - ``count``: a plural header over a bare number: "How many build minutes does the Growth tier
      have?" / "Which tier has 3000 build minutes?"
    - ``bound``: "Max connections: 100": "What is the maximum number of connections ...?" /
      "Which plan has a maximum of 100 connections?"
    - ``place``: a location column: "Where is ...?" / "Which region is in Frankfurt?"
    - ``unit``: a unit from the header: "What is the storage in GB ...?" / "... storage of 10 GB?"
    - ``plain``: "What is the monthly price for the Team plan?" / "Which plan has a monthly price
      of $20?"; ``None`` (no v4 shape) when the header is no noun phrase.

    ``frame`` is the heading as "In the <heading> table, " when it adds words the question does
    not already hold, else "" (a heading "Plans" over a "Plan" column says nothing more)."""
    from .families import grammar

    hp, unit = spoken_header(header)
    words = hp.split()
    kh = soft_lower(" ".join(key_header.split()))
    kind_word = kh.split()[-1].lower() if kh else ""
    if kh and grammar.is_plural_noun(kh.split()[-1]):
        kh = " ".join(kh.split()[:-1] + [grammar.singularize(kh.split()[-1])])
        kind_word = kh.split()[-1].lower()
    if kind_word in _KIND_KEYS:
        key_np = key if key.lower().endswith(" " + kind_word) else f"the {key} {kind_word}"
    elif kind_word in _LABEL_KEYS and not key.lower().startswith(kind_word):
        key_np = f"{kind_word} {key}"
    else:
        key_np = key
    bare_number = re.fullmatch(r"[\d][\d,]*(?:\.\d+)?", value.strip()) is not None
    if words[:2] == ["number", "of"] and len(words) > 2 and bare_number:
        words = words[2:]  # "number of seats: 40": "How many seats ...?", "... has 40 seats?"
        hp = " ".join(words)
    head = re.split(r"\s(?:per|of|in|on|for|by)\s", hp)[0].split()
    last = head[-1] if head else ""
    plural = bool(last) and grammar.is_plural_noun(last) and not last.isupper() and last.lower() not in _MASS_NOUNS
    shape = "plain"
    if _PLACE_HEADERS.match(hp):
        shape = "place"
    elif words[:1] in (["maximum"], ["minimum"]) and len(words) > 1 and plural and bare_number:
        shape = "bound"
    elif plural and bare_number and not unit:
        shape = "count"
    elif unit and bare_number:
        shape = "unit"
    elif not last or not _is_noun(last):
        shape = None
    verb = "are" if plural else "is"
    seen = {w.lower().rstrip("s") for w in re.findall(r"[A-Za-z]+", f"{key_header} {key} {header}")}
    frame = ""
    if heading and re.match(r"[A-Za-z]+ing\s+(?:the|a|an|your|our|my|its|their|this|these|[a-z]+ed)\b", heading):
        heading = None  # "Understanding included usage", "Managing your team": a section, not a table's name
    for name in (heading, lead):  # v8: the table's lead-in line names it when its heading adds nothing
        new = [w for w in re.findall(r"[A-Za-z]+", name or "") if w.lower().rstrip("s") not in seen
               and w.lower() not in ("the", "a", "an", "and", "or", "of", "per", "for", "in", "on", "by", "table",
                                      "tables", "list", "limits", "details")]
        if new:
            frame = f"In the {name} table, "
            break
    article = grammar.article_for(words[0]) if words else "a"
    return {"shape": shape, "hp": hp, "unit": unit, "kh": kh, "key_np": key_np, "verb": verb, "frame": frame,
            "article": article, "bound": words[0] if shape == "bound" else None,
            "bound_noun": " ".join(words[1:]) if shape == "bound" else None}


# --------------------------------------------------------------------------- v4: plain yes/no questions

#: modifiers of a verified predicate that say why or how, not what holds: dropping them keeps the
#: question entailed by the true sentence (an "all"/"must" statement about more) and shortens
#: the echo ("Are all backups encrypted with AES-256 to meet audit rules?" -> "... with AES-256?")
_PURPOSE_TAIL = re.compile(r",?\s+(?:in order to|so that|so as to|to ensure|to make sure|to help|to avoid|to prevent|"
                           r"to protect|to keep|to comply|to meet|such as|including|for example|for instance|using)\b.*$")
_SUBJECT_HEAD_END = re.compile(r"\s(?:of|in|on|for|with|at|from|by|under|who|that|which|across|within)\b")
#: nouns that look plural but are mass nouns: "all customer data" is no "every customer datum"
_MASS_NOUNS = {"data", "metadata", "media", "news", "analytics", "series", "species", "means", "logistics",
               "headquarters", "statistics", "diagnostics", "economics", "ethics", "physics", "mathematics"}
#: v6: a pronoun subject right after a noun opens a relative clause with no "that" ("the columns you create")
_CONTACT_RELATIVE = re.compile(r"(?<=[a-z])\s+(?:you|we|they|I|he|she)\s+(?=[a-z])")
_AUX_SINGULAR = {"are": "is", "were": "was", "have": "has", "do": "does"}


def _plural_subject(subject: str, v6: bool = False, v9: bool = False) -> bool:
    from .families import grammar

    first = subject.split()[0].lower() if subject.split() else ""
    if first in ("both", "many", "several", "these", "those", "few"):
        return True  # "Do both trainings ..."
    if first in ("all", "most") and len(subject.split()) > 1:
        # "Do all systems requiring SSO have to ...", but "Does all configuration of X have to ...":
        # the head noun decides, as after any determiner
        return _plural_subject(" ".join(subject.split()[1:]), v6, v9)
    if first in ("each", "every", "either", "neither"):
        return False
    head = re.split(r"\s[a-z]+ing\b", _SUBJECT_HEAD_END.split(subject)[0])[0]
    if v6:  # "the columns you create in ...": a relative clause with no "that" ends the head noun's phrase
        head = _CONTACT_RELATIVE.split(head)[0]
    head = head.split()
    if v9:  # "the attributes specified": a participle after the head noun is a reduced relative
        cut = next((i for i, w in enumerate(head) if i and grammar.postmodifying_participle(w.strip(",."))), None)
        head = head[:cut] if cut is not None else head
    if not head:
        return False
    word = head[-1].strip(",.")
    if word.lower() in ("you", "we", "they", "i"):
        return True
    if word.isupper():
        return False  # an acronym names one body ("Does TTS have to ...")
    if word.lower() in _MASS_NOUNS:
        return False  # "Does restricted data have to ..."
    return grammar.is_plural_noun(word) or (len(head) > 1 and head[-2].lower() in ("and",))


#: where a copula's complement noun phrase ends: a preposition, a relative word or a conjunction
_COMPLEMENT_END = re.compile(r"\s+(?:that|which|who|whose|where|with|without|for|of|in|on|at|to|from|by|and|or|"
                             r"than|when|if|unless)\b.*$", re.I)


def _plural_complement(aux: str, rest: str) -> bool:
    """The predicate names its subject by a plural noun ("All sending addresses should be
    functioning mailboxes", "All regions are separate deployments"): "every" would leave a
    singular subject equal to a plural ("every sending address be functioning mailboxes"), so
    the question keeps "all"."""
    body = rest
    if aux.lower() not in ("are", "were"):
        m = re.match(r"(?:also\s+|only\s+|always\s+|still\s+)?be\s+", rest, re.I)
        if not m:
            return False
        body = rest[m.end():]
    if re.match(r"(?:a|an|the|one)\b", body, re.I):
        return False
    words = re.findall(r"[A-Za-z][\w-]*", _COMPLEMENT_END.sub("", body))
    from .families import grammar

    return bool(words) and len(words) <= 4 and grammar.is_plural_noun(words[-1]) \
        and not grammar.is_past_participle(words[-1])


def _every(subject: str) -> str | None:
    """"all backups" -> "every backup", "all paid plans" -> "every paid plan"; None when the noun
    phrase is no plain plural ("all customer data", "all of the plans", "all 3 regions")."""
    from .families import grammar

    m = re.match(r"(?i)all\s+(?:the\s+)?((?:[a-z][\w-]*\s+){0,2})([a-z][\w-]*)((?:\s.*)?)$", subject)
    if not m or re.match(r"(?i)(?:of|the|our|your|their|its|my|his|her|these|those|this|that)\b", m.group(1)) \
            or any(w.isdigit() for w in m.group(1).split()):  # "every" takes no determiner: "all our plans" stays
        return None
    noun = m.group(2)
    if re.search(r"\b(?:and|or|nor)\b|/", m.group(3)):
        return None  # "all cards and coverage questions": "every" would take only the first
    if noun.lower() in _MASS_NOUNS or not grammar.is_plural_noun(noun) or any(grammar.is_plural_noun(w) for w in m.group(1).split()):
        return None
    return f"every {m.group(1)}{grammar.singularize(noun)}{m.group(3)}"


def _two_predicates(rest: str) -> bool:
    """A predicate that coordinates a second bare verb ("review my limits and consider upgrading")
    verifies two statements at once (lemminflect decides what is a bare verb)."""
    from lemminflect import getAllInflections

    m = re.search(r"\s(?:and|or)\s+([a-z]+)\b", rest)
    if not m or not re.match(r"[a-z]+", rest):
        return False
    first, second = rest.split()[0], m.group(1)

    def bare(word: str) -> bool:
        return word in getAllInflections(word, upos="VERB").get("VB", ())

    return bare(first) and bare(second) and first not in ("be", "have")


def plain_yes_no(parts: dict, site: Slot, family: str, *, v6: bool = False, v8: bool = False,
                 v9: bool = False) -> str | None:
    """v4: a verification question in plain spoken English, without its "?", or None to keep the
    v3 shape. "Must a SEV-1 incident be acknowledged ...?" -> "Does a SEV-1 incident have to be
    acknowledged ...?" ("shall" likewise: archaic and legal forms are not how people ask); in
    aggregation "Are all backups encrypted?" -> "Is every backup encrypted?" (the strength kept,
    the words of the true sentence not echoed); a purpose or example tail is dropped."""
    aux, subject = parts.get("aux"), parts.get("subject")
    rest = parts.get("rest_without_not") if family == "aggregation" else parts.get("rest")
    if not aux or not subject or not rest or "," in rest:
        return None
    changed = False
    trimmed = _PURPOSE_TAIL.sub("", rest)
    if trimmed != rest and len(trimmed.split()) >= 3:
        rest, changed = trimmed, True
    if family == "aggregation" and site.text.strip().lower() == "all" and subject.lower().startswith("all "):
        every = _every(subject)
        if every and not re.search(r"\b(?:their|them|they|themselves|each other)\b", rest) \
                and not (v8 and _plural_complement(aux, rest)):
            subject, changed = every, True
            aux = _AUX_SINGULAR.get(aux, aux)
    elif family == "aggregation" and site.text.strip().lower() == "all":
        # v9: not after "from": "a pair from all static IPs" chooses among them, "from every" does not
        m = re.search(r"\b(?:in|on|to|for|across|with" + ("" if v9 else "|from") + r")\s+(all\s+.*)$", rest)
        every = _every(m.group(1)) if m else None
        if every:
            rest, changed = rest[:m.start(1)] + every, True
    if aux in ("must", "shall"):
        do = "Do" if _plural_subject(subject, v6, v9) else "Does"
        adverb = re.match(r"(also|only|always|never|still|first|then|now|usually|just)\s+", rest)
        if adverb:  # "Do access rights also have to be reviewed", not "have to also be"
            return f"{do} {subject} {adverb.group(1)} have to {rest[adverb.end():]}"
        return f"{do} {subject} have to {rest}"
    if not changed:
        return None
    return f"{aux.capitalize()} {subject} {rest}"


# --------------------------------------------------------------------------- v7: a question carries its topic

#: v7: where a yes/no question stops asking one thing: after "and"/"or" a clause of its own (a
#: subject pronoun and its verb: "... or I have to write ...") or a second finite predicate
#: ("... and cannot be disabled", "... and always produce ...") under one inverted auxiliary
_SECOND_SUBJECT = re.compile(r"\b(?:and|or|but)\s+(?:then\s+)?(?:I|you|we|they|it|he|she)\s+[a-z]")
_CONJUNCT = re.compile(r"\b(?:and|or)\s+((?:[\w'-]+\s+){0,3}[\w'-]+)")
_DETERMINERS = frozenset(("the", "a", "an", "my", "your", "its", "their", "our", "each", "every", "all", "any",
                          "this", "that", "these", "those", "be"))
_ADVERBS = frozenset(("always", "also", "then", "never", "still", "only", "just", "often", "usually", "sometimes",
                      "automatically", "immediately", "later", "now", "thus", "therefore", "instead"))
#: v7: "Does I", "Is I", "Has I": an inverted auxiliary that disagrees with the first-person subject
_FIRST_PERSON_DISAGREES = re.compile(r"^(?:Does|Is|Has|Was|Are|Were)\s+I\b")
#: v7: the copula of a requirement about the reader with nothing saying what it is for ("Do I have
#: to be signed in and the host?"): to do what, when, where?
_READER_STATE = re.compile(r"^(?:Do|Should|Must|Will|Can)\s+I\s+(?:have to |need to |also |always |first )?be\b")
_PURPOSE_OR_CONDITION = re.compile(r"\b(?:to|for|when|whenever|before|after|if|while|during|unless|until|once|so|"
                                   r"in order|as long as|whether)\b(?!\s+(?:be|the|a|an)\s+(?:host|owner|admin)\b)")
#: v7: nouns that name a thing only together with what they belong to ("the value" of which
#: header? "signed copies" of what?): a relational noun without its "of" complement or possessor
_RELATIONAL_NOUNS = frozenset(("value", "values", "copy", "copies", "duplicate", "duplicates", "original",
                               "originals", "remainder", "portion", "portions"))
#: v9: words before a relational noun that do not name what it belongs to: an inverted auxiliary
#: ("Does value have to ...?") or a quantifier ("Do all values ...", "every value")
_NO_MODIFIER = frozenset(("do", "does", "did", "is", "are", "was", "were", "has", "have", "must", "should", "can",
                          "will", "may", "all", "every", "each", "any", "some", "most", "no", "both"))
#: v7: a status word that closes a yes/no question with nothing saying where or for what it holds
#: ("Are all SQL clauses and features supported?")
_BARE_STATUS_END = re.compile(r"\b(?:supported|available|enabled|allowed|permitted|included|required|needed|"
                              r"recommended|possible)\?$")
_SCOPING_PHRASE = re.compile(r"\b(?:on|in|for|by|with|across|within|under|to|from|via|through|when|if)\s", re.I)
#: a line that leads into the sentence with its purpose: "To integrate captions with Zoom:"
_PURPOSE_LEAD_IN = re.compile(r"^To\s+[a-z]+\b[^.!?:;]*:$")
#: v7: words that point at what the page said before the sentence: "the other config options"
#: (other than which?), "the methods covered so far" (so far on which page?; "the goals I've
#: sent so far" is time, and stays)
_PAGE_ANTECEDENT = re.compile(r"\bthe other\b(?![^?]*\bthan\b)|\b(?:covered|described|discussed|mentioned|shown|"
                              r"listed|explained|introduced|defined|presented|seen)\s+(?:so|thus) far\b", re.I)
MAX_HEADING_TOPIC_WORDS = 3
#: v7: a word that names something of its own (a name, a number, a code): a question holding one
#: is about that, whatever heading it sits under ("arrive/depart" of two plain words names nothing)
_NAMING_TERM = re.compile(r"^(?!I\b)[A-Z]|\d|[_.@]\w|[a-z][A-Z]")


#: v9: a modal after "and"/"or" and a noun phrase of its own ("... and all future requests with
#: the old token will be rejected?"): a second clause under the question's one inverted auxiliary
_SECOND_MODAL = re.compile(r"\b(?:and|or|but)\s+(?:(?!(?:that|which|who|whom|whose|where|when|if)\b)[\w'-]+\s+){0,8}?"
                           r"(?:will|can|could|would|should|must|may|might|shall|cannot|won't|can't)\b", re.I)


def second_proposition(question: str, *, v9: bool = False) -> bool:
    """v7: whether a yes/no question asks two things under one inverted auxiliary: a clause with a
    subject of its own after "and"/"or" ("Does I either restart it or I have to ...?"), or a
    second predicate that is finite or bare where the auxiliary wants a participle ("Are the
    values rounded and always produce ...?", "Is TLS enabled and cannot be disabled?", "Is each
    key owned by a leader and other replicas become backups?"). A coordinated participle ("Are
    backups encrypted and stored ...?") or noun phrase stays: one predicate, one answer
    (lemminflect's lexicon tells the verb forms)."""
    from lemminflect import getAllInflections, getAllLemmas

    words = question.rstrip("?").split()
    if not words or words[0].lower() not in _YES_NO_OPENERS:
        return False
    body = " ".join(words[1:])
    if _SECOND_SUBJECT.search(body) or (v9 and _SECOND_MODAL.search(body)):
        return True
    if words[0].lower() not in ("is", "are", "was", "were"):
        return False  # after do/have/a modal a bare second verb is one coordinated predicate
    for m in _CONJUNCT.finditer(body):
        if any(w not in _DETERMINERS and w in getAllInflections(w, upos="VERB").get("VB", ())
               for w in re.findall(r"\bto\s+([a-z]+)", body[:m.start()])):
            return False  # "used to drop ... and prepare ...": a coordinated infinitive, one predicate
        if re.search(r"\b(?:that|which|who|whom|whose|where|when|if|because|whether|unless)\b", body[:m.start()]):
            return False  # "one that supports and promotes ...": the verbs share the relative clause's subject
        raw = [w.strip(",;").lower() for w in m.group(1).split()]
        if raw and raw[0] in ("not", "never"):
            return True  # "Are partitions optional and not included ...?": a second, negated predicate
        after_adverb = bool(raw) and raw[0] in _ADVERBS
        for i, w in enumerate([w for w in raw if w not in _ADVERBS][:3]):
            if w in MODAL_VERBS or w in ("cannot", "can't", "won't", "don't", "doesn't", "does", "do", "is", "are",
                                         "has", "have"):
                return True
            lemmas = getAllLemmas(w)
            if "VERB" not in lemmas:
                continue
            forms = getAllInflections(lemmas["VERB"][0], upos="VERB")
            finite = w in forms.get("VBZ", ()) or w in forms.get("VBP", ()) or w in forms.get("VB", ())
            participle = w in forms.get("VBN", ()) or w in forms.get("VBG", ()) or w in forms.get("VBD", ())
            if i > 0 and finite and set(lemmas) == {"VERB"}:
                return True  # "and other replicas become ...": a subject and a verb of their own
            if participle:
                break  # "encrypted and stored": one coordinated participle
            if finite and (after_adverb or set(lemmas) == {"VERB"}):
                return True  # "and always produce", "and other replicas become": a verb of its own
    return False


def pasted_label(question: str) -> bool:
    """v7: a capitalised gerund opening the subject of a yes/no question ("Is Ensuring MFA enabled
    on ...?"): a list item or heading pasted in as a noun phrase, not English word order
    (lemminflect's lexicon says it is a verb's -ing form). A gerund in a title further on stays."""
    from lemminflect import getAllLemmas, getInflection

    words = question.rstrip("?").split()
    if len(words) < 2 or words[0].lower() not in _YES_NO_OPENERS:
        return False
    w = words[1]  # after a determiner a capitalised -ing word names a thing ("the Tracking pixel")
    if not re.fullmatch(r"[A-Z][a-z]+ing", w):
        return False  # "an Executive Order on Improving ...": a title inside a name stays
    verb = getAllLemmas(w.lower()).get("VERB")
    return bool(verb and w.lower() in getInflection(verb[0], tag="VBG"))


def topic_problem(question: str, sentence: Sentence, doc_text: str | None, *, v9: bool = False) -> str | None:
    """v7: why a yes/no question has lost the topic its sentence leans on, so that it fits many
    pages equally, or None (issue 10/11 question a; rules of documentation English):

    - ``precondition``: "Do I have to be signed in and the host?": a state the reader must be in,
      with nothing saying what for (no "to", "for", "when", "before" ...): the purpose is the
      lead-in or the heading, not the sentence;
    - ``relational``: a noun that names a thing only with what it belongs to, with neither ("keep
      signed copies", "Does the value have to ...?": the copy or value of what?);
    - ``under-heading``: the sentence opens its section right under a short label heading of up to
      three words ("Gliding"), and the question about the reader names none of its words and no
      name, number or code of its own: the heading says which option the sentence describes;
    - ``bare-status``: "Are all SQL clauses supported?": a status with no place or purpose.

    ``doc_text`` None skips the heading rule. Yes/no questions only: a wh-question names its
    condition (:func:`names_condition`)."""
    words = question.split()
    if not words or words[0].lower() not in _YES_NO_OPENERS:
        return None
    if _READER_STATE.match(question) and not _PURPOSE_OR_CONDITION.search(question[_READER_STATE.match(question).end():]):
        return "precondition"
    low = question.lower()
    for m in re.finditer(r"\b(" + "|".join(sorted(_RELATIONAL_NOUNS)) + r")\b(?!\s+(?:of|that|which|from|in|on|"
                         r"you|we|they|i|it)\b)", low):  # "the values you provide": a post-modifier names them
        before = low[:m.start()].split()
        if not before or before[-1] not in ("my", "your", "its", "their", "our") and not before[-1].endswith("'s"):
            if m.group(1).startswith("value") and before and before[-1] not in ("the", "a", "an") and not (
                    v9 and before[-1] in _NO_MODIFIER):
                continue  # "the LIMIT value", "a default value": a modifier names it; v9: "Does value ...",
                # "Do all values ...": an auxiliary or a quantifier names nothing
            return "relational"
    if words[0].lower() in ("is", "are", "was", "were") and _BARE_STATUS_END.search(question) and not \
            _SCOPING_PHRASE.search(" ".join(words[1:])):  # "Should admins use it as needed?": no status predicate
        return "bare-status"
    if doc_text is not None and re.search(r"\b(?:I|my|me)\b", question) and not any(
            _NAMING_TERM.search(w) for w in words[1:]):
        heading = heading_right_above(doc_text, sentence.start)
        if heading and len(heading.split()) <= MAX_HEADING_TOPIC_WORDS and not (
                {w.lower() for w in re.findall(r"[A-Za-z]{3,}", heading)} & set(re.findall(r"[a-z]{3,}", low))):
            return "under-heading"
    return None


def heading_right_above(doc_text: str, start: int) -> str | None:
    """The heading line directly above the sentence at ``start`` (the sentence opens its line
    and the paragraph before it is one short line with no sentence punctuation), or None."""
    if doc_text[:start].rstrip(" \t")[-1:] not in ("\n", ""):
        return None
    paras = [p.strip() for p in re.split(r"\n\s*\n", doc_text[:start]) if p.strip()]
    if not paras or "\n" in paras[-1]:
        return None
    line = heading_text(paras[-1])
    if not line or re.search(r"[.:;!?,]$", line) or not line[:1].isupper() or is_table_row(line):
        return None
    return line if len(line.split()) <= MAX_HEADING_WORDS else None


def topic_frame(sentence: Sentence, doc_text: str | None) -> str | None:
    """v7: the topic a question can carry in front ("To integrate captions with Zoom, ..." or
    "When integrating with Zoom, ..."), from the text that scopes the sentence, or None: a
    purpose lead-in ending in a colon on the line just before the sentence, else the section's
    heading when it is a gerund phrase of two or more words ("Integrating with Zoom for
    Government"; lemminflect decides the gerund). A bare label heading ("Gliding", "In the Specs
    and limits table") is never carried: it reads as a pasted heading."""
    from lemminflect import getAllLemmas, getInflection

    if doc_text is None:
        return None
    before = doc_text[:sentence.start].rstrip()
    last = before[before.rfind("\n") + 1:].strip()
    if _PURPOSE_LEAD_IN.match(last) and doc_text[:sentence.start].rstrip(" \t")[-1:] == "\n":
        return last[:-1].strip()
    heading = heading_before_any(doc_text, sentence.start)
    if heading is None or len(heading.split()) < 2:
        return None
    first = heading.split()[0].lower()
    verb = getAllLemmas(first).get("VERB")
    if not (first.endswith("ing") and verb and first in getInflection(verb[0], tag="VBG")):
        return None
    return "When " + first + heading[len(first):]


def heading_text(line: str) -> str:
    """A line as a heading reads: Markdown "#" marks and emphasis removed, spaces trimmed."""
    return re.sub(r"^#{1,6}\s+|[*_`]", "", line).strip()


def heading_before_any(doc_text: str, pos: int) -> str | None:
    """The nearest heading line above ``pos`` of any wording: a paragraph of one short line with no
    sentence-final punctuation and no "Header: value" cells (Markdown "#" marks and emphasis
    removed); table rows and sentences between it and ``pos`` are skipped over.
    :func:`heading_before` keeps only noun-phrase headings, for a table's name."""
    for para in reversed(re.split(r"\n\s*\n", doc_text[:pos])):
        line = para.strip()
        if not line or "\n" in line:
            continue
        line = heading_text(line)
        if is_table_row(line) or re.search(r"[.:;!?,]$", line) or not re.match(r"[A-Z0-9]", line):
            continue
        if len(line.split()) > MAX_HEADING_WORDS or not re.search(r"[A-Za-z]{3}", line):
            continue
        return line
    return None


def carry_topic(phrasing: "Phrasing", sentence: Sentence, doc_text: str | None, env: Environment,
                version: str) -> "Phrasing | None":
    """v7: the phrasing with its topic carried in front, the phrasing unchanged when its topic is
    its own, or None (the candidate falls to the next) when the question asks two things, pastes a
    label, breaks agreement, points at what the page said before ("the other options", "covered
    so far"), or lost its topic and the document names none a question can carry
    within :data:`MAX_QUESTION_WORDS_V3` words (template ``questions/topic.v7.j2``). v8: a bare
    definite subject ("Is the filter ...?") is first named as the page named it just before
    ("the redaction filter", :func:`.antecedents.named_by_antecedent`)."""
    from dataclasses import replace

    question = phrasing.question
    if _FIRST_PERSON_DISAGREES.match(question) or second_proposition(question, v9=_v9_rules(version)) \
            or pasted_label(question) or _PAGE_ANTECEDENT.search(question):
        return None
    if _v8_rules(version) and doc_text is not None and question.split()[0].lower() in _YES_NO_OPENERS:
        from .antecedents import lines_before, named_by_antecedent

        named = named_by_antecedent(question, sentence.text, lines_before(doc_text, sentence.start), _parse)
        if named != question and len(named.split()) <= MAX_QUESTION_WORDS_V3:
            question = named  # "Is the filter ...?" -> "Is the redaction filter ...?"
            phrasing = replace(phrasing, question=question)
    if topic_problem(question, sentence, doc_text, v9=_v9_rules(version)) is None:
        return phrasing
    frame = topic_frame(sentence, doc_text)
    if frame is None or question_problem(frame + "?"):
        return None
    framed = " ".join(question_template(env, "topic", version).render(
        frame=frame, question=question[:1].lower() + question[1:] if not question.startswith("I ") else question
    ).split())
    if len(framed.split()) > MAX_QUESTION_WORDS_V3 or question_problem(framed) or not natural_question(framed):
        return None
    return replace(phrasing, question=framed)


def _v7_rules(version: str) -> bool:
    """Whether ``version`` applies the v7 rules (round 23): a yes/no question carries the topic
    its sentence leans on or is not asked (:func:`topic_problem`, :func:`carry_topic`), asks one
    proposition (:func:`second_proposition`), pastes no label (:func:`pasted_label`)."""
    return version not in ("v1", "v2", "v3", "v4", "v5", "v6")


def _v8_rules(version: str) -> bool:
    """Whether ``version`` applies the v8 rules (round 27, documentation never seen): "all" stays
    "all" when the predicate names the subject by a plural noun (:func:`_plural_complement`)."""
    return version not in ("v1", "v2", "v3", "v4", "v5", "v6", "v7")


def _v10_rules(version: str) -> bool:
    """Whether ``version`` applies the v10 rules (round 31): a question that names nothing of its
    page's topic carries the page title in front (:func:`.page_topic.carry_page_topic`)."""
    return version not in VERSIONS[:9]


def v11_rules(version: str) -> bool:
    """Whether ``version`` applies the v11 rules (round 32): a fronted wh-phrase takes its whole
    "of" phrase along or is not fronted (:func:`of_phrase`), and a yes/no verification keeps the
    claim's negation (:func:`names_condition`)."""
    return version not in VERSIONS[:10]


#: where the "of" phrase after a fronted value ends: punctuation, the end, or a word that opens
#: the next phrase (a preposition, conjunction, relative word, auxiliary or modal)
_NEXT_PHRASE = (r"in|on|at|for|to|from|with|without|by|before|after|within|until|during|per|via|across|over|"
                r"under|and|or|but|that|which|who|when|if|once|unless|is|are|was|were|will|can|must|may|"
                r"should|has|have|had|do|does|did|could|would|might|shall")
_OF_PHRASE = re.compile(r"\s+of\s+(?:(?:a|an|the|your|my|our|their|its)\s+)?"
                        r"[A-Za-z][\w-]*(?:\.[\w-]+)*(?:\s+[A-Za-z][\w-]*(?:\.[\w-]+)*){0,3}?"
                        r"(?=\s*(?:$|[.,;:!?)\]])|\s+(?:" + _NEXT_PHRASE + r")\b)", re.I)


def of_phrase(after: str) -> re.Match | None | bool:
    """v11: the whole "of" phrase that follows a value fronted as a wh-phrase ("14 days of failed
    attempts" -> "how many days of failed attempts"), up to where the next phrase opens, at most
    four words; None when no "of" follows; False when one follows but does not end within four
    words (the question is then not fronted: a piece of it left behind reads as "... cancelled
    attempts?")."""
    if not re.match(r"\s+of\s", after):
        return None
    return _OF_PHRASE.match(after) or False


def _numbered_thing(text: str) -> bool:
    """v9: a version slot that names a numbered thing ("Port 80", "Step 3"; the entity family's
    :data:`~.families.entity.NUMBERED_THINGS`), not a product's release."""
    from .families.entity import NUMBERED_THINGS

    return bool(text.split()) and text.split()[0] in NUMBERED_THINGS


def _v9_rules(version: str) -> bool:
    """Whether ``version`` applies the v9 rules (round 30, a documentation set never seen): a
    participle after the head noun is a reduced relative, not the head ("Does the attributes
    specified ...?" -> "Do the attributes specified ...?"); an auxiliary or a quantifier before
    "value(s)" names nothing it belongs to ("Do all values have to be ...?": values of what?); a
    modal after "and"/"or" opens a second clause (:data:`_SECOND_MODAL`)."""
    return version not in ("v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8")
