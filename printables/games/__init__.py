"""One module per game: its documents, built from the game's engine data (``ai/<game>/``)."""
