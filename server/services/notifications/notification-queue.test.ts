// Rules guarded: the receiver's queue processes stored notifications behind the answer with bounded concurrency and
// bounded memory (a flood leaves rows for the reconciler, never an unbounded backlog in memory), and the batcher
// hands items that arrive while a batch waits to that same batch (a burst costs a few tasks, not one per item).
import { describe, expect, it } from "vitest";
import { createBatcher, createNotificationQueue } from "./notification-queue";

const tick = () => new Promise((r) => setImmediate(r));

describe("notification queue", () => {
  it("runs at most `concurrency` tasks at a time and idle() waits for all of them", async () => {
    const queue = createNotificationQueue({ concurrency: 2 });
    let running = 0;
    let peak = 0;
    for (let i = 0; i < 6; i++)
      queue.push(async () => {
        running++;
        peak = Math.max(peak, running);
        await tick();
        running--;
      });
    await queue.idle();
    expect(peak).toBe(2);
    expect(running).toBe(0);
  });

  it("drops tasks beyond maxQueued (memory stays bounded under a flood; the rows wait for the reconciler)", async () => {
    const queue = createNotificationQueue({ concurrency: 1, maxQueued: 3 });
    let ran = 0;
    for (let i = 0; i < 10; i++)
      queue.push(async () => {
        ran++;
      });
    await queue.idle();
    expect(ran).toBe(3);
  });

  it("a failing task is logged, never thrown, and the queue goes on", async () => {
    const queue = createNotificationQueue();
    let ran = false;
    queue.push(() => Promise.reject(new Error("boom")));
    queue.push(async () => {
      ran = true;
    });
    await queue.idle();
    expect(ran).toBe(true);
  });
});

describe("batcher", () => {
  it("items added while a batch waits for its turn join it: 100 items in a burst make 2 batches, not 100", async () => {
    const queue = createNotificationQueue({ concurrency: 1 });
    const batches: number[][] = [];
    const batcher = createBatcher<number>(queue, async (items) => {
      batches.push(items);
      await tick();
    });
    for (let i = 0; i < 100; i++) batcher.add(i);
    await queue.idle();
    expect(batches.flat()).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(batches).toHaveLength(1);
    // More arrive while that batch runs: they form the next one.
    const running = queue.idle();
    batcher.add(100);
    await tick();
    for (let i = 101; i < 150; i++) batcher.add(i);
    await running;
    await queue.idle();
    expect(batches.length).toBeLessThanOrEqual(3);
    expect(batches.flat()).toHaveLength(150);
  });

  it("a batch holds at most maxBatch items; the rest follow in the next ones", async () => {
    const queue = createNotificationQueue({ concurrency: 1 });
    const sizes: number[] = [];
    const batcher = createBatcher<number>(queue, async (items) => void sizes.push(items.length), { maxBatch: 40 });
    for (let i = 0; i < 100; i++) batcher.add(i);
    await queue.idle();
    expect(sizes).toEqual([40, 40, 20]);
  });

  it("with a batch window, items arriving within it join the batch already on the queue (idle() waits for it)", async () => {
    const queue = createNotificationQueue({ concurrency: 1, batchWindowMs: 30 });
    const batches: number[][] = [];
    const batcher = createBatcher<number>(queue, async (items) => void batches.push(items));
    batcher.add(1);
    await new Promise((r) => setTimeout(r, 10));
    batcher.add(2);
    batcher.add(3);
    await queue.idle();
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it("beyond maxWaiting items are dropped (bounded memory); the others are all handed over", async () => {
    const queue = createNotificationQueue({ concurrency: 1 });
    const seen: number[] = [];
    const batcher = createBatcher<number>(queue, async (items) => void seen.push(...items), { maxWaiting: 10 });
    for (let i = 0; i < 25; i++) batcher.add(i);
    await queue.idle();
    expect(seen).toEqual(Array.from({ length: 10 }, (_, i) => i));
  });
});
