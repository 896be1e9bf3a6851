/**
 * Every date parameter of every route, found in the OpenAPI document (the fields it says are
 * `format: date` or a Colombo date and time), sent the dates of the attack: years 0, 1,
 * 9999, 10000 and -1, 30 February, a 13th month and an empty text. Each answers 400 naming
 * the field (a CSV import: its row's error on the field), never a 5xx, never a stall; the
 * span's own edges (2000-01-01 and 2100-12-31, a publishing date's 1450-01-01) pass the
 * field's check and reach the real SQL repositories on PGlite without a 5xx.
 */
import assert from "node:assert/strict";
import { ROUTES } from "../../http/app.ts";
import { openApiDocument } from "../../http/routes/openapi.ts";
import { PostgresPromotionStore } from "../../adapters/postgres/promotions.ts";
import { PostgresAuditTrail } from "../../adapters/postgres/audit_trail.ts";
import { ActorScope } from "../../adapters/audit/actor_scope.ts";
import { createApp } from "../../http/app.ts";
import { newStationery } from "../../http/testing/fixture.ts";
import { realApp } from "./support/real_app.ts";

type JsonSchema = Record<string, unknown>;

/** Where a date field sits in a request. */
interface DateField {
  method: string;
  path: string;
  where: "query" | "json" | "multipart" | "csv";
  /** The field's name; a dotted path inside a JSON body. */
  name: string;
  format: string;
  days: { first: string; last: string };
  /** The other date fields of the same query, filled with a good day. */
  siblings: string[];
  /** Whether the document gives "" as the field's empty value (no date). */
  emptyAllowed: boolean;
}

const DATE_FORMATS = new Set(["date", "x-colombo-local-date-time"]);

interface Found {
  name: string;
  schema: JsonSchema;
  emptyAllowed: boolean;
}

/** The date fields of a JSON schema, with their dotted paths. */
function dateFields(schema: JsonSchema, prefix = "", emptyAllowed = false): Found[] {
  if (typeof schema.format === "string" && DATE_FORMATS.has(schema.format)) {
    return [{ name: prefix, schema, emptyAllowed }];
  }
  const found: Found[] = [];
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    const parts = (schema[key] ?? []) as JsonSchema[];
    const empty = parts.some((part) => part.const === "");
    for (const part of parts) found.push(...dateFields(part, prefix, empty));
  }
  for (const [name, property] of Object.entries((schema.properties ?? {}) as JsonSchema)) {
    found.push(...dateFields(property as JsonSchema, prefix ? `${prefix}.${name}` : name));
  }
  // One field met through several branches of a union counts once.
  return [...new Map(found.map((f) => [f.name, f])).values()];
}

function walkDocument(): DateField[] {
  const document = openApiDocument(ROUTES, { serverUrl: "http://localhost" });
  const fields: DateField[] = [];
  for (const [openPath, operations] of Object.entries(document.paths)) {
    const path = openPath.replace(/\{(\w+)\}/g, ":$1");
    for (const [method, operation] of Object.entries(operations as Record<string, JsonSchema>)) {
      const add = (where: DateField["where"], found: Found[]) => {
        for (const { name, schema, emptyAllowed } of found) {
          fields.push({
            method: method.toUpperCase(),
            path,
            where,
            name,
            format: schema.format as string,
            days: schema["x-days"] as DateField["days"],
            siblings: found.map((f) => f.name).filter((other) => other !== name),
            emptyAllowed,
          });
        }
      };
      const parameters = (operation.parameters ?? []) as {
        name: string;
        in: string;
        schema: JsonSchema;
      }[];
      add(
        "query",
        parameters.filter((p) => p.in === "query").flatMap((p) =>
          dateFields(p.schema).map((f) => ({ ...f, name: p.name }))
        ),
      );
      const content = ((operation.requestBody as JsonSchema | undefined)?.content ?? {}) as Record<
        string,
        { schema: JsonSchema }
      >;
      if (content["application/json"]) add("json", dateFields(content["application/json"].schema));
      if (content["multipart/form-data"]) {
        add("multipart", dateFields(content["multipart/form-data"].schema));
      }
      if (content["text/csv"]) {
        // An empty cell leaves a product's field as it is (the import's rule): "" is no date.
        const row = dateFields(content["text/csv"].schema["x-csv-row"] as JsonSchema);
        add("csv", row.map((f) => ({ ...f, emptyAllowed: true })));
      }
    }
  }
  return fields;
}

/** What the date rule says of a refused date (domain/dates, contract/). */
const DATE_RULE = /^must be a (date as|real calendar date|day from|real date and time)/;

/**
 * The dates the attack sent, for a day field and for a date and time; "" only where the
 * document does not give it as the field's empty value (a sale with no first day).
 */
function badValues(field: DateField): string[] {
  const days = [
    "0000-01-01",
    "0001-01-01",
    "9999-12-31",
    "10000-01-01",
    "-0001-01-01",
    "2026-02-30",
    "2026-13-01",
    "",
  ];
  const written = field.format === "date"
    ? days
    : [...days.filter((d) => d !== "").map((d) => `${d}T10:00`), ""];
  return field.emptyAllowed ? written.filter((d) => d !== "") : written;
}

function goodValue(field: DateField, day: string): string {
  return field.format === "date" ? day : `${day}T00:00`;
}

/** The real app on PGlite, with the promotions and the audit trail on the same database. */
async function world() {
  const shop = await realApp();
  const pens = await shop.repositories.catalogueAdmin.createStationeryCategory("Pens");
  if (pens.kind !== "ok") throw new Error("no stationery category");
  const pen = await shop.repositories.catalogueAdmin.createStationery(
    // No comma in any cell: the test writes a row back by splitting it at commas.
    newStationery({ categoryId: pens.value.id, title: "Atlas pen" }),
  );
  if (pen.kind !== "ok") throw new Error("no stationery item");
  const app = createApp({
    ...shop.deps,
    promotions: new PostgresPromotionStore(shop.db.sql),
    audit: new PostgresAuditTrail(shop.db.sql, new ActorScope()),
    stockAlerts: shop.repositories.stockAlerts,
  });
  return { ...shop, app };
}

const STALL_MS = 10_000;

Deno.test({
  name:
    "every date field of every route answers the attack's dates 400 naming the field, and its span's edges without a 5xx",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const fields = walkDocument();
    // The walk found the dates the shop reads: it cannot pass by finding none.
    const named = new Set(fields.map((f) => `${f.method} ${f.path} ${f.where} ${f.name}`));
    for (
      const expected of [
        "GET /api/reports/sales query from",
        "GET /api/reports/sales query to",
        "GET /api/reports/sales/:table query to",
        "GET /api/orders query from",
        "GET /api/orders/export query to",
        "GET /api/audit query from",
        "POST /api/books multipart publishingDate",
        "POST /api/books multipart preorderDate",
        "POST /api/books multipart saleStarts",
        "PUT /api/books/:id json saleEnds",
        "PUT /api/books/:id json preorderDate",
        "POST /api/books/import csv publishingDate",
        "POST /api/stationery multipart saleStarts",
        "POST /api/promotions/campaigns json startsAt",
        "PUT /api/promotions/codes/:id json endsAt",
      ]
    ) assert.ok(named.has(expected), `the walk did not find ${expected}: ${[...named].join("; ")}`);

    const shop = await world();
    try {
      const id = String(shop.book.id);
      const auth = { Authorization: `Bearer ${shop.adminToken}` };
      /** The export of the store an import path is of: a good header and row. */
      const exportOf = async (importPath: string) => {
        const path = importPath.replace(/\/import$/, "/export");
        const exported = await shop.app.request(path, { headers: auth });
        // A first line starting with # says how cells are read; the header follows it.
        const [header, row] = (await exported.text()).trim().split("\n")
          .filter((line) => !line.startsWith("#")).map((line) => line.replace(/\r$/, ""));
        assert.ok(row, `${path} exports a product`);
        return { header, row, columns: header.split(",") };
      };

      const send = async (field: DateField, value: string): Promise<Response> => {
        const path = field.path.replace(/:table/, "periods").replace(/:\w+/g, id);
        const init: RequestInit = { method: field.method, headers: { ...auth } };
        let url = path;
        if (field.where === "query") {
          const query = new URLSearchParams({ [field.name]: value });
          for (const sibling of field.siblings) query.set(sibling, "2026-03-01");
          url = `${path}?${query}`;
        } else if (field.where === "json") {
          const body: Record<string, unknown> = {};
          const parts = field.name.split(".");
          let into = body;
          for (const part of parts.slice(0, -1)) {
            into = (into[part] = {}) as Record<string, unknown>;
          }
          into[parts[parts.length - 1]] = value;
          init.body = JSON.stringify(body);
          (init.headers as Record<string, string>)["Content-Type"] = "application/json";
        } else if (field.where === "multipart") {
          const form = new FormData();
          form.set(field.name, value);
          init.body = form;
        } else {
          const { header, row, columns } = await exportOf(path);
          const cells = row.split(",");
          const at = columns.indexOf(field.name);
          assert.ok(at >= 0, `the export has a ${field.name} column`);
          cells[at] = value;
          init.body = `${header}\n${cells.join(",")}\n`;
          (init.headers as Record<string, string>)["Content-Type"] = "text/csv";
          url = `${path}?dryRun=1`;
        }
        let timer: ReturnType<typeof setTimeout> | undefined;
        const stalled = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`${field.method} ${url} stalled past ${STALL_MS} ms`)),
            STALL_MS,
          );
        });
        try {
          return await Promise.race([shop.app.request(url, init), stalled]);
        } finally {
          clearTimeout(timer);
        }
      };

      /** The message on the field, when the answer names it; undefined when it does not. */
      const problemOn = async (
        field: DateField,
        response: Response,
      ): Promise<string | undefined> => {
        const body = await response.json().catch(() => ({}));
        lastBody = body;
        if (field.where === "csv" && response.status === 200) {
          const errors = (body.data?.errors ?? []) as { field: string; message: string }[];
          return errors.find((e) => e.field === field.name)?.message;
        }
        const details = (body.error?.details ?? []) as { field: string; message: string }[];
        return Array.isArray(details)
          ? details.find((d) => d.field === field.name)?.message
          : undefined;
      };

      let refused = 0;
      let lastBody: unknown;
      for (const field of fields) {
        const name = `${field.method} ${field.path} ${field.where} ${field.name}`;
        for (const value of badValues(field)) {
          const response = await send(field, value);
          const expected = field.where === "csv" ? [200, 400] : [400];
          assert.ok(
            expected.includes(response.status),
            `${name} = "${value}": ${response.status}`,
          );
          const problem = await problemOn(field, response);
          assert.match(
            problem ?? "",
            DATE_RULE,
            `${name} = "${value}" is not named in the answer: ${JSON.stringify(lastBody)}`,
          );
          refused++;
        }
        // The span's edges pass the date rule (a later rule may still refuse them: a
        // pre-order date in the past), and so does "" where it stands for no date.
        const good = [field.days.first, field.days.last].map((day) => goodValue(field, day));
        for (const value of field.emptyAllowed ? [...good, ""] : good) {
          const response = await send(field, value);
          assert.ok(response.status < 500, `${name} = "${value}": ${response.status}`);
          const problem = await problemOn(field, response);
          assert.doesNotMatch(problem ?? "", DATE_RULE, `${name} = "${value}" passes the rule`);
        }
      }
      assert.ok(refused >= fields.length * 7, `${refused} refusals`);
      assert.deepEqual(
        shop.logger.lines.filter((l) => l.level === "error").map((l) => l.message),
        [],
        "no request logged an unexpected error",
      );
    } finally {
      await shop.close();
    }
  },
});

Deno.test({
  name:
    "the attack's date requests, replayed: the report of 9995-9999, year 1 and year 0 answer 400 at once",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const shop = await world();
    try {
      const auth = { Authorization: `Bearer ${shop.adminToken}` };
      const cases: [string, RequestInit, string][] = [
        // Looped for ever: the day after 9999-12-31 was written "+010000-01-01".
        ["/api/reports/sales?from=9995-01-01&to=9999-12-31", {}, "from"],
        ["/api/reports/sales?from=2096-01-01&to=9999-12-31&grain=week", {}, "to"],
        ["/api/reports/sales/periods?from=9995-01-01&to=9999-12-31", {}, "from"],
        // Answered 500: a report from year 1, an order list from year 1.
        ["/api/reports/sales?from=0001-01-01&to=0001-12-31", {}, "from"],
        ["/api/orders?from=0001-01-01", {}, "from"],
        ["/api/orders/export?to=0001-01-01", {}, "to"],
        ["/api/audit?from=0001-01-01", {}, "from"],
        // A sale starting in year 0.
        [`/api/books/${shop.book.id}`, {
          method: "PUT",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ salePrice: 500, saleStarts: "0000-01-01" }),
        }, "saleStarts"],
      ];
      for (const [path, init, field] of cases) {
        const started = performance.now();
        const response = await shop.app.request(path, {
          ...init,
          headers: { ...auth, ...(init.headers as Record<string, string> | undefined) },
        });
        const body = await response.json();
        assert.equal(response.status, 400, path);
        assert.ok(
          body.error.details.some((d: { field: string }) => d.field === field),
          `${path}: ${JSON.stringify(body)}`,
        );
        // Not a timing promise (bench/ has those): a refusal that read no rows at all.
        assert.ok(performance.now() - started < STALL_MS, `${path} answered at once`);
      }
      const book = await shop.repositories.catalogue.findBook(shop.book.id);
      assert.equal(book?.saleStarts ?? null, null, "the sale of year 0 was not written");
    } finally {
      await shop.close();
    }
  },
});
