"""The four expert modules (RW-164), each switched on by its own option."""
