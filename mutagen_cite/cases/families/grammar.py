"""Agreement helpers shared by the families: a mutation must change meaning, not grammar.

Everything here works on plain strings with no parser, because a family sees only the
sentence text and its slots. The rules are deliberately small and conservative; a family
returns None rather than emit a sentence these helpers cannot vouch for.

- articles: ``article_for("8-hour") == "an"``, and :func:`fix_article` re-picks a/an before a
  changed word;
- case: :func:`match_case` ("Most" + "all" -> "All"), sentence-start capitalisation;
- nouns: :func:`pluralize`, :func:`singularize`, :func:`inflect_noun` ("1 day" / "2 days"),
  from the lemminflect lexicon (unknown words fall back to the regular -s/-es/-ies rules);
- verbs: :func:`third_person` ("apply" -> "applies"), :func:`past_tense`, from lemminflect;
  be/have agreement (:func:`agree_verb`, a closed class of six auxiliaries);
- articles stay hand-written: the spoken sound of acronyms and numerals ("an SLA", "an 8-hour",
  "a URL") is what decides a/an in documentation, and inflect/lemminflect read them as words.
- numbers: :class:`NumberStyle` keeps "$1,200" commas, "99.95" decimals and word numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ...values import number_to_words, parse_number

# --------------------------------------------------------------------------- words and spans

WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
#: what may precede the first word of a sentence: list markers, quotes, brackets, markup
_LEAD = re.compile(r"^[\s\-*+>#|\"'“‘(\[_•]*(?:\d+[.)]\s+)?$")


def is_sentence_start(text: str, pos: int) -> bool:
    """True when only whitespace or list/quote markup precedes ``pos`` in its line of text."""
    before = text[:pos]
    cut = max(before.rfind("\n"), -1)
    line = before[cut + 1 :]
    if _LEAD.match(line):
        return True
    # after a sentence end inside the same text ("... done. Most plans")
    return bool(re.search(r"[.!?:]\s+[\"'“(]?$", before))


def word_before(text: str, pos: int) -> tuple[int, int, str] | None:
    """(start, end, word) of the word immediately before ``pos`` (only spaces between)."""
    m = re.search(r"([A-Za-z][A-Za-z'’-]*)[ \t]+$", text[:pos])
    if not m:
        return None
    return m.start(1), m.end(1), m.group(1)


def word_after(text: str, pos: int) -> tuple[int, int, str] | None:
    """(start, end, word) of the word immediately after ``pos`` (only spaces between)."""
    m = re.match(r"[ \t]+([A-Za-z][A-Za-z'’-]*)", text[pos:])
    if not m:
        return None
    return pos + m.start(1), pos + m.end(1), m.group(1)


def in_longer_name(text: str, start: int, end: int | None = None) -> bool:
    """Whether the span ``text[start:end]`` is part of a longer proper name: a word holding a
    capital letter right before it, after a space or a hyphen ("Windows 11 devices", "GPT-4
    model", "Railway Postgres"), that does not open its sentence (a capitalised verb or
    determiner opens one: "Create 3 projects", "Docker images"); or, when ``end`` is given, a
    capitalised word right after it ("Slack Enterprise Grid"). The quantity family asks it of a
    number (a number in a name is no count), the entity family of a name (a word of a longer
    name is no slot)."""
    m = re.search(r"([A-Za-z][\w\u2022.'’]*)(?:[ \t]+|-)$", text[:start])
    if m and any(ch.isupper() for ch in m.group(1)) and not is_sentence_start(text, m.start(1)):
        return True
    if end is None:
        return False
    nxt = word_after(text, end)
    return nxt is not None and nxt[2][:1].isupper()


def token_after(text: str, pos: int) -> str:
    """The next whitespace-free token after ``pos`` (may be punctuation or a number), or ""."""
    m = re.match(r"\s*(\S+)", text[pos:])
    return m.group(1) if m else ""


def in_code_or_url(text: str, start: int, end: int) -> bool:
    """True when the span sits inside a URL, a path, an e-mail, inline code or a template tag:
    changing it would break a link or an identifier rather than a claim."""
    ls = start
    while ls > 0 and not text[ls - 1].isspace():
        ls -= 1
    le = end
    while le < len(text) and not text[le].isspace():
        le += 1
    chunk = text[ls:le]
    if "://" in chunk or "@" in chunk or "`" in chunk or "{{" in chunk or "{%" in chunk:
        return True
    core = chunk.strip("()[].,;:")
    if "/" in core and not re.fullmatch(r"[$€£]?\d[\d.,]*[%kKM]?/[\w.-]+|and/or", core):
        return True  # a path or a timezone; "24/7", "$5/month", "and/or", "$20/vCPU-month" pass
    if "_" in chunk or "=" in chunk:
        return True
    # inside backticks spanning spaces
    return text[:start].count("`") % 2 == 1


def inside_identifier(text: str, start: int, end: int) -> bool:
    """True when the span is glued into a larger identifier ("X-Railway-Upstream-Zone",
    "acme_free_tier"): a hyphen, underscore or dot joins it to letters or digits."""
    before = text[max(0, start - 2) : start]
    after = text[end : end + 2]
    return bool(re.fullmatch(r"[A-Za-z0-9][-_./]", before) or re.fullmatch(r"[-_/][A-Za-z0-9]", after))


def in_label(text: str, start: int, end: int) -> bool:
    """True when the span sits in the key of a "key: value" pair ("Dedicated Slack channel:
    Yes" in a table row the loader rendered as a sentence): a column header, not a claim."""
    seg_start = max(text.rfind(";", 0, start), text.rfind("\n", 0, start), text.rfind(": ", 0, start)) + 1
    if text.rfind(": ", 0, start) + 1 == seg_start and seg_start > 0:
        return False  # the span follows a colon: it is a value
    stops = [i for i in (text.find(";", end), text.find("\n", end)) if i >= 0]
    seg_end = min(stops) if stops else len(text)
    colon = text.find(": ", end, seg_end)
    return colon >= 0 and colon - end <= 40


def apply(text: str, start: int, end: int, new: str) -> str:
    return text[:start] + new + text[end:]


_FINITE = re.compile(
    r"\b(?:is|are|was|were|be|been|has|have|had|do|does|did|can|could|will|would|shall|should"
    r"|may|might|must|cannot|includes?|gets?|offers?|provides?|allows?|supports?|requires?|costs?"
    r"|receives?|keeps?|takes?|runs?|uses?|needs?|limits?|comes?|starts?)\b",
    re.I,
)


def looks_like_clause(text: str) -> bool:
    """True when ``text`` reads like a sentence with a verb rather than a heading, a label or
    a table cell: at least four words and a finite-looking verb."""
    words = WORD.findall(text)
    if len(words) < 4:
        return False
    if _FINITE.search(text):
        return True
    return any(re.fullmatch(r"[a-z]+(?:ed|es)", w) for w in words[1:])


_COMMON_SUFFIX = re.compile(
    r"(?:ing|tion|sion|ment|ness|ity|ance|ence|ship|hood|ism|ure|ary|ive|able|ible|ful|less|al|ous|ic|word)$"
)


@lru_cache(maxsize=1)
def _common_words() -> frozenset[str]:
    from faker.providers.lorem.en_US import Provider

    return frozenset(Provider.word_list)


@lru_cache(maxsize=65536)
def looks_common_word(word: str) -> bool:
    """True when a capitalised word is more likely a common English noun than a name
    ("Recognition", "Totals", "System"): a frequent word, a noun suffix, or a plural.
    CamelCase ("GitHub") and all-caps words are never common words."""
    w = word.strip(".,;:'’")
    if not w.isalpha() or any(c.isupper() for c in w[1:]):
        return False
    low = w.lower()
    if low in _common_words() or _COMMON_SUFFIX.search(low):
        return True
    return len(low) >= 4 and low.endswith("s") and not re.search(r"(?:ss|us|is)$", low)


def is_camel(word: str) -> bool:
    return any(c.isupper() for c in word[1:]) and any(c.islower() for c in word)


# --------------------------------------------------------------------------- case


def match_case(original: str, new: str) -> str:
    """``new`` in the letter case of ``original``: ALL CAPS stays caps (for words of 2+
    letters), a capitalised original capitalises the replacement, lower stays as given."""
    if not new:
        return new
    letters = [c for c in original if c.isalpha()]
    if len(letters) >= 2 and all(c.isupper() for c in letters):
        return new.upper()
    if letters and original.lstrip()[:1].isupper():
        return new[:1].upper() + new[1:]
    return new


def capitalise(word: str) -> str:
    return word[:1].upper() + word[1:]


def lowercase_first(word: str) -> str:
    """Lower-case a sentence-initial common word, but never an acronym or a proper-looking
    word with inner capitals ("Enterprise" stays as it is only if the caller says so)."""
    if len(word) > 1 and word[1:2].isupper():
        return word
    return word[:1].lower() + word[1:]


# --------------------------------------------------------------------------- articles

_AN_LETTERS = set("aefhilmnorsx")  # letters whose spoken name starts with a vowel sound
_CONSONANT_SOUND_PREFIX = re.compile(r"^(?:uni|use|usa|usu|ura|uro|eu|ewe|one|once|ubi|uk\b|u\.s)", re.I)
_VOWEL_SOUND_PREFIX = re.compile(r"^(?:hour|honest|honou?r|heir)", re.I)


def article_for(word: str) -> str:
    """"a" or "an" for the spoken sound of ``word`` (numbers and acronyms included)."""
    w = word.strip().lstrip("$€£(\"'")
    if not w:
        return "a"
    num = re.match(r"\d[\d,]*(?:\.\d+)?", w)
    if num:
        digits = num.group(0).replace(",", "").split(".")[0]
        # eight, eighty, eight hundred ...; eleven and eighteen (also 11,000 and 18 million)
        if digits.startswith("8") or (len(digits) in (2, 5, 8) and digits[:2] in ("11", "18")):
            return "an"
        return "a"
    token = re.match(r"[A-Za-z]+", w)
    if not token:
        return "a"
    t = token.group(0)
    if len(t) >= 2 and t.isupper() and not re.fullmatch(r"[A-Z][a-z]+", t):
        # an acronym read letter by letter ("an SLA", "a GDPR request"); a few are words
        if t in ("NASA", "UNESCO", "OWASP", "SAML", "SOAP", "GUI", "URL"):
            return "an" if t[0] in "AEIO" else "a"
        return "an" if t[0].lower() in _AN_LETTERS else "a"
    if _VOWEL_SOUND_PREFIX.match(t):
        return "an"
    if _CONSONANT_SOUND_PREFIX.match(t):
        return "a"
    return "an" if t[0].lower() in "aeiou" else "a"


def fix_article(text: str, start: int, end: int, new: str) -> tuple[int, int, str]:
    """Widen the edit ``text[start:end] -> new`` to re-pick a preceding "a"/"an" when the first
    word of ``new`` needs the other article. Returns the (possibly wider) edit."""
    prev = word_before(text, start)
    if prev is None or prev[2].lower() not in ("a", "an") or not new:
        return start, end, new
    want = article_for(new)
    if want == prev[2].lower():
        return start, end, new
    article = match_case(prev[2], want) if prev[2][0].isupper() else want
    return prev[0], end, article + text[prev[1] : start] + new


# --------------------------------------------------------------------------- nouns

_IRREGULAR_PLURALS = {
    "person": "people", "child": "children", "man": "men", "woman": "women", "foot": "feet",
    "tooth": "teeth", "mouse": "mice", "index": "indexes", "criterion": "criteria",
    "datum": "data", "medium": "media", "analysis": "analyses", "basis": "bases",
    "crisis": "crises", "thesis": "theses", "status": "statuses", "leaf": "leaves",
    "life": "lives", "half": "halves", "shelf": "shelves",
}
_INVARIANT = {"data", "staff", "information", "software", "hardware", "equipment", "feedback",
              "series", "species", "personnel", "metadata", "traffic", "storage", "bandwidth"}
_SINGULARS = {v: k for k, v in _IRREGULAR_PLURALS.items()}


@lru_cache(maxsize=8192)
def _lexicon(word: str, tag: str) -> str | None:
    """The lemminflect inflection of a lower-case ``word`` for a Penn ``tag`` (NNS, NN, VBZ,
    VBD), or None when the word is not in its lexicon (then the regular rules apply)."""
    from lemminflect import getInflection, getLemma

    if tag == "NN":
        lemmas = getLemma(word, upos="NOUN", lemmatize_oov=False)
        return lemmas[0] if lemmas else None
    upos = "NOUN" if tag.startswith("NN") else "VERB"
    lemma = word
    forms = [f for f in getInflection(lemma, tag=tag, inflect_oov=False) if f.isalpha() or "-" in word]
    return forms[0] if forms else None  # ("over-wrote" for "overwrite" is a lexicon slip: ignored)


@lru_cache(maxsize=8192)
def is_past_participle(word: str) -> bool:
    """Whether ``word`` can be a verb's past participle ("deleted", "written", "set"), from the
    lemminflect lexicon: "be deleted" is a passive, "be an owner" / "be unique" a predicate."""
    from lemminflect import getAllInflections, getAllLemmas

    w = word.lower()
    lemmas = getAllLemmas(w, upos="VERB").get("VERB", ())
    if not lemmas or w.endswith("ing"):
        return False
    forms = {f for lemma in lemmas for f in getAllInflections(lemma, upos="VERB").get("VBN", ())}
    return w in forms or (w not in lemmas and not w.endswith("s"))


def postmodifying_participle(word: str) -> bool:
    """Whether ``word``, after a noun, is a past participle that modifies it (a reduced relative:
    "each document *sent* to the LLM", "the attributes *specified*") rather than a noun of the
    phrase: a participle form that is no noun ("sent", "written", "canceled"; not "set", "cut",
    "feed", which head a phrase as nouns). The head noun is the word before it: its number, not
    the participle's, agrees with the verb."""
    from lemminflect import getAllLemmas

    w = word.lower()
    return is_past_participle(w) and not getAllLemmas(w, upos="NOUN")


def pluralize(noun: str) -> str:
    """English plural of a (singular) noun, keeping its case."""
    if not noun:
        return noun
    low = noun.lower()
    if low in _INVARIANT or not noun[-1].isalpha():
        return noun
    if any(c.isupper() for c in noun[1:]) and len(noun) > 1:
        return noun + "s"  # acronyms and mixed case: "GPUs", "vCPUs"
    if low in _IRREGULAR_PLURALS:
        return match_case(noun, _IRREGULAR_PLURALS[low])
    found = _lexicon(low, "NNS")
    if found and found != low:
        return match_case(noun, found) if noun[:1].isupper() else found
    return _add_s(noun, "sh|ch|x|z|s")


def _add_s(word: str, es_endings: str) -> str:
    """The regular -s form of a word the lexicon does not know: -es after ``es_endings``
    (nouns: bus-es; verbs also go-es), consonant + y -> -ies, else -s."""
    low = word.lower()
    if re.search(rf"(?:{es_endings})$", low):
        return word + "es"
    if re.search(r"[^aeiou]y$", low):
        return word[:-1] + "ies"
    return word + "s"


def singularize(noun: str) -> str:
    """English singular of a (plural) noun, keeping its case; unknown shapes are returned as is."""
    low = noun.lower()
    if low in _INVARIANT:
        return noun
    if low in _SINGULARS:
        return match_case(noun, _SINGULARS[low])
    if low.islower() and noun[1:] == low[1:] and low.endswith("s"):
        found = _lexicon(low, "NN")
        if found == low:
            return noun  # a singular that ends in -s: "alias", "canvas", "news", "lens"
        if found and pluralize(found).lower() == low:
            return noun[:1] + found[1:] if noun[:1].isupper() else found
    if re.search(r"[^aeiou]ies$", low):
        return noun[:-3] + ("Y" if noun.isupper() else "y")
    if re.search(r"(?:ss|sh|ch|x|z)es$", low) or low.endswith("sses"):
        return noun[:-2]
    if low.endswith("s") and not re.search(r"(?:ss|us|is)$", low):
        return noun[:-1]
    return noun


def is_plural_noun(noun: str) -> bool:
    low = noun.lower()
    if low in _SINGULARS:
        return True
    return low.endswith("s") and not re.search(r"(?:ss|us|is)$", low) and singularize(noun) != noun


def inflect_noun(noun: str, number: float) -> str:
    """``noun`` singular when ``number`` is exactly 1, plural otherwise ("1 day", "1.5 days")."""
    base = singularize(noun)
    return base if number == 1 else pluralize(base)


# --------------------------------------------------------------------------- verbs

_IRREGULAR_PAST = {
    "be": "was", "become": "became", "begin": "began", "break": "broke", "bring": "brought",
    "build": "built", "buy": "bought", "catch": "caught", "choose": "chose", "come": "came",
    "cost": "cost", "cut": "cut", "deal": "dealt", "do": "did", "draw": "drew", "drive": "drove",
    "eat": "ate", "fall": "fell", "feel": "felt", "find": "found", "fly": "flew",
    "forbid": "forbade", "forget": "forgot", "forgive": "forgave", "freeze": "froze", "get": "got",
    "give": "gave", "go": "went", "grow": "grew", "have": "had", "hear": "heard", "hide": "hid",
    "hit": "hit", "hold": "held", "hurt": "hurt", "keep": "kept", "know": "knew", "lay": "laid",
    "lead": "led", "leave": "left", "lend": "lent", "let": "let", "lose": "lost", "make": "made",
    "mean": "meant", "meet": "met", "pay": "paid", "put": "put", "quit": "quit", "read": "read",
    "ride": "rode", "ring": "rang", "rise": "rose", "run": "ran", "say": "said", "see": "saw",
    "seek": "sought", "sell": "sold", "send": "sent", "set": "set", "shake": "shook",
    "show": "showed", "shut": "shut", "sing": "sang", "sit": "sat", "sleep": "slept",
    "speak": "spoke", "spend": "spent", "split": "split", "spread": "spread", "stand": "stood",
    "steal": "stole", "stick": "stuck", "strike": "struck", "swim": "swam", "take": "took",
    "teach": "taught", "tear": "tore", "tell": "told", "think": "thought", "throw": "threw",
    "understand": "understood", "upset": "upset", "wake": "woke", "wear": "wore", "win": "won",
    "withdraw": "withdrew", "write": "wrote", "rebuild": "rebuilt", "reset": "reset",
    "rerun": "reran", "override": "overrode", "undergo": "underwent", "undertake": "undertook",
    "overcome": "overcame", "bear": "bore", "bind": "bound", "bid": "bid", "broadcast": "broadcast",
    "feed": "fed", "fight": "fought", "forecast": "forecast", "light": "lit", "slide": "slid",
    "spin": "spun", "sweep": "swept", "swing": "swung", "wind": "wound", "outrun": "outran",
    "mislead": "misled", "rewrite": "rewrote", "upload": "uploaded", "download": "downloaded",
}
_THIRD_IRREGULAR = {"be": "is", "have": "has", "do": "does", "go": "goes", "can": "can",
                    "will": "will", "may": "may", "must": "must", "shall": "shall"}
#: words that look like verbs after "does not" but are not the verb to inflect
NOT_VERBS = {
    "the", "a", "an", "this", "that", "these", "those", "it", "they", "we", "you", "he", "she",
    "your", "our", "their", "its", "any", "all", "some", "no", "to", "of", "in", "on", "at",
    "for", "with", "by", "from", "as", "and", "or", "but", "if", "when", "so", "than",
}


def third_person(verb: str) -> str:
    """Third-person singular present: apply -> applies, push -> pushes, have -> has."""
    low = verb.lower()
    if low in _THIRD_IRREGULAR:
        return match_case(verb, _THIRD_IRREGULAR[low])
    found = _lexicon(low, "VBZ")
    if found:
        return match_case(verb, found) if verb[:1].isupper() else found
    return _add_s(verb, "sh|ch|x|z|s|o")


def past_tense(verb: str) -> str:
    """Simple past: irregulars from a table, otherwise the regular -ed rules."""
    low = verb.lower()
    if low in _IRREGULAR_PAST:
        return match_case(verb, _IRREGULAR_PAST[low])
    found = _lexicon(low, "VBD")
    if found:
        return match_case(verb, found) if verb[:1].isupper() else found
    if low.endswith("e"):
        return verb + "d"
    if re.search(r"[^aeiou]y$", low):
        return verb[:-1] + "ied"
    if re.search(r"(?:^|[^aeiou])[aeiou][bdgmnpt]$", low) and len(low) <= 4:
        return verb + verb[-1] + "ed"  # stop -> stopped, plan -> planned (short verbs only)
    return verb + "ed"


_AGREE = {"is": "are", "are": "is", "was": "were", "were": "was", "has": "have", "have": "has"}
_SINGULAR_VERB = {"is", "was", "has"}


def agree_verb(verb: str, plural: bool) -> str:
    """is/are, was/were, has/have for a plural or singular subject, keeping case."""
    low = verb.lower()
    if low not in _AGREE:
        return verb
    is_sing = low in _SINGULAR_VERB
    if plural == (not is_sing):
        return verb
    return match_case(verb, _AGREE[low])


# --------------------------------------------------------------------------- numbers

_NUM_TOKEN = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")


@dataclass(frozen=True)
class NumberStyle:
    """How a number was written, so a replacement can be written the same way."""

    commas: bool = False
    decimals: int = 0  # digits after the point in the original
    word: bool = False  # "seven" rather than "7"
    capital: bool = False  # "Seven"
    fixed_decimals: bool = False  # money with cents keeps exactly ``decimals`` digits
    money: bool = False  # a fractional amount is written with cents ("$4.50", not "$4.5")

    @classmethod
    def of(cls, token: str, *, money: bool = False) -> "NumberStyle":
        t = token.strip()
        if t.lower() in ("a", "an") or (not t[:1].isdigit() and parse_number(t) is not None):
            return cls(word=t.lower() not in ("a", "an"), capital=t[:1].isupper())
        decimals = len(t.split(".", 1)[1]) if "." in t else 0
        value = float(t.replace(",", "")) if _NUM_TOKEN.fullmatch(t) else 0.0
        commas = "," in t or (money and value < 1000)
        # "$4.50" keeps cents and "95.0%" keeps its ".0": a style, not a precision
        fixed = (money and decimals == 2) or (decimals > 0 and set(t.split(".", 1)[1]) == {"0"})
        return cls(commas=commas, decimals=decimals, fixed_decimals=fixed, money=money)

    def render(self, value: float) -> str:
        """``value`` written in this style (a word only when the style was a word and one exists)."""
        w = number_to_words(int(value)) if self.word and value == int(value) and value >= 1 else None
        if w is not None:
            return capitalise(w) if self.capital else w
        if self.fixed_decimals:
            decimals = max(self.decimals, natural_decimals(value))
        else:
            decimals = natural_decimals(value)
        if self.money and decimals == 1:
            decimals = 2
        text = f"{value:,.{decimals}f}" if self.commas else f"{value:.{decimals}f}"
        return text


def natural_decimals(value: float, limit: int = 4) -> int:
    """Fewest decimals that write ``value`` exactly (up to ``limit``): 99.5 -> 1, 30.0 -> 0."""
    for d in range(limit + 1):
        if abs(round(value, d) - value) < 1e-9:
            return d
    return limit


# --------------------------------------------------------------------------- person in questions

#: words after which "you" is the subject of its clause: an inverted auxiliary, a wh-word or a
#: subordinator ("Can you ...", "How long do you ...", "if you ...")
_SUBJECT_SLOT = re.compile(
    r"(?:^|\b(?:is|are|was|were|am|do|does|did|can|could|will|would|shall|should|must|may|might|have|has|had|"
    r"what|which|who|when|where|why|how|if|once|before|after|until|unless|that|whether|and|or|when)\s+)$", re.I)
#: a verb right after "you" makes it the subject of an embedded clause ("ensure you have ...")
_VERB_AFTER_SUBJECT = re.compile(r"\s+(?:have|are|were|can|could|will|would|should|must|may|might|need|do|don't|"
                                 r"did|get|want|see|know|receive|own|pay|use)\b", re.I)
#: ... unless a causative verb governs it ("let you use", "help you get"): then it is an object
_CAUSATIVE_BEFORE = re.compile(r"\b(?:let|lets|make|makes|help|helps|have|has|watch|see)\s+$", re.I)
_SWAP = {"your": "my", "yours": "mine", "yourself": "myself", "yourselves": "ourselves",
         "we": "you", "our": "your", "ours": "yours", "ourselves": "yourselves", "us": "you"}
_PERSON_WORD = re.compile(r"\b(?:you|your|yours|yourself|yourselves|we|our|ours|ourselves|us)\b", re.I)


#: a contracted auxiliary right after "you" ("you're", "you've", "you'll", "you'd") makes it a
#: subject: "if you've added" -> "if I've added", never "if me've added"
_CONTRACTED_AFTER = re.compile(r"['\u2019](?:re|ve|ll|d)\b", re.I)


@lru_cache(maxsize=4096)
def _subject_yous(question: str) -> frozenset[int]:
    """Offsets of each "you" the default spaCy parse makes a clause's subject (question v6 on):
    "the address you enter" (a relative clause's subject), not "give you access" (an object)."""
    from ...analysis.annotate import load_spacy

    global _NLP
    if _NLP is None:
        _NLP = load_spacy()
    doc = _NLP(question)
    # the subject of a relative clause right after its noun ("projects you create"), not of a verb's
    # complement ("letting you test", "lets you use": there "you" stays the object "me")
    return frozenset(t.idx for t in doc if t.lower_ == "you" and t.dep_ in ("nsubj", "nsubjpass")
                     and t.i > 0 and doc[t.i - 1].tag_.startswith("NN"))


_NLP = None


def first_person_question(question: str, *, keep_codes: bool = False, contractions: bool = False,
                          relative_subjects: bool = False) -> str:
    """A question in the asker's own voice: the documentation's reader ("you") becomes "I"/"me"
    and its writer ("we", "our") becomes "you"/"your", in one pass so the two do not collide:
    "Must you notify us within 2 days?" -> "Must I notify you within 2 days?". "you" is "I" where
    it is a clause's subject (after an inverted auxiliary, a wh-word or a subordinator) and "me"
    elsewhere; "be" then agrees ("Are you" -> "Am I", "you were" -> "I was"). "US" (a country)
    stays. With ``contractions`` (question v5 on) a contracted auxiliary agrees too: "you're"
    -> "I'm" (not "I're"), and "you've"/"you'll"/"you'd" keep "I" as their subject. With
    ``relative_subjects`` (question v6 on) "you" after a noun phrase and before a verb opens a
    relative clause as its subject: "the address you enter" -> "the address I enter"."""
    out: list[str] = []
    pos = 0
    for m in _PERSON_WORD.finditer(question):
        word = m.group(0)
        if word == "US" or (word[:1] == "U" and word.lower() == "us" and m.start() > 0):
            continue
        if keep_codes and (question[m.end():m.end() + 1] in "-_." and m.end() < len(question) - 1
                           or question[m.start() - 1:m.start()] in ("-", "_")):
            continue  # "us-east-1" is a region code, not the writer (question v5 on)
        low = word.lower()
        if low == "you":
            subject = _SUBJECT_SLOT.search(question[:m.start()]) or (
                _VERB_AFTER_SUBJECT.match(question[m.end():]) and not _CAUSATIVE_BEFORE.search(question[:m.start()])
            ) or (contractions and _CONTRACTED_AFTER.match(question[m.end():])) or (
                relative_subjects and m.start() in _subject_yous(question)
                and not _CAUSATIVE_BEFORE.search(question[:m.start()]))
            new = "I" if subject else "me"
        else:
            new = _SWAP[low]
        if word[:1].isupper() and new != "I":
            new = new[:1].upper() + new[1:]
        out.append(question[pos:m.start()] + new)
        pos = m.end()
    text = "".join(out) + question[pos:]
    if text == question:
        return text
    text = re.sub(r"\b([Aa])re I\b", lambda m: ("Am" if m.group(1) == "A" else "am") + " I", text)
    text = re.sub(r"\b([Ww])ere I\b", lambda m: ("Was" if m.group(1) == "W" else "was") + " I", text)
    text = re.sub(r"\bI are\b", "I am", text)
    text = re.sub(r"\bI were\b", "I was", text)
    text = re.sub(r"\bI aren't\b", "I am not", text)
    if contractions:
        text = re.sub(r"\bI(['\u2019])re\b", r"I\1m", text)
    return text
