"""Byte-level prefilter: which files' top levels are worth running as entry points. A file is
relevant when its text mentions jax, a collective, Pallas, shard_map, pmap, a star import, or a
project module that (transitively) does. Nothing else is parsed unless the interpreter follows an
import into it (whether it parses at all is checked without a tree, for SHL000)."""

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
_BY_LIKELIHOOD = sorted(WORDS, key=lambda w: (w != "jax", w))  # most files say jax: look for it first


def mentions(text: str) -> bool:
    """Whether `text` has one of `WORDS` as a whole word (where `\\b(?:word|...)\\b` matches), or
    a star import. Each word is found with `str.find` and only its occurrences are checked for
    word boundaries: the expression of all the alternatives tries each at every character,
    twice as slow on a file that mentions none."""
    if "import *" in text:
        return True
    for w in _BY_LIKELIHOOD:
        i = text.find(w)
        while i != -1:
            j = i + len(w)
            if (i == 0 or not _word_char(text[i - 1])) and (j == len(text) or not _word_char(text[j])):
                return True
            i = text.find(w, i + 1)
    return False


def _word_char(c: str) -> bool:
    return c.isalnum() or c == "_"


def relevant(files: dict) -> set[str]:
    """Files whose top level is worth running: those that mention a token and parse, then, to a
    fixpoint, those that mention the module name (file stem, or package folder) of one already
    in. Only the files that get in are parsed here; the rest are scanned for words once."""
    out = {p for p, sf in files.items() if mentioned(sf) and sf.tree is not None}
    frontier = set(out)
    while frontier:
        stems = {s for s in map(stem, frontier) if s.isidentifier()}
        frontier = set()
        if not stems:
            break
        for p, sf in files.items():
            if p not in out and not stems.isdisjoint(words(sf)) and sf.tree is not None:
                out.add(p)
                frontier.add(p)
    return out


def mentioned(sf) -> bool:
    """`mentions` of a file's text (kept with the file)."""
    found = getattr(sf, "_mentions", None)
    if found is None:
        found = sf._mentions = mentions(sf.text)
    return found


def words(sf) -> frozenset[str]:
    """The words of a file's text (kept with the file): what a module's name is looked for
    among."""
    found = getattr(sf, "_words", None)
    if found is None:
        found = sf._words = frozenset(_WORD.findall(sf.text))
    return found


_WORD = re.compile(r"\w+")


def stem(path: str) -> str:
    stem = os.path.splitext(os.path.basename(path))[0]
    return os.path.basename(os.path.dirname(path)) if stem == "__init__" else stem
