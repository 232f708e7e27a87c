"""Potra Bash: a card game of laps, a centre card and field picks, for 3 to 5 players."""
