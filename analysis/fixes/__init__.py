"""Fixes: the edits behind the code actions and `shardlint check --fix`.

Built on demand only (libcst costs 12x `ast.parse`; the diagnostics path never imports this
package). Every fix is located from the typed facts a rule attached to its diagnostic
(`Diagnostic.fix_facts`, see `fixfacts`) against the *current* text: when a node is not where
the facts say, no fix is offered. Edits are minimal (an insertion or a replacement of just the
changed span), 1-based, character columns, end exclusive; they may span files (the diagnostic
sits at the collective, the wrap at the entry point that reaches it).

One module per family of fixes, each registering its fixers by name (`registry.fixer`); a rule
names the fixers it offers in the rule registry (`Rule.fixers`). `edits` and `importer` are the
pieces they share, `apply` merges and applies them.
"""

# (they register their fixers)
from . import axes, carry, eager, gspmd, mesh, mosaic, perm, pmap, ppermute, specs, vary, versions, wrap  # noqa: F401
from .apply import FixResult, apply_fixes, fix_all
from .edits import apply_edits
from .registry import FIXERS, fixes_for
from .suppress import is_suppression

__all__ = ["FIXERS", "FixResult", "apply_edits", "apply_fixes", "fix_all", "fixes_for", "is_suppression"]
