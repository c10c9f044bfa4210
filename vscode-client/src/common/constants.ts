/** The settings section, the language client's id, and the key the server reads its settings under. */
export const SECTION = "shardlint";

/**
 * Commands the server runs (workspace/executeCommand). The language client registers them in VS Code
 * under these names, so the extension's own commands must use other ids.
 */
export const LOWERING_COMMAND = "shardlint.checkLowering";
export const FIX_ALL_COMMAND = "shardlint.fixAll";
export const SERVER_COMMANDS: readonly string[] = [LOWERING_COMMAND, FIX_ALL_COMMAND];
