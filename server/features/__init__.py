"""The language server's features, one module each; their handlers are module-level functions
taking the server as `ls`. `@feature` and `@command` record them here, and `register` wires
them into a server (`lsp.build`)."""

from __future__ import annotations

from typing import Any, Callable

_FEATURES: list[tuple[str, Any, Callable]] = []
_COMMANDS: list[tuple[str, Callable]] = []


def feature(method: str, options: Any = None) -> Callable:
    def record(fn: Callable) -> Callable:
        _FEATURES.append((method, options, fn))
        return fn

    return record


def command(name: str) -> Callable:
    def record(fn: Callable) -> Callable:
        _COMMANDS.append((name, fn))
        return fn

    return record


def register(ls) -> None:
    from . import actions, diagnostics, hover, lowering, workspace  # noqa: F401 - they record their handlers

    for method, options, fn in _FEATURES:
        ls.feature(method, options)(fn)
    for name, fn in _COMMANDS:
        ls.command(name)(fn)
