"""Fairness rules: whether a candidate's near miss discriminates (seed 003, question c).

``rules`` applies them in order; each kind of rule has its own module:

- ``reading``: the chunk around the edited sentence (sentences split once, content words, values)
- ``layout``: list lead-ins, list items and section headings above a sentence
- ``restated``: the chunk says the edited sentence again
- ``presupposed``: neighbouring sentences presuppose the original
- ``frames``: a heading or lead-in states what the edit removes
- ``flips``: a polarity flip the rest of the chunk contradicts
- ``bounds``, ``numbers``, ``order``: bounded, derived and ordered numbers
- ``names``: a name's twin still names the original
- ``coherence``: documentation English tying the edit to the chunk's other units (lead-ins,
  derived bounds, consequences, a requirement restated beside it)
- ``ambiguity``, ``releases``: document-level rules of question v5
- ``side_value``: which value a question may ask for beside the changed one (a condition, not a
  second fact)
"""
