"""The games and their players. ``ai.games`` finds a game by name; ``ai.protocol`` is what each implements."""
