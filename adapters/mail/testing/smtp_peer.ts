/**
 * A real SMTP server on 127.0.0.1 for tests: it accepts mail over plain SMTP (no TLS),
 * optionally with a user name and password, parses each message with mailparser and
 * keeps it. It can be stopped and started again on the same port, to play a mail server
 * that goes away and comes back.
 */
import { Buffer } from "node:buffer";
// @ts-types="@types/smtp-server"
import { SMTPServer } from "smtp-server";
// @ts-types="@types/mailparser"
import { type ParsedMail, simpleParser } from "mailparser";

/** A message the peer accepted: its envelope, its parsed form and its raw source. */
export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
  parsed: ParsedMail;
}

export interface SmtpPeerOptions {
  /** When set, clients must log in with these; otherwise login is optional and any works. */
  auth?: { user: string; pass: string };
  /** The port to listen on; a free one by default. */
  port?: number;
}

export interface SmtpPeer {
  /** `smtp://user:pass@127.0.0.1:port` (credentials only when the peer requires them). */
  url: string;
  port: number;
  messages: ReceivedMail[];
  running(): boolean;
  /** Resolves with the messages once `predicate` holds for them; rejects after `timeoutMs`. */
  waitFor(
    predicate: (messages: ReceivedMail[]) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedMail[]>;
  /** Closes the listener and every open connection. */
  stop(): Promise<void>;
  /** Listens again on the same port, keeping the messages received so far. */
  start(): Promise<void>;
}

function createServer(
  options: SmtpPeerOptions,
  accept: (mail: ReceivedMail) => void,
): SMTPServer {
  return new SMTPServer({
    secure: false,
    // The peer only ever hears from loopback. A reverse lookup of the client's address
    // would ask DNS on every connection, and where DNS is unreachable each one waits out
    // smtp-server's 1.5 s lookup timeout before the greeting.
    disableReverseLookup: true,
    disabledCommands: ["STARTTLS"],
    authOptional: !options.auth,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onAuth(auth, _session, callback) {
      const wanted = options.auth;
      if (wanted && (auth.username !== wanted.user || auth.password !== wanted.pass)) {
        return callback(new Error("Invalid username or password"));
      }
      callback(null, { user: auth.username ?? "anonymous" });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", async () => {
        try {
          const raw = Buffer.concat(chunks);
          const parsed = await simpleParser(raw);
          accept({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            raw: raw.toString("utf8"),
            parsed,
          });
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
}

function listen(server: SMTPServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      // The listener of smtp-server is a node:net server.
      const address = (server as unknown as { server: { address(): { port: number } } }).server
        .address();
      resolve(address.port);
    });
  });
}

/** Starts a peer; `await peer.stop()` at the end of the test. */
export async function startSmtpPeer(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const accept = (mail: ReceivedMail) => {
    messages.push(mail);
    for (const wake of waiters) wake();
  };
  let server: SMTPServer | null = createServer(options, accept);
  const port = await listen(server, options.port ?? 0);
  const credentials = options.auth
    ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@`
    : "";

  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    port,
    messages,
    running: () => server !== null,
    waitFor(predicate, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!predicate(messages)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(messages);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`SMTP peer: condition not met within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async stop() {
      const closing = server;
      server = null;
      if (!closing) return;
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    async start() {
      if (server) return;
      const next = createServer(options, accept);
      await listen(next, port);
      server = next;
    },
  };
}
