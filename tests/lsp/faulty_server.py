"""The real server with one fault injected: the engine raises on any project holding a file that
contains `ENGINE_BOOM`. Used to prove that an engine exception is logged, the last good
diagnostics are kept, and the server goes on."""

import sys

from shardlint.analysis import engine
from shardlint.server.lsp import serve

_analyze = engine.analyze


def analyze(files, config, roots, imported=frozenset()):
    if any("ENGINE_BOOM" in sf.text for sf in files.values()):
        raise RuntimeError("injected engine failure")
    return _analyze(files, config, roots, imported)


engine.analyze = analyze

if __name__ == "__main__":
    serve()
    sys.exit(0)
