-- A headless Neovim session driving `shardlint server`: open a file, wait for diagnostics,
-- apply the "Wrap in jax.shard_map" quick fix, wait for the error to go, and write what
-- happened as JSON. Parameters come from the environment:
--   SHARDLINT_CMD (JSON argv), SHARDLINT_FILE, SHARDLINT_ROOT, SHARDLINT_OUT.
local out = {}
local function finish()
  vim.fn.writefile({ vim.fn.json_encode(out) }, os.getenv("SHARDLINT_OUT"))
  vim.cmd("qall!")
end

local function diagnostics(bufnr)
  local items = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
    table.insert(items, { code = code, lnum = d.lnum, message = d.message, source = d.source })
  end
  return items
end

local function has_code(bufnr, code)
  for _, d in ipairs(diagnostics(bufnr)) do
    if d.code == code then return true end
  end
  return false
end

local ok, err = pcall(function()
  local client_id = vim.lsp.start_client({
    cmd = vim.fn.json_decode(os.getenv("SHARDLINT_CMD")),
    root_dir = os.getenv("SHARDLINT_ROOT"),
    name = "shardlint",
  })
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("SHARDLINT_FILE")))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(bufnr, client_id)
  out.got_diagnostics = vim.wait(60000, function() return has_code(bufnr, "SHL001") end, 50)
  out.before = diagnostics(bufnr)
  if not out.got_diagnostics then return end

  local client = vim.lsp.get_client_by_id(client_id)
  local target
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if (d.code or d.user_data.lsp.code) == "SHL001" then target = d end
  end
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = { start = { line = target.lnum, character = target.col },
              ["end"] = { line = target.end_lnum, character = target.end_col } },
    context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(bufnr, target.lnum) },
  }
  local resp = client.request_sync("textDocument/codeAction", params, 20000, bufnr)
  out.action_error = resp and resp.err
  out.titles = {}
  local wrap
  for _, action in ipairs(resp.result or {}) do
    table.insert(out.titles, action.title)
    if not wrap and action.title:find("^Wrap in jax.shard_map") then wrap = action end
  end
  if not wrap then return end
  if not wrap.edit then
    wrap = client.request_sync("codeAction/resolve", wrap, 20000, bufnr).result
  end
  vim.lsp.util.apply_workspace_edit(wrap.edit, client.offset_encoding)
  out.cleared = vim.wait(60000, function() return not has_code(bufnr, "SHL001") end, 50)
  out.after = diagnostics(bufnr)
  out.buffer = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
end)
if not ok then out.error = tostring(err) end
finish()
