"""Helpers for the end-to-end tests (the fixtures are in conftest.py)."""

PAGE_TIMEOUT_MS = 60_000


def wait_started(page) -> str:
    """Waits until the page has left `loading`; returns the status state."""
    status = page.locator("[data-testid=status]:not([data-state=loading])")
    status.wait_for(state="attached", timeout=PAGE_TIMEOUT_MS)
    return status.get_attribute("data-state")


def open_text(page, text: str) -> str:
    """Pastes `text` into the page's box and submits it; returns the status state."""
    page.fill("[data-testid=puzzle-input]", text)
    page.locator("[data-testid=status]").evaluate("el => el.dataset.state = 'loading'")
    page.click("[data-action=open]")
    return wait_started(page)


def ask_hint(page, action: str = "hint") -> None:
    """Clicks Hint (or another hint button) and waits for the answer: the first hint on a puzzle
    waits for the page's solver, in slices when it takes more than a moment (app.js solvedFirst)."""
    page.click(f"[data-action={action}]")
    page.wait_for_function("""() => document.querySelector('[data-testid=status]').dataset.state !== 'solving'
        && !document.querySelector('[data-testid=hint]').hidden""")


def status_fits(page) -> bool:
    """The status text's height is within the status box (which hides what overflows)."""
    return page.evaluate("""() => {
      const status = document.querySelector('[data-testid=status]');
      const text = document.createRange();
      text.selectNodeContents(status);
      return text.getBoundingClientRect().height <= status.clientHeight;
    }""")
