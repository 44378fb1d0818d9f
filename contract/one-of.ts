// Whether a value is one of a fixed list of texts: the type guard behind every isX of the contract's `as const` lists.
// Imports nothing, so every contract module the browser bundle includes may use it.

/** `value` is a text and one of `list`. */
export const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (list as readonly string[]).includes(value);
