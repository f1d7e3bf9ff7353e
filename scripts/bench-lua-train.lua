-- bench-lua-train.lua - the training workload of the Lua 5.4 profile-use
-- table of `make bench` (scripts/bench-use.sh): an application's
-- bookkeeping, mostly tables, closures, objects with metatables and
-- plain string building.  The measured workload
-- (bench-lua-measure.lua) shares the interpreter's core with it and
-- runs other libraries.  Deterministic: the same output on every
-- build.  `lua bench-lua-train.lua [SCALE]`, SCALE (default 1) the
-- rounds.
--
-- Copyright (C) 2026 The MIP for GCC developers.
-- SPDX-License-Identifier: GPL-3.0-or-later

local scale = tonumber(arg and arg[1]) or 1

-- Accounts: objects with a metatable, methods through __index.
local Account = {}
Account.__index = Account

function Account.new(id, owner)
  return setmetatable({ id = id, owner = owner, balance = 0, log = {} }, Account)
end

function Account:deposit(amount)
  self.balance = self.balance + amount
  self.log[#self.log + 1] = amount
end

function Account:withdraw(amount)
  if amount > self.balance then
    return false
  end
  self.balance = self.balance - amount
  self.log[#self.log + 1] = -amount
  return true
end

-- A counter made of closures sharing upvalues.
local function counter()
  local n, total = 0, 0
  return function(x) n = n + 1; total = total + x end,
         function() return n, total end
end

-- Names built from syllables, by concatenation and sub/upper/lower.
local syllables = { "ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "ze", "po" }
local function name_of(i)
  local parts = {}
  repeat
    parts[#parts + 1] = syllables[i % #syllables + 1]
    i = i // #syllables
  until i == 0
  local s = table.concat(parts)
  return s:sub(1, 1):upper() .. s:sub(2):lower()
end

local function round(r)
  local accounts, by_owner = {}, {}
  local add, stats = counter()
  for i = 1, 4000 do
    local owner = name_of(i * 7 + r)
    local a = Account.new(i, owner)
    accounts[i] = a
    by_owner[owner] = (by_owner[owner] or 0) + 1
  end
  -- Transactions: a deterministic sequence of deposits and withdrawals.
  local seed = 12345 + r
  for _ = 1, 60000 do
    seed = (seed * 1103515245 + 12345) % 2147483648
    local a = accounts[seed % #accounts + 1]
    local amount = (seed // 4096) % 500 + 1
    if seed % 3 == 0 then
      if not a:withdraw(amount) then add(0) end
    else
      a:deposit(amount)
      add(amount)
    end
  end
  -- A queue: insert at the end, remove from the front in batches.
  local queue = {}
  for i = 1, 3000 do
    table.insert(queue, accounts[i].balance)
    if i % 10 == 0 then
      for _ = 1, 5 do table.remove(queue, 1) end
    end
  end
  -- Reports built by concatenation and string.rep.
  local lines = {}
  for i = 1, #accounts, 40 do
    local a = accounts[i]
    lines[#lines + 1] = a.owner .. string.rep(".", 12 - #a.owner % 12) .. a.balance
  end
  local report = table.concat(lines, "\n")
  local bytes = 0
  for i = 1, #report, 13 do bytes = bytes + report:byte(i) end
  local owners, most = 0, 0
  for _, n in pairs(by_owner) do
    owners = owners + 1
    if n > most then most = n end
  end
  local total = 0
  for _, a in ipairs(accounts) do total = total + a.balance + #a.log end
  local n, sum = stats()
  return total, #queue, #report, bytes, owners, most, n, sum
end

for r = 1, 4 * scale do
  print(round(r))
end
