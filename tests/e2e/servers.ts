// The servers the suite starts: waiting until one answers, and until an earlier run's has let go of its port (one still
// stopping would answer the new run's first request and then go away under it). One polling loop for both.

/** Asks `condition` every `every` ms until it holds or `ms` have passed; says whether it held. */
async function until(condition: () => Promise<boolean>, ms: number, every = 300) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, every)); // the pause between two tries of the condition
  }
  return true;
}

/** Waits until `url` answers 2xx, for at most `ms` (`check` runs first on each try, and may throw to give up). */
export const answered = (url: string, ms: number, check: () => void = () => {}) =>
  until(async () => {
    check();
    return (await fetch(url).catch(() => null))?.ok ?? false;
  }, ms);

/** Whether anything holds the port: it answers, or takes the connection and does not answer within 2 s. */
async function held(port: number) {
  try {
    await fetch(`http://localhost:${port}/`, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch (error) {
    return (error as Error).name === "TimeoutError";
  }
}

/** Waits until nothing holds the port, for at most `ms`; says whether it is free. */
export const portFreed = (port: number, ms = 20_000) => until(async () => !(await held(port)), ms, 200);

/** Fails with what is in the way when the port is still held after `ms`. */
export async function requirePortFree(port: number, ms = 20_000) {
  if (!(await portFreed(port, ms)))
    throw new Error(`something already answers on port ${port}: stop it, or set E2E_PORT`);
}
