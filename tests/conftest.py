"""Fixture programs are data, not tests: some are named `test_*.py` on purpose (test functions
are entry points the engine must follow)."""

collect_ignore_glob = ["fixtures/*", "corpus/*", "example/*", "robustness/*", "fixes/*"]
