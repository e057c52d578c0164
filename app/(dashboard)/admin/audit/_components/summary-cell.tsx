// An entry's summary as compact JSON: shown whole when short, else truncated with the full, indented JSON behind
// a native <details> (no JavaScript).
const SHORT = 60;

export function SummaryCell({ summary }: { summary: unknown }) {
  const compact = JSON.stringify(summary ?? {});
  if (compact === "{}") return <span className="text-slate-500">—</span>;
  if (compact.length <= SHORT) {
    return (
      <code dir="ltr" className="font-mono text-xs break-all text-slate-700">
        {compact}
      </code>
    );
  }
  return (
    <details className="max-w-xs">
      <summary className="cursor-pointer font-mono text-xs text-slate-700">
        <code dir="ltr" className="break-all">{`${compact.slice(0, SHORT)}…`}</code>
        <span className="sr-only"> (show the whole summary)</span>
      </summary>
      <pre
        dir="ltr"
        className="mt-2 max-h-64 overflow-auto rounded-sm bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap break-all text-slate-800"
      >
        {JSON.stringify(summary, null, 2)}
      </pre>
    </details>
  );
}
