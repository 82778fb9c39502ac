--- masonry for yazi: opens the current folder in masonry; the pictures picked there (m marks,
--- Enter answers) become yazi's selection. Put this folder in ~/.config/yazi/plugins/ and
--- bind a key in keymap.toml:
---     [[mgr.prepend_keymap]]
---     on = "P"
---     run = "plugin masonry"
--- Words after the name are masonry's options: `plugin masonry -- -r --layout tiles`.

local current_folder = ya.sync(function() return tostring(cx.active.current.cwd) end)

-- The manager's command by the name each yazi release gives its emitter.
local function emit(name, arguments)
	local emitter = ya.emit or ya.mgr_emit or ya.manager_emit
	emitter(name, arguments)
end

local function fail(text)
	ya.notify({ title = "masonry", content = text, timeout = 5, level = "error" })
end

return {
	entry = function(_, job)
		local permit = ya.hide()
		local folder = current_folder()
		local arguments = { "--pick=path", "--print0" }
		for _, word in ipairs((job and job.args) or {}) do
			table.insert(arguments, word)
		end
		table.insert(arguments, "--")
		table.insert(arguments, folder)
		local child, err = Command("masonry")
			:args(arguments)
			:stdin(Command.INHERIT)
			:stdout(Command.PIPED)
			:stderr(Command.INHERIT)
			:spawn()
		if not child then
			permit:drop()
			return fail("cannot start masonry: " .. tostring(err))
		end
		local output, wait_err = child:wait_with_output()
		permit:drop()
		if not output then
			return fail("masonry: " .. tostring(wait_err))
		end
		if not output.status.success then
			return -- q or Esc in masonry: nothing picked, nothing changed
		end
		local first = nil
		-- NUL-separated, each path whole (spaces, quotes, line feeds and all).
		for path in output.stdout:gmatch("([^%z]+)") do
			first = first or path
			emit("toggle", { Url(path), state = "on" })
		end
		if first then
			emit("reveal", { Url(first) })
		end
	end,
}
