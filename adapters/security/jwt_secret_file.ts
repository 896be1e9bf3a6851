/**
 * The key that signs admin tokens: JWT_SECRET when configured, otherwise 32 random
 * bytes generated on the first start and kept in DATA_DIR/jwt-secret (mode 0600), so
 * tokens survive a restart.
 */
import { Buffer } from "node:buffer";

export const JWT_SECRET_FILE = "jwt-secret";
const MIN_SECRET_CHARS = 32;
const GENERATED_BYTES = 32;

/**
 * Returns the signing key. Throws a configuration error naming JWT_SECRET when the
 * configured value is shorter than 32 characters, or naming the file when it is damaged.
 */
export async function loadOrCreateJwtSecret(
  dataDir: string,
  fromEnv?: string,
): Promise<Uint8Array> {
  if (fromEnv !== undefined && fromEnv !== "") {
    if (fromEnv.length < MIN_SECRET_CHARS) {
      throw new Error(`JWT_SECRET must be at least ${MIN_SECRET_CHARS} characters long`);
    }
    return new TextEncoder().encode(fromEnv);
  }
  const path = `${dataDir}/${JWT_SECRET_FILE}`;
  const existing = await readSecretFile(path);
  if (existing) return existing;
  await Deno.mkdir(dataDir, { recursive: true });
  const secret = crypto.getRandomValues(new Uint8Array(GENERATED_BYTES));
  const created = await writeOnce(path, Buffer.from(secret).toString("base64") + "\n");
  // Another process may have created the file first: its secret wins for both.
  return created ? secret : (await readSecretFile(path))!;
}

async function readSecretFile(path: string): Promise<Uint8Array | undefined> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
  const bytes = new Uint8Array(Buffer.from(text.trim(), "base64"));
  if (bytes.length < GENERATED_BYTES) {
    throw new Error(`${path} does not hold a usable secret: delete it to generate a new one`);
  }
  return bytes;
}

/** Writes the file complete or not at all, and never over an existing one. */
async function writeOnce(path: string, content: string): Promise<boolean> {
  const temp = `${path}.${crypto.randomUUID()}.tmp`;
  await Deno.writeTextFile(temp, content, { mode: 0o600, createNew: true });
  try {
    await Deno.chmod(temp, 0o600);
    await Deno.link(temp, path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.AlreadyExists) return false;
    throw error;
  } finally {
    await Deno.remove(temp);
  }
}
