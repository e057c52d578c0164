// Rules guarded (retention worker, DESIGN.md "every background job … stops on SIGTERM … and has a metric"): the
// first pass comes a few minutes after start, not at boot; each pass logs `retention.pass` with its counts and
// duration and leaves its result in lastRetentionPass() (time, counts, duration, error or not) for the metrics
// endpoint; a failed pass is recorded as failed and logged; stop() ends a pass between two batches.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { testDatabaseTargets, type TestDatabase } from "../../../tests/support/db.support";
import type { Db } from "../../db/client";
import { createLogger } from "../../log/logger";
import * as seed from "./retention-seed.support";
import { startRetention, type RetentionHandle } from "./scheduler";
import { lastRetentionPass, resetRetentionPassState } from "./state";

const NOW = new Date("2033-05-05T05:00:00.000Z");
const OLD = seed.ago(NOW, 200 * seed.DAY_MS);

function memoryLogger() {
  const lines: Array<Record<string, unknown>> = [];
  return { logger: createLogger({ sink: (l) => lines.push(JSON.parse(l) as Record<string, unknown>) }), lines };
}

/** A database whose every statement fails (nothing is sent anywhere). */
function brokenDb(): Db {
  const fail = () => Promise.reject(new Error("connection refused"));
  return { execute: fail, transaction: fail } as unknown as Db;
}

let handle: RetentionHandle | null = null;
afterEach(async () => {
  await handle?.stop();
  handle = null;
  vi.useRealTimers();
  resetRetentionPassState();
});

describe("retention worker: timing and failures", () => {
  it("waits a few minutes before its first pass (not at boot), then runs daily", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { logger } = memoryLogger();
    handle = startRetention(seed.retentionDeps(brokenDb(), NOW), { databaseKind: "pglite", logger });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(lastRetentionPass()).toBeNull();
    await vi.advanceTimersByTimeAsync(4 * 60_000 + 1_000);
    expect(lastRetentionPass()).not.toBeNull();
    resetRetentionPassState();
    await vi.advanceTimersByTimeAsync(23 * 3_600_000);
    expect(lastRetentionPass()).toBeNull();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(lastRetentionPass()).not.toBeNull();
  });

  it("a failed pass is recorded as failed, with its error, and logged", async () => {
    const { logger, lines } = memoryLogger();
    handle = startRetention(seed.retentionDeps(brokenDb(), NOW), { databaseKind: "pglite", logger, firstDelayMs: 3_600_000 });
    expect(await handle.runNow()).toBeNull();
    expect(lastRetentionPass()).toMatchObject({ ok: false, error: "connection refused", total: 0 });
    expect(lines.find((l) => l.event === "retention.pass_failed")).toMatchObject({ level: "error", error: "connection refused" });
  });
});

describe.each(testDatabaseTargets())("retention worker ($name)", (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("a pass logs retention.pass with counts and duration, and lastRetentionPass() returns its result", async () => {
    await seed.seedNotification(database.db, OLD);
    await seed.seedSignInAttempt(database.db, OLD);
    const { logger, lines } = memoryLogger();
    handle = startRetention(seed.retentionDeps(database.db, NOW), { databaseKind: target.name, logger, firstDelayMs: 3_600_000 });
    const report = await handle.runNow();

    expect(report).toMatchObject({ total: 2, skipped: false });
    const line = lines.find((l) => l.event === "retention.pass");
    expect(line).toMatchObject({ level: "info", total: 2, skipped: false, deleted: { notifications: 1, signInAttempts: 1 } });
    expect(typeof line!.durationMs).toBe("number");
    const last = lastRetentionPass();
    expect(last).toMatchObject({ ok: true, error: null, total: 2, skipped: false, interrupted: false, startedAt: NOW });
    expect(last!.deleted).toMatchObject({ notifications: 1, signInAttempts: 1, gatewayCalls: 0 });
    expect(last!.finishedAt.getTime()).toBe(NOW.getTime() + last!.durationMs);
  });

  it("stop() during a pass ends it after the batch under way", async () => {
    await Promise.all(Array.from({ length: 5 }, () => seed.seedNotification(database.db, OLD)));
    const { logger } = memoryLogger();
    handle = startRetention(seed.retentionDeps(database.db, NOW), {
      databaseKind: target.name,
      logger,
      batchSize: 2,
      firstDelayMs: 3_600_000,
    });
    const pass = handle.runNow();
    await handle.stop();
    // The stop lands before the first batch (PostgreSQL: the lock is taken first) or during it (embedded).
    const report = await pass;
    expect(report).toMatchObject({ interrupted: true });
    expect(report!.total).toBeLessThanOrEqual(2);
    expect(lastRetentionPass()).toMatchObject({ ok: true, interrupted: true, total: report!.total });
  });
});
