"""An example mutagen-cite plugin: see ../pyproject.toml for how each part is registered."""
