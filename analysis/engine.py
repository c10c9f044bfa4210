"""Orchestrates index → resolve → call graph → contexts → rules for a set of parsed files."""

from __future__ import annotations

ENGINE_VERSION = "0"


def environment_fingerprint(config) -> str:
    return ""


def analyze(files, config, roots):
    return []


def import_graph(files, config, roots):
    return {}
