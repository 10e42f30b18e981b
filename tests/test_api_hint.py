"""hint_view: the page's Hint, as data."""
from pycore import api

EASY = ("S9B03epep090607epep01ep04ep03ep02ep08epep02epepepepep07epep07epepepepep09epepepep080703ep"
        "epep05epepep01epepep03epep0407ep0501epep09ep05epepep02ep0708epep060201epep04")


def test_hint_names_a_step_in_three_stages_and_gives_the_position_after_it():
    view = api.decode_view(EASY)
    hint = api.hint_view(EASY, view["progress"])
    assert hint["status"] == "step"
    look, named, whole = hint["levels"]
    assert look.startswith("Look at ")
    assert hint["step"]["name"] in named
    assert whole == hint["step"]["text"]
    ((cell, digit),) = hint["step"]["placements"]
    assert view["progress"][cell] != f"s{digit}"
    assert hint["progress"][cell] == f"s{digit}"
    changed = [i for i, (a, b) in enumerate(zip(view["progress"], hint["progress"])) if a != b]
    assert changed == [cell]


def test_hint_on_a_wrong_digit_asks_to_fix_it_first():
    view = api.decode_view(EASY)
    hint = api.hint_view(EASY, view["progress"])
    ((cell, digit),) = hint["step"]["placements"]
    wrong = view["progress"][:]
    wrong[cell] = f"s{digit % 9 + 1}"
    answer = api.hint_view(EASY, wrong)
    assert answer["status"] == "invalid"
    assert [p["cell"] for p in answer["problems"]] == [cell]
    assert "first" in answer["reason"]


def test_hint_on_a_solved_grid_says_solved():
    view = api.decode_view(EASY)
    solution = api.solve_step(api.solve_start(EASY)["id"], 10_000)["solution"]
    progress = [note if note.startswith("g") else f"s{solution[i]}"
                for i, note in enumerate(view["progress"])]
    assert api.hint_view(EASY, progress) == {"status": "solved"}


def test_hint_steps_reach_the_solution_on_an_easy_sudoku():
    progress = api.decode_view(EASY)["progress"]
    for _ in range(81):
        hint = api.hint_view(EASY, progress)
        if hint["status"] != "step":
            break
        progress = hint["progress"]
    assert hint == {"status": "solved"}


def test_hint_on_a_bad_string_is_an_error_message():
    assert "error" in api.hint_view("S9B0", [])
