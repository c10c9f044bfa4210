"""shardlint's adapters: the command line, the language server and the output renderers."""
