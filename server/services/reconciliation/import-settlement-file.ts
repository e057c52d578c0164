// Import an acquirer's settlement file with a saved layout: the file is streamed, each line read through the layout,
// and the lines written in batches inside one transaction, so a file is imported whole or not at all. Every bad
// line is reported (line number, column, value; the first 100 listed, all counted) and nothing is kept; the same file
// again (the same SHA-256) is refused with the day it was imported. A successful import and every refusal are
// audited. The lines are then matched against the ledger in the same transaction (match-settlement-lines.ts).
import "server-only";
import { eq } from "drizzle-orm";
import { resolveColumns, readSettlementLine, type LineError, type SettlementLine } from "@/lib/reconciliation/settlement-line";
import type { SettlementLayout } from "@/lib/reconciliation/settlement-layout";
import { writeDateTime } from "@/lib/reconciliation/settlement-values";
import { vmsg } from "@/lib/schemas/messages";
import { formatInZone } from "@/lib/transactions/zoned-time";
import { appendAudit } from "../../audit/audit-log";
import { isUniqueViolation } from "../../db/errors";
import { settlementFiles, settlementLayouts, settlementLines } from "../../db/schema";
import { AppError } from "../../errors";
import type { ServiceContext, ServiceDeps } from "../deps";
import { requirePermission } from "../require-permission";
import { matchSettlementLines, type MatchSummary } from "./match-settlement-lines";
import { flagUnsettledPayments } from "./unsettled-payments";
import { DEFAULT_MAX_FILE_BYTES, openSettlementFile, SettlementFileError, type SettlementFileRows } from "./settlement-file-rows";

/** Lines written per INSERT. */
const BATCH = 1_000;
/** Bad lines listed in the answer; all of them are counted. */
export const LISTED_LINE_ERRORS = 100;

export interface ImportedFile {
  fileId: string;
  lines: number;
  sha256: string;
  /** How many lines matched the ledger, and how many of each exception. */
  matches: MatchSummary;
  /** Captured payments past their settlement lag that no file lists (new "not in any file" exceptions). */
  notInFile: number;
}

type Deps = Pick<ServiceDeps, "db" | "now" | "config">;

export async function importSettlementFile(
  ctx: ServiceContext<Deps>,
  input: { filename: string; layoutId: string; source: AsyncIterable<Uint8Array>; maxBytes?: number },
): Promise<ImportedFile> {
  const { principal } = ctx;
  requirePermission(principal, "RECONCILIATION_MANAGE");
  const filename = input.filename.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 255) || "settlement file";
  try {
    return await importFile(ctx, { ...input, filename });
  } catch (e) {
    // A refusal is audited too: what was tried, with which file, and why it was refused.
    if (e instanceof AppError) await auditRefusal(ctx, filename, e);
    throw e;
  }
}

async function importFile(
  ctx: ServiceContext<Deps>,
  input: { filename: string; layoutId: string; source: AsyncIterable<Uint8Array>; maxBytes?: number },
): Promise<ImportedFile> {
  const { deps, principal, ip } = ctx;
  const [saved] = await deps.db.select().from(settlementLayouts).where(eq(settlementLayouts.id, input.layoutId));
  if (!saved) throw new AppError("not_found", "settlement.layoutNotFound");
  const layout: SettlementLayout = { name: saved.name, ...saved.layout };
  const maxBytes = input.maxBytes ?? DEFAULT_MAX_FILE_BYTES;
  const file = await openFile(input.source, maxBytes, layout);
  const columns = resolveColumns(file.headers, layout);
  if (!columns.ok) throw new AppError("unprocessable", ["settlement.columnsMissing", { names: columns.missing.join(", ") }]);

  try {
    return await deps.db.transaction(async (tx) => {
      // The file's row first (the lines refer to it), with a placeholder hash that cannot collide: the real one is
      // known once the last byte is read, and a unique violation then undoes everything.
      const [row] = await tx
        .insert(settlementFiles)
        .values({
          filename: input.filename,
          format: file.format,
          sha256: `reading:${crypto.randomUUID()}`,
          bytes: 0,
          layoutId: saved.id,
          layout,
          lineCount: 0,
          importedBy: principal.userId,
          importedAt: deps.now(),
        })
        .returning({ id: settlementFiles.id });
      const fileId = row!.id;
      const errors: LineError[] = [];
      let badLines = 0;
      let lines = 0;
      let batch: SettlementLine[] = [];
      const flush = async () => {
        if (batch.length) await tx.insert(settlementLines).values(batch.map((l) => ({ ...l, fileId })));
        batch = [];
      };
      for await (const { line, cells } of readRows(file, maxBytes)) {
        const read = readSettlementLine(line, file.headers, cells, columns.index, layout);
        if (!read.ok) {
          badLines++;
          for (const e of read.errors) if (errors.length < LISTED_LINE_ERRORS) errors.push(e);
          continue;
        }
        lines++;
        // Once a line is bad nothing will be kept: the rest is only read for its problems.
        if (badLines === 0) {
          batch.push(read.value);
          if (batch.length >= BATCH) await flush();
        }
      }
      if (badLines) {
        throw new AppError(
          "unprocessable",
          ["settlement.badLines", { count: badLines }],
          Object.fromEntries(
            errors.map((e) => [
              `line${e.line}:${e.column}`,
              [vmsg(`settlement.line.${e.problem}`, { line: e.line, column: e.column, value: e.value })],
            ]),
          ),
        );
      }
      if (lines === 0) throw new AppError("unprocessable", "settlement.fileEmpty");
      await flush();
      const sha256 = file.sha256();
      const [earlier] = await tx
        .select({ importedAt: settlementFiles.importedAt })
        .from(settlementFiles)
        .where(eq(settlementFiles.sha256, sha256));
      if (earlier) {
        throw new AppError("conflict", [
          "settlement.alreadyImported",
          { date: formatInZone(earlier.importedAt, deps.config.reportTimeZone).slice(0, 16) },
        ]);
      }
      await tx.update(settlementFiles).set({ sha256, bytes: file.bytes(), lineCount: lines }).where(eq(settlementFiles.id, fileId));
      const matches = await matchSettlementLines(tx, fileId, deps.now());
      const notInFile = await flagUnsettledPayments(tx, deps.now(), deps.config.settlementLag);
      await appendAudit(tx, {
        action: "settlement.import",
        actorId: principal.userId,
        actorEmail: principal.email,
        ip,
        targetType: "settlement_file",
        targetId: fileId,
        summary: {
          filename: input.filename,
          format: file.format,
          sha256,
          bytes: file.bytes(),
          lines,
          layout: layout.name,
          matches,
          notInFile,
        },
      });
      return { fileId, lines, sha256, matches, notInFile };
    });
  } catch (e) {
    // Two imports of one file at the same moment: the second one's hash meets the first one's at commit.
    if (isUniqueViolation(e))
      throw new AppError("conflict", [
        "settlement.alreadyImported",
        { date: formatInZone(deps.now(), deps.config.reportTimeZone).slice(0, 16) },
      ]);
    throw e;
  }
}

/** The file opened with the layout's way of writing dates, its refusals as AppErrors. */
async function openFile(source: AsyncIterable<Uint8Array>, maxBytes: number, layout: SettlementLayout): Promise<SettlementFileRows> {
  try {
    return await openSettlementFile(source, { maxBytes, renderDate: (d) => writeDateTime(d, layout.dateFormat) });
  } catch (e) {
    throw asAppError(e, maxBytes);
  }
}

async function* readRows(file: SettlementFileRows, maxBytes: number) {
  try {
    yield* file.rows;
  } catch (e) {
    throw asAppError(e, maxBytes);
  }
}

function asAppError(e: unknown, maxBytes: number): unknown {
  if (!(e instanceof SettlementFileError)) return e;
  if (e.problem === "too_large")
    return new AppError("unprocessable", ["settlement.fileTooLarge", { limit: Math.round(maxBytes / 1024 / 1024) }]);
  if (e.problem === "empty") return new AppError("unprocessable", "settlement.fileEmpty");
  return new AppError("unprocessable", ["settlement.fileUnreadable", { detail: e.message.slice(0, 200) }]);
}

async function auditRefusal(ctx: ServiceContext<Deps>, filename: string, e: AppError): Promise<void> {
  await ctx.deps.db.transaction((tx) =>
    appendAudit(tx, {
      action: "settlement.import_refused",
      actorId: ctx.principal.userId,
      actorEmail: ctx.principal.email,
      ip: ctx.ip,
      targetType: "settlement_file",
      targetId: null,
      summary: { filename, reason: e.userMessage.slice(0, 500) },
    }),
  );
}
