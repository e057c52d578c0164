// Joins class names, skipping falsy parts, so components can add conditional classes without a dependency.
export type ClassValue = string | false | null | undefined | 0;

export function cx(...parts: ClassValue[]): string {
  let out = "";
  for (const part of parts) {
    if (!part) continue;
    const trimmed = part.trim();
    if (trimmed) out = out ? `${out} ${trimmed}` : trimmed;
  }
  return out;
}

/** Space-separated id list for aria-describedby / aria-labelledby; undefined when empty (no dangling attribute). */
export function idList(...ids: Array<string | false | null | undefined>): string | undefined {
  const joined = cx(...ids);
  return joined || undefined;
}
