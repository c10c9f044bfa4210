"""The server's typed editor settings: what they accept, what they refuse (by key, keeping the
rest), that the engine's part is exactly what `config.from_editor_settings` merges, that every
`shardlint.*` setting the VS Code extension contributes is read by someone, and that `logLevel`
and `showNotifications` govern what a session sends."""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path

from lsprotocol import types

from shardlint.analysis import config as cfgmod
from shardlint.server.settings import LoweringSettings, Settings, camel, merged

from .conftest import start, until, uri, write

PACKAGE_JSON = Path(__file__).resolve().parents[2] / "vscode-client" / "package.json"
# Settings only the extension reads: how it starts the server, and its own tracing.
CLIENT_ONLY = {"enable", "path", "interpreter", "importStrategy", "trace.server"}

EVERY_ENGINE_SETTING = {
    "jaxVersion": "0.8.2", "flaxVersion": "0.12.6", "backend": "tpu", "python": "/opt/py/bin/python", "select": ["SHL0"],
    "ignore": ["SHL101"], "exclude": ["build/"], "severity": {"SHL003": "warning"},
    "lowering": {"enabled": False, "backend": "gpu", "python": "/opt/jax/bin/python", "hostDevices": 2,
                 "timeout": 30, "launcher": ["ssh", "tpu-vm"], "compile": True,
                 "targets": [{"function": "m:f", "args": "m:ARGS"}]},
}


def test_parse_types_and_nesting():
    s, problems = Settings.parse({"shardlint": {**EVERY_ENGINE_SETTING, "trusted": False, "logLevel": "debug",
                                                "showNotifications": "always", "someFutureKey": 1}})
    assert problems == []
    assert s.jax_version == "0.8.2" and s.flax_version == "0.12.6" and s.select == ("SHL0",) and s.severity == {"SHL003": "warning"}
    assert s.lowering == LoweringSettings(enabled=False, backend="gpu", python="/opt/jax/bin/python", host_devices=2,
                                          timeout=30.0, launcher=("ssh", "tpu-vm"), compile=True,
                                          targets=({"function": "m:f", "args": "m:ARGS"},))
    assert (s.trusted, s.log_level, s.show_notifications) == (False, "debug", "always")
    assert Settings.parse(EVERY_ENGINE_SETTING)[0] == Settings.parse({"shardlint": EVERY_ENGINE_SETTING})[0]


def test_a_wrong_value_is_dropped_by_name_and_the_rest_applies():
    s, problems = Settings.parse({"backend": 3, "select": ["SHL0", 7], "logLevel": "loud",
                                  "lowering": {"hostDevices": 2.5, "timeout": 10}, "trusted": "yes",
                                  "ignore": ["SHL101"]})
    assert s.backend is None and s.select is None and s.log_level == "info" and s.trusted is True
    assert s.lowering.host_devices is None and s.lowering.timeout == 10.0 and s.ignore == ("SHL101",)
    assert [p.split("`")[1] for p in problems] == ["backend", "select", "lowering.hostDevices", "trusted", "logLevel"]
    assert Settings.parse("not an object") == (Settings(), [])


def test_layers_merge_key_by_key():
    assert merged({"shardlint": {"backend": "gpu", "lowering": {"timeout": 5}}},
                  {"lowering": {"backend": "cpu"}}, None) == {
        "backend": "gpu", "lowering": {"timeout": 5, "backend": "cpu"}}


def test_the_engine_part_is_what_from_editor_settings_merges(tmp_path):
    base = cfgmod.Config(root=tmp_path)
    s, _ = Settings.parse(EVERY_ENGINE_SETTING)
    assert s.engine() == EVERY_ENGINE_SETTING
    cfg = cfgmod.from_editor_settings(base, s.engine())
    assert (cfg.jax_version, cfg.flax_version, cfg.backend, cfg.python, cfg.select, cfg.ignore, cfg.exclude) == (
        "0.8.2", "0.12.6", "tpu", "/opt/py/bin/python", ("SHL0",), ("SHL101",), ("build/",))
    low = cfg.lowering
    assert (low.enabled, low.backend, low.python, low.host_devices, low.timeout, low.launcher, low.compile) == (
        False, "gpu", "/opt/jax/bin/python", 2, 30, ("ssh", "tpu-vm"), True)
    assert [(t.function, t.args) for t in low.targets] == [("m:f", "m:ARGS")]
    # Each engine setting on its own changes the configuration: none is silently dropped.
    for key, value in EVERY_ENGINE_SETTING.items():
        one, _ = Settings.parse({key: value})
        assert cfgmod.from_editor_settings(base, one.engine()) != base, key
    server_only = {camel(f.name) for f in fields(Settings) if f.metadata.get("server")}
    assert server_only == {"trusted", "logLevel", "showNotifications"}
    assert not server_only & set(s.engine())


def test_every_extension_setting_is_read():
    contributed = json.loads(PACKAGE_JSON.read_text())["contributes"]["configuration"]["properties"]
    keys = {k.removeprefix("shardlint.") for k in contributed}
    top = {k.split(".")[0] for k in keys - CLIENT_ONLY}
    read = {camel(f.name) for f in fields(Settings)}
    assert top <= read, top - read
    lowering = {k.split(".", 1)[1] for k in keys if k.startswith("lowering.")}
    assert lowering <= {camel(f.name) for f in fields(LoweringSettings)}


BROKEN = "def f(:\n    pass\n"


async def test_log_level_and_show_notifications(client, tmp_path):
    write(tmp_path, {"pyproject.toml": '[tool.shardlint]\nbackend = "quantum"\n', "m.py": BROKEN})
    await start(client, tmp_path, options={"shardlint": {"logLevel": "error", "showNotifications": "off"}})
    await until(lambda: client.diagnostics.get(uri(tmp_path / "m.py")), what="diagnostics")
    await until(lambda: any("backend" in m.message for m in client.log_messages), what="the error logged")
    assert all(m.type == types.MessageType.Error for m in client.log_messages), client.log_messages
    assert client.messages == []  # logged, not shown
