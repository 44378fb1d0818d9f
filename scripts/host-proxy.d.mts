// Types of host-proxy.mjs for the TypeScript tests that use it.
export type HostProxyCall = { at: number; path: string; method: string; mode: "up" | "fail" | "hang" };
export declare function startHostProxy(options: { port: number; target: string; latencyMs?: number }): Promise<{
  url: string;
  calls: HostProxyCall[];
  setMode(mode: "up" | "fail" | "hang"): void;
  close(): Promise<void>;
}>;
