"""How the VS Code extension runs shardlint's language server with the selected interpreter:

    <python> -I launch.py [--from-environment] [--probe]

`-I` (isolated mode) keeps the working folder, PYTHON* variables and the user's site-packages off
the import path, and the extension starts it in a folder of its own, so nothing in the workspace
(a `shardlint/` folder, a `json.py`) is ever imported. The bundled libraries (../libs) come first;
with --from-environment the interpreter's own install is used instead (its user site-packages
included). --probe prints, as JSON, what the server would run with, and exits."""

import json
import os
import site
import sys

LIBS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "libs")
OLDEST = (3, 10)


def main(argv):
    from_environment = "--from-environment" in argv
    if from_environment:
        user_site = site.getusersitepackages()
        if os.path.isdir(user_site):
            site.addsitedir(user_site)
    else:
        sys.path.insert(0, LIBS)
    if "--probe" in argv:
        print(json.dumps(probe(from_environment)))
        return 0
    if sys.version_info < OLDEST:
        sys.stderr.write("shardlint needs Python >= %d.%d; %s is %s\n"
                         % (OLDEST + (sys.executable, sys.version.split()[0])))
        return 3
    from shardlint.server.cli import main as shardlint

    return shardlint(["server"])


def probe(from_environment):
    out = {"executable": sys.executable, "version": list(sys.version_info[:3]),
           "supported": sys.version_info >= OLDEST, "shardlint": None, "location": None, "libcst": False,
           "error": None}
    if not out["supported"]:
        return out
    try:
        import shardlint.server.output as output

        out["shardlint"] = output.VERSION
        out["location"] = os.path.dirname(os.path.abspath(output.__file__))
    except Exception as e:  # not installed there, or broken: the extension says which
        out["error"] = "%s: %s" % (type(e).__name__, e)
    try:
        import libcst  # noqa: F401 - quick fixes need it

        out["libcst"] = True
    except Exception:
        pass
    return out


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
