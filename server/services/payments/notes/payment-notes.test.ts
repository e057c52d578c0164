// Integration tests of notes on a payment, on a real database (PGlite, and PostgreSQL when TEST_POSTGRES_URL is set).
// Rules guarded: a note is written with its audit row, and the colleagues it @-mentions are mailed in the same
// transaction: only active users who may see payments, never the author, never a disabled or unknown address;
// threat: a card number typed into a note is refused and nothing is written (PCI DSS 3.3/3.4: no card number
// outside the gateway call); a note on a payment that does not exist is "not found"; the permission is the
// service's own check; notes show in the payment's timeline and on the customer's page, and the transactions
// search finds a payment by its note.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchParamsRecord, transactionListQuerySchema } from "@/lib/transactions/list-query";
import type { Principal } from "../../../auth/principal";
import { auditLog, mailOutbox, paymentNotes, users, type PaymentRow } from "../../../db/schema";
import { testDatabaseTargets, type TestDatabase } from "../../../../tests/support/db.support";
import { codeOf, testPrincipal } from "../../../../tests/support/services.support";
import { seedPayments } from "../../../../tests/support/transactions-fixtures.support";
import { readConfig } from "../../../config";
import { customerKeyOf } from "../../customers/customer-key";
import { customerPage } from "../../customers/customer-page";
import type { ServiceContext, ServiceDeps } from "../../deps";
import { listTransactions } from "../../transactions/list-transactions";
import { loadPaymentPage } from "../payment-page";
import { addPaymentNote } from "./add-payment-note";

describe.each(testDatabaseTargets())("notes on a payment on $name", (target) => {
  let database: TestDatabase;
  let deps: ServiceDeps;
  let author: Principal;
  let colleague: Principal;
  let payment: PaymentRow;
  const as = (principal: Principal): ServiceContext => ({ deps, principal, ip: "203.0.113.9" });
  const notes = () => database.db.select().from(paymentNotes);
  const mails = () => database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "payment_note"));

  beforeAll(async () => {
    database = await target.open();
    const config = readConfig({ DATA_DIR: "/tmp/unused-test-data", APP_URL: "https://dash.merchant.example" });
    deps = { db: database.db, config, now: () => new Date(), gateway: undefined as never };
    author = await testPrincipal(database.db, "Author", ["TRANSACTIONS_VIEW"]);
    colleague = await testPrincipal(database.db, "Sara", ["TRANSACTIONS_VIEW"]);
    // Who may be told is read from the database (a role or a direct grant), as the principal is.
    await database.db
      .update(users)
      .set({ extraPermissions: ["TRANSACTIONS_VIEW"] })
      .where(eq(users.id, colleague.userId));
    await database.db
      .update(users)
      .set({ extraPermissions: ["TRANSACTIONS_VIEW"] })
      .where(eq(users.id, author.userId));
    [payment] = (await seedPayments(database.db, [{ orderId: "NOTE-1", payerEmail: "noura@example.com", payerName: "Noura" }])) as [
      PaymentRow,
    ];
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("writes the note with its audit row and mails the mentioned colleague only (not the author, a stranger or a disabled user)", async () => {
    const disabled = await testPrincipal(database.db, "Gone", ["TRANSACTIONS_VIEW"]);
    await database.db
      .update(users)
      .set({ extraPermissions: ["TRANSACTIONS_VIEW"], status: "disabled" })
      .where(eq(users.id, disabled.userId));
    const noAccess = await testPrincipal(database.db, "Cashier", []);
    const body = `Customer called about a double charge. @${colleague.email.toUpperCase()} please check; cc @${author.email}, @${disabled.email}, @${noAccess.email} and @nobody@merchant.example.`;
    const r = await addPaymentNote(as(author), { paymentId: payment.id, body });
    expect(r.mentioned).toBe(1);
    const [note] = await notes();
    expect(note).toMatchObject({ paymentId: payment.id, authorId: author.userId, body, mentioned: [colleague.userId] });
    const sent = await mails();
    expect(sent.map((m) => m.toAddress)).toEqual([colleague.email.toLowerCase()]);
    expect(sent[0]!.textBody).toContain("Author mentioned you in a note on the payment of order NOTE-1");
    expect(sent[0]!.textBody).toContain(`https://dash.merchant.example/transactions/${payment.id}`);
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.action, "payment.note_add"));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: author.userId, targetType: "payment", targetId: payment.id, ip: "203.0.113.9" });
    expect(audits[0]!.summary).toMatchObject({ noteId: note!.id, told: [colleague.email] });
  });

  it("threat: a card number in a note is refused and nothing is written, whoever calls the service", async () => {
    const before = { notes: (await notes()).length, mails: (await mails()).length };
    for (const body of ["Card was 4111 1111 1111 1111, call back", "pan 5123-4500-0000-0008"])
      expect(await codeOf(addPaymentNote(as(author), { paymentId: payment.id, body }))).toBe("unprocessable");
    expect({ notes: (await notes()).length, mails: (await mails()).length }).toEqual(before);
  });

  it("a payment that does not exist is 'not found'; a reader without TRANSACTIONS_VIEW is refused by the service itself", async () => {
    expect(await codeOf(addPaymentNote(as(author), { paymentId: "3e3a9d71-bd8c-4b7d-8a3e-5d0f4c6b2a04", body: "hello" }))).toBe(
      "not_found",
    );
    const cashier = await testPrincipal(database.db, "Nobody", []);
    expect(await codeOf(addPaymentNote(as(cashier), { paymentId: payment.id, body: "hello" }))).toBe("forbidden");
  });

  it("notes show in the payment's timeline (who, what) and on the customer's page; the list's search finds the payment by its note", async () => {
    await addPaymentNote(as(colleague), { paymentId: payment.id, body: "Refund promised by phone on Sunday" });
    const page = (await loadPaymentPage(as(author), { paymentId: payment.id }))!;
    expect(page.notes.map((n) => [n.author, n.body.slice(0, 24)])).toEqual([
      ["Author", "Customer called about a "],
      ["Sara", "Refund promised by phone"],
    ]);
    expect(page.notes[0]!.mentioned).toEqual(["Sara"]);
    const events = page.timeline.filter((e) => e.kind === "note");
    expect(events.map((e) => e.title)).toEqual(["Note by Author", "Note by Sara"]);
    expect(events[1]!.detail).toBe("Refund promised by phone on Sunday");

    const key = (await customerKeyOf(deps, "noura@example.com"))!;
    const customer = (await customerPage(as(author), { key }))!;
    expect(customer.notes.map((n) => [n.orderId, n.author])).toEqual([
      ["NOTE-1", "Sara"],
      ["NOTE-1", "Author"],
    ]);

    await seedPayments(database.db, [{ orderId: "OTHER-1" }]);
    const search = async (text: string) =>
      (
        await listTransactions(
          { deps, principal: author, ip: null },
          transactionListQuerySchema.parse(searchParamsRecord(new URLSearchParams({ q: text }))),
        )
      ).rows.map((row) => row.orderId);
    expect(await search("promised by PHONE")).toEqual(["NOTE-1"]);
    expect(await search("OTHER-1")).toEqual(["OTHER-1"]);
  });
});
