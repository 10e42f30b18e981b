# Characters that end a line for str.splitlines(): none may reach a message, which is one line.
LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


def one_line(text: str) -> str:
    """`text` with every line break written as its escape (\\n, \\u2028), so it stays one line."""
    if not any(ch in text for ch in LINE_BREAKS):
        return text
    return "".join(repr(ch)[1:-1] if ch in LINE_BREAKS else ch for ch in text)


def quoted(text: str, limit: int = 24) -> str:
    """User text inside a message: quoted and escaped (repr), cut to `limit` characters."""
    return repr(text[:limit]) + ("…" if len(text) > limit else "")


class PuzzleStringError(ValueError):
    """A puzzle string that cannot be read or written; the message says what and where, on one
    line whatever text it quotes (the command line prints it as one line, the page as status)."""

    def __init__(self, message: str = "", *rest):
        super().__init__(one_line(str(message)), *rest)
