"""English: the reference catalog; every other language holds the same keys."""
