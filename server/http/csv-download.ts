// The answer of every CSV export route (transactions, audit log, refunds): the streamed file as an attachment, never
// cached, never sniffed as anything but CSV.
export function csvDownload(filename: string, stream: ReadableStream<Uint8Array>): Response {
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
