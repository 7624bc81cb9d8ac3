"""One module per subcommand; each exposes ``command`` (a click.Command)."""
