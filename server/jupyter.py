"""shardlint as a language server for JupyterLab (jupyterlab-lsp): the `jupyter_lsp_spec_v1`
entry point. jupyter_lsp calls `spec(manager)` and starts the server with this interpreter for
Python notebooks and files; jupyterlab-lsp sends it each notebook's code cells as one document."""

from __future__ import annotations

import sys

from . import output

SPEC_VERSION = 2  # jupyter_lsp's spec schema version


def spec(manager=None) -> dict:
    """The spec jupyter_lsp reads (what `c.LanguageServerManager.language_servers` would hold)."""
    return {
        "shardlint": {
            "argv": [sys.executable, "-m", "shardlint.server"],
            "languages": ["python"],
            "version": SPEC_VERSION,
            "display_name": f"shardlint {output.version()}",
            "mime_types": ["text/python", "text/x-ipython"],
            "urls": {"home": "https://pypi.org/project/shardlint/"},
            "install": {"pip": "pip install shardlint"},
        }
    }
