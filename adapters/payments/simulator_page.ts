/**
 * The pages of the local payment simulators (PayHere's and Koko's checkout): one small,
 * self-contained HTML page each, with its own inline style and forms to itself alone.
 */

/** Text made safe for HTML. */
export function escape(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

export function page(title: string, body: string, status = 200): Response {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1d2733}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.25rem;margin:0 0 .25rem}p.sub{margin:0 0 1rem;color:#5b6775}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:0 0 1.5rem}dt{color:#5b6775}dd{margin:0;font-weight:600}
form{display:inline}button{font:inherit;padding:.7rem 1.2rem;border-radius:.5rem;border:1px solid #0b5cad;margin:0 .5rem .5rem 0;cursor:pointer}
.pay{background:#0b5cad;color:#fff}.other{background:#fff;color:#0b5cad}
</style></head><body><main>${body}</main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      // Its own small page: inline style, forms to itself, nothing else.
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
      "Cache-Control": "no-store",
    },
  });
}
