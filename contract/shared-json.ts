// Plain JSON values one isolate hands to many requests: deep-frozen, so a reader cannot change what the next request
// gets, and registered, so their plainness and JSON text are worked out once. Imports nothing (ADR 060).

/** One per isolate (and per browser page, where nothing is shared and jsonOf is JSON.stringify). */
const registry = { values: new WeakSet<object>(), texts: new WeakMap<object, string>() };

const isObject = (value: unknown): value is object => typeof value === "object" && value !== null;

/** Whether JSON.parse(JSON.stringify(value)) would give a value deep-equal to it. A shared value is, without a walk. */
export function isPlainJson(value: unknown): boolean {
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(value);
    case "object": {
      if (value === null || registry.values.has(value)) return true;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (!(i in value) || !isPlainJson(value[i])) return false;
        return true;
      }
      if (Object.getPrototypeOf(value) !== Object.prototype) return false;
      const record = value as Record<string, unknown>;
      for (const key in record) if (!isPlainJson(record[key])) return false;
      return true;
    }
    default:
      return false;
  }
}

function freeze(value: object) {
  if (registry.values.has(value)) return;
  for (const child of Object.values(value)) if (isObject(child)) freeze(child);
  Object.freeze(value);
  registry.values.add(value);
}

/**
 * `value`, made fit to hand to many requests: deep-frozen and registered. Only plain JSON can be shared (a Date or a
 * class instance would still change under a reader, and JSON would not give it back): anything else throws.
 */
export function share<T>(value: T): T {
  if (!isPlainJson(value)) throw new TypeError("Only a plain JSON value can be shared.");
  if (isObject(value)) freeze(value);
  return value;
}

/** Whether `value` was shared (share): it cannot change. */
export const isShared = (value: unknown): boolean => isObject(value) && registry.values.has(value);

/** JSON.stringify(value), written once for a shared value (it cannot change) and every time for any other. */
export function jsonOf(value: unknown): string {
  if (!isShared(value)) return JSON.stringify(value);
  let text = registry.texts.get(value as object);
  if (text === undefined) registry.texts.set(value as object, (text = JSON.stringify(value)));
  return text;
}
