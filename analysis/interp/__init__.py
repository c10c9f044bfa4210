"""The abstract interpreter: it runs every entry point of a project (module top levels,
`__main__` blocks, test functions, lowering targets) with Python's semantics, follows calls and
JAX transformations through the API table, and records events for the rules."""

from .machine import Interpreter

__all__ = ["Interpreter"]
