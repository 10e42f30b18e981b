"""The candidates on the board and the ones hints reason from agree (issue 41 §1): logic_marks
writes the hint's candidates in, a step applied keeps every cell marked, and Fill candidates and
Auto never bring back a candidate that a step or the reader eliminated."""
from pycore import api

EASY = ("S9B03epep090607epep01ep04ep03ep02ep08epep02epepepepep07epep07epepepepep09epepepep080703ep"
        "epep05epepep01epepep03epep0407ep0501epep09ep05epepep02ep0708epep060201epep04")


def opened():
    """The position as the page opens it: no pencil marks (SudokuWiki's every-digit wall read as none)."""
    return api.opening_progress(EASY, api.decode_view(EASY)["progress"])["progress"]


def test_logic_marks_are_the_candidates_the_hint_reasons_from():
    progress = opened()
    marked = api.logic_marks(EASY, progress)["progress"]
    assert all(note[0] == "c" for note, was in zip(marked, progress) if was == ".")
    assert api.logic_marks(EASY, marked)["progress"] == marked   # written in once
    before, after = api.hint_view(EASY, progress), api.hint_view(EASY, marked)
    assert before["step"] == after["step"] and before["progress"] == after["progress"]
    for cell, digits in after["marks"].items():
        assert marked[int(cell)] == "c" + digits


def test_steps_applied_leave_the_logic_candidates_on_the_board():
    progress = opened()
    for _ in range(12):
        hint = api.hint_view(EASY, progress)
        progress = hint["progress"]
        assert api.logic_marks(EASY, progress)["progress"] == progress


def test_fill_fills_only_cells_without_marks():
    progress = opened()
    auto = api.play_view(EASY, progress)["candidates"]
    cell = next(i for i, note in enumerate(progress) if note == "." and len(auto[i]) > 1)
    other = next(i for i, note in enumerate(progress) if note == "." and i != cell)
    progress[cell] = "c" + auto[cell][1:]   # the reader eliminated one
    filled = api.fill_candidates(EASY, progress)["progress"]
    assert filled[cell] == progress[cell]
    assert filled[other] == "c" + auto[other]


def test_auto_keeps_every_elimination_made():
    progress = opened()
    auto = api.play_view(EASY, progress)["candidates"]
    cell = next(i for i, note in enumerate(progress) if note == "." and len(auto[i]) > 2)
    progress[cell] = "c" + auto[cell][1:] + "9" if "9" not in auto[cell] else "c" + auto[cell][1:]
    narrowed = api.auto_marks(EASY, progress)["progress"]
    assert narrowed[cell] == "c" + auto[cell][1:]   # the eliminated digit stays out, 9 (ruled out) goes
    assert all(note[0] in "gc" for note in narrowed)
    assert api.auto_marks(EASY, narrowed)["progress"] == narrowed
