"""A game at the table: the session loop, seats, the private-screen gates, what the hands do."""
