"""mutagen-cite: citation test suites built from near misses in your own documents."""

__version__ = "0.1.0"
