// The delete-partner confirmation check, without zod (the form loads zod lazily).

/** Whether what was typed in the confirmation matches the id (spaces and letter case aside). */
export function confirmationMatches(typed: string, partnerId: string): boolean {
  return typed.trim().toLowerCase() === partnerId.toLowerCase();
}
