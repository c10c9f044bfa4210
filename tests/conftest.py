"""Fixture programs are data, not tests: some are named `test_*.py` on purpose (test functions
are entry points the engine must follow)."""

collect_ignore_glob = ["fixtures/*", "corpus/*", "example/*", "robustness/*", "fixes/*"]


def pytest_addoption(parser):
    parser.addoption("--snapshot-update", action="store_true", default=False,
                     help="rewrite the stored snapshots (tests/fixtures/**/*.snap) with what the engine "
                          "gives now, instead of comparing with them")
