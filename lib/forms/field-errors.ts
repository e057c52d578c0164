// The server's field errors (the route's zod issues, keyed `body.<field>` or `<field>`, nested paths by their first
// segment) that belong to one of the form's own fields: every form shows them beside the field they name.
export function fieldErrorsOn<F extends string>(
  serverFields: Record<string, string[]> | undefined,
  formFields: readonly F[],
): Array<[F, string]> {
  const out: Array<[F, string]> = [];
  for (const [key, messages] of Object.entries(serverFields ?? {})) {
    const name = key.replace(/^body\./, "").split(".")[0] as F;
    if (messages[0] && formFields.includes(name)) out.push([name, messages[0]]);
  }
  return out;
}
