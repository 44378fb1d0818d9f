// A port the suite's servers bind, and whether an earlier run's server still holds it: one still stopping would answer
// the new run's first request and then go away under it.

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
export async function portFreed(port: number, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (await held(port)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 200)); // the pause between two tries of the condition above
  }
  return true;
}

/** Fails with what is in the way when the port is still held after `ms`. */
export async function requirePortFree(port: number, ms = 20_000) {
  if (!(await portFreed(port, ms))) throw new Error(`something already answers on port ${port}: stop it, or set E2E_PORT`);
}
