"""path_start / path_step / path_cancel: the whole path by logic from the reader's position, in
slices, as the hint panel lists it."""
from tests.solve.test_hard_killers import TAREK_WITH_SOLUTIONS, short_killer

from pycore import api
from pycore.codec import decode, encode
from pycore.model import Position
from pycore.explain import explain

from tests.api.test_hint import EASY


def run(text, progress, seconds=60.0, solution=None):
    """Every slice's answer until the path is done."""
    started = api.path_start(text, progress, solution)
    assert set(started) == {"id"}, started
    answers = [api.path_step(started["id"], seconds)]
    while not answers[-1]["done"]:
        answers.append(api.path_step(started["id"], seconds))
    return answers


def test_the_path_lists_every_step_of_the_solve_by_logic_and_grades_it():
    progress = api.decode_view(EASY)["progress"]
    (answer,) = run(EASY, progress)
    reference = explain(*decode(EASY))   # the command line's explain, from the same position
    assert answer["status"] == "solved" == reference["status"]
    assert answer["steps"] == [s["text"] for s in reference["steps"]]
    assert answer["count"] == len(answer["steps"])
    assert answer["grade"]["hardest"] == reference["grade"]["hardest"]
    assert answer["grade"]["level"] == reference["grade"]["level"]
    assert answer["grade"]["name"] and answer["grade"]["name"][0].isupper()


def test_small_slices_give_the_same_steps_a_few_at_a_time():
    progress = api.decode_view(EASY)["progress"]
    whole = run(EASY, progress)[0]["steps"]
    slices = run(EASY, progress, seconds=1e-9)   # one step a slice (a slice makes one at least)
    assert len(slices) >= len(whole)
    assert [t for a in slices for t in a["steps"]] == whole
    assert all(not a["done"] for a in slices[:-1]) and slices[-1]["done"]


def test_the_path_starts_from_the_readers_position():
    progress = api.decode_view(EASY)["progress"]
    first = api.hint_view(EASY, progress)
    whole = run(EASY, progress)[0]
    after = run(EASY, first["progress"])[0]
    assert after["steps"] == whole["steps"][1:]


def test_a_hardest_killer_path_ends_stuck_with_what_logic_found():
    short, solution = TAREK_WITH_SOLUTIONS[0]
    puzzle = short_killer(short)
    text = encode(puzzle, Position((0,) * 81, (0,) * 81), "versioned")
    progress = api.decode_view(text)["progress"]
    answers = run(text, progress, seconds=0.05, solution=[int(d) for d in solution])
    last = answers[-1]
    assert last["status"] == "stuck"
    assert last["grade"]["level"] and last["grade"]["name"]
    assert last["count"] == sum(len(a["steps"]) for a in answers) > 0


def test_a_wrong_digit_is_reported_before_any_step():
    progress = api.decode_view(EASY)["progress"]
    step = api.hint_view(EASY, progress)["step"]
    ((cell, digit),) = step["placements"]
    progress[cell] = f"s{digit % 9 + 1}"
    answer = api.path_start(EASY, progress)
    assert answer["status"] == "invalid" and [p["cell"] for p in answer["problems"]] == [cell]


def test_bad_calls_are_errors_not_exceptions():
    assert "error" in api.path_start("not a puzzle", [])
    assert "error" in api.path_step(10 ** 9, 1.0)
    started = api.path_start(EASY, api.decode_view(EASY)["progress"])
    for seconds in (0, -1, "1", None, True, float("nan")):
        assert "error" in api.path_step(started["id"], seconds), seconds
    assert api.path_cancel(started["id"]) == {}
    assert "error" in api.path_step(started["id"], 1.0)   # cancelled: forgotten
    assert api.path_cancel("x") == {}


def test_unfinished_paths_are_not_kept_forever():
    progress = api.decode_view(EASY)["progress"]
    ids = [api.path_start(EASY, progress)["id"] for _ in range(api.PATHS_KEPT + 3)]
    assert "error" in api.path_step(ids[0], 1.0)
    assert api.path_step(ids[-1], 60.0)["done"]


def test_a_wrong_position_the_solver_could_not_check_ends_invalid(monkeypatch):
    # As when the hint's short solve runs out of time. A wrong digit that breaks no rule at once
    # is caught by the solver's propagation before the path starts; one that it missed too is
    # met by the logic itself, on the way.
    import pycore.explain.forcing
    monkeypatch.setattr(api, "_solved", lambda text, puzzle: ("timeout", None))
    opened = api.decode_view(EASY)["progress"]
    solution = api.solve_step(api.solve_start(EASY)["id"], 10_000)["solution"]
    candidates = api.play_view(EASY, opened)["candidates"]
    answers = [api.path_start(EASY, opened[:cell] + [f"s{d}"] + opened[cell + 1:])
               for cell, digits in enumerate(candidates) for d in map(int, digits)
               if d != solution[cell]]
    assert answers and all(answer.get("status") == "invalid" for answer in answers)
    assert any(answer["reason"].endswith("so one of them is a mistake.") for answer in answers)
    monkeypatch.setattr(pycore.explain.forcing, "solver_contradiction", lambda board: None)
    started = {}
    for cell, digits in enumerate(candidates):   # a wrong digit that breaks no rule at once
        for d in (int(d) for d in digits if int(d) != solution[cell]):
            progress = opened[:cell] + [f"s{d}"] + opened[cell + 1:]
            started = api.path_start(EASY, progress)
            if "id" in started:
                break
        if "id" in started:
            break
    answer = api.path_step(started["id"], 60.0)
    assert answer["status"] == "invalid" and answer["reason"].startswith("The position has no solution")
    assert answer["count"] >= 1


def test_the_position_after_any_step_is_the_one_the_hints_lead_to():
    progress = api.decode_view(EASY)["progress"]
    started = api.path_start(EASY, progress)
    whole = api.path_step(started["id"], 60.0)
    assert whole["done"] and whole["count"] > 5
    position = progress
    for count in range(1, 6):   # hint after hint, applied as the page applies them
        position = api.hint_view(EASY, position)["progress"]
        assert api.path_progress(started["id"], count) == {"progress": position}
    last = api.path_progress(started["id"], whole["count"])["progress"]
    assert all(note[0] in "gs" for note in last)   # solved: every cell holds a digit
    for count in (0, whole["count"] + 1, "1", None, 1.5):
        assert "error" in api.path_progress(started["id"], count), count
    api.path_cancel(started["id"])
    assert "error" in api.path_progress(started["id"], 1)


def test_a_path_can_be_followed_while_it_is_still_being_listed():
    progress = api.decode_view(EASY)["progress"]
    started = api.path_start(EASY, progress)
    first = api.path_step(started["id"], 1e-9)   # one step so far
    assert not first["done"] and len(first["steps"]) == 1
    assert api.path_progress(started["id"], 1) == {"progress": api.hint_view(EASY, progress)["progress"]}
    assert "error" in api.path_progress(started["id"], 2)
