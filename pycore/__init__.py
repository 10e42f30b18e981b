"""Read, write and solve SudokuWiki puzzle strings."""
from .model import Cage, Position, Puzzle

__all__ = ["Cage", "Position", "Puzzle"]
