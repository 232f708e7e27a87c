"""The saved games: the store, its file, the lock of an open game, salvage, history."""
