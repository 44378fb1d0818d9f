// The live figures of bench/run.mjs (docs/performance.md): a write's POST with many sockets open against the same
// with one, and the publish from the write's answer to the last of the sockets.
import { fork } from "node:child_process";
import { against, header, line, misses, report, samples, socketCount, timed, times } from "./figures.mjs";
import { median, percentile, sleep } from "./lib.mjs";

/** Turns of the live figure's two audiences (one socket, then `socketCount`), whose samples are pooled, and each turn's writes. */
const LIVE_ROUNDS = 3;
const LIVE_TURN_WRITES = 10;
/** How long a live write sample waits after its event reached the last socket, before the next request. */
const FANOUT_SETTLE_MS = 50;

/** The live figures, with the signed-in session of the host at `base` (its headers) and its floor, `health`. */
export async function liveFigures({ base, headers, session, health }) {
  const code = (await (await fetch(`${base}/api/codes/search?size=1`, { headers })).json()).rows[0];
  let n = 0;
  const write = async () => {
    n++;
    return (
      await timed(`${base}/api/codes/${code._id}`, {
        method: "PUT",
        headers: { ...headers, "Content-Type": "application/json", Origin: base },
        body: JSON.stringify({ location: `bench ${n}` }),
      })
    ).ms;
  };
  // The sockets live in a process of their own (bench/crowd.mjs), as they would in other browsers: this process only
  // writes and times.
  const crowd = async (count) => {
    const child = fork("bench/crowd.mjs", [
      JSON.stringify({ url: `${base.replace("http", "ws")}/parties/live/main`, cookie: session.cookie, count }),
    ]);
    const arrived = [];
    const waiting = new Map();
    await new Promise((resolve, reject) => {
      child.on("message", (m) => {
        if (m.type === "open") resolve();
        if (m.type !== "arrived") return;
        arrived[m.index] = m;
        waiting.get(m.index)?.(m);
      });
      child.on("error", reject);
      child.on("exit", (code) => code && reject(new Error(`bench/crowd.mjs exited with ${code}`)));
    });
    // Every write raises one event: the crowd's message i is the event of the i-th write after it opened.
    const opened = n;
    return {
      /** Waits until the event of the next write has reached every socket: its first and last arrival (wall clock). */
      nextArrival: () => {
        const index = n - opened;
        return arrived[index] !== undefined
          ? Promise.resolve(arrived[index])
          : new Promise((resolve) => waiting.set(index, resolve));
      },
      close: () =>
        new Promise((resolve) => {
          child.once("exit", resolve);
          child.send({ type: "close" });
        }),
    };
  };
  // A write sample waits until its event has reached every socket before the next sample: wrangler dev runs the
  // Worker and the room's Durable Object on one thread, so a write sent during the previous write's fan-out would
  // queue behind it there (in production the room runs in an isolate of its own). Then FANOUT_SETTLE_MS more: the
  // work that follows 500 frames (the crowd's process, the runtime's) still held these two cores and slowed the next
  // request, GET /api/health as much as a write (ADR 058). What is measured is whether a write's answer waits for
  // its own fan-out.
  const settled = (audience) => async () => {
    const arrival = audience.nextArrival();
    const ms = await write();
    await arrival;
    await sleep(FANOUT_SETTLE_MS);
    return ms;
  };
  // The write with one socket and with many, each beside its floor (ADR 058). The two audiences take turns and
  // their samples are pooled: two medians taken minutes apart moved with this shared machine's pace. The write and
  // its floor alternate which goes first. Each turn opens its crowd anew; the last crowd of many stays open for the
  // publish figures below.
  const one = { floors: [], figures: [] };
  const loaded = { floors: [], figures: [] };
  let many;
  for (let round = 0; round < LIVE_ROUNDS; round++) {
    const few = await crowd(1);
    // Warm: the first writes after start compile and fill caches (and after each reopening, the new socket's own).
    for (let i = 0; i < (round === 0 ? 10 : 2); i++) await settled(few)();
    const a = await against(health, settled(few), LIVE_TURN_WRITES);
    await few.close();
    many = await crowd(socketCount);
    await settled(many)();
    const b = await against(health, settled(many), LIVE_TURN_WRITES);
    for (const [to, from] of [
      [one, a],
      [loaded, b],
    ]) {
      to.floors.push(...from.floors);
      to.figures.push(...from.figures);
    }
    if (round < LIVE_ROUNDS - 1) await many.close();
  }
  header(`Live room: a write (PUT /api/codes/{id}) with ${socketCount} sockets open, against the same with one`);
  const writes = {
    figure: median(loaded.figures),
    floor: median(one.figures),
    ratio: median(loaded.figures) / median(one.figures),
  };
  report(`write's answer, ${socketCount} sockets / 1 socket`, writes, 1.2);
  // Information: the floors beside the writes, and the write against its floor with each audience: whether the
  // whole machine was slower with the crowd of many (ADR 058).
  const healths = {
    figure: median(loaded.floors),
    floor: median(one.floors),
    ratio: median(loaded.floors) / median(one.floors),
  };
  console.log(line(`  GET /api/health beside them, ${socketCount} sockets / 1`, healths));
  const withOne = writes.floor / healths.floor;
  const withMany = writes.figure / healths.figure;
  console.log(
    line(
      "  the write against its floor, with each audience",
      { figure: withMany, floor: withOne, ratio: withMany / withOne },
      times,
    ),
  );
  console.log(`  (${LIVE_ROUNDS} turns of each audience, ${one.figures.length} writes each)`);

  // Publish: from the write's answer (its event is published once the answer is handed on) to the event's arrival on
  // the last socket; from the write's start beside it.
  const published = [];
  const sinceStart = [];
  const toFirst = [];
  const spread = [];
  // 200 events: the 99th percentile of fewer is their maximum, one pause of this shared machine.
  for (let i = 0; i < Math.max(samples, 200); i++) {
    const arrival = many.nextArrival();
    const start = performance.timeOrigin + performance.now();
    await write();
    const answered = performance.timeOrigin + performance.now();
    const { at: last, first } = await arrival;
    published.push(last - answered);
    sinceStart.push(last - start);
    toFirst.push(first - answered);
    spread.push(last - first);
  }
  const p99 = percentile(published, 0.99);
  const ok = p99 <= 60;
  if (!ok) misses.push(`publish to the last of ${socketCount} sockets p99 ${p99.toFixed(1)} ms (target 60 ms)`);
  console.log(
    `${`publish to the last of ${socketCount} sockets, p99 (median)`.padEnd(52)} ${p99.toFixed(1).padStart(8)} ms (${median(published).toFixed(1)} ms)  <= 60 ms ${ok ? "ok" : "MISSED"}`,
  );
  const tail = (label, values) =>
    console.log(
      `${label.padEnd(52)} ${percentile(values, 0.99).toFixed(1).padStart(8)} ms (${median(values).toFixed(1)} ms)`,
    );
  tail("  from the write's start, p99 (median)", sinceStart);
  // Where the time goes: until the event reaches the first socket (the answer handed on, the room's call), then
  // from the first socket to the last (the fan-out and this machine's delivery of 500 frames).
  tail("  to the first socket, p99 (median)", toFirst);
  tail("  first socket to last, p99 (median)", spread);
  await many.close();
}
