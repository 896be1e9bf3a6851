/**
 * How long a 5,000-row book import takes through the HTTP app: the dry run, the first
 * import (5,000 new books, each given a generated cover on the local disk), and a second
 * import of the exported file with every price changed (5,000 updates). On embedded PGlite
 * (a data directory on disk, as the shop runs by default) and on a PostgreSQL server
 * (BENCH_DATABASE_URL, else a throwaway cluster).
 *
 *   deno run -A bench/import_books.ts [rows]
 */
import { createRepositories, migrate, PgliteSqlClient } from "../adapters/postgres/mod.ts";
import type { SqlClient } from "../adapters/postgres/mod.ts";
import { LocalDiskImageStorage } from "../adapters/storage/local_disk_storage.ts";
import { MemoryReceiptRenderer, MemorySlipRenderer } from "../adapters/memory/images.ts";
import { BookCoverMaker } from "../adapters/demo/covers.ts";
import { HmacOrderKeys } from "../adapters/security/order_keys.ts";
import { TokenService } from "../http/auth/tokens.ts";
import { createApp } from "../http/app.ts";
import { cheapHasher, FakeClock, testSecret } from "../http/auth/testing/fakes.ts";
import { RecordingLogger } from "../http/testing/fixture.ts";
import { openBenchDatabase } from "./database.ts";
import { isbn13CheckDigit } from "../domain/catalogue/isbn.ts";
import { csv } from "../http/routes/catalogue_csv.ts";

const ROWS = Number(Deno.args[0] ?? 5000);

const COLUMNS = [
  "isbn13",
  "title",
  "author",
  "price",
  "stock",
  "categoryId",
  "language",
  "binding",
  "publisher",
  "publishingDate",
  "productEdition",
  "weight",
  "description",
];

/** The file, written as the shop writes every CSV (csv-stringify, http/routes/catalogue_csv.ts). */
function csvOf(rows: number, categoryId: number): string {
  const records: (string | number)[][] = [];
  for (let i = 0; i < rows; i++) {
    const stem = String(978900000000 + i);
    records.push([
      stem + isbn13CheckDigit(stem),
      `Book number ${i}, a story`,
      `Author ${i % 300}`,
      (500 + i % 2000).toFixed(2),
      i % 40,
      categoryId,
      "Sinhala",
      "Paperback",
      "Sarasa",
      "2020-01-01",
      "1st",
      0.35,
      `A description of book ${i}`,
    ]);
  }
  return csv(COLUMNS, records);
}

async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await run();
  console.log(`  ${label}: ${((performance.now() - start) / 1000).toFixed(2)} s`);
  return result;
}

async function benchOn(engine: string, sql: SqlClient) {
  const repos = createRepositories(sql);
  const uploads = await Deno.makeTempDir({ prefix: "pothgula-bench-uploads-" });
  const clock = new FakeClock();
  const tokens = new TokenService({ secret: testSecret(), clock, sessions: repos.sessions });
  const app = createApp({
    ...repos,
    images: new LocalDiskImageStorage(uploads),
    covers: new BookCoverMaker(),
    slips: new MemorySlipRenderer(),
    receipts: new MemoryReceiptRenderer(),
    tokens,
    orderKeys: new HmacOrderKeys(testSecret()),
    hasher: cheapHasher(),
    bank: { bankName: "", bankBranch: "", accountName: "", accountNumber: "", whatsappNumber: "" },
    shop: {
      name: "Pothgula",
      publicUrl: "http://localhost",
      email: "",
      phones: ["", ""],
      address: "",
      whatsappNumber: "",
    },
    clock,
    logger: new RecordingLogger(),
  });
  const token = (await tokens.issueAdminToken({ id: 1, email: "admin@pothgula.lk" })).token;
  const category = await repos.catalogueAdmin.createCategory(`Bench ${crypto.randomUUID()}`);
  if (category.kind !== "ok") throw new Error("no category");
  const post = async (path: string, body: string) => {
    const response = await app.request(path, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "text/csv" },
      body,
    });
    const answer = await response.json();
    if (response.status !== 200) throw new Error(JSON.stringify(answer));
    const { created, updated, unchanged, errors } = answer.data;
    return `${created} created, ${updated} updated, ${unchanged} unchanged, ${errors.length} errors`;
  };
  const csv = csvOf(ROWS, category.value.id);
  console.log(`${engine}: ${ROWS} rows, ${(csv.length / 1024).toFixed(0)} KB`);
  console.log("   ", await timed("dry run", () => post("/api/books/import?dryRun=1", csv)));
  console.log(
    "   ",
    await timed("import (new books, covers)", () => post("/api/books/import", csv)),
  );
  const exported = await timed("export", async () => {
    const response = await app.request("/api/books/export", {
      headers: { Authorization: `Bearer ${token}` },
    });
    return await response.text();
  });
  const repriced = exported.replace(/^(\d+,"?[^\r]*?),(\d+)\.(\d\d),/gm, "$1,$2.50,");
  console.log("   ", await timed("import (updates)", () => post("/api/books/import", repriced)));
  await Deno.remove(uploads, { recursive: true });
}

const dataDir = await Deno.makeTempDir({ prefix: "pothgula-bench-pglite-" });
const pglite = await PgliteSqlClient.open(dataDir);
try {
  await migrate(pglite);
  await benchOn("PGlite (data directory on disk)", pglite);
} finally {
  await pglite.close();
  await Deno.remove(dataDir, { recursive: true });
}

const server = await openBenchDatabase();
try {
  await benchOn(`PostgreSQL ${server.version}`, server.sql);
} finally {
  await server.close();
}
