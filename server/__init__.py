"""shardlint's adapters: the command line, the language server and the output renderers."""

import os
import sys

# `python -m shardlint.server` puts the working folder (a user's project) first on the import
# path: a project module named like a standard one (`ast.py`, `json.py`) would be imported, and
# run, in place of it. Nothing of shardlint lives there.
if sys.path and sys.path[0] in ("", os.getcwd()):
    del sys.path[0]
