// A request body read with a size cap that holds whatever the client declares: a declared Content-Length over the
// cap is refused at once, and a body sent without one (chunked) is counted as it streams and abandoned as soon as
// it passes the cap, so no request can make the server buffer more than the cap.
export type BodyText = { ok: true; text: string } | { ok: false; reason: "too_large" | "not_utf8" };

export async function readBodyText(req: Request, maxBytes: number): Promise<BodyText> {
  const declared = Number(req.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) return { ok: false, reason: "too_large" };
  if (!req.body) return { ok: true, text: "" };
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, reason: "too_large" };
    }
    chunks.push(value);
  }
  try {
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks)) };
  } catch {
    return { ok: false, reason: "not_utf8" };
  }
}
