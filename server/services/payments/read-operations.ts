// The gateway operations that only read (a status, a transaction's details, saved cards). A payment's timeline
// never shows one as an event of its own (timeline.ts) and the retention pass may purge them (retention/rules.ts):
// one list, so that the two cannot disagree about which calls a timeline needs.
// No `import "server-only"`: the retention rules run from a script too; it holds no secret.
export const READ_OPERATIONS: ReadonlySet<string> = new Set(["status", "transaction_details", "saved_cards"]);
