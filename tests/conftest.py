"""Shared fixtures. Tests that need ../shared skip cleanly when it is absent."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

REPO = Path(__file__).resolve().parents[1]
DEMO = REPO / "corpora" / "demo"
SHARED = Path(os.environ.get("MUTAGEN_SHARED", REPO.parent / "shared"))


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO


@pytest.fixture(scope="session")
def demo_dir() -> Path:
    return DEMO


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    if not (SHARED / "corpora").is_dir():
        pytest.skip("../shared is absent (a user's clone has none)")
    return SHARED


@pytest.fixture(scope="session")
def shared_corpora(shared_dir) -> list[Path]:
    root = shared_dir / "corpora"
    return sorted(p for p in root.iterdir() if p.is_dir())
