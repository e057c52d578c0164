// The payment links list polls while a link waits: which watched links have stopped waiting (then the page refreshes).
import { describe, expect, it } from "vitest";
import { settledLinks } from "./link-status-watch";

describe("payment link polling", () => {
  it("reports a waiting link once it is paid, expired or not created, and nothing while all still wait", () => {
    const waiting = ["a", "b", "c"];
    const answer = {
      links: [
        { paymentId: "a", status: "waiting" as const },
        { paymentId: "b", status: "paid" as const },
        { paymentId: "c", status: "expired" as const },
      ],
    };
    expect(settledLinks(answer, waiting)).toEqual(["b", "c"]);
    expect(settledLinks({ links: [{ paymentId: "a", status: "waiting" }] }, ["a"])).toEqual([]);
  });

  it("does not count a watched link missing from the answer as settled", () => {
    expect(settledLinks({ links: [] }, ["a"])).toEqual([]);
    expect(settledLinks(undefined, ["a"])).toEqual([]);
  });
});
