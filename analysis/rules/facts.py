"""What the rules read: the interpreter's events, the target JAX version and backend, and the
diagnostic builder every rule uses (message, related path, fix facts)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..config import Config
from ..diagnostics import Diagnostic, Related, Severity
from ..interp.frames import Context, Site
from ..source import SourceFile
from . import RULES

NEWEST_KNOWN = "0.10.2"


def vtuple(v: str) -> tuple:
    return tuple(int(p) for p in v.split(".")[:3] if p.isdigit())


@dataclass
class Facts:
    events: list
    kernel_events: dict
    smap_checks: dict
    config: Config
    jax_version: str
    files: dict  # abs path -> SourceFile
    meshes: dict  # abs path -> [MeshV bound to module-level names, with the name]
    # id(diagnostic) -> (the context its evidence was recorded in: choices, caught exceptions;
    # the exception JAX raises there, where it is not the rule's usual one)
    contexts: dict = field(default_factory=dict)

    @property
    def version(self) -> tuple:
        return vtuple(self.jax_version)

    def of(self, *classes) -> list:
        return [e for e in self.events if isinstance(e, classes)]


_PLATFORM_BACKEND = {"cuda": "gpu", "rocm": "gpu", "gpu": "gpu", "tpu": "tpu", "cpu": "cpu"}


def backend_of(facts: "Facts", ctx: Context) -> str | None:
    """The backend code in `ctx` runs on: what the code itself lowers for (the outermost jit's
    `lowering_platforms`), else the configuration's."""
    for f in ctx.layers:
        if f.kind == "jit" and f.platform:
            return _PLATFORM_BACKEND.get(f.platform)
    return facts.config.run_backend


def binding(ctx: Context, axis: str):
    """How `axis` is bound in `ctx`: ("manual", layer) by a shard_map; ("pmap"|"vmap", layer);
    ("auto", layer) in a shard_map's mesh but not manual; ("not_in_mesh", layer) when the
    nearest shard_map with a known mesh lacks it and nothing outside binds it; ("unknown",
    layer) when a transformation binds axes we cannot see; ("unbound", None)."""
    not_in_mesh = None
    for f in reversed(ctx.layers):
        if f.kind == "shard_map":
            if f.axes is None:
                return "unknown", f
            if axis in f.axes:
                return "manual", f
            if f.mesh_axes is not None and axis in f.mesh_axes:
                return "auto", f
            if f.mesh_axes is None:
                return "unknown", f
            if not_in_mesh is None:
                not_in_mesh = f
            continue
        if f.kind in ("pmap", "vmap"):
            if f.axes is None:
                return "unknown", f
            if axis in f.axes:
                return f.kind, f
    if not_in_mesh is not None:
        return "not_in_mesh", not_in_mesh
    return "unbound", None


def site_span(facts: Facts, site: Site) -> tuple[int, int, int, int]:
    sf: SourceFile | None = facts.files.get(site.path)
    if sf is None:
        return site.line, site.col + 1, site.end_line, site.end_col + 1
    return (site.line, sf.char_col(site.line, site.col), site.end_line, sf.char_col(site.end_line, site.end_col))


def related_for(facts: Facts, path: tuple, ctx: Context | None = None) -> tuple[Related, ...]:
    out = []
    for site, msg in path:
        line, col, _, _ = site_span(facts, site)
        out.append(Related(site.path, line, col, msg))
    if ctx is not None:
        for f in ctx.layers:
            if f.kind == "kernel":
                continue
            line, col, _, _ = site_span(facts, f.site)
            r = Related(f.site.path, line, col, f"{f.words} applied here")
            if r not in out:
                out.append(r)
    return tuple(out)


def site_json(facts: Facts, site: Site, **extra) -> dict:
    line, col, end_line, end_col = site_span(facts, site)
    return {"path": site.path, "line": line, "column": col, "end_line": end_line, "end_column": end_col, **extra}


def fix_data(facts: Facts, ev, axes, pallas: bool = False, ctx: Context | None = None) -> dict:
    ctx = ctx if ctx is not None else ev.ctx
    data: dict = {"axes": list(axes or []), "pallas": pallas, "jax_version": facts.jax_version, "api": ev.api,
                  "entry": None, "wrap": None, "meshes": [], "pmap": None, "shard_map": None}
    if ev.path:
        site, msg = ev.path[0]
        data["entry"] = site_json(facts, site, message=msg)
    # The fix wraps where the function enters the innermost jit (inside any shardings that jit
    # was given), else the outermost other transformation.
    jits = [f for f in ctx.layers if f.kind == "jit" and f.wrap is not None]
    others = [f for f in ctx.layers if f.kind in ("pmap", "vmap") and f.wrap is not None]
    wrap = jits[-1] if jits else (others[0] if others else None)
    if wrap is not None:
        form, ws = wrap.wrap
        w = site_json(facts, ws, kind=form)
        if form == "decorator":
            w["def_line"] = ws.line
            w["function"] = ws.label
        else:
            w["function"] = ws.label
        data["wrap"] = w
    elif len(ev.path) >= 2:
        site, msg = ev.path[1]
        data["wrap"] = site_json(facts, site, kind="call", function=msg)
    target_path = data["wrap"]["path"] if data["wrap"] else (ev.path[0][0].path if ev.path else ev.site.path)
    data["meshes"] = [
        {"name": name, "axes": list(m.axes), "sizes": list(m.sizes) if m.sizes else None, "path": m.site.path,
         "line": m.site.line, "explicit": m.explicit_types or (m.explicit_default and facts.version >= (0, 10))}
        for name, m in facts.meshes.get(target_path, []) if m.axes is not None
    ]
    pm = ctx.innermost("pmap")
    if pm is not None:
        axis = next(iter(pm.axes)) if pm.axes else None
        data["pmap"] = site_json(facts, pm.site, axis_name=axis)
    sm = ctx.innermost("shard_map")
    if sm is not None and sm.mesh_axes is not None and sm.axes is not None:
        data["shard_map"] = site_json(facts, sm.site, manual=sorted(sm.axes), mesh_axes=list(sm.mesh_axes),
                                       keyword="auto" if "experimental" in sm.api else "axis_names")
    return data


def diag(facts: Facts, code: str, site: Site, message: str, *, severity: Severity | None = None,
         path: tuple = (), ctx: Context | None = None, data: dict | None = None, ev=None,
         raises: str | None = None) -> Diagnostic:
    """A diagnostic of rule `code` at `site`. `ctx` gives the "applied here" related lines;
    `ev` (else `ctx`) is the evidence whose context decides the verdict (analysis/verdicts.py);
    `raises` names the exception JAX raises there when it is not the rule's usual one."""
    rule = RULES[code]
    message = message.replace(".`. ", ".` ").replace(".`.", ".`")
    line, col, end_line, end_col = site_span(facts, site)
    d = Diagnostic(site.path, line, col, end_line, end_col, code, rule.name, severity or rule.severity,
                   message, related_for(facts, path, ctx), None, data or {})
    evidence = ev.ctx if ev is not None else ctx
    if evidence is not None or raises is not None:
        facts.contexts[id(d)] = (evidence, raises)
    return d


def ctx_words(ctx: Context) -> str:
    names = [f.kind for f in ctx.layers if f.kind != "kernel"]
    if not names:
        return "eagerly (outside any transformation)"
    return "under " + " → ".join(names)


def axis_desc(axes) -> str:
    return ", ".join(repr(a) for a in axes)
