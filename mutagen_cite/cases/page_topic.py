"""Questions v10: a question carries its page's topic when it names nothing of it.

Across every documentation set hand-checked so far, the largest class of unnatural questions
(79 of 136 failures of CASE-QUALITY question a) is the question that "loses its topic": it is
well formed, but fits many pages equally, because the sentence it was made from leans on what
the page is about ("Should I check my MySQL grants and permissions?" on a page about database
imports; "Which public table has a retention of 30 days?" on a page about rate limit
analytics). The page's title names that topic (``corpus/titles.py``). A rule of how people ask
about documentation: a question that names nothing of the page's subject says which subject it
is about first ("For database imports, should I check ...?", "When deploying to Vercel, do I
have to ...?").

The frame is made from the title by its form (lemminflect decides the word classes):

- a gerund phrase ("Importing data") or an imperative ("Deploy to Vercel", "Set up SSO"; a verb
  with no noun reading, or one followed by an article, a preposition or a name), or "How to ...":
  "When importing data", "When deploying to Vercel";
- otherwise a noun phrase: "For <title>", its first word lowered when the page writes it in
  lowercase ("Database imports" -> "For database imports"; "Stripe integration" keeps its
  name), with "the" before a one-word title that is a singular count noun ("Firewall" -> "For
  the firewall");
- a verb that is also a noun, followed by a capitalised word ("Use OAuth", "Vector Search"), is
  unclear (an imperative and a name, or a name): no frame.

v11 also reads "How X works" as X, and a title in title case in the page's own case first
(:func:`sentence_case`), so "Roll Back a Bad Deploy" frames as "When rolling back a bad deploy".

No frame is carried when the question already opens with one ("In the X table, ...", "When ...,"),
shares a content word with the title (it names the topic already), or when the title names the
answer (the question would give it away), is a generic page name ("Overview", "FAQ"), a
question, or too long; nor when the framed question would pass :data:`MAX_TITLED_QUESTION_WORDS`
words. Then the question stays as it was.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import Sequence

from jinja2 import Environment

from .questions import Phrasing, natural_question, question_problem, question_template, v11_rules

#: titles that name no topic a question can carry
GENERIC_TITLES = {
    "overview", "introduction", "intro", "general", "concepts", "basics", "setup", "getting started",
    "get started", "quickstart", "quick start", "faq", "faqs", "reference", "index", "readme", "home", "docs",
    "documentation", "welcome", "about", "guide", "guides", "tutorial", "tutorials", "changelog", "release notes",
    "troubleshooting", "examples", "appendix", "glossary", "summary", "notes", "misc", "miscellaneous", "other",
    "resources", "support", "help", "contents", "table of contents", "untitled", "frequently asked questions",
}
#: the longest title carried, in words
MAX_TITLE_WORDS = 7
#: the longest question with its page topic in front
MAX_TITLED_QUESTION_WORDS = 24
#: a question that already opens with a frame of its own
_OPENING_FRAME = re.compile(r"(?:In|On|For|When|While|To|Under|With|After|Before|If|Once|According|During|Within)\b"
                            r"[^?]*?,\s")
#: words after a verb that make a title's first word an imperative ("Deploy to ...", "Set up ...")
_AFTER_IMPERATIVE = {"a", "an", "the", "your", "my", "our", "to", "for", "with", "up", "from", "into", "on", "in",
                     "out", "over", "and", "or", "off", "down", "back", "through", "via", "using", "by"}
#: heads English uses without an article ("For billing", "For security"): mass and abstract nouns
_NO_ARTICLE_SUFFIX = re.compile(r"(?:ing|ity|ics|ance|ence|ship|ism|age|ware|tion|sion|ment|cy|ness|ry)$")
_MASS_HEADS = {"data", "access", "support", "security", "privacy", "information", "documentation", "compliance",
               "storage", "traffic", "usage", "feedback", "performance", "metadata", "research", "equipment",
               "software", "hardware", "analytics", "travel", "pay", "time", "leave", "work", "health", "safety"}


@lru_cache(maxsize=1024)
def title_frame(title: str, doc_text: str | None = None, v11: bool = False) -> str | None:
    """The frame a page title puts in front of a question ("When deploying to Vercel", "For
    database imports", "For the firewall"), or None when the title carries no usable topic or its
    form is unclear ("Vector Search": a verb and a name, or a noun and its name?). Cached: every
    candidate of a page asks for the same frame, and each ask reads the page's text.

    A sentence-case title's first word is lowered only when ``doc_text`` writes it in lowercase
    and never capitalised inside a sentence ("Database imports" -> "database imports"; "Stripe
    integration" keeps its name).

    v11 reads two more title forms: "How X works" / "How (and when) X are calculated" names X
    (:data:`_HOW_WORKS`), and a title in title case is read in the page's own case first
    (:func:`sentence_case`: "Roll Back a Bad Deploy Fast" -> "Roll back a bad deploy fast", "Work
    Item Types" -> "Work item types"), so its form is as clear as a sentence-case title's."""
    from lemminflect import getAllLemmas, getInflection

    text = re.sub(r"\s*\([^)]*\)", "", title or "")
    text = re.split(r"\s[|\u2013\u2014-]\s|:\s", text)[0].strip().rstrip(".!")
    text = _GENRE_OPENER.sub("", text)  # "Guidelines for concurrency settings" is about concurrency settings
    recased = None  # v11: the title-case title as its page writes it
    if v11:
        how = _HOW_WORKS.match(text)
        if how and not re.match(r"(?:we|i|you|it|they|this|that)\b", how.group("topic"), re.I):
            text = how.group("topic")  # "How billing works" is about billing
        cased = sentence_case(text, doc_text)
        if cased is not None and cased != text:
            recased = text = cased
    words = text.split()
    if not words or len(words) > MAX_TITLE_WORDS or not re.search(r"[A-Za-z]{3}", text) or "?" in text:
        return None
    if text.lower() in GENERIC_TITLES or re.search(r"[\"\u201c\u201d<>{}\[\]=;]", text):
        return None
    if re.match(r"\d", text) or _DATED.search(text):
        return None  # "April 24, 2026", "0005 Analytics API": a dated entry or a numbered record, no topic
    first, low = words[0], words[0].lower()
    if low in ("how", "what", "why", "when", "where", "which", "who", "can", "do", "does", "is", "are"):
        if low == "how" and len(words) > 2 and words[1].lower() == "to":
            words, first, low = words[2:], words[2], words[2].lower()
        else:
            return None  # a question as a title
    lemmas = getAllLemmas(low)
    verb = lemmas.get("VERB", ())
    title_case = recased is None and any(_styled_capital(w) for w in words[1:])  # v11: read in the page's case
    if title_case and verb and (verb[0] == low or low.endswith("ing")):
        return None  # "Rolling Back a Bad Deploy Fast": a task in title case, no clause to carry
    if not first[1:].islower():
        return "For " + " ".join(words)  # "DROP TABLE", "PlanetScale plans": a name as written
    nxt = words[1] if len(words) > 1 else ""
    # v11, a title recased from title case: a first word that is also a noun is read as a verb only
    # before the words that open a verb's object ("Roll back a ...", "Understanding your bill");
    # before a noun or "and" it heads a noun phrase ("Pricing plans", "Leave and notice policy")
    noun_first = recased is not None and "NOUN" in lemmas and nxt.lower() not in _AFTER_IMPERATIVE - {"and", "or"}
    if len(words) > 1 and low.endswith("ing") and verb and low in getInflection(verb[0], tag="VBG") and not noun_first:
        return "When " + " ".join([low, *words[1:]])  # "Importing data" -> "When importing data"
    if verb and verb[0] == low and len(words) > 1 and not noun_first:
        if "NOUN" not in lemmas or nxt.lower() in _AFTER_IMPERATIVE:
            ing = getInflection(low, tag="VBG")
            return "When " + " ".join([ing[0], *words[1:]]) if ing else None  # "Deploy to Vercel"
        if nxt[:1].isupper():
            return None  # "Use OAuth", "Vector Search": an imperative and a name, or a name: unclear
    common_noun = len(words) == 1 and lemmas.get("NOUN") and doc_text and re.search(rf"\b{re.escape(low)}\b", doc_text)
    if not common_noun and (title_case or not _written_lower(first, doc_text)):
        # a name as written: "For Railway Metal", "For Stripe integration" (one common noun the page
        # also writes in lowercase is lowered: "Certificates" -> "certificates")
        return "For " + " ".join(words)
    phrase = " ".join([low, *words[1:]])
    if len(words) == 1:
        noun = lemmas.get("NOUN", ())
        if noun and noun[0] == low and not low.endswith("s") and low not in _MASS_HEADS \
                and not _NO_ARTICLE_SUFFIX.search(low):
            return "For the " + phrase  # "Firewall" -> "For the firewall"
    return "For " + phrase


#: v11: a title that asks how its topic works ("How billing works", "How and when stock option
#: grants are calculated"): the topic is the noun phrase
_HOW_WORKS = re.compile(r"^How\s+(?:and\s+(?:when|why)\s+)?(?P<topic>[A-Za-z][\w./-]*(?:\s+[\w./-]+){0,4}?)\s+"
                        r"(?:works?|(?:is|are)\s+[a-z]+(?:ed|en))$", re.I)


def sentence_case(text: str, doc_text: str | None) -> str | None:
    """v11: a title-case title in the case its page writes it, or ``text`` unchanged when it is not
    in title case. Function words are lowered; an English word capitalised by the styling is lowered
    when the page writes it in lowercase and never capitalised inside a sentence
    (:func:`_written_lower`). All or nothing: None when any styled word fails (the page writes it
    capitalised, as part of a name, or never: no telling), since a half-lowered title ("For backup
    and Recovery Policy") is neither the page's name nor its words."""
    words = text.split()
    if len(words) < 2 or not any(_styled_capital(w) for w in words[1:]):
        return text
    out = [words[0]]
    lowered = False
    for w in words[1:]:
        if not _styled_capital(w):
            if lowered and re.fullmatch(r"[A-Z][a-z]+", w):
                return None  # "Platform Changelog" -> "platform Changelog": a capitalised word after a lowered one
            out.append(w)  # a name or an acronym as written ("Fly.io", "API", "PostgreSQL")
        elif w.lower() in _FUNCTION_WORDS or _written_lower(w, doc_text):
            lowered = lowered or w.lower() not in _FUNCTION_WORDS
            out.append(w.lower())
        else:
            return None  # the page writes it capitalised, or never: part of a name, or no telling
    return " ".join(out)


#: a title that names its genre before its topic ("Guidelines for ...", "An introduction to ...",
#: "Best practices for ...", "Overview of ..."): the topic is what follows
_GENRE_OPENER = re.compile(r"^(?:an?\s+|the\s+)?(?:guide|guides|guidelines|tips|best\s+practices|introduction|"
                           r"overview|notes|reference|faqs?|primer|cheat\s*sheet)\s+(?:to|for|of|on|about)\s+(?=\S)",
                           re.I)


#: a month and a day or year: a changelog entry's title
_DATED = re.compile(r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d", re.I)
#: function words a title-case title capitalises
_FUNCTION_WORDS = {"a", "an", "the", "to", "for", "of", "and", "or", "in", "on", "with", "from", "your", "my", "our",
                   "by", "at", "as", "into", "up", "back", "out", "off", "down"}


def _styled_capital(word: str) -> bool:
    """A word capitalised by title-case styling, not as a name: an English word the lexicon knows
    ("Back", "Deployments") or a function word ("Your", "To"); "Vercel", "OpenAI" are names."""
    from lemminflect import getAllLemmas

    if not (word[:1].isupper() and word[1:].islower()):
        return False
    low = word.lower()
    return low in _FUNCTION_WORDS or bool(getAllLemmas(low))


def _written_lower(word: str, doc_text: str | None) -> bool:
    """Whether the page writes ``word`` (or an inflection of it) in lowercase and never capitalises
    it inside a sentence: a common word, not a name ("database"; not "Stripe")."""
    from lemminflect import getAllInflections

    if not doc_text:
        return False
    low = word.lower()
    forms = {low, *(f for fs in getAllInflections(low).values() for f in fs)}  # "query" written as "queries"
    if not re.search(r"\b(?:" + "|".join(map(re.escape, sorted(forms))) + r")\b", doc_text):
        return False
    return not re.search(rf"[a-z,;]\s+{re.escape(word[:1].upper() + low[1:])}\b", doc_text)


def carry_page_topic(phrasing: Phrasing, title: str | None, env: Environment, version: str,
                     doc_text: str | None = None, house: Sequence[str] = ()) -> Phrasing:
    """The phrasing with its page's topic in front when the question names nothing of it (see
    the module docstring), else unchanged. A title that names only the corpus's own product
    (``house``: "Plane" on Plane's docs) is no topic: every page of the corpus is about it."""
    from .fairness.reading import _content_stems

    question = phrasing.question
    if not title or _OPENING_FRAME.match(question):
        return phrasing
    named = _content_stems(title)  # the whole title: its acronym in brackets, its part after a colon
    if not named or named & _content_stems(question) or named & _content_stems(phrasing.answer):
        return phrasing  # the question names the topic already, or the title names the answer
    frame = title_frame(title, doc_text, v11_rules(version))
    if frame is None:
        return phrasing
    carried = _content_stems(re.sub(r"^(?:For(?:\s+the)?|When)\s+", "", frame))
    if carried <= _content_stems(" ".join(house)):
        return phrasing  # "For Plane, ..." (of "How to Plane: For growing teams"): the product every page is about
    lowered = question if question.startswith("I ") else question[:1].lower() + question[1:]
    framed = " ".join(question_template(env, "topic", version).render(frame=frame, question=lowered).split())
    if len(framed.split()) > MAX_TITLED_QUESTION_WORDS or question_problem(framed) or not natural_question(framed):
        return phrasing
    return replace(phrasing, question=framed)
