// Where the browser tests' server runs. E2E_PORT lets several runs share a machine; each gets its own database.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8799);
/** The server's local state (D1, Durable Objects); the global setup writes the tests' sessions into its database. */
export const E2E_STATE = `.wrangler/e2e-state-${E2E_PORT}`;
