import { keyLocal, scriptPreamble, type ScriptDescription } from './redis-script.js';

/** The Lua with its comments and string literals blanked out: what is left is code. */
export function luaCode(lua: string): string {
  return lua
    .replace(/--\[(=*)\[[\s\S]*?\]\1\]/g, ' ')
    .replace(/--[^\n]*/g, ' ')
    .replace(/'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"/g, "''");
}

/**
 * What is wrong with a script's Lua and its description, in words (none: they agree): the
 * positions in KEYS and ARGV are the description's, each once (the generated locals); the Lua
 * after them addresses no position of its own; every key, argument and item field named is used,
 * none declared again as a local; every `for … in items()` takes the item's fields, in order.
 */
export function scriptProblems(d: ScriptDescription<string, string, string, unknown>): string[] {
  const problems: string[] = [];
  const args = d.args ?? [];
  const items = d.items ?? [];
  const body = luaCode(d.lua);
  const whole = luaCode(`${scriptPreamble(d)}\n${d.lua}`);

  for (const [table, count] of [['KEYS', d.keys.length], ['ARGV', args.length]] as const) {
    const used = [...whole.matchAll(new RegExp(`\\b${table}\\[\\s*(\\d+)\\s*\\]`, 'g'))].map((m) => Number(m[1]));
    for (let n = 1; n <= count; n++) {
      const times = used.filter((u) => u === n).length;
      if (times !== 1) problems.push(`${table}[${n}] is read ${times} times, not once`);
    }
    for (const n of new Set(used)) if (n < 1 || n > count) problems.push(`${table}[${n}] is read but not named (${count} named)`);
    const direct = [...body.matchAll(new RegExp(`\\b${table}\\b[^\\n]*`, 'g'))].map((m) => m[0].trim());
    for (const line of direct) problems.push(`the Lua addresses ${table} itself (${line}): name what it needs in the description`);
  }

  const names = [...d.keys.map(keyLocal), ...args, ...items];
  for (const name of new Set(names.filter((n, i) => names.indexOf(n) !== i))) problems.push(`${name} is named twice`);
  for (const name of names) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) problems.push(`${name} is not a Lua name`);
    if (new RegExp(`\\blocal\\s+(?:function\\s+)?(?:[\\w\\s,]*,\\s*)?${name}\\b`).test(body)) problems.push(`${name} is declared again as a local: ` +
      `it would hide the one named`);
  }

  const loops = [...body.matchAll(/\bfor\s+([\w\s,]+?)\s+in\s+items\s*\(\s*\)\s*do\b/g)];
  const calls = [...body.matchAll(/\bitems\s*\(/g)].length;
  if (items.length === 0 && calls > 0) problems.push('the Lua calls items() but the description names no items');
  if (items.length > 0 && loops.length === 0) problems.push('the description names items but the Lua has no `for … in items() do`');
  if (calls !== loops.length) problems.push('items() is called other than as `for … in items() do`');
  if (items.length > 0) for (const loop of loops) {
    const taken = loop[1].split(',').map((v) => v.trim());
    if (taken.join(',') !== items.join(',')) problems.push(`\`for ${taken.join(', ')} in items()\` does not take the item's fields in order ` +
      `(${items.join(', ')})`);
  }

  // The loop headers name the item fields; a field is used when the Lua reads it besides.
  const reads = loops.reduce((code, loop) => code.replace(loop[0], ' '), body);
  for (const name of names) if (!new RegExp(`\\b${name}\\b`).test(reads)) problems.push(`${name} is named but the Lua never reads it`);
  return problems;
}
