// The load benchmark's mix (bench/load.mjs; bench/cpu.mjs one kind at a time): `mix` holds
// [weight, (client, n) => ({ kind, url, init, expect })], and `codes` the 20 codes its writes share, made first
// (racing on purpose: unversioned saves are retried in the Worker, never a 500).
export async function theMix(base, cookie) {
  const origin = { Origin: base };
  const json = { ...origin, Cookie: cookie, "Content-Type": "application/json" };
  const codes = [];
  for (let i = 0; i < 20; i++) {
    const res = await fetch(`${base}/api/codes`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ username: `load ${i}`, code: String(i) }),
    });
    codes.push(await res.json());
  }
  const anyCode = (client, n) => codes[(client + n) % codes.length];
  const data = `${base}/dashboard/codes?_data=routes%2F_shell.dashboard.codes`;
  const mix = [
    // Page views (server render with the session).
    [
      20,
      () => ({
        kind: "page",
        url: `${base}/dashboard/codes`,
        init: { headers: { Cookie: cookie, Accept: "text/html" } },
        expect: 200,
      }),
    ],
    [
      5,
      () => ({
        kind: "page",
        url: `${base}/dashboard/tribelists`,
        init: { headers: { Cookie: cookie, Accept: "text/html" } },
        expect: 200,
      }),
    ],
    // The pages' data requests (client navigations and revalidations).
    [20, () => ({ kind: "data", url: data, init: { headers: { Cookie: cookie } }, expect: 200 })],
    // API reads.
    [
      20,
      () => ({
        kind: "api read",
        url: `${base}/api/codes/search?q=load&page=1&size=25`,
        init: { headers: { Cookie: cookie } },
        expect: 200,
      }),
    ],
    [5, () => ({ kind: "api read", url: `${base}/api/tribelist`, init: { headers: { Cookie: cookie } }, expect: 200 })],
    // API writes: a field of a shared code, unversioned.
    [
      15,
      (client, n) => ({
        kind: "api write",
        url: `${base}/api/codes/${anyCode(client, n)._id}`,
        init: { method: "PUT", headers: json, body: JSON.stringify({ location: `client ${client} write ${n}` }) },
        expect: 200,
      }),
    ],
    // Page actions: the Codes page's in-place edit, as its fetcher sends it.
    [
      15,
      (client, n) => {
        const c = anyCode(client, n);
        const form = new URLSearchParams({
          intent: "update",
          fetcher: "1",
          _id: c._id,
          id: String(c.id),
          username: c.username,
          code: c.code,
          completed: "No",
          location: `action ${client}.${n}`,
        });
        return {
          kind: "page action",
          url: data,
          init: {
            method: "POST",
            headers: { ...origin, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
            body: form,
          },
          expect: 200,
        };
      },
    ],
  ];
  return { mix, codes };
}

/** One of `entries` ([weight, make]) for a client's n-th request, spread by their weights. */
export function pickWeighted(entries, client, n) {
  const weights = entries.reduce((sum, [w]) => sum + w, 0);
  let r = ((client * 7919 + n * 104729) % weights) + 0.5;
  for (const [w, make] of entries) if ((r -= w) < 0) return make(client, n);
  return entries[0][1](client, n);
}
