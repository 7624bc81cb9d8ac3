"""Analysis: tag each sentence's slots (rules + spaCy), cache the parses, mine enumerations."""
