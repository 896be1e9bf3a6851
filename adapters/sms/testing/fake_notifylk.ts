/**
 * A local stand-in for Notify.lk's send endpoint (adapters/sms/notifylk.ts names the
 * documentation it follows), on 127.0.0.1 and a port of its own: it takes GET or POST
 * (form fields or JSON), checks the account and the fields as the documentation lists
 * them, answers `{"status":"success","data":"Sent"}` or `{"status":"error","errors":[...]}`,
 * and keeps every text it accepted. It can be told to refuse a number, to be down (503)
 * or to stall until it is told otherwise or closed.
 */

/** A text the fake accepted, as it came. */
export interface FakeNotifyLkMessage {
  to: string;
  message: string;
  senderId: string;
  /** The `type` field: "unicode" when the sender asked for it. */
  type: string | null;
}

export interface FakeNotifyLk {
  /** The send endpoint's address, for `NOTIFYLK_URL`. */
  url: string;
  userId: string;
  apiKey: string;
  senderId: string;
  /** Texts accepted, oldest first. */
  readonly messages: FakeNotifyLkMessage[];
  /** Every request it answered or holds, accepted or not. */
  readonly requests: number;
  /** Refuses texts to this number (94XXXXXXXXX) as an invalid recipient. */
  refuse(to: string): void;
  /** Answers 503 to every send while true. */
  down: boolean;
  /** Holds every send without an answer while true; the held ones are let go when it ends. */
  stall(on: boolean): void;
  close(): Promise<void>;
}

const SENT = { status: "success", data: "Sent" };

function error(status: number, ...errors: string[]): Response {
  return Response.json({ status: "error", errors }, { status });
}

/** Reads the fields however they came: query, form or JSON. */
async function fieldsOf(request: Request): Promise<Record<string, string>> {
  const fields: Record<string, string> = Object.fromEntries(new URL(request.url).searchParams);
  if (request.method !== "POST") return fields;
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    const body = await request.json().catch(() => ({}));
    for (const [key, value] of Object.entries(body ?? {})) fields[key] = String(value);
  } else {
    for (const [key, value] of new URLSearchParams(await request.text())) fields[key] = value;
  }
  return fields;
}

/** Starts the fake; `close()` it when done. */
export function startFakeNotifyLk(
  account: { userId?: string; apiKey?: string; senderId?: string } = {},
): FakeNotifyLk {
  const userId = account.userId ?? "10001";
  const apiKey = account.apiKey ?? "fake-api-key-0123456789";
  const senderId = account.senderId ?? "Pothgula";
  const refused = new Set<string>();
  const messages: FakeNotifyLkMessage[] = [];
  let requests = 0;
  let release: (() => void) | null = null;
  let stalled: Promise<void> | null = null;

  const state = { down: false };
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    requests++;
    if (new URL(request.url).pathname !== "/api/v1/send") return error(404, "Not found");
    if (stalled) await stalled;
    if (state.down) return new Response("Service Unavailable", { status: 503 });
    const f = await fieldsOf(request);
    if (f.user_id !== userId || f.api_key !== apiKey) return error(401, "Invalid API key");
    if (f.sender_id !== senderId) return error(400, "Sender ID is not approved");
    if (!f.message) return error(400, "The message field is required");
    if (!/^94\d{9}$/.test(f.to ?? "")) return error(400, "Invalid recipient number");
    if (refused.has(f.to)) return error(400, "Invalid recipient number");
    messages.push({ to: f.to, message: f.message, senderId: f.sender_id, type: f.type ?? null });
    return Response.json(SENT);
  });
  const { port } = server.addr;

  return {
    url: `http://127.0.0.1:${port}/api/v1/send`,
    userId,
    apiKey,
    senderId,
    messages,
    get requests() {
      return requests;
    },
    refuse(to) {
      refused.add(to);
    },
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    stall(on) {
      if (on && !stalled) {
        stalled = new Promise((resolve) => release = resolve);
      } else if (!on && stalled) {
        release?.();
        stalled = null;
      }
    },
    async close() {
      release?.();
      stalled = null;
      await server.shutdown();
    },
  };
}
