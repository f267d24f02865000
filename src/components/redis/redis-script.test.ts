import { expect } from 'chai';
import { defineRedisScript, scriptPreamble, type InputOf } from './redis-script.js';
import { REDIS_SCRIPTS } from './redis-scripts.js';
import { scriptProblems } from './script-problems.js';

/** The problems of a script described as `more` says, its Lua `lua`. */
function problemsOf(lua: string, more: { keys?: string[]; args?: string[]; items?: string[] } = {}): string[] {
  return scriptProblems({ name: 'bcT', keys: more.keys ?? ['a'], args: more.args ?? [], items: more.items ?? [], lua });
}

describe('defineRedisScript: keys and arguments by name, their positions written once', () => {
  it('checks every script: the Lua reads each position it names once, no other, and uses every name', () => {
    for (const script of REDIS_SCRIPTS) expect(scriptProblems(script.description), script.name).to.deep.equal([]);
    expect(new Set(REDIS_SCRIPTS.map((s) => s.name)).size).to.equal(REDIS_SCRIPTS.length);
  });

  it('writes the locals at the top of the Lua, and an items() iterator for the repeated group', () => {
    const d = { name: 'bcT', keys: ['ready', 'count'], args: ['prefix'], items: ['queue', 'token'], lua: '' };
    expect(scriptPreamble(d)).to.equal([
      'local readyKey = KEYS[1]',
      'local countKey = KEYS[2]',
      'local prefix = ARGV[1]',
      'local function items()',
      '  local i = 0',
      '  return function()',
      '    i = i + 2',
      '    return ARGV[i], ARGV[i + 1]',
      '  end',
      'end',
    ].join('\n'));
  });

  it('builds KEYS and ARGV from named fields, in the description\'s order, items after the arguments', () => {
    const s = defineRedisScript({
      name: 'bcT', keys: ['ready', 'count'], args: ['prefix', 'ms'], items: ['queue', 'token'],
      lua: `for queue, token in items() do redis.call('HSET', countKey, queue, token .. prefix .. ms) end return readyKey`,
    });
    const call = s.call({
      keys: { count: 'c', ready: 'r' }, args: { ms: 5, prefix: 'p' }, items: [{ token: 't1', queue: 'q1' }, { queue: 'q2', token: 't2' }],
    });
    expect(call.keys).to.deep.equal(['r', 'c']);
    expect(call.args).to.deep.equal(['p', 5, 'q1', 't1', 'q2', 't2']);
    expect(s.keys).to.equal(2);
    expect(s.lua.startsWith('local readyKey = KEYS[1]\n')).to.equal(true);
  });

  it('has the compiler refuse a call that misses or misnames a field', () => {
    const s = defineRedisScript({ name: 'bcT', keys: ['crawl'], args: ['run'], lua: 'return {crawlKey, run}' });
    const ok: InputOf<typeof s> = { keys: { crawl: 'k' }, args: { run: 'r' } };
    // @ts-expect-error: no argument `run`
    const missing: InputOf<typeof s> = { keys: { crawl: 'k' }, args: {} };
    // @ts-expect-error: a key named otherwise
    const misnamed: InputOf<typeof s> = { keys: { crowl: 'k' }, args: { run: 'r' } };
    expect([ok, missing, misnamed]).to.have.length(3);
  });

  it('finds a position the Lua addresses itself, named or not', () => {
    expect(problemsOf('return {aKey, ARGV[1]}', { args: [] })).to.deep.equal([
      'ARGV[1] is read but not named (0 named)',
      'the Lua addresses ARGV itself (ARGV[1]}): name what it needs in the description',
    ]);
    expect(problemsOf('return {aKey, KEYS[1], x}', { args: ['x'] })).to.deep.equal([
      'KEYS[1] is read 2 times, not once',
      'the Lua addresses KEYS itself (KEYS[1], x}): name what it needs in the description',
    ]);
    expect(problemsOf('for i = 1, #ARGV do end return aKey')).to.include('the Lua addresses ARGV itself (ARGV do end return aKey): name what it ' +
      'needs in the description');
  });

  it('finds a name the Lua never reads, or hides under a local of its own', () => {
    expect(problemsOf('return 1', { args: ['run'] })).to.deep.equal(['aKey is named but the Lua never reads it', 'run is named but the Lua never reads it']);
    // Named in a comment or a string is not read.
    expect(problemsOf("-- run\nreturn {aKey, 'run'}", { args: ['run'] })).to.deep.equal(['run is named but the Lua never reads it']);
    expect(problemsOf("local run = redis.call('HGET', aKey, 'run') return run", { args: ['run'] })).to.deep.equal(['run is declared again as a ' +
      'local: it would hide the one named']);
    expect(problemsOf('return aKey', { args: ['aKey'] })).to.include('aKey is named twice');
  });

  it('finds items taken in another order, or not taken as items', () => {
    expect(problemsOf('for token, queue in items() do redis.call(aKey, queue, token) end', { items: ['queue', 'token'] }))
      .to.deep.equal(['`for token, queue in items()` does not take the item\'s fields in order (queue, token)']);
    expect(problemsOf('return aKey', { items: ['queue'] })).to.deep.equal([
      'the description names items but the Lua has no `for … in items() do`', 'queue is named but the Lua never reads it',
    ]);
    expect(problemsOf('for q in items() do redis.call(aKey, q) end')).to.deep.equal(['the Lua calls items() but the description names no items']);
    expect(problemsOf('local f = items() for q in items() do redis.call(aKey, q, f) end', { items: ['q'] })).to.deep.equal(['items() is called ' +
      'other than as `for … in items() do`']);
  });
});
