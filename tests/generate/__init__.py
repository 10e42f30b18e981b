"""pycore.generate (issue 45 §1): generated puzzles checked by the codec, the solver and explain."""
