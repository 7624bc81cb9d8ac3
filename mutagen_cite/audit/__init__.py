"""Audit: how hard each distractor is for similarity functions (ranks, margins, embeddings, reports)."""
