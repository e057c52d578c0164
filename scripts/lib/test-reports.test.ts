// Rule: no hidden retries. The final "tests:" line of `npm test` and the soak report count from the runners' JSON; a
// Playwright test that failed once and passed on a retry ("flaky") counts as failed, with its first failure's message,
// and a Vitest file that failed to load is a failure, not zero tests.
import { describe, expect, it } from "vitest";
import { playwrightOutcomes, tally, vitestOutcomes } from "./test-reports";

describe("runner reports", () => {
  it("Vitest: each test by file and full name; a failure keeps its first lines without colour codes", () => {
    const outcomes = vitestOutcomes(
      {
        testResults: [
          {
            name: "/repo/server/a.test.ts",
            status: "failed",
            assertionResults: [
              { status: "passed", fullName: "a passes", tags: ["gateway-profile"] },
              {
                status: "failed",
                fullName: "a fails",
                failureMessages: ["\u001b[31mAssertionError: expected 4 to be ≤ 3\u001b[39m\n    at x"],
              },
              { status: "pending", fullName: "a skipped" },
            ],
          },
          { name: "/repo/server/b.test.ts", status: "failed", message: "SyntaxError: nope", assertionResults: [] },
        ],
      },
      "/repo",
    );
    expect(outcomes.map((o) => [o.name, o.status])).toEqual([
      ["server/a.test.ts › a passes", "passed"],
      ["server/a.test.ts › a fails", "failed"],
      ["server/a.test.ts › a skipped", "skipped"],
      ["server/b.test.ts › (the file failed to run)", "failed"],
    ]);
    expect(outcomes[1]!.message).toBe("AssertionError: expected 4 to be ≤ 3\n    at x");
    expect(outcomes[0]!.tags).toEqual(["gateway-profile"]);
    expect(tally(outcomes)).toEqual({ passed: 1, failed: 2, skipped: 1 });
  });

  it("Playwright: a test that passed only on a retry is failed; describe titles are part of the name", () => {
    const outcomes = playwrightOutcomes({
      suites: [
        {
          title: "x.spec.ts",
          file: "x.spec.ts",
          specs: [{ title: "plain", ok: true, tests: [{ status: "expected", results: [{ status: "passed" }] }] }],
          suites: [
            {
              title: "group",
              file: "x.spec.ts",
              specs: [
                {
                  title: "retried",
                  ok: true,
                  tests: [
                    { status: "flaky", results: [{ status: "failed", error: { message: "Timed out 10000ms" } }, { status: "passed" }] },
                  ],
                },
                { title: "skipped", ok: true, tests: [{ status: "skipped", results: [] }] },
              ],
            },
          ],
        },
      ],
      errors: [{ message: "Error: Timed out waiting 600000ms from config.webServer." }],
    });
    expect(outcomes.map((o) => [o.name, o.status])).toEqual([
      ["x.spec.ts › plain", "passed"],
      ["x.spec.ts › group › retried", "failed"],
      ["x.spec.ts › group › skipped", "skipped"],
      ["(playwright run)", "failed"],
    ]);
    expect(outcomes[1]!.message).toBe("Timed out 10000ms");
  });

  it("no report at all is no tests (the step's own exit code says it failed)", () => {
    expect(vitestOutcomes(null, "/repo")).toEqual([]);
    expect(playwrightOutcomes(null)).toEqual([]);
  });
});
