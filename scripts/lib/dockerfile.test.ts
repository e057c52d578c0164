// Rules guarded (the image recipe, read as the standalone check reads it): the image that runs is the last stage;
// it runs as a user other than root; its CMD and HEALTHCHECK are in exec form, so SIGTERM reaches Node itself (a
// shell form would put `sh -c` in front and a stop would wait for the kill); its ENV is what the check starts with.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./processes";
import { namedStage, runStage } from "./dockerfile";

describe("reading a Dockerfile's run stage", () => {
  const sample = [
    "FROM node:20 AS build",
    "ENV NOT_THIS=1",
    'CMD ["npm", "run", "build"]',
    "",
    "# the image that runs",
    "FROM node:20-slim AS run",
    "ENV NODE_ENV=production \\",
    '    GREETING="two words" DATA_DIR=/data',
    "USER dashboard",
    'HEALTHCHECK --interval=10s CMD ["node", "-e", "1"]',
    "STOPSIGNAL SIGTERM",
    'CMD ["node", "start.mjs"]',
  ].join("\n");

  it("takes the last stage only, with continued lines and quoted values", () => {
    expect(runStage(sample)).toEqual({
      name: "run",
      env: { NODE_ENV: "production", GREETING: "two words", DATA_DIR: "/data" },
      user: "dashboard",
      cmd: ["node", "start.mjs"],
      healthcheck: ["node", "-e", "1"],
      stopSignal: "SIGTERM",
    });
  });

  it("refuses a shell-form CMD (SIGTERM would stop at the shell)", () => {
    expect(() => runStage("FROM x\nCMD node start.mjs")).toThrow(/exec form/);
  });
});

describe("the project's Dockerfile", () => {
  const stage = runStage(fs.readFileSync(path.join(ROOT, "Dockerfile"), "utf8"));
  it("runs Node directly as a non-root user, with a health check on readiness", () => {
    expect(stage.user).toBeTruthy();
    expect(stage.user).not.toMatch(/^(root|0)(:|$)/);
    expect(stage.cmd?.[0]).toBe("node");
    expect(stage.healthcheck?.join(" ")).toContain("/api/health/ready");
    expect(stage.stopSignal ?? "SIGTERM").toBe("SIGTERM");
    expect(stage.env.NODE_ENV).toBe("production");
  });
});

describe("the project's Dockerfile: the sandbox stage (compose.sandbox.yaml's rehearsal)", () => {
  const source = fs.readFileSync(path.join(ROOT, "Dockerfile"), "utf8");
  it("is not the default target: the image `docker build` makes is the dashboard", () => {
    expect(runStage(source).name).toBe("run");
    expect(namedStage(source, "sandbox").name).toBe("sandbox");
  });
  it("runs the sandbox's entry point in exec form, as a non-root user, listening beyond the container's loopback", () => {
    const sandbox = namedStage(source, "sandbox");
    expect(sandbox.cmd).toEqual(["node_modules/.bin/tsx", "sandbox/main.ts"]);
    expect(sandbox.user).not.toMatch(/^(root|0)(:|$)/);
    expect(sandbox.env.SANDBOX_LISTEN_HOST).toBe("0.0.0.0");
  });
  it("refuses a stage name the file does not have", () => {
    expect(() => namedStage(source, "nope")).toThrow(/no stage named nope/);
  });
});
