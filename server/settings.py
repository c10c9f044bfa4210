"""The editor settings the server reads, typed (as jedi-language-server's
`initialization_options.py`): from `initializationOptions` (under `shardlint`, or bare),
`workspace/didChangeConfiguration` and `workspace/configuration` (section `shardlint`).

Keys are camelCase on the wire. A value of the wrong type is dropped with a message naming the
key, the rest still applies; unknown keys are ignored (a newer client may send more). The
engine's part (`engine()`) is what `config.from_editor_settings` merges under pyproject."""

from __future__ import annotations

import types as pytypes
import typing
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any, Literal, Union

def _server_only(default):
    """A setting for the server itself, not for the engine's configuration."""
    return field(default=default, metadata={"server": True})


@dataclass(frozen=True)
class LoweringSettings:
    enabled: bool | None = None
    backend: str | None = None
    python: str | None = None
    host_devices: int | None = None
    timeout: float | None = None
    launcher: tuple[str, ...] | None = None
    compile: bool | None = None
    targets: tuple[dict, ...] | None = None


@dataclass(frozen=True)
class Settings:
    jax_version: str | None = None
    flax_version: str | None = None
    backend: str | None = None
    python: str | None = None
    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] | None = None
    exclude: tuple[str, ...] | None = None
    severity: dict | None = None
    lowering: LoweringSettings = field(default_factory=LoweringSettings)
    # False in an untrusted workspace: the server then runs no program the workspace names.
    trusted: bool = _server_only(True)
    # Which window/logMessage the server sends, and which messages it also shows as notifications.
    log_level: Literal["error", "warning", "info", "debug"] = _server_only("info")
    show_notifications: Literal["off", "onError", "onWarning", "always"] = _server_only("onError")

    @classmethod
    def parse(cls, raw: Any) -> tuple["Settings", list[str]]:
        """(settings, problems): `raw` as the client sent it, the `shardlint` section or bare."""
        if isinstance(raw, dict) and isinstance(raw.get("shardlint"), dict):
            raw = raw["shardlint"]
        problems: list[str] = []
        return _parse(cls, raw if isinstance(raw, dict) else {}, "", problems), problems

    def engine(self) -> dict:
        """The engine's part, camelCase as `config.from_editor_settings` reads it; unset values left out."""
        out = {}
        for f in fields(self):
            if f.metadata.get("server"):
                continue
            value = getattr(self, f.name)
            if is_dataclass(value):
                value = {camel(g.name): getattr(value, g.name) for g in fields(value)
                         if getattr(value, g.name) is not None}
                value = {k: list(v) if isinstance(v, tuple) else v for k, v in value.items()}
                if not value:
                    continue
            elif value is None:
                continue
            out[camel(f.name)] = list(value) if isinstance(value, tuple) else value
        return out


def camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(w.title() for w in rest)


def merged(*layers: Any) -> dict:
    """Raw settings layered: later layers win key by key (`lowering` merged one level down)."""
    out: dict = {}
    for layer in layers:
        if isinstance(layer, dict) and isinstance(layer.get("shardlint"), dict):
            layer = layer["shardlint"]
        if not isinstance(layer, dict):
            continue
        for k, v in layer.items():
            if k == "lowering" and isinstance(v, dict) and isinstance(out.get(k), dict):
                out[k] = {**out[k], **v}
            else:
                out[k] = v
    return out


def _parse(cls, raw: dict, prefix: str, problems: list[str]):
    hints = typing.get_type_hints(cls)
    values = {}
    for f in fields(cls):
        key = camel(f.name)
        if key not in raw or raw[key] is None:
            continue
        ok, value = _coerce(hints[f.name], raw[key], f"{prefix}{key}", problems)
        if ok:
            values[f.name] = value
    return cls(**values)


def _coerce(hint, value, key: str, problems: list[str]) -> tuple[bool, Any]:
    """(ok, value) for `value` against the annotation `hint`; a mismatch is reported once."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (Union, pytypes.UnionType):
        inner = [a for a in args if a is not type(None)]
        return _coerce(inner[0], value, key, problems)
    if is_dataclass(hint):
        if isinstance(value, dict):
            return True, _parse(hint, value, f"{key}.", problems)
        return _bad(key, value, "an object", problems)
    if origin is Literal:
        if value in args:
            return True, value
        return _bad(key, value, "one of " + ", ".join(map(repr, args)), problems)
    if origin is tuple:
        item = args[0]
        if isinstance(value, list) and all(isinstance(v, item) for v in value):
            return True, tuple(value)
        return _bad(key, value, f"a list of {_name(item)}", problems)
    if hint is bool:
        return (True, value) if isinstance(value, bool) else _bad(key, value, "true or false", problems)
    if hint in (int, float):
        if isinstance(value, (int, float)) and not isinstance(value, bool) and (hint is float or isinstance(value, int)):
            return True, hint(value)
        return _bad(key, value, "a number" if hint is float else "an integer", problems)
    if isinstance(value, hint):
        return True, value
    return _bad(key, value, f"a {_name(hint)}", problems)


def _name(t) -> str:
    return {str: "string", dict: "object", bool: "boolean", int: "integer", float: "number"}.get(t, str(t))


def _bad(key: str, value, expected: str, problems: list[str]) -> tuple[bool, None]:
    problems.append(f"setting `{key}` must be {expected}, got {value!r}; ignored")
    return False, None
