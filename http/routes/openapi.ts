/** The OpenAPI 3.1 document, generated from the route table's zod schemas. */
import { ADMIN_TASK_WORDS, ROLE_POLICIES, rolesFor } from "../../domain/accounts/admin_roles.ts";
import { isPrivatePath } from "../middleware/http_caching.ts";
import { z } from "zod";
import type { RouteSpec } from "../../contract/route.ts";
import { ErrorSchema } from "../../contract/records.ts";

type JsonSchema = Record<string, unknown>;

/** Requests are described as clients send them (before transforms). */
function inputSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
  }) as JsonSchema;
  return rest;
}

function outputSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io: "output",
    unrepresentable: "any",
  }) as JsonSchema;
  return rest;
}

/** `/api/books/:id` as OpenAPI writes it: `/api/books/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, "{$1}");
}

function parameters(route: RouteSpec) {
  const sources: [z.ZodType | undefined, "path" | "query" | "header"][] = [
    [route.params, "path"],
    [route.query, "query"],
    [route.headers, "header"],
  ];
  return sources.flatMap(([schema, where]) => {
    if (!schema) return [];
    const json = inputSchema(schema);
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required ?? []) as string[]);
    return Object.entries(properties).map(([name, property]) => ({
      name: where === "header"
        ? name.replace(/(^|-)(\w)/g, (_, d, ch) => d + ch.toUpperCase())
        : name,
      in: where,
      required: where === "path" || required.has(name),
      schema: property,
    }));
  });
}

function requestBody(route: RouteSpec) {
  if (route.json) {
    return { required: true, content: { "application/json": { schema: inputSchema(route.json) } } };
  }
  if (route.form) {
    return {
      required: true,
      content: { "application/x-www-form-urlencoded": { schema: inputSchema(route.form) } },
    };
  }
  if (route.multipart) {
    const fields = inputSchema(route.multipart.fields);
    const file = { type: "string", format: "binary" };
    const files = Object.fromEntries(
      Object.entries(route.multipart.files).map((
        [name, count],
      ) => [name, count === "one" ? file : { type: "array", items: file }]),
    );
    const schema = {
      ...fields,
      properties: { ...(fields.properties as JsonSchema), ...files },
      required: [...((fields.required ?? []) as string[]), ...Object.keys(files)],
    };
    return { required: true, content: { "multipart/form-data": { schema } } };
  }
  if (route.csv) {
    const row = inputSchema(route.csv.columns);
    const schema = {
      type: "string",
      contentMediaType: "text/csv",
      description:
        "CSV, UTF-8 (a BOM is fine), at most 10 MB: a header row naming columns of `x-csv-row`, then one row per record, each cell as text",
      "x-csv-row": row,
    };
    return { required: true, content: { "text/csv": { schema } } };
  }
  return undefined;
}

const CACHE_HEADERS = {
  ETag: { description: "The answer's validator, for If-None-Match", schema: { type: "string" } },
  "Cache-Control": {
    description: "What browsers and shared caches may keep (docs/deployment.md)",
    schema: { type: "string" },
  },
};

function responses(route: RouteSpec) {
  const ok = route.ok.status === 204 ? { description: "Done, nothing to return" } : {
    description: "Success",
    content: {
      [route.ok.contentType ?? "application/json"]: {
        schema: route.ok.schema
          ? outputSchema(route.ok.schema)
          : { type: "string", format: "binary" },
      },
    },
  };
  const error = {
    description: "Error",
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  };
  // Every route answers 400 for control characters in its path, query or body (text_rule.ts),
  // and every route with a body 408 when the body is too slow (body_timeout.ts).
  const edge = route.json || route.multipart || route.form ? [400, 408] : [400];
  const statuses = [...new Set([...edge, ...route.errors])].sort((a, b) => a - b);
  // Public reads carry an ETag and Cache-Control, and answer a matching If-None-Match 304.
  const cacheable = route.method === "GET" && !route.admin && !isPrivatePath(route.path) &&
    !route.path.startsWith("/uploads/");
  return {
    [String(route.ok.status)]: cacheable ? { ...ok, headers: CACHE_HEADERS } : ok,
    ...(cacheable ? { "304": { description: "Not modified: If-None-Match named this ETag" } } : {}),
    ...Object.fromEntries(statuses.map((status) => [String(status), error])),
  };
}

/**
 * Who an admin route admits, from its task and the roles' policy: `x-roles` for tools,
 * a sentence in the description for people.
 */
function roles(route: RouteSpec) {
  if (!route.admin) return {};
  const admitted = rolesFor(route.admin);
  const names = admitted.map((role) => ROLE_POLICIES[role].label.toLowerCase());
  return {
    description: `Needs the role ${names.join(" or ")} (task: ${route.admin}, ${
      ADMIN_TASK_WORDS[route.admin]
    }); another admin's token answers 403.`,
    "x-roles": admitted,
    "x-admin-task": route.admin,
  };
}

function operation(route: RouteSpec) {
  const body = requestBody(route);
  return {
    summary: route.summary,
    ...roles(route),
    ...(route.admin || route.signedIn ? { security: [{ bearer: [] }] } : {}),
    parameters: parameters(route),
    ...(body ? { requestBody: body } : {}),
    responses: responses(route),
  };
}

/** The document for these routes. */
export function openApiDocument(routes: readonly RouteSpec[], info: { serverUrl: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Pothgula shop API",
      version: "1.0.0",
      description: "Books and stationery in Sri Lanka. Prices in LKR (rupees), weights in kg.",
    },
    servers: [{ url: info.serverUrl }],
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      schemas: { Error: outputSchema(ErrorSchema) },
    },
  };
}
