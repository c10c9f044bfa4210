"""shardlint's analysis engine: source files in, diagnostics out (see check.py)."""
