"""The playground's jobs, and one made to overrun: the score "never ends" blocks until its worker is
killed (tests/unit/test_playground.py asserts the mechanism of the deadline, not a hoped-for slowness)."""

import threading

from ordertheory.playground import jobs

NEVER_ENDS = "never ends"


def run(name: str, kwargs: dict) -> dict:
    if name == "score" and kwargs.get("text") == NEVER_ENDS:
        threading.Event().wait()  # until the pool kills this worker at the request's deadline
    return jobs.run(name, kwargs)
