"""`python -m shardlint.analysis.rules`: the README's rule sections from the registry.

    --markdown      print them
    --write FILE    rewrite them in FILE (between their markers)
    --check FILE    exit 1 when FILE's sections are stale
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .reference import SECTIONS, render


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m shardlint.analysis.rules", description=__doc__.splitlines()[0])
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--markdown", action="store_true")
    g.add_argument("--write", type=Path, metavar="FILE")
    g.add_argument("--check", type=Path, metavar="FILE")
    args = p.parse_args(argv)
    if args.markdown:
        sys.stdout.write("\n".join(make() for make in SECTIONS.values()))
        return 0
    path = args.write or args.check
    try:
        text = path.read_text(encoding="utf-8")
        new = render(text)
    except (OSError, ValueError) as e:
        sys.stderr.write(f"{path}: {e}\n")
        return 2
    if args.check:
        if new != text:
            sys.stderr.write(f"{path}: the rule sections are stale; run python -m shardlint.analysis.rules "
                             f"--write {path}\n")
            return 1
        return 0
    if new != text:
        path.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
