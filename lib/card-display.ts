// The card number the gateway returns, made safe to render whatever the gateway sent: at most the first six and
// the last four digits are ever shown (PCI DSS 3.4.1). A full number from a misbehaving gateway, with or without
// spaces or dashes, becomes `411111******1111`; anything that is not a clean "BIN6 + mask + last 4" shows only
// `•••• 1111`. Browser-safe and pure.
const MASK = "******";

export function maskCardForDisplay(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const compact = value.replace(/[\s-]/g, "");
  if (compact === "") return null;
  if (/^\d{12,19}$/.test(compact)) return `${compact.slice(0, 6)}${MASK}${compact.slice(-4)}`;
  const masked = /^(\d{6})[^\d]+(\d{4})$/.exec(compact);
  if (masked) return `${masked[1]}${MASK}${masked[2]}`;
  const digits = compact.replace(/\D/g, "");
  return digits.length >= 4 ? `•••• ${digits.slice(-4)}` : "••••";
}
