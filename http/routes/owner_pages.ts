/**
 * The pages the owner writes, under /api/pages (domain/pages/owner_page.ts): read and write
 * one page in one language. A text is checked before it is kept: a script, an iframe, other
 * HTML or an unsafe link is refused with the reason (400, field `body`), a text above
 * 100 KB is 413. The storefront shows them at /faq, /terms, /privacy, /delivery, /returns.
 */
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../deps.ts";
import { OWNER_PAGE_ROUTES } from "../../contract/routes/mod.ts";
import type { OwnerPage } from "../../domain/pages/owner_page.ts";
import { MAX_PAGE_BYTES, pageBytes, pageTextProblems } from "../../domain/pages/owner_page.ts";
import { ApiError, notFound, validationFailed } from "../middleware/errors.ts";
import { serve } from "./route_spec.ts";

function ownerPageRecord(page: OwnerPage) {
  return {
    slug: page.slug,
    language: page.language,
    title: page.title,
    body: page.body,
    updated_at: page.updatedAt,
  };
}

export function ownerPageRoutes(deps: Pick<AppDeps, "ownerPages" | "clock">): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const store = () => {
    if (!deps.ownerPages) {
      throw new ApiError(503, "SERVICE_UNAVAILABLE", "This shop keeps no pages of its own");
    }
    return deps.ownerPages;
  };
  serve(app, "/api/pages", OWNER_PAGE_ROUTES.one, async (c) => {
    const { slug, language } = c.req.valid("param");
    const page = await store().find(slug, language);
    if (!page) throw notFound("Page", `${slug} in ${language}`);
    return c.json({ data: ownerPageRecord(page) });
  });
  serve(app, "/api/pages", OWNER_PAGE_ROUTES.save, async (c) => {
    const { slug, language } = c.req.valid("param");
    const { title, body } = c.req.valid("json");
    if (pageBytes(body) > MAX_PAGE_BYTES) {
      throw new ApiError(413, "PAYLOAD_TOO_LARGE", "A page may be at most 100 KB");
    }
    const problems = [...pageTextProblems(title), ...pageTextProblems(body)];
    if (problems.length > 0) {
      throw validationFailed(problems.map((message) => ({ field: "body", message })));
    }
    const saved = await store().save({
      slug,
      language,
      title,
      body,
      updatedAt: deps.clock.now().toISOString(),
    });
    return c.json({ data: ownerPageRecord(saved) });
  });
  return app;
}
