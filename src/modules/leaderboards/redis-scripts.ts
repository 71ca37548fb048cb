/**
 * Lua scripts of the Redis rank index. A board is four keys: `z` a sorted set whose score is
 * −points and whose member is `<reachedAt, 15 digits>:<userId>` (equal scores sort by member bytes,
 * so the tie order — earlier reachedAt, then userId — is exact, with no double encoding);
 * `h` a hash userId → `<version>|<member>` (member empty when the user has 0 points); `r` the
 * marker that the board was completely loaded from SQL (its value names the load); `v` a counter
 * raised by every change. `<r>:<v>` is the board's version: a page built at one version is the
 * page as long as the version is the same (page caches of every instance rely on it).
 */

/**
 * KEYS z h r boards v; ARGV ttlMs onlyIfReady boardKey (userId points reachedAt version)…
 * Every write also lists the board in the project's set of boards (user deletion walks it), so a
 * board written again after Redis lost its data is listed again.
 */
export const SET_SCRIPT = `
if ARGV[2] == '1' and redis.call('EXISTS', KEYS[3]) == 0 then return 0 end
redis.call('SADD', KEYS[4], ARGV[3])
local changed = false
for i = 4, #ARGV, 4 do
  local u, p, r, v = ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3]
  local old = redis.call('HGET', KEYS[2], u)
  local apply = true
  if old then
    local sep = string.find(old, '|', 1, true)
    if tonumber(v) <= tonumber(string.sub(old, 1, sep - 1)) then
      apply = false
    else
      local om = string.sub(old, sep + 1)
      if om ~= '' then redis.call('ZREM', KEYS[1], om) end
    end
  end
  if apply then
    changed = true
    if tonumber(p) > 0 then
      local m = r .. ':' .. u
      redis.call('ZADD', KEYS[1], '-' .. p, m)
      redis.call('HSET', KEYS[2], u, v .. '|' .. m)
    else
      redis.call('HSET', KEYS[2], u, v .. '|')
    end
  end
end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[2], ARGV[1])
if changed then
  redis.call('INCR', KEYS[5])
  redis.call('PEXPIRE', KEYS[5], ARGV[1])
end
return 1
`;

const FIND = `
if redis.call('EXISTS', KEYS[3]) == 0 then return -1 end
local total = redis.call('ZCARD', KEYS[1])
local rank, score = -1, '0'
local e = redis.call('HGET', KEYS[2], ARGV[1])
if e then
  local m = string.sub(e, string.find(e, '|', 1, true) + 1)
  if m ~= '' then
    local r = redis.call('ZRANK', KEYS[1], m)
    if r then rank = r; score = redis.call('ZSCORE', KEYS[1], m) end
  end
end
`;

/** KEYS z h r; ARGV userId → -1 (not loaded) or { total, rank0 | -1, score } */
export const RANK_SCRIPT = `${FIND}
return { total, rank, score }
`;

/**
 * KEYS z h r of each board (three boards: the windows of a group); ARGV userId → per board -1 (not
 * loaded) or { rank0 | -1, score }: the rank route's three reads in one call.
 */
export const RANKS_SCRIPT = `
local out = {}
for b = 0, #KEYS / 3 - 1 do
  local z, h = KEYS[b * 3 + 1], KEYS[b * 3 + 2]
  if redis.call('EXISTS', KEYS[b * 3 + 3]) == 0 then
    out[b + 1] = -1
  else
    local rank, score = -1, '0'
    local e = redis.call('HGET', h, ARGV[1])
    if e then
      local m = string.sub(e, string.find(e, '|', 1, true) + 1)
      if m ~= '' then
        local r = redis.call('ZRANK', z, m)
        if r then rank = r; score = redis.call('ZSCORE', z, m) end
      end
    end
    out[b + 1] = { rank, score }
  end
end
return out
`;

/** KEYS z h r; ARGV userId top around → -1 or { total, rank0 | -1, score, top[], before[], after[] } (member, score pairs) */
export const NEIGHBOURHOOD_SCRIPT = `${FIND}
local top, around = tonumber(ARGV[2]), tonumber(ARGV[3])
local first = {}
if top > 0 then first = redis.call('ZRANGE', KEYS[1], 0, top - 1, 'WITHSCORES') end
local before, after = {}, {}
if rank >= 0 then
  if rank > 0 and around > 0 then before = redis.call('ZRANGE', KEYS[1], math.max(0, rank - around), rank - 1, 'WITHSCORES') end
  if around > 0 then after = redis.call('ZRANGE', KEYS[1], rank + 1, rank + around, 'WITHSCORES') end
elseif total > 0 and around > 0 then
  before = redis.call('ZRANGE', KEYS[1], math.max(0, total - around), total - 1, 'WITHSCORES')
end
return { total, rank, score, first, before, after }
`;

/**
 * KEYS z h r v; ARGV offset limit known → -1 (not loaded), { version } when the board is still at
 * the `known` version, else { version, total, page[] }.
 */
export const PAGE_SCRIPT = `
local load = redis.call('GET', KEYS[3])
if not load then return -1 end
local version = load .. ':' .. (redis.call('GET', KEYS[4]) or '0')
if version == ARGV[3] then return { version } end
local offset, limit = tonumber(ARGV[1]), tonumber(ARGV[2])
return { version, redis.call('ZCARD', KEYS[1]), redis.call('ZRANGE', KEYS[1], offset, offset + limit - 1, 'WITHSCORES') }
`;

/** KEYS z h v; ARGV userId → 1 when the user was ranked on the board, 0 when not, -1 when the board is gone */
export const DELETE_SCRIPT = `
if redis.call('EXISTS', KEYS[2]) == 0 then return -1 end
local e = redis.call('HGET', KEYS[2], ARGV[1])
if not e then return 0 end
redis.call('HDEL', KEYS[2], ARGV[1])
local m = string.sub(e, string.find(e, '|', 1, true) + 1)
if m == '' then return 0 end
redis.call('ZREM', KEYS[1], m)
redis.call('INCR', KEYS[3])
return 1
`;

/**
 * Finishes a load. The rows read from SQL were written with plain ZADD/HSET into the temporary
 * keys z2/h2; what events wrote meanwhile is in z/h (which were missing when the load began), so it
 * is merged into z2/h2 where its version is newer, then z2/h2 replace z/h and the marker is set.
 * KEYS z h z2 h2 r; ARGV ttlMs load (a new name of this load: a new version for every page cache)
 */
export const FINISH_LOAD_SCRIPT = `
local entries = redis.call('HGETALL', KEYS[2])
for i = 1, #entries, 2 do
  local u, e = entries[i], entries[i + 1]
  local sep = string.find(e, '|', 1, true)
  local m = string.sub(e, sep + 1)
  local old = redis.call('HGET', KEYS[4], u)
  local apply = true
  if old then
    local osep = string.find(old, '|', 1, true)
    if tonumber(string.sub(e, 1, sep - 1)) <= tonumber(string.sub(old, 1, osep - 1)) then
      apply = false
    else
      local om = string.sub(old, osep + 1)
      if om ~= '' then redis.call('ZREM', KEYS[3], om) end
    end
  end
  if apply then
    redis.call('HSET', KEYS[4], u, e)
    if m ~= '' then redis.call('ZADD', KEYS[3], redis.call('ZSCORE', KEYS[1], m), m) end
  end
end
redis.call('DEL', KEYS[1], KEYS[2])
if redis.call('EXISTS', KEYS[3]) == 1 then redis.call('RENAME', KEYS[3], KEYS[1]); redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
if redis.call('EXISTS', KEYS[4]) == 1 then redis.call('RENAME', KEYS[4], KEYS[2]); redis.call('PEXPIRE', KEYS[2], ARGV[1]) end
redis.call('SET', KEYS[5], ARGV[2], 'PX', ARGV[1])
return 1
`;
