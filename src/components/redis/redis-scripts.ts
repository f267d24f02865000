import type { RedisScript } from './redis-link.js';

// Every queue script takes the shard's keys (scriptKeys: ready, lease, held, count, queues) and
// reads the time from Redis, never from a worker. A lease is `TOKEN\tWORKER\tMEMBER`, MEMBER
// being the queued URI handed out (it stays in its queue until it is done, so a worker that dies
// loses nothing). Counters: queued (waiting), inflight, discovered, success/failure/disregarded,
// retired (queues), stale (completions refused), expired (leases that ran out), tok (fencing tokens), seq, v
// (bumped by every change, for the end-of-crawl check).

const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** A lease given back without the URI done (run out, or its worker gone): the queue is in line again. */
const RELEASE = `local function release(q)
  redis.call('ZREM', KEYS[2], q)
  redis.call('HDEL', KEYS[3], q)
  redis.call('HINCRBY', KEYS[4], 'inflight', -1)
  redis.call('HINCRBY', KEYS[4], 'queued', 1)
  if redis.call('HGET', KEYS[5], q .. '\\tretired') ~= '1' then
    local nxt = tonumber(redis.call('HGET', KEYS[5], q .. '\\tnext') or '0')
    redis.call('ZADD', KEYS[1], math.max(now, nxt), q)
  end
end`;

/**
 * Schedules URIs of this shard. ARGV: queue prefix, seen prefix, then six per URI: queue key,
 * seen bucket, fingerprint, rank, record, forced ('1'). A URI whose fingerprint is new (or that
 * is forced) joins its queue, ordered by rank then arrival (rank -1: at the very front); the queue
 * goes in line unless leased, retired or already there, not before its politeness gap is over.
 * Returns 1 or 0 per URI: queued or seen before.
 */
export const SCHEDULE: RedisScript = {
  name: 'bcSchedule', keys: 5, lua: `${NOW}
local added = {}
local any = false
for i = 3, #ARGV, 6 do
  local q = ARGV[i]
  local fresh = redis.call('SADD', ARGV[2] .. ARGV[i + 1], ARGV[i + 2])
  if fresh == 1 or ARGV[i + 5] == '1' then
    local seq = redis.call('HINCRBY', KEYS[4], 'seq', 1)
    local rank = tonumber(ARGV[i + 3])
    local score = rank < 0 and -seq or rank * 4294967296 + seq
    -- A forced URI already waiting (a prerequisite asked for again) is not counted twice.
    if redis.call('ZADD', ARGV[1] .. q, score, ARGV[i + 4]) == 1 then
      redis.call('HINCRBY', KEYS[4], 'queued', 1)
      redis.call('HINCRBY', KEYS[4], 'discovered', 1)
    end
    if redis.call('HEXISTS', KEYS[3], q) == 0 and redis.call('HGET', KEYS[5], q .. '\\tretired') ~= '1' then
      local nxt = tonumber(redis.call('HGET', KEYS[5], q .. '\\tnext') or '0')
      redis.call('ZADD', KEYS[1], 'NX', math.max(now, nxt), q)
    end
    added[#added + 1] = 1
    any = true
  else
    added[#added + 1] = 0
  end
end
if any then redis.call('HINCRBY', KEYS[4], 'v', 1) end
return added`,
};

/**
 * Leases up to ARGV[4] queues whose turn has come, after putting back in line those whose lease
 * ran out. ARGV: queue prefix, worker, lease ms, how many. Returns {now, when the next waiting
 * queue's turn comes or -1, when the first lease runs out or -1, {queue, token, record, …}}.
 */
export const TAKE: RedisScript = {
  name: 'bcTake', keys: 5, lua: `${NOW}
${RELEASE}
local expired = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now, 'LIMIT', 0, 64)
for _, q in ipairs(expired) do
  release(q)
  redis.call('HINCRBY', KEYS[4], 'expired', 1)
end
local out = {}
local max = tonumber(ARGV[4])
-- A paused crawl hands nothing out: once every shard says so, what is in flight can only go down.
if redis.call('HGET', KEYS[4], 'paused') == '1' then max = 0 end
while #out < max * 3 do
  local e = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, 1)
  if #e == 0 then break end
  local q = e[1]
  redis.call('ZREM', KEYS[1], q)
  local head = redis.call('ZRANGE', ARGV[1] .. q, 0, 0)
  if #head > 0 then
    local tok = redis.call('HINCRBY', KEYS[4], 'tok', 1)
    redis.call('ZADD', KEYS[2], now + tonumber(ARGV[3]), q)
    redis.call('HSET', KEYS[3], q, tok .. '\\t' .. ARGV[2] .. '\\t' .. head[1])
    redis.call('HINCRBY', KEYS[4], 'inflight', 1)
    redis.call('HINCRBY', KEYS[4], 'queued', -1)
    out[#out + 1] = q
    out[#out + 1] = tostring(tok)
    out[#out + 1] = head[1]
  end
end
if #expired > 0 or #out > 0 then redis.call('HINCRBY', KEYS[4], 'v', 1) end
local nxt = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
local lz = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
return {now, nxt[2] or '-1', lz[2] or '-1', out}`,
};

/**
 * A leased URI is done, or goes back to its queue. ARGV: queue prefix, queue key, token, outcome
 * (success, failure, disregarded, retry, deferred), rest ms (the gap before the queue's next
 * turn), cost, total budget (-1 none), the record to queue again and its rank (retry, deferred),
 * retire ('1'), status, error ('1'), documents and bytes to count (a success but dns:), a seed crawled ('1'), the URI's
 * delta in a delta run (new, changed, unchanged; '' none). A stale token (the lease ran out and was given to another)
 * is refused: 0. Otherwise 1.
 */
export const COMPLETE: RedisScript = {
  name: 'bcComplete', keys: 5, lua: `${NOW}
local q = ARGV[2]
local held = redis.call('HGET', KEYS[3], q)
local tok, member
if held then tok, member = string.match(held, '^([^\\t]*)\\t[^\\t]*\\t(.*)$') end
if not held or tok ~= ARGV[3] then
  redis.call('HINCRBY', KEYS[4], 'stale', 1)
  return 0
end
local qk = ARGV[1] .. q
redis.call('ZREM', qk, member)
redis.call('HDEL', KEYS[3], q)
redis.call('ZREM', KEYS[2], q)
redis.call('HINCRBY', KEYS[4], 'inflight', -1)
local outcome = ARGV[4]
if outcome == 'retry' or outcome == 'deferred' then
  local seq = redis.call('HINCRBY', KEYS[4], 'seq', 1)
  redis.call('ZADD', qk, outcome == 'retry' and -seq or seq, ARGV[8])
  redis.call('HINCRBY', KEYS[4], 'queued', 1)
else
  redis.call('HINCRBY', KEYS[4], outcome, 1)
  if ARGV[12] ~= '0' then redis.call('HINCRBY', KEYS[4], 'documents', ARGV[12]) end
  if ARGV[13] ~= '0' then redis.call('HINCRBY', KEYS[4], 'bytes', ARGV[13]) end
  if ARGV[14] == '1' then redis.call('HINCRBY', KEYS[4], 'seeds', 1) end
  if ARGV[15] ~= '' then redis.call('HINCRBY', KEYS[4], 'delta:' .. ARGV[15], 1) end
end
redis.call('HSET', KEYS[5], q .. '\\tstatus', ARGV[10])
if ARGV[11] == '1' then redis.call('HINCRBY', KEYS[5], q .. '\\terrors', 1) end
local spent = redis.call('HINCRBY', KEYS[5], q .. '\\tspent', ARGV[6])
local nextAt = now + tonumber(ARGV[5])
redis.call('HSET', KEYS[5], q .. '\\tnext', nextAt)
local budget = tonumber(ARGV[7])
if ARGV[9] == '1' or (budget >= 0 and spent >= budget and outcome ~= 'retry' and outcome ~= 'deferred') then
  if redis.call('HGET', KEYS[5], q .. '\\tretired') ~= '1' then
    redis.call('HSET', KEYS[5], q .. '\\tretired', '1')
    redis.call('HINCRBY', KEYS[4], 'retired', 1)
  end
elseif redis.call('ZCARD', qk) > 0 then
  redis.call('ZADD', KEYS[1], nextAt, q)
end
redis.call('HINCRBY', KEYS[4], 'v', 1)
return 1`,
};

/**
 * Extends leases. ARGV: lease ms, then queue key and token pairs. Returns 1 or 0 a pair (0: the
 * lease is no longer this worker's, or has run out: a lease that ran out is never brought back,
 * even before another worker took the queue).
 */
export const RENEW: RedisScript = {
  name: 'bcRenew', keys: 5, lua: `${NOW}
local ok = {}
for i = 2, #ARGV, 2 do
  local held = redis.call('HGET', KEYS[3], ARGV[i])
  local expires = tonumber(redis.call('ZSCORE', KEYS[2], ARGV[i]) or '0')
  if held and expires > now and string.match(held, '^([^\\t]*)') == ARGV[i + 1] then
    redis.call('ZADD', KEYS[2], now + tonumber(ARGV[1]), ARGV[i])
    ok[#ok + 1] = 1
  else
    ok[#ok + 1] = 0
  end
end
return ok`,
};

/** Gives back every lease of worker ARGV[1] (it restarted, or stops): their URIs are fetched again. Returns how many. */
export const RELEASE_WORKER: RedisScript = {
  name: 'bcReleaseWorker', keys: 5, lua: `${NOW}
${RELEASE}
local all = redis.call('HGETALL', KEYS[3])
local n = 0
for i = 1, #all, 2 do
  local w = string.match(all[i + 1], '^[^\\t]*\\t([^\\t]*)\\t')
  if w == ARGV[1] then
    release(all[i])
    n = n + 1
  end
end
if n > 0 then redis.call('HINCRBY', KEYS[4], 'v', 1) end
return n`,
};

/**
 * Joins the crawl or begins a run. KEYS: the crawl's hash. ARGV: a new run id, shards, seen
 * buckets. A run that is not over is joined (its layout must match); otherwise the new run
 * begins. Returns {run, 1 when it began here, the run it replaced or '', state, shards, buckets}.
 */
export const JOIN: RedisScript = {
  name: 'bcJoin', keys: 1, lua: `
local run = redis.call('HGET', KEYS[1], 'run')
local state = redis.call('HGET', KEYS[1], 'state')
if run and state ~= 'FINISHED' then
  return {run, 0, '', state, redis.call('HGET', KEYS[1], 'shards'), redis.call('HGET', KEYS[1], 'buckets')}
end
local t = redis.call('TIME')
redis.call('HSET', KEYS[1], 'run', ARGV[1], 'state', 'RUNNING', 'exitStatus', '', 'shards', ARGV[2], 'buckets', ARGV[3], 'startedAt', t[1])
return {ARGV[1], 1, run or '', 'RUNNING', ARGV[2], ARGV[3]}`,
};

/**
 * Sets the crawl's state for the run ARGV[1] (never another run's): ARGV[2] the state, ARGV[3]
 * the exit status. FINISHED and TERMINATING stay (a pause cannot undo them). Returns the state now.
 */
export const SET_STATE: RedisScript = {
  name: 'bcSetState', keys: 1, lua: `
if redis.call('HGET', KEYS[1], 'run') ~= ARGV[1] then return false end
local state = redis.call('HGET', KEYS[1], 'state')
if state == 'FINISHED' or (state == 'TERMINATING' and ARGV[2] ~= 'FINISHED') then return state end
redis.call('HSET', KEYS[1], 'state', ARGV[2], 'exitStatus', ARGV[3])
return ARGV[2]`,
};

/** Gives back one lease (ARGV: queue key, token) without its URI done: taken while the crawl paused. Returns 1, or 0 when it was not held with that token. */
export const RELEASE_LEASE: RedisScript = {
  name: 'bcReleaseLease', keys: 5, lua: `${NOW}
${RELEASE}
local held = redis.call('HGET', KEYS[3], ARGV[1])
if not held or string.match(held, '^([^\\t]*)') ~= ARGV[2] then return 0 end
release(ARGV[1])
redis.call('HINCRBY', KEYS[4], 'v', 1)
return 1`,
};

/**
 * A step of the crawl that one worker runs for all (SharedCrawl.once), in the run's hash of
 * steps (KEYS[1]): field ARGV[1] is `done`, or `WORKER\tUNTIL` while a worker holds it under a
 * lease (Redis's clock). ARGV: step, worker, lease ms, action: `take` (or renew) returns `mine`,
 * `wait` (another holds it, its lease running) or `done`; `done` marks it done; `drop` gives it
 * up (its work failed) so that another worker takes it at once.
 */
export const STEP: RedisScript = {
  name: 'bcStep', keys: 1, lua: `${NOW}
local held = redis.call('HGET', KEYS[1], ARGV[1])
if held == 'done' then return 'done' end
local who, till = nil, 0
if held then
  local w, u = string.match(held, '^([^\\t]*)\\t(%d+)$')
  who, till = w, tonumber(u)
end
if ARGV[4] == 'done' then
  redis.call('HSET', KEYS[1], ARGV[1], 'done')
  return 'done'
end
if ARGV[4] == 'drop' then
  if who == ARGV[2] then redis.call('HDEL', KEYS[1], ARGV[1]) end
  return 'dropped'
end
if held and who ~= ARGV[2] and till > now then return 'wait' end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. '\\t' .. (now + tonumber(ARGV[3])))
return 'mine'`,
};

/**
 * The fetch history's number for run ARGV[1] (RedisFetchHistory), in its hash KEYS[1]: the same
 * for every worker of the run, the last run's plus one for a run not numbered yet. ARGV[2]: the
 * buckets of a history not written yet (a history keeps its own). Returns {run number, buckets}.
 */
export const HISTORY_RUN: RedisScript = {
  name: 'bcHistoryRun', keys: 1, lua: `
local buckets = redis.call('HGET', KEYS[1], 'buckets')
if not buckets then
  buckets = ARGV[2]
  redis.call('HSET', KEYS[1], 'buckets', buckets)
end
local n = redis.call('HGET', KEYS[1], 'run:' .. ARGV[1])
if not n then
  n = redis.call('HINCRBY', KEYS[1], 'lastRun', 1)
  redis.call('HSET', KEYS[1], 'run:' .. ARGV[1], n)
end
return {tonumber(n), tonumber(buckets)}`,
};

/**
 * Adds to entries of a run's table (SharedTable.add), in its hash KEYS[1]: ARGV holds pairs of an
 * entry and the integer to add. One script, so that a reader sees all the pair's additions or none.
 */
export const TABLE_ADD: RedisScript = {
  name: 'bcTableAdd', keys: 1, lua: `
for i = 1, #ARGV, 2 do redis.call('HINCRBY', KEYS[1], ARGV[i], ARGV[i + 1]) end
return 1`,
};
