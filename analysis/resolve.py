"""Name resolution where syntax is not enough: jedi, in the analysis interpreter's environment.

The interpreter resolves names syntactically first (imports, aliases, attribute chains, the
project's own re-exports, installed packages read as source). It asks jedi only for names that
come from a module it cannot read as source (compiled or import-hook packages, editable installs,
star imports of such modules), and turns jedi's answer into a canonical JAX name."""

from __future__ import annotations

import functools
import logging
import os

from . import apis

log = logging.getLogger(__name__)


@functools.lru_cache(maxsize=8)
def _environment(python: str | None):
    import jedi

    if python:
        try:
            return jedi.create_environment(python, safe=False)
        except Exception as e:  # jedi raises its own InvalidPythonEnvironment and OSError
            log.warning("jedi cannot use interpreter %s: %s", python, e)
    try:
        return jedi.get_default_environment()
    except Exception:
        return None


class JediResolver:
    def __init__(self, python: str | None, root: str | None):
        self.python = python
        self.root = root
        self._cache: dict = {}
        self._scripts: dict = {}

    def full_name(self, path: str, text: str, line: int, column: int) -> str | None:
        """The canonical qualified name of what the name at (line, 0-based column) refers to."""
        key = (path, hash(text), line, column)
        if key in self._cache:
            return self._cache[key]
        result = None
        try:
            import jedi

            script = self._scripts.get((path, hash(text)))
            if script is None:
                project = jedi.Project(self.root) if self.root and os.path.isdir(self.root) else None
                script = jedi.Script(code=text, path=path, environment=_environment(self.python),
                                     project=project)
                self._scripts[(path, hash(text))] = script
            for name in script.goto(line, column, follow_imports=True):
                if name.full_name:
                    result = apis.canonical(name.full_name)
                    break
        except Exception as e:  # jedi can fail on any input; resolution then stays unknown
            log.debug("jedi could not resolve %s:%s:%s: %s", path, line, column, e)
        self._cache[key] = result
        return result
