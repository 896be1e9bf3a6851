/** /api/books: the storefront's list, authors and detail; the admin's writes and images. */
import { z } from "zod";
import { MAX_BOOK_IMAGES } from "../../domain/catalogue/images.ts";
import { BOOK_PATHS } from "../paths.ts";
import { ADMIN_ERRORS, defineRoute } from "../route.ts";
import {
  arrangeImagesBody,
  bookChangesBody,
  bookQuery,
  idParam,
  newBookFields,
} from "../requests.ts";
import { BookSchema, data } from "../records.ts";
import { csvRow, type ProductKindContract, productRoutes } from "./products.ts";

/** Books as their routes declare them: several images, the ISBN-13 unique on sale. */
export const BOOK_CONTRACT = {
  kind: "book",
  paths: BOOK_PATHS,
  words: {
    one: "book",
    list: "books",
    many: "books",
    importSummary:
      "Create and update books from a CSV body matched by isbn13; nothing is written when any row has an error or with dryRun=1",
    changeSummary:
      "Change any field of a book: its listing, stock (absolute or relative), price and pre-order settings; absent fields stay",
  },
  unique: { label: "ISBN-13" },
  schema: BookSchema,
  query: bookQuery,
  add: { fields: newBookFields, images: { field: "images", max: MAX_BOOK_IMAGES } },
  csvColumns: csvRow(newBookFields, {
    id: z.string().optional().describe("written by the export, ignored on import"),
    images: z.string().optional().describe("image URL paths separated by |"),
  }),
  change: bookChangesBody,
} satisfies ProductKindContract<
  "/api/books",
  typeof BookSchema,
  typeof bookQuery,
  typeof newBookFields,
  typeof bookChangesBody
>;

/** The authors of the books on sale, for the storefront's filter. */
const AUTHORS_ROUTE = {
  authors: defineRoute({
    ...BOOK_PATHS.authors,
    summary: "Distinct authors, sorted",
    admin: false,
    ok: { status: 200, schema: data(z.array(z.string())) },
    errors: [],
  }),
};

/** A book lists several images: added, replaced one by one, reordered and removed. */
const IMAGE_ROUTES = {
  addImages: defineRoute({
    ...BOOK_PATHS.addImages,
    summary: "Add images to a book (after its current ones)",
    admin: "catalogue_edit",
    params: idParam,
    multipart: { fields: z.object({}), files: { images: "many" } },
    ok: { status: 200, schema: data(BookSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 413, 415],
  }),
  replaceImage: defineRoute({
    ...BOOK_PATHS.replaceImage,
    summary: "Replace one of a book's images (old: its URL) with an uploaded one, in its place",
    admin: "catalogue_edit",
    params: idParam,
    multipart: {
      fields: z.object({ old: z.string().describe("the URL of the image to replace") }),
      files: { image: "one" },
    },
    ok: { status: 200, schema: data(BookSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 413, 415],
  }),
  arrangeImages: defineRoute({
    ...BOOK_PATHS.arrangeImages,
    summary: "Reorder and remove a book's images: the ones to keep, in order (at least one)",
    admin: "catalogue_edit",
    params: idParam,
    json: arrangeImagesBody,
    ok: { status: 200, schema: data(BookSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 415],
  }),
};

/** /api/books: the storefront's list, authors and detail; the admin's writes. */
export const BOOK_ROUTES = productRoutes(BOOK_CONTRACT, {
  reads: AUTHORS_ROUTE,
  images: IMAGE_ROUTES,
});
