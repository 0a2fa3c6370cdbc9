import type { z } from "zod";
import type { Config } from "../config";
import type { DatabaseHandle } from "../db/client";
import type { Database } from "../db/types";
import type { Bus } from "../realtime/bus";
import type { JobCount, Metrics } from "../operations/metrics";
import type { JobPayload, QueueName } from "./payloads";

export interface JobContext {
  db: Database;
  /** Batched reads for long jobs (exports). */
  stream: DatabaseHandle["stream"];
  textRows: DatabaseHandle["textRows"];
  copyText: DatabaseHandle["copyText"];
  bus: Bus;
  config: Config;
  log: { info(msg: string): void; error(msg: string): void };
  /** Attempt number, starting at 1. */
  attempt: number;
  /** When METRICS_TOKEN is set. */
  metrics?: Metrics;
}

export interface QueueConfig {
  name: string;
  /** Total tries of one job, the first included. */
  attempts: number;
  /** First retry delay in milliseconds; doubles on each retry. */
  backoffMs: number;
  /** Jobs of this queue processed at the same time by one worker. */
  concurrency: number;
  /** Milliseconds a worker's lock on a job lasts without renewal: a killed worker's job is retried after it. */
  lockMs: number;
}

export interface JobProcessor<T = unknown> {
  queue: QueueConfig;
  payload: z.ZodType<T>;
  process(data: T, ctx: JobContext): Promise<unknown>;
  /** After the last attempt failed (or the payload never parsed): leave the record failed, tell the screen. */
  failed?(data: T, reason: string, ctx: JobContext): Promise<void>;
}

export interface EnqueueOptions {
  /** Derived from the entity: a second job with the same id is dropped while the first exists. */
  jobId: string;
  delayMs?: number;
}

export interface Jobs {
  /** Rejects with a 503 (`Unavailable`) within seconds when the queue's store is unreachable. */
  enqueue<Q extends QueueName>(queue: Q, data: JobPayload<Q>, options: EnqueueOptions): Promise<void>;
  healthy(): boolean;
  /** Jobs of each queue by state (waiting, active, delayed, failed…), for the metrics. */
  counts(): Promise<JobCount[]>;
  close(): Promise<void>;
}

/**
 * Work the jobs layer keeps running beside its queues, in the process that runs the jobs (the
 * worker; the app itself when embedded), for what a queued job's latency cannot serve
 * (docs/decisions/preparation/0150-preparation-sweep-loop.md).
 */
export interface JobLoop {
  loop: string;
  start(ctx: JobContext): { stop(): Promise<void> };
}

/** Everything the jobs layer runs, by name: one processor per queue, and the loops. */
export type JobRegistry = Record<string, JobProcessor | JobLoop>;

/** A payload that does not parse can never succeed: it fails without retry. */
export class InvalidJobPayload extends Error {}
