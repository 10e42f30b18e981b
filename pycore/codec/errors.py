class PuzzleStringError(ValueError):
    """A puzzle string that cannot be read or written; the message says what and where."""
