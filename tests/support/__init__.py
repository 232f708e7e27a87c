"""What several test modules share (sessions driven through the CLI, stores and their faults, terminals, a
game's scenes), so that no test module imports another."""
