// A loader's or an action's JSON answer. Remix's own `json`, kept behind one import so every route answers the same way.
export { json } from "@remix-run/cloudflare";
