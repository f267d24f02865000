import { SHARD_KEYS } from './redis-keys.js';
import { defineRedisScript, reply } from './redis-script.js';

// Each script names its keys and arguments (defineRedisScript writes their positions, once): a
// key `ready` is the Lua local `readyKey`. Queue scripts take a shard's keys (SHARD_KEYS: ready,
// lease, held, count, queues; or those of them they touch) and read the time from Redis, never
// from a worker. A lease is `TOKEN\tWORKER\tMEMBER`, MEMBER being the queued URI handed out (it
// stays in its queue until it is done, so a worker that dies loses nothing). Counters: queued
// (waiting), inflight, discovered, success/failure/disregarded, retired (queues), stale
// (completions refused), expired (leases that ran out), tok (fencing tokens), seq, v (bumped by
// every change, for the end-of-crawl check). A shard's `elsewhere` set and `claims` sorted set
// hold URIs a worker fetched, or is fetching, outside the queues (a rendered page's requests),
// by URI: a queued URI's record is a JSON array whose first element is its URI (queued-row.ts).

const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** How long a queue whose next URI is being fetched outside the queues (claimed) waits before TAKE looks at it again. */
export const CLAIM_WAIT_MS = 250;

/** The URI of a queued record (its row: a JSON array, the URI first). */
const URI_OF = `local function uriOf(record)
  return cjson.decode(record)[1]
end`;

/** A lease given back without the URI done (run out, or its worker gone): the queue is in line again. Needs every shard key. */
const RELEASE = `local function release(q)
  redis.call('ZREM', leaseKey, q)
  redis.call('HDEL', heldKey, q)
  redis.call('HINCRBY', countKey, 'inflight', -1)
  redis.call('HINCRBY', countKey, 'queued', 1)
  if redis.call('HGET', queuesKey, q .. '\\tretired') ~= '1' then
    local nxt = tonumber(redis.call('HGET', queuesKey, q .. '\\tnext') or '0')
    redis.call('ZADD', readyKey, math.max(now, nxt), q)
  end
end`;

/**
 * Schedules URIs of this shard, one item a URI: its queue key, seen bucket, fingerprint, rank,
 * record, forced ('1'). A URI whose fingerprint is new (or that is forced) joins its queue,
 * ordered by rank then arrival (rank -1: at the very front); the queue goes in line unless leased,
 * retired or already there, not before its politeness gap is over. Returns 1 or 0 per URI:
 * queued or seen before.
 */
export const SCHEDULE = defineRedisScript({
  name: 'bcSchedule', keys: ['ready', 'held', 'count', 'queues'], args: ['queuePrefix', 'seenPrefix'],
  items: ['queue', 'seenBucket', 'fingerprint', 'rank', 'record', 'forced'], returns: reply<Array<0 | 1>>(),
  lua: `${NOW}
local added = {}
local any = false
for queue, seenBucket, fingerprint, rank, record, forced in items() do
  local fresh = redis.call('SADD', seenPrefix .. seenBucket, fingerprint)
  if fresh == 1 or forced == '1' then
    local seq = redis.call('HINCRBY', countKey, 'seq', 1)
    local r = tonumber(rank)
    local score = r < 0 and -seq or r * 4294967296 + seq
    -- A forced URI already waiting (a prerequisite asked for again) is not counted twice.
    if redis.call('ZADD', queuePrefix .. queue, score, record) == 1 then
      redis.call('HINCRBY', countKey, 'queued', 1)
      redis.call('HINCRBY', countKey, 'discovered', 1)
    end
    if redis.call('HEXISTS', heldKey, queue) == 0 and redis.call('HGET', queuesKey, queue .. '\\tretired') ~= '1' then
      local nxt = tonumber(redis.call('HGET', queuesKey, queue .. '\\tnext') or '0')
      redis.call('ZADD', readyKey, 'NX', math.max(now, nxt), queue)
    end
    added[#added + 1] = 1
    any = true
  else
    added[#added + 1] = 0
  end
end
if any then redis.call('HINCRBY', countKey, 'v', 1) end
return added`,
});

/**
 * Leases up to `howMany` queues whose turn has come to `worker`, for `leaseMs`, after putting back
 * in line those whose lease ran out. A queue's head fetched outside the queues already (in
 * `elsewhere`) leaves it, done, without being handed out, and the next one is looked at; a head
 * being fetched outside the queues (in `claims`, its claim not run out) stays, its queue in line
 * again CLAIM_WAIT_MS later. Both are looked up only while their set has members. Returns {now, when the next
 * waiting queue's turn comes or -1, when the first lease runs out or -1, {queue, token, record, …}}.
 */
export const TAKE = defineRedisScript({
  name: 'bcTake', keys: [...SHARD_KEYS, 'elsewhere', 'claims'], args: ['queuePrefix', 'worker', 'leaseMs', 'howMany'],
  returns: reply<[number, string, string, string[]]>(),
  lua: `${NOW}
${RELEASE}
${URI_OF}
local passOver = redis.call('SCARD', elsewhereKey) > 0
local claimed = false
if redis.call('ZCARD', claimsKey) > 0 then
  redis.call('ZREMRANGEBYSCORE', claimsKey, '-inf', now)
  claimed = redis.call('ZCARD', claimsKey) > 0
end
local skipped = false
local expired = redis.call('ZRANGEBYSCORE', leaseKey, '-inf', now, 'LIMIT', 0, 64)
for _, q in ipairs(expired) do
  release(q)
  redis.call('HINCRBY', countKey, 'expired', 1)
end
local out = {}
local max = tonumber(howMany)
-- A paused crawl hands nothing out: once every shard says so, what is in flight can only go down.
if redis.call('HGET', countKey, 'paused') == '1' then max = 0 end
while #out < max * 3 do
  local e = redis.call('ZRANGEBYSCORE', readyKey, '-inf', now, 'LIMIT', 0, 1)
  if #e == 0 then break end
  local q = e[1]
  redis.call('ZREM', readyKey, q)
  local head = redis.call('ZRANGE', queuePrefix .. q, 0, 0)
  local u = nil
  while passOver and #head > 0 do
    u = uriOf(head[1])
    if redis.call('SREM', elsewhereKey, u) == 0 then break end
    redis.call('ZREM', queuePrefix .. q, head[1])
    redis.call('HINCRBY', countKey, 'queued', -1)
    skipped = true
    head = redis.call('ZRANGE', queuePrefix .. q, 0, 0)
    u = nil
  end
  if claimed and #head > 0 and redis.call('ZSCORE', claimsKey, u or uriOf(head[1])) then
    redis.call('ZADD', readyKey, now + ${CLAIM_WAIT_MS}, q)
  elseif #head > 0 then
    local tok = redis.call('HINCRBY', countKey, 'tok', 1)
    redis.call('ZADD', leaseKey, now + tonumber(leaseMs), q)
    redis.call('HSET', heldKey, q, tok .. '\\t' .. worker .. '\\t' .. head[1])
    redis.call('HINCRBY', countKey, 'inflight', 1)
    redis.call('HINCRBY', countKey, 'queued', -1)
    out[#out + 1] = q
    out[#out + 1] = tostring(tok)
    out[#out + 1] = head[1]
  end
end
if #expired > 0 or #out > 0 or skipped then redis.call('HINCRBY', countKey, 'v', 1) end
local nxt = redis.call('ZRANGE', readyKey, 0, 0, 'WITHSCORES')
local lz = redis.call('ZRANGE', leaseKey, 0, 0, 'WITHSCORES')
return {now, nxt[2] or '-1', lz[2] or '-1', out}`,
});

/**
 * A leased URI is done, or goes back to its queue. `outcome`: success, failure, disregarded,
 * retry, deferred; `restMs`: the gap before the queue's next turn; `totalBudget`: -1 none;
 * `record`: the URI to queue again (retry, deferred); `retire` ('1'); `failed` ('1': an error
 * status); `documents` and `bytes` to count (a success but dns:); `seed` ('1': a seed crawled);
 * `delta`: the URI's delta in a delta run (new, changed, unchanged; '' none). A URI done is no
 * longer one to pass over (`elsewhere`: it was fetched outside the queues while in flight here). A
 * stale token (the lease ran out and was given to another) is refused: 0. Otherwise 1.
 */
export const COMPLETE = defineRedisScript({
  name: 'bcComplete', keys: [...SHARD_KEYS, 'elsewhere'],
  args: [
    'queuePrefix', 'queue', 'token', 'outcome', 'restMs', 'cost', 'totalBudget', 'record', 'retire', 'status', 'failed', 'documents', 'bytes', 'seed', 'delta',
  ],
  returns: reply<0 | 1>(),
  lua: `${NOW}
local held = redis.call('HGET', heldKey, queue)
local tok, member
if held then tok, member = string.match(held, '^([^\\t]*)\\t[^\\t]*\\t(.*)$') end
if not held or tok ~= token then
  redis.call('HINCRBY', countKey, 'stale', 1)
  return 0
end
local qk = queuePrefix .. queue
redis.call('ZREM', qk, member)
redis.call('HDEL', heldKey, queue)
redis.call('ZREM', leaseKey, queue)
redis.call('HINCRBY', countKey, 'inflight', -1)
if outcome == 'retry' or outcome == 'deferred' then
  local seq = redis.call('HINCRBY', countKey, 'seq', 1)
  redis.call('ZADD', qk, outcome == 'retry' and -seq or seq, record)
  redis.call('HINCRBY', countKey, 'queued', 1)
else
  redis.call('HINCRBY', countKey, outcome, 1)
  if documents ~= '0' then redis.call('HINCRBY', countKey, 'documents', documents) end
  if bytes ~= '0' then redis.call('HINCRBY', countKey, 'bytes', bytes) end
  if seed == '1' then redis.call('HINCRBY', countKey, 'seeds', 1) end
  if delta ~= '' then redis.call('HINCRBY', countKey, 'delta:' .. delta, 1) end
  if redis.call('SCARD', elsewhereKey) > 0 then redis.call('SREM', elsewhereKey, cjson.decode(member)[1]) end
end
redis.call('HSET', queuesKey, queue .. '\\tstatus', status)
if failed == '1' then redis.call('HINCRBY', queuesKey, queue .. '\\terrors', 1) end
local spent = redis.call('HINCRBY', queuesKey, queue .. '\\tspent', cost)
local nextAt = now + tonumber(restMs)
redis.call('HSET', queuesKey, queue .. '\\tnext', nextAt)
local budget = tonumber(totalBudget)
if retire == '1' or (budget >= 0 and spent >= budget and outcome ~= 'retry' and outcome ~= 'deferred') then
  if redis.call('HGET', queuesKey, queue .. '\\tretired') ~= '1' then
    redis.call('HSET', queuesKey, queue .. '\\tretired', '1')
    redis.call('HINCRBY', countKey, 'retired', 1)
  end
elseif redis.call('ZCARD', qk) > 0 then
  redis.call('ZADD', readyKey, nextAt, queue)
end
redis.call('HINCRBY', countKey, 'v', 1)
return 1`,
});

/**
 * A URI fetched outside the queues (a rendered page's request), its outputs written: its
 * fingerprint is added to its seen bucket (`queue` is its queue, for the shard's and the bucket's
 * sake); it is counted done by `outcome` (success, failure, disregarded), with `documents`,
 * `bytes` and `delta` as COMPLETE counts them, and as discovered when its fingerprint was new;
 * its claim ends. When its fingerprint was seen and its queue holds URIs, a copy of it may be
 * queued: it goes in `elsewhere`, to be passed over at its turn. Returns 1 (fingerprint new) or 0.
 */
export const FETCHED_ELSEWHERE = defineRedisScript({
  name: 'bcFetchedElsewhere', keys: ['count', 'elsewhere', 'claims'],
  args: ['queuePrefix', 'seenPrefix', 'queue', 'seenBucket', 'fingerprint', 'uri', 'outcome', 'documents', 'bytes', 'delta'],
  returns: reply<0 | 1>(),
  lua: `local fresh = redis.call('SADD', seenPrefix .. seenBucket, fingerprint)
redis.call('ZREM', claimsKey, uri)
if fresh == 1 then
  redis.call('HINCRBY', countKey, 'discovered', 1)
elseif redis.call('ZCARD', queuePrefix .. queue) > 0 then
  redis.call('SADD', elsewhereKey, uri)
end
redis.call('HINCRBY', countKey, outcome, 1)
if documents ~= '0' then redis.call('HINCRBY', countKey, 'documents', documents) end
if bytes ~= '0' then redis.call('HINCRBY', countKey, 'bytes', bytes) end
if delta ~= '' then redis.call('HINCRBY', countKey, 'delta:' .. delta, 1) end
redis.call('HINCRBY', countKey, 'v', 1)
return fresh`,
});

/** Claims `uri` (being fetched outside the queues) until `ms` from now, or later if it was claimed till then: a queued copy of it waits meanwhile. */
export const CLAIM = defineRedisScript({
  name: 'bcClaim', keys: ['claims'], args: ['uri', 'ms'], returns: reply<number>(),
  lua: `${NOW}
return redis.call('ZADD', claimsKey, 'GT', now + tonumber(ms), uri)`,
});

/**
 * Extends leases by `leaseMs`, one item a lease: its queue key and token. Returns 1 or 0 an item
 * (0: the lease is no longer this worker's, or has run out: a lease that ran out is never brought
 * back, even before another worker took the queue).
 */
export const RENEW = defineRedisScript({
  name: 'bcRenew', keys: ['lease', 'held'], args: ['leaseMs'], items: ['queue', 'token'], returns: reply<Array<0 | 1>>(),
  lua: `${NOW}
local ok = {}
for queue, token in items() do
  local held = redis.call('HGET', heldKey, queue)
  local expires = tonumber(redis.call('ZSCORE', leaseKey, queue) or '0')
  if held and expires > now and string.match(held, '^([^\\t]*)') == token then
    redis.call('ZADD', leaseKey, now + tonumber(leaseMs), queue)
    ok[#ok + 1] = 1
  else
    ok[#ok + 1] = 0
  end
end
return ok`,
});

/** Gives back every lease of `worker` (it restarted, or stops): their URIs are fetched again. Returns how many. */
export const RELEASE_WORKER = defineRedisScript({
  name: 'bcReleaseWorker', keys: SHARD_KEYS, args: ['worker'], returns: reply<number>(),
  lua: `${NOW}
${RELEASE}
local all = redis.call('HGETALL', heldKey)
local n = 0
for i = 1, #all, 2 do
  local w = string.match(all[i + 1], '^[^\\t]*\\t([^\\t]*)\\t')
  if w == worker then
    release(all[i])
    n = n + 1
  end
end
if n > 0 then redis.call('HINCRBY', countKey, 'v', 1) end
return n`,
});

/**
 * Joins the crawl (its hash) or begins a run: `newRun` with `shards` and `buckets`. A run that is
 * not over is joined (its layout must match); otherwise the new run begins. Returns {run, 1 when
 * it began here, the run it replaced or '', state, shards, buckets}.
 */
export const JOIN = defineRedisScript({
  name: 'bcJoin', keys: ['crawl'], args: ['newRun', 'shards', 'buckets'],
  returns: reply<[string, number, string, string, string, string]>(),
  lua: `local run = redis.call('HGET', crawlKey, 'run')
local state = redis.call('HGET', crawlKey, 'state')
if run and state ~= 'FINISHED' then
  return {run, 0, '', state, redis.call('HGET', crawlKey, 'shards'), redis.call('HGET', crawlKey, 'buckets')}
end
local t = redis.call('TIME')
redis.call('HSET', crawlKey, 'run', newRun, 'state', 'RUNNING', 'exitStatus', '', 'shards', shards, 'buckets', buckets, 'startedAt', t[1])
return {newRun, 1, run or '', 'RUNNING', shards, buckets}`,
});

/**
 * Sets the crawl's state to `newState` (and its exit status) for `run` (never another run's):
 * FINISHED and TERMINATING stay (a pause cannot undo them). Returns the state now (null: another run).
 */
export const SET_STATE = defineRedisScript({
  name: 'bcSetState', keys: ['crawl'], args: ['run', 'newState', 'exitStatus'], returns: reply<string | null>(),
  lua: `if redis.call('HGET', crawlKey, 'run') ~= run then return false end
local state = redis.call('HGET', crawlKey, 'state')
if state == 'FINISHED' or (state == 'TERMINATING' and newState ~= 'FINISHED') then return state end
redis.call('HSET', crawlKey, 'state', newState, 'exitStatus', exitStatus)
return newState`,
});

/**
 * Gives back one lease (its queue key and token) without its URI done: taken while the crawl paused;
 * or (`runOut` '1') one whose URI was discarded by its worker, given back only once it has run out
 * (until then the queue rests as though its worker had died: a request that was cut on its way
 * counts in the host's politeness). Returns 1 (given back), 2 (still running: left to run out),
 * or 0 when it is not held with that token (another worker has the queue).
 */
export const RELEASE_LEASE = defineRedisScript({
  name: 'bcReleaseLease', keys: SHARD_KEYS, args: ['queue', 'token', 'runOut'], returns: reply<0 | 1 | 2>(),
  lua: `${NOW}
${RELEASE}
local held = redis.call('HGET', heldKey, queue)
if not held or string.match(held, '^([^\\t]*)') ~= token then return 0 end
if runOut == '1' and tonumber(redis.call('ZSCORE', leaseKey, queue) or '0') > now then return 2 end
release(queue)
redis.call('HINCRBY', countKey, 'v', 1)
return 1`,
});

/**
 * A step of the crawl that one worker runs for all (SharedCrawl.once), in the run's hash of
 * steps: field `step` is `done`, or `WORKER\tUNTIL` while a worker holds it under a lease of
 * `leaseMs` (Redis's clock). `action`: `take` (or renew) returns `mine`, `wait` (another holds it,
 * its lease running) or `done`; `done` marks it done; `drop` gives it up (its work failed) so that
 * another worker takes it at once.
 */
export const STEP = defineRedisScript({
  name: 'bcStep', keys: ['steps'], args: ['step', 'worker', 'leaseMs', 'action'], returns: reply<'mine' | 'wait' | 'done' | 'dropped'>(),
  lua: `${NOW}
local held = redis.call('HGET', stepsKey, step)
if held == 'done' then return 'done' end
local who, till = nil, 0
if held then
  local w, u = string.match(held, '^([^\\t]*)\\t(%d+)$')
  who, till = w, tonumber(u)
end
if action == 'done' then
  redis.call('HSET', stepsKey, step, 'done')
  return 'done'
end
if action == 'drop' then
  if who == worker then redis.call('HDEL', stepsKey, step) end
  return 'dropped'
end
if held and who ~= worker and till > now then return 'wait' end
redis.call('HSET', stepsKey, step, worker .. '\\t' .. (now + tonumber(leaseMs)))
return 'mine'`,
});

/**
 * The fetch history's number for `run` (RedisFetchHistory), in its hash: the same for every
 * worker of the run, the last run's plus one for a run not numbered yet. `newBuckets`: the
 * buckets of a history not written yet (a history keeps its own). Returns {run number, buckets}.
 */
export const HISTORY_RUN = defineRedisScript({
  name: 'bcHistoryRun', keys: ['history'], args: ['run', 'newBuckets'], returns: reply<[number, number]>(),
  lua: `local buckets = redis.call('HGET', historyKey, 'buckets')
if not buckets then
  buckets = newBuckets
  redis.call('HSET', historyKey, 'buckets', buckets)
end
local n = redis.call('HGET', historyKey, 'run:' .. run)
if not n then
  n = redis.call('HINCRBY', historyKey, 'lastRun', 1)
  redis.call('HSET', historyKey, 'run:' .. run, n)
end
return {tonumber(n), tonumber(buckets)}`,
});

/**
 * Adds to entries of a run's table (SharedTable.add), in its hash, one item an entry and the
 * integer to add. One script, so that a reader sees all the additions or none.
 */
export const TABLE_ADD = defineRedisScript({
  name: 'bcTableAdd', keys: ['table'], items: ['entry', 'amount'], returns: reply<1>(),
  lua: `for entry, amount in items() do redis.call('HINCRBY', tableKey, entry, amount) end
return 1`,
});

/** Every script, for the check that each one's Lua and description agree. */
export const REDIS_SCRIPTS = [
  SCHEDULE, TAKE, COMPLETE, FETCHED_ELSEWHERE, CLAIM, RENEW, RELEASE_WORKER, JOIN, SET_STATE, RELEASE_LEASE, STEP, HISTORY_RUN, TABLE_ADD,
] as const;
