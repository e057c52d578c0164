// The password rule's numbers, without zod: the forms show them on first load (zod itself is loaded lazily).
export const PASSWORD_MIN_LENGTH = 12;
/** How many earlier passwords a new one may not repeat (PCI DSS 4.0.1 8.3.7). */
export const PASSWORD_HISTORY_DEPTH = 4;
/** The rule in words, for the forms' hints (PCI DSS 4.0.1 8.3.6: at least 12 characters, letters and digits). */
export const PASSWORD_RULE_TEXT = `At least ${PASSWORD_MIN_LENGTH} characters, with letters and digits, and not one of your last ${PASSWORD_HISTORY_DEPTH} passwords.`;
