// D1 binds at most 100 parameters per statement: long lists of keys and multi-row inserts go in pieces under it.

/** Keys bound in one `in (...)`: under D1's 100, with room for a statement's other parameters. */
export const KEYS_PER_STATEMENT = 90;

/** `list` in pieces of at most `size` (a multi-row insert stays under D1's bound-parameter limit). */
export const chunk = <T>(list: T[], size: number) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));

/** What `load` reads for `keys` (each once), KEYS_PER_STATEMENT keys per query, one query after another. */
export async function inChunks<T>(keys: string[], load: (chunk: string[]) => PromiseLike<T[]>) {
  const out: T[] = [];
  for (const part of chunk([...new Set(keys)], KEYS_PER_STATEMENT)) out.push(...(await load(part)));
  return out;
}

/** The rows `load` finds for `keys` (in chunks, as inChunks), each under its key. */
export async function byKey<T>(keys: string[], load: (chunk: string[]) => PromiseLike<T[]>, keyOf: (row: T) => string) {
  return new Map((await inChunks(keys, load)).map((row) => [keyOf(row), row]));
}
