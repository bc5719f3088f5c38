"""Developer tools that drive the real app (the monkeys); not part of the shipped game."""
