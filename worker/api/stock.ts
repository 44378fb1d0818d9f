// The stock part of the host API (mounted at the root; routes carry their full paths).
import { Hono } from "hono";
import type { WorkerEnv } from "../types";

export const stockApi = new Hono<WorkerEnv>();
