"""Byte-level prefilter: which files' top levels are worth running as entry points. A file is
relevant when its text mentions jax, a collective, Pallas, shard_map, pmap, a star import, or a
project module that (transitively) does. Everything else is parsed for SHL000 only."""

from __future__ import annotations

import os
import re

from .apis import API, short

# What makes a file worth running: it calls a collective, a shard_map, pmap, a Pallas kernel, a
# Pallas TPU communication primitive or a mesh context; its word is the API's own name.
_RELEVANT_KINDS = frozenset({"collective", "send", "recv", "shard_map", "pmap", "pallas_call", "comm", "signal",
                             "barrier", "set_mesh"})
# ...or it names the modules those live in, under their own or their conventional names.
_MODULE_WORDS = ("jax", "pallas", "pl", "pltpu")
WORDS = frozenset({short(name) for name, api in API.items() if api.kind in _RELEVANT_KINDS} | set(_MODULE_WORDS))
_TOKENS = re.compile(r"\b(?:" + "|".join(sorted(WORDS)) + r")\b|import \*")


def relevant(files: dict) -> set[str]:
    direct = {p for p, sf in files.items() if sf.tree is not None and _TOKENS.search(sf.text)}
    names = {}
    for p in files:
        stem = os.path.splitext(os.path.basename(p))[0]
        if stem == "__init__":
            stem = os.path.basename(os.path.dirname(p))
        names.setdefault(stem, set()).add(p)
    out = set(direct)
    frontier = set(direct)
    while frontier:
        pattern_names = set()
        for p in frontier:
            stem = os.path.splitext(os.path.basename(p))[0]
            if stem == "__init__":
                stem = os.path.basename(os.path.dirname(p))
            if stem.isidentifier():
                pattern_names.add(stem)
        frontier = set()
        if not pattern_names:
            break
        rx = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, pattern_names))) + r")\b")
        for p, sf in files.items():
            if p not in out and sf.tree is not None and rx.search(sf.text):
                out.add(p)
                frontier.add(p)
    return out
