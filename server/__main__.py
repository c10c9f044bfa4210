"""`python -m shardlint.server`: the language server over stdio (what editor clients run)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main(["server", *sys.argv[1:]]))
