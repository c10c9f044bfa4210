-- A headless Neovim session run after the README's snippet (the init file): open
-- SHARDLINT_FILE (the example's pipeline/stages.py), wait for its SHL001 and SHL002, apply the
-- "Wrap in jax.shard_map" quick fix (it edits train.py), wait for both errors to go, save, and
-- write what happened to SHARDLINT_OUT as JSON. Only APIs that Neovim 0.7 through 0.12 share.
local out = {}
local function finish()
  vim.fn.writefile({ vim.fn.json_encode(out) }, os.getenv("SHARDLINT_OUT"))
  vim.cmd("qall!")
end

local function diagnostics(bufnr)
  local items = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
    table.insert(items, { code = code, lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
                          message = d.message, source = d.source })
  end
  return items
end

local function count(bufnr, wanted)
  local n = 0
  for _, d in ipairs(diagnostics(bufnr)) do
    if wanted[d.code] then n = n + 1 end
  end
  return n
end

local ERRORS = { SHL001 = true, SHL002 = true }

local function shardlint_clients()
  local get = vim.lsp.get_clients or vim.lsp.get_active_clients
  local found = {}
  for _, c in ipairs(get()) do
    if c.name == "shardlint" then table.insert(found, c) end
  end
  return found
end

local function request(bufnr, method, params)
  for _, res in pairs(vim.lsp.buf_request_sync(bufnr, method, params, 30000) or {}) do
    if res.err then error(method .. ": " .. vim.inspect(res.err)) end
    return res.result
  end
end

local ok, err = pcall(function()
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("SHARDLINT_FILE")))
  local bufnr = vim.api.nvim_get_current_buf()
  out.got_diagnostics = vim.wait(90000, function() return count(bufnr, ERRORS) == 2 end, 50)
  out.before = diagnostics(bufnr)
  if not out.got_diagnostics then return end

  local target
  for _, d in ipairs(out.before) do
    if d.code == "SHL001" then target = d end
  end
  local range = { start = { line = target.lnum, character = target.col },
                  ["end"] = { line = target.end_lnum, character = target.end_col } }
  local context = { diagnostics = { { range = range, message = target.message, code = target.code,
                                      source = target.source, severity = 1 } } }
  local actions = request(bufnr, "textDocument/codeAction",
                          { textDocument = { uri = vim.uri_from_bufnr(bufnr) }, range = range, context = context }) or {}
  out.titles = {}
  local wrap
  for _, action in ipairs(actions) do
    table.insert(out.titles, action.title)
    if not wrap and action.title:find("^Wrap in jax.shard_map") then wrap = action end
  end
  if not wrap then return end
  if not wrap.edit then wrap = request(bufnr, "codeAction/resolve", wrap) end
  local client = shardlint_clients()[1]
  local t0 = vim.loop.hrtime()
  vim.lsp.util.apply_workspace_edit(wrap.edit, client.offset_encoding)
  out.cleared = vim.wait(30000, function() return count(bufnr, ERRORS) == 0 end, 10)
  out.cleared_ms = (vim.loop.hrtime() - t0) / 1e6
  vim.wait(500)
  out.after = diagnostics(bufnr)
  out.clients = #shardlint_clients()
  vim.cmd("wall")
  out.modified = {}
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_get_option(b, "modified") then
      table.insert(out.modified, vim.fn.fnamemodify(vim.api.nvim_buf_get_name(b), ":t"))
    end
  end
end)
if not ok then out.error = tostring(err) end
finish()
