-- bench-lua-measure.lua - the measured workload of the Lua 5.4
-- profile-use table of `make bench` (scripts/bench-use.sh): text
-- processing and numerics, which the training workload
-- (bench-lua-train.lua) does not run: string.format, patterns (gsub,
-- gmatch, find with captures), coroutines, table.sort with a
-- comparator, the math, utf8 and string.pack functions, integer and
-- bitwise arithmetic, errors caught by pcall.  It still builds tables
-- and calls closures, as the training does.  Deterministic: the same
-- output on every build.  `lua bench-lua-measure.lua [SCALE]`, SCALE
-- (default 1) the rounds.
--
-- Copyright (C) 2026 The MIP for GCC developers.
-- SPDX-License-Identifier: GPL-3.0-or-later

local scale = tonumber(arg and arg[1]) or 1

-- A generator of log lines, as a coroutine.
local levels = { "INFO", "WARN", "ERROR", "DEBUG" }
local function log_lines(n, seed)
  return coroutine.wrap(function()
    for i = 1, n do
      seed = (seed * 48271) % 2147483647
      local level = levels[seed % #levels + 1]
      local line = string.format("%05d %-5s user=%s id=0x%06x took=%.3fms path=/api/v%d/item/%d",
        i, level, "u" .. (seed % 97), seed % 0x1000000, (seed % 100000) / 997,
        seed % 3 + 1, seed % 1000)
      coroutine.yield(line)
    end
  end)
end

local function parse(r)
  local counts, slow, users, ids = {}, 0, {}, 0
  local records = {}
  for line in log_lines(12000, 17 + r) do
    local num, level, user, id, took, path =
      line:match("^(%d+) (%u+)%s+user=(%w+) id=0x(%x+) took=([%d%.]+)ms path=(%S+)$")
    counts[level] = (counts[level] or 0) + 1
    users[user] = true
    ids = ids ~ tonumber(id, 16)
    local t = tonumber(took)
    if t > 80 then slow = slow + 1 end
    local version, item = path:match("/v(%d)/item/(%d+)")
    records[#records + 1] = { n = tonumber(num), t = t, v = tonumber(version),
                              item = tonumber(item) }
  end
  -- Sort by version, then by time descending, then by number.
  table.sort(records, function(a, b)
    if a.v ~= b.v then return a.v < b.v end
    if a.t ~= b.t then return a.t > b.t end
    return a.n < b.n
  end)
  local nusers = 0
  for _ in pairs(users) do nusers = nusers + 1 end
  local order = 0
  for i = 1, #records, 97 do order = (order * 31 + records[i].n) % 1000000007 end
  return string.format("%s %d %d %d %d", table.concat({ counts.INFO or 0, counts.WARN or 0,
    counts.ERROR or 0, counts.DEBUG or 0 }, "/"), slow, nusers, ids, order)
end

-- Text rewriting: gsub with strings, tables and functions as replacements.
local text = [[
The quick brown fox jumps over the lazy dog; the dog sleeps.
Pack my box with five dozen liquor jugs, said the fox to the dog.
]]
local function rewrite(r)
  local s = string.rep(text, 40)
  local swaps = { fox = "cat", dog = "owl" }
  local n1, n2, n3
  s, n1 = s:gsub("%a+", swaps)
  s, n2 = s:gsub("(%a)(%a*)", function(first, rest)
    if #rest > 3 then return first:upper() .. rest end
  end)
  s, n3 = s:gsub("%s+", " ")
  local words, longest = 0, ""
  for w in s:gmatch("%a+") do
    words = words + 1
    if #w > #longest then longest = w end
  end
  local at = 0
  local pos = 1
  while true do
    local i, j = s:find("owl", pos, true)
    if not i then break end
    at = at + i
    pos = j + 1
  end
  return string.format("%d %d %d %d %s %d %q", n1, n2, n3, words, longest, at % 100003,
    s:sub(1, 24 + r))
end

-- Numerics: floating point, integers and bits.
local function numerics(r)
  math.randomseed(42 + r)
  local sum, sq, acc, bits = 0.0, 0.0, 1, 0
  for i = 1, 60000 do
    local x = math.random() * 10
    sum = sum + math.sin(x) * math.sqrt(x) + math.log(x + 1) - math.exp(-x)
    sq = sq + math.fmod(x * x, 7.5) + math.floor(x) + math.abs(math.cos(x))
    acc = (acc * 6364136223846793005 + 1442695040888963407) & 0x7fffffffffffffff
    bits = bits ~ (acc >> (i % 17)) ~ (i << 3)
  end
  local ints = 0
  for i = 1, 20000 do ints = ints + i // 7 + i % 13 + math.tointeger(i * 2.0) end
  return string.format("%.6f %.6f %d %d %d %s", sum, sq, bits % 1000003, ints,
    math.maxinteger // (r + 2), math.type(sum))
end

-- Binary and UTF-8 strings.
local function binary(r)
  local parts = {}
  for i = 1, 3000 do
    parts[#parts + 1] = string.pack("<i4dz", i * r, i / 8, "k" .. i)
  end
  local blob = table.concat(parts)
  local pos, total, names = 1, 0.0, 0
  while pos <= #blob do
    local n, d, z
    n, d, z, pos = string.unpack("<i4dz", blob, pos)
    total = total + n + d
    names = names + #z
  end
  local u = {}
  for i = 1, 2000 do u[#u + 1] = utf8.char(0x41 + i % 26, 0x3b1 + i % 20, 0x4e00 + i) end
  local us = table.concat(u)
  local cps = 0
  for _, c in utf8.codes(us) do cps = cps + c % 251 end
  return string.format("%d %.1f %d %d %d", #blob, total, names, utf8.len(us), cps)
end

-- Errors raised and caught.
local function errors()
  local caught = 0
  for i = 1, 3000 do
    local ok, err = pcall(function()
      if i % 3 == 0 then error({ code = i }) end
      if i % 5 == 0 then error("bad " .. i) end
      return i
    end)
    if not ok then
      caught = caught + (type(err) == "table" and err.code or #err)
    end
  end
  return caught
end

for r = 1, scale do
  print(parse(r))
  print(rewrite(r))
  print(numerics(r))
  print(binary(r))
  print(errors())
end
