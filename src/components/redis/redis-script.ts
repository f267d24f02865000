import type { RedisLink, RedisScript, ScriptCall } from './redis-link.js';

/** A value passed to a script: Redis hears it as a string. */
export type ScriptArg = string | number;

/** What a script's reply is taken to be (its Lua says so; Redis does not check it): see reply(). */
export interface Reply<R> {
  readonly reply?: R;
}

/** Marks the type of a script's reply, e.g. `returns: reply<number[]>()`. */
export function reply<R>(): Reply<R> {
  return {};
}

/**
 * A script described by name: the keys it takes and its arguments, in order, and (optionally)
 * items, a group of arguments repeated after them. Positions are written once, here: the Lua
 * reads them into locals at its top (generated: a key `ready` is `readyKey`, an argument is its
 * own name, the items come from `items()`, an iterator that gives the fields of one item a
 * turn), and the wrapper builds KEYS and ARGV from named fields.
 */
export interface ScriptDescription<K extends string, A extends string, I extends string, R> {
  /** The script's name (the command ioredis defines for it): unique, `bc…`. */
  readonly name: string;
  /** The keys, in KEYS order; on a cluster they must all be of one slot. */
  readonly keys: readonly K[];
  /** The arguments, in ARGV order. */
  readonly args?: readonly A[];
  /** The fields of one item, in order, repeated after the arguments (`for f1, f2 in items() do`). */
  readonly items?: readonly I[];
  /** The Lua that follows the generated locals: it names keys and arguments, never KEYS[n] or ARGV[n]. */
  readonly lua: string;
  readonly returns?: Reply<R>;
}

/** What a call of a script gives it, by name. */
export type ScriptInput<K extends string, A extends string, I extends string> =
  { readonly keys: Readonly<Record<K, string>> }
  & ([A] extends [never] ? unknown : { readonly args: Readonly<Record<A, ScriptArg>> })
  & ([I] extends [never] ? unknown : { readonly items: ReadonlyArray<Readonly<Record<I, ScriptArg>>> });

/** A script with its typed wrapper. As a RedisScript, `lua` is the whole script, the locals first. */
export interface NamedScript<K extends string, A extends string, I extends string, R> extends RedisScript {
  readonly description: ScriptDescription<K, A, I, R>;
  /** The KEYS and ARGV of one call, for RedisLink.runAll. */
  call(input: ScriptInput<K, A, I>): ScriptCall;
  run(link: RedisLink, input: ScriptInput<K, A, I>): Promise<R>;
  /** Several calls in one round trip (RedisLink.runAll), each answer in its place. */
  runAll(link: RedisLink, inputs: ReadonlyArray<ScriptInput<K, A, I>>): Promise<R[]>;
}

/** What a call of script S gives it (e.g. `InputOf<typeof TAKE>`). */
export type InputOf<S> = S extends NamedScript<infer K, infer A, infer I, infer _R> ? ScriptInput<K, A, I> : never;

/** One item of script S. */
export type ItemOf<S> = S extends NamedScript<string, string, infer I, infer _R> ? Readonly<Record<I, ScriptArg>> : never;

/** The Lua local a key is read into. */
export function keyLocal(name: string): string {
  return `${name}Key`;
}

/** Defines a script from its description: the Lua gets its locals, the wrapper its KEYS and ARGV. */
export function defineRedisScript<const K extends string, const A extends string = never, const I extends string = never, R = unknown>(
  description: ScriptDescription<K, A, I, R>,
): NamedScript<K, A, I, R> {
  const args = description.args ?? [];
  const items = description.items ?? [];
  const call = (input: ScriptInput<K, A, I>): ScriptCall => {
    const named = input as { keys: Record<string, string>; args?: Record<string, ScriptArg>; items?: ReadonlyArray<Record<string, ScriptArg>> };
    const argv: ScriptArg[] = args.map((a) => named.args![a]);
    for (const item of named.items ?? []) for (const f of items) argv.push(item[f]);
    return { script, keys: description.keys.map((k) => named.keys[k]), args: argv };
  };
  const script: NamedScript<K, A, I, R> = {
    name: description.name,
    keys: description.keys.length,
    lua: `${scriptPreamble(description)}\n${description.lua}`,
    description,
    call,
    run: (link, input) => {
      const c = call(input);
      return link.run(script, c.keys, c.args) as Promise<R>;
    },
    runAll: (link, inputs) => link.runAll(inputs.map(call)) as Promise<R[]>,
  };
  return script;
}

/** The Lua that reads KEYS and ARGV into named locals: the only place a script's positions are written. */
export function scriptPreamble(d: ScriptDescription<string, string, string, unknown>): string {
  const args = d.args ?? [];
  const items = d.items ?? [];
  const lines = [
    ...d.keys.map((k, i) => `local ${keyLocal(k)} = KEYS[${i + 1}]`),
    ...args.map((a, i) => `local ${a} = ARGV[${i + 1}]`),
  ];
  if (items.length > 0) {
    const fields = items.map((_, j) => (j === 0 ? 'ARGV[i]' : `ARGV[i + ${j}]`)).join(', ');
    lines.push(
      'local function items()',
      `  local i = ${args.length + 1 - items.length}`,
      '  return function()',
      `    i = i + ${items.length}`,
      `    return ${fields}`,
      '  end',
      'end',
    );
  }
  return lines.join('\n');
}
