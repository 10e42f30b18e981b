"""Supply chain (issue 42): every Python package the project installs is pinned, transitive ones
included, with hashes (requirements-*.lock, made from requirements-*.txt by .ci/lock, installed
by .ci/venv with --require-hashes); the wheel build runs on the locked setuptools and wheel; the
Pages workflow's actions are pinned by commit SHA, only its deploy job may write to Pages, and
the core tests run before a deploy. Read from the files themselves: no network, no install."""
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LOCKS = {"requirements-build.txt": "requirements-build.lock", "requirements-test.txt": "requirements-test.lock",
         "bench/requirements.txt": "bench/requirements.lock",
         "requirements-node.txt": "requirements-node.lock"}
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"


def normal(name: str) -> str:
    """A package name as the index compares names (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def entries(text: str) -> list[str]:
    """A requirements file's entries: continuation lines joined, comments and blank lines dropped."""
    joined = re.sub(r"\\\n", " ", text)
    lines = (re.sub(r"(^|\s)#.*", "", line).strip() for line in joined.splitlines())
    return [line for line in lines if line]


def lock_problems(text: str) -> list[str]:
    """What keeps a lock from pinning every package to one version and its files to hashes."""
    problems = []
    for entry in entries(text):
        pin = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;=]+)((?:\s+--hash=sha256:[0-9a-f]{64})+)", entry)
        if pin is None:
            problems.append(f"not a version pinned with hashes: {entry[:80]!r}")
    return problems


def pins(path: Path) -> dict[str, str]:
    """The version each package is pinned to in a requirements file, -r files followed; an entry
    that is not `name==version` fails the test."""
    found = {}
    for entry in entries(path.read_text()):
        if entry.startswith("-r "):
            found.update(pins(path.parent / entry[3:].strip()))
            continue
        pin = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)(\s+--hash=\S+)*", entry)
        assert pin, f"{path.name}: {entry!r} is not pinned to one version (name==version)"
        found[normal(pin[1])] = pin[2]
    return found


def locked_versions(lock: str) -> dict[str, str]:
    """The version each package is pinned to in a lock."""
    return {normal(e.split("==")[0]): e.split("==")[1].split()[0] for e in entries((ROOT / lock).read_text())}


@pytest.mark.parametrize("lock", sorted(LOCKS.values()))
def test_every_package_in_a_lock_is_pinned_with_hashes(lock):
    assert lock_problems((ROOT / lock).read_text()) == []


@pytest.mark.parametrize("bad", [
    "pytest==9.0.3\n",   # no hash
    "pytest>=9 \\\n    --hash=sha256:" + "a" * 64 + "\n",   # no single version
    "pytest \\\n    --hash=sha256:" + "a" * 64 + "\n",
    "pytest==9.0.3 \\\n    --hash=md5:" + "a" * 32 + "\n",
    "pytest==9.0.3 \\\n    --hash=sha256:abc\n",
    "-e git+https://example.invalid/x.git#egg=x\n",
    "--index-url http://127.0.0.1:9/simple\n",
])
def test_the_lock_check_finds_a_missing_hash_or_pin(bad):
    good = "hypothesis==6.155.2 \\\n    --hash=sha256:" + "0" * 64 + "\n    # via -r requirements-test.txt\n"
    assert lock_problems(good) == []
    assert lock_problems(good + bad) != []


@pytest.mark.parametrize("requirements,lock", sorted(LOCKS.items()))
def test_each_lock_holds_its_requirements_at_their_pinned_versions(requirements, lock):
    """A pin changed in requirements-*.txt without `.ci/lock` run after it fails here."""
    locked = locked_versions(lock)
    wanted = pins(ROOT / requirements)
    assert {name: locked.get(name) for name in wanted} == wanted, f"run .ci/lock: {lock} lags {requirements}"


def test_the_locks_agree_on_the_packages_they_share():
    test = locked_versions("requirements-test.lock")
    for lock in ("requirements-build.lock", "bench/requirements.lock"):
        other = locked_versions(lock)
        assert {name: test[name] for name in other if name in test} == \
            {name: version for name, version in other.items() if name in test}, lock
    build = set(entries((ROOT / "requirements-build.lock").read_text()))
    assert build <= set(entries((ROOT / "requirements-test.lock").read_text()))   # hashes too


def test_the_installs_go_through_the_locks_with_hashes_required():
    venv = (ROOT / ".ci" / "venv").read_text()
    assert re.search(r'pip install .*--require-hashes -r "\$lock"', venv)
    assert 'lock="${1%.txt}.lock"' in venv
    for script in ("run", "serve"):
        assert "pip install" not in (ROOT / ".ci" / script).read_text()
    assert "pip install" not in WORKFLOW.read_text()


def test_the_wheel_is_built_on_the_locked_setuptools_and_wheel():
    """Without isolation: an isolated build would install setuptools and wheel unpinned, unhashed."""
    build = (ROOT / "build.py").read_text()
    assert re.search(r'"-m", "build", "--wheel", "--no-isolation"', build)
    locked = {normal(e.split("==")[0]) for e in entries((ROOT / "requirements-build.lock").read_text())}
    backend = re.search(r"requires\s*=\s*\[(.*?)\]", (ROOT / "pyproject.toml").read_text())[1]
    needed = {normal(re.match(r'\s*"([A-Za-z0-9._-]+)', part)[1]) for part in backend.split(",") if part.strip()}
    assert needed and needed <= locked


# --- the Pages workflow -------------------------------------------------------------------------

def jobs(text: str) -> dict[str, str]:
    """The workflow's jobs, each as the text of its block (keys two spaces in under `jobs:`)."""
    body = text.split("\njobs:\n", 1)[1]
    names = list(re.finditer(r"(?m)^  ([A-Za-z0-9_-]+):\s*$", body))
    return {m[1]: body[m.end():following.start() if following else len(body)]
            for m, following in zip(names, names[1:] + [None])}


def test_every_action_is_pinned_by_a_full_commit_sha_with_its_release_beside_it():
    uses = re.findall(r"(?m)^\s*(?:-\s+)?uses:\s*(.*)$", WORKFLOW.read_text())
    assert len(uses) >= 6
    for use in uses:
        assert re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+", use.strip()), use


def test_only_the_deploy_job_may_write_to_pages_or_ask_for_a_token():
    text = WORKFLOW.read_text()
    top = text.split("\njobs:\n", 1)[0]
    assert re.search(r"(?m)^permissions: \{\}", top)
    found = jobs(text)
    assert set(found) == {"test", "build", "deploy"}
    for name, block in found.items():
        writes = set(re.findall(r"(?m)^\s+([\w-]+): write\b", block))
        assert writes == ({"pages", "id-token"} if name == "deploy" else set()), name
        assert re.search(r"(?m)^    permissions:", block), f"{name} names its permissions"


def test_the_core_tests_run_before_the_site_is_built_and_deployed():
    found = jobs(WORKFLOW.read_text())
    assert re.search(r"(?m)^    needs: test$", found["build"])
    assert re.search(r"(?m)^    needs: build$", found["deploy"])
    assert ".ci/venv requirements-test.txt" in found["test"]
    assert re.search(r"pytest tests --ignore=tests/e2e", found["test"])
