/** /api/pages: the pages the owner writes (FAQ, Terms, Privacy, Delivery, Returns). */
import { OWNER_PAGE_PATHS } from "../admin_paths.ts";
import { ADMIN_ERRORS, defineRoute } from "../route.ts";
import { data } from "../records.ts";
import { ownerPageBody, ownerPageParams, OwnerPageSchema } from "../owner_pages.ts";
import { MAX_PAGE_BYTES } from "../../domain/pages/owner_page.ts";

export const OWNER_PAGE_ROUTES = {
  one: defineRoute({
    ...OWNER_PAGE_PATHS.one,
    summary: "A page the owner wrote, in one language; 404 while it is not written",
    admin: "settings",
    params: ownerPageParams,
    ok: { status: 200, schema: data(OwnerPageSchema) },
    errors: [400, 404, 503, ...ADMIN_ERRORS],
  }),
  save: defineRoute({
    ...OWNER_PAGE_PATHS.save,
    summary:
      "Write a page in one language (title and text in plain formatting): a script, an iframe, other HTML or a link that is not https, the shop's own path or mailto is refused with the reason (400); a text above 100 KB is 413",
    admin: "settings",
    params: ownerPageParams,
    json: ownerPageBody,
    // A page of 100 KB written as JSON, its quotes and line breaks escaped.
    maxJsonBytes: 2 * MAX_PAGE_BYTES + 4096,
    ok: { status: 200, schema: data(OwnerPageSchema) },
    errors: [400, 413, 415, 503, ...ADMIN_ERRORS],
  }),
};
