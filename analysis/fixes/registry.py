"""Fixers by name. Each fix family module registers its fixers (`@fixer(name, FactKind)`); each
rule declares, in the rule registry, the names of the fixers its diagnostics offer, preferred
first; `fixes_for` runs those whose fact the diagnostic carries, then offers the suppression."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import libcst as cst

from ..config import Config
from ..diagnostics import Diagnostic, Fix
from ..fixfacts import EveryCount, FixFact, SiteRef
from ..jaxfacts import NEWEST_KNOWN, parse_version
from ..rules import ALL_RULES
from .suppress import suppression
from .tree import SourceModule

# What a fixer raises when the facts do not match the current text (a node elsewhere, of another
# shape): then it offers nothing.
MISMATCH = (AttributeError, LookupError, TypeError, ValueError)


class FixContext:
    """What a fixer reads besides its fact: files' current text (each parsed once per request)
    and the configuration."""

    def __init__(self, read: Callable[[str], str], config: Config):
        self.read = read
        self.config = config
        self._modules: dict[str, SourceModule | None] = {}

    def module(self, path: str) -> SourceModule | None:
        """The file, parsed; None when it cannot be read or parsed."""
        if path not in self._modules:
            try:
                self._modules[path] = SourceModule(path, self.read(path))
            except (OSError, UnicodeError, cst.ParserSyntaxError, RecursionError):
                self._modules[path] = None
        return self._modules[path]

    def call_at(self, site: SiteRef) -> tuple[SourceModule, cst.Call] | None:
        """The file and the call `site` points at, or None when the text moved on."""
        mod = self.module(site.path)
        call = mod.node_at(site, (cst.Call,)) if mod is not None else None
        return None if call is None else (mod, call)

    def positional_at(self, site: SiteRef, index: int) -> tuple[SourceModule, cst.Call, cst.BaseExpression] | None:
        """The file, the call `site` points at and its positional argument `index` (None where
        the call has fewer, or a star argument comes first)."""
        found = self.call_at(site)
        if found is None:
            return None
        mod, call = found
        positional = [a for a in call.args if a.keyword is None]
        if len(positional) <= index or any(a.star for a in positional[:index + 1]):
            return None
        return mod, call, positional[index].value

    def version(self, jax_version: str | None) -> tuple[int, ...]:
        """The target JAX version: the one the rule judged for, else the configured one, else the
        newest known."""
        return parse_version(jax_version) or parse_version(self.config.jax_version) or parse_version(NEWEST_KNOWN)

    def attempt(self, build: Callable[..., Fix | None], *args) -> Fix | None:
        """`build(*args)`, or None where the facts do not match the text."""
        try:
            return build(*args)
        except MISMATCH:
            return None


Built = Fix | list[Fix | None] | None


@dataclass(frozen=True)
class Fixer:
    name: str
    fact: type[FixFact]
    build: Callable[[Diagnostic, FixFact, FixContext], Built]


FIXERS: dict[str, Fixer] = {}


def fixer(name: str, fact: type[FixFact]):
    """Register `build(diag, fact, ctx)` as the fixer `name`, for diagnostics carrying a `fact`."""
    def register(build):
        if name in FIXERS:
            raise ValueError(f"two fixers named {name!r}")
        FIXERS[name] = Fixer(name, fact, build)
        return build
    return register


def _built(diag: Diagnostic, facts: tuple, ctx: FixContext) -> list[Fix]:
    """The fixes the rule's fixers build from `facts`, preferred first."""
    out: list[Fix] = []
    rule = ALL_RULES.get(diag.code)
    for name in rule.fixers if rule is not None else ():
        fx = FIXERS[name]
        for fact in facts:
            if isinstance(fact, fx.fact):
                built = ctx.attempt(fx.build, diag, fact, ctx)
                out.extend(f for f in (built if isinstance(built, list) else [built]) if f is not None)
    return out


def fixes_for(diag: Diagnostic, read: Callable[[str], str], config: Config) -> list[Fix]:
    """Every fix for `diag`, preferred first. `read(path)` returns a file's current text."""
    return offered(diag, FixContext(read, config))


def offered(diag: Diagnostic, ctx: FixContext) -> list[Fix]:
    """`fixes_for` with a context that may serve several diagnostics (fix-all)."""
    # A diagnostic may carry its own fix, built without libcst (removing an unused suppression).
    out: list[Fix] = [diag.fix] if diag.fix is not None else []
    out.extend(_built(diag, diag.fix_facts, ctx))
    for fact in diag.fix_facts:
        if isinstance(fact, EveryCount):
            each = [_built(diag, facts, ctx) for facts in fact.counts]
            out.extend(f for f in each[0] if all(f in other for other in each[1:]))
    sup = suppression(diag, ctx)
    if sup is not None:
        out.append(sup)
    return out
