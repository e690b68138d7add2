-- Run by test_lsp_neovim.py inside `nvim --headless --clean`: start typed-mahjong lsp with
-- Neovim's own LSP client (0.7's API, which later versions keep), attach it to the open
-- buffer, wait for its diagnostics and write them as JSON to $TM_OUT.
local buffer = vim.api.nvim_get_current_buf()
local client = vim.lsp.start_client({
  name = "typed-mahjong",
  cmd = vim.fn.json_decode(os.getenv("TM_CMD")),
  root_dir = os.getenv("TM_ROOT"),
})
vim.lsp.buf_attach_client(buffer, client)
vim.wait(tonumber(os.getenv("TM_TIMEOUT_MS")), function()
  return #vim.diagnostic.get(buffer) > 0
end, 50)
local found = {}
for _, diagnostic in ipairs(vim.diagnostic.get(buffer)) do
  local lsp = (diagnostic.user_data or {}).lsp or {}
  table.insert(found, {
    line = diagnostic.lnum,
    column = diagnostic.col,
    code = diagnostic.code or lsp.code,
    message = diagnostic.message,
    severity = diagnostic.severity,
  })
end
local out = io.open(os.getenv("TM_OUT"), "w")
out:write(vim.fn.json_encode(found))
out:close()
vim.lsp.stop_client(client)
vim.cmd("qall!")
