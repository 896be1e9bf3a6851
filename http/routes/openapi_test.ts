import assert from "node:assert/strict";
import { z } from "zod";
import { ROUTES } from "../../contract/routes/mod.ts";
import { openApiDocument, openApiPath } from "./openapi.ts";

const document = openApiDocument(ROUTES, { serverUrl: "http://localhost:8000" });

type Schema = { properties?: Record<string, unknown>; required?: string[] };

function operationOf(route: (typeof ROUTES)[number]) {
  const operation = (document.paths[openApiPath(route.path)] as Record<string, unknown>)[
    route.method.toLowerCase()
  ] as { requestBody?: { required: boolean; content: Record<string, { schema: unknown }> } };
  assert.ok(operation, `${route.method} ${route.path} is in the document`);
  return operation;
}

/** The names a schema's object takes, as a client sends them. */
function namesOf(schema: z.ZodType): string[] {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Schema;
  return Object.keys(json.properties ?? {}).sort();
}

Deno.test("every route with a body documents it from the schemas that validate it", () => {
  let bodies = 0;
  for (const route of ROUTES) {
    const name = `${route.method} ${route.path}`;
    const body = operationOf(route).requestBody;
    const kinds = [route.json, route.multipart, route.csv, route.form].filter(Boolean).length;
    assert.ok(kinds <= 1, `${name} declares one kind of body`);
    if (kinds === 0) {
      assert.equal(body, undefined, `${name} takes no body`);
      continue;
    }
    bodies++;
    assert.equal(body?.required, true, name);
    if (route.json) {
      const schema = body!.content["application/json"].schema as Schema;
      assert.deepEqual(Object.keys(schema.properties ?? {}).sort(), namesOf(route.json), name);
    }
    if (route.multipart) {
      const schema = body!.content["multipart/form-data"].schema as Schema;
      const fields = [...namesOf(route.multipart.fields), ...Object.keys(route.multipart.files)];
      assert.deepEqual(Object.keys(schema.properties ?? {}).sort(), fields.sort(), name);
      for (const file of Object.keys(route.multipart.files)) {
        assert.ok(schema.required?.includes(file), `${name} needs ${file}`);
      }
    }
    if (route.form) {
      const schema = body!.content["application/x-www-form-urlencoded"].schema as Schema;
      assert.deepEqual(Object.keys(schema.properties ?? {}).sort(), namesOf(route.form), name);
    }
    if (route.csv) {
      const schema = body!.content["text/csv"].schema as { "x-csv-row": Schema };
      const columns = Object.keys(schema["x-csv-row"].properties ?? {}).sort();
      assert.deepEqual(columns, namesOf(route.csv.columns), name);
    }
  }
  assert.ok(bodies >= 25, `${bodies} bodies`);
});

Deno.test("the CSV imports document their columns: the add form's fields, id and the images", () => {
  const books = ROUTES.find((r) => r.method === "POST" && r.path === "/api/books/import")!;
  const row = (operationOf(books).requestBody!.content["text/csv"].schema as {
    "x-csv-row": Schema;
  })["x-csv-row"];
  for (const column of ["id", "isbn13", "title", "price", "preorderDate", "images"]) {
    assert.ok(row.properties?.[column], column);
  }
  assert.deepEqual(row.required ?? [], []);
});

Deno.test("a body's fields carry the shop's rules in their descriptions", () => {
  const place = ROUTES.find((r) => r.method === "POST" && r.path === "/api/orders")!;
  const schema = operationOf(place).requestBody!.content["application/json"].schema as {
    properties: Record<string, { description?: string }>;
  };
  assert.match(schema.properties.phone.description ?? "", /Sri Lankan/);
  assert.match(schema.properties.postalCode.description ?? "", /five digits/);
  const add = ROUTES.find((r) => r.method === "POST" && r.path === "/api/books")!;
  const form = operationOf(add).requestBody!.content["multipart/form-data"].schema as {
    properties: Record<string, { description?: string }>;
  };
  assert.match(form.properties.isbn13.description ?? "", /check digit/);
});

Deno.test("the stores' lists document totalCapped, which no order list has", () => {
  type Answer = { properties: Record<string, { description?: string }> };
  const answer = (method: string, path: string) => {
    const route = ROUTES.find((r) => r.method === method && r.path === path)!;
    const operation = operationOf(route) as unknown as {
      responses: Record<string, { content: Record<string, { schema: Answer }> }>;
    };
    return operation.responses["200"].content["application/json"].schema;
  };
  for (const path of ["/api/books", "/api/stationery"]) {
    const capped = answer("GET", path).properties.totalCapped;
    assert.ok(capped, `${path} documents totalCapped`);
    assert.match(capped.description ?? "", /more than `total` match.*1,000/);
  }
  assert.equal(answer("GET", "/api/orders").properties.totalCapped, undefined);
});
