"""Property-based fuzzing of the HTTP API from its own OpenAPI schema (Schemathesis) against a
real server: no answer is a 5xx, and every answer matches the schema (status codes, content
types, headers, bodies)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

EXAMPLES = os.environ.get("FUZZ_EXAMPLES", "60")


def test_the_http_api_holds_against_generated_requests(server_factory, tmp_path):
    # Its own server and file: the fuzzer creates rooms by the hundred.
    server = server_factory(f"sqlite+aiosqlite:///{tmp_path / 'fuzz.db'}",
                            CARC_ROOMS_PER_WINDOW="1000000")
    schemathesis = Path(sys.executable).with_name("schemathesis")
    run = subprocess.run(
        [str(schemathesis), "run", f"{server.url}/openapi.json",
         "--checks", "all",
         # Schema-valid names of nothing but spaces are rightly refused (422): not a fault.
         "--exclude-checks", "positive_data_acceptance",
         "--max-examples", EXAMPLES, "--no-color"],
        # Its cache (examples and crashes it remembers) goes to the test's own directory, so
        # every run starts from the same clean checkout.
        capture_output=True, text=True, timeout=600, cwd=tmp_path,
    )
    # Exit status 0: no check failed (warnings, such as game ids the fuzzer never found, do
    # not count); the summary says how many cases passed.
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert " passed" in run.stdout and "generated" in run.stdout
