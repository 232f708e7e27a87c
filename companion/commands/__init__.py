"""One module per game: its play, arena and score commands, registered on the shared typer app."""
