"""Run: call a generator on each case, read its claims and citations, grade, score, report, gate."""
