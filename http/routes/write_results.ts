/** Catalogue write outcomes as HTTP: the value on success, an ApiError otherwise. */
import type { ChangeResult } from "../../domain/catalogue/manage_catalogue.ts";
import type { CategoryDeleteResult, ImageWriteResult } from "../../domain/ports.ts";
import { ApiError, notFound } from "../middleware/errors.ts";
import { ISBN13_CHECK_PROBLEM } from "../../domain/catalogue/isbn.ts";

/** How a unique field is named in a message a person reads. */
const FIELD_LABELS: Record<string, string> = { isbn13: "ISBN-13", name: "name" };

/** The written value, or the error that says why there is none. */
export function writtenOrThrow<T>(result: ChangeResult<T>, what: string, id?: number): T {
  switch (result.kind) {
    case "ok":
      return result.value;
    case "not_found":
      throw notFound(what, id ?? "");
    case "duplicate": {
      const field = result.field;
      const message = `${what} with this ${FIELD_LABELS[field] ?? field} already exists`;
      throw new ApiError(409, "DUPLICATE", message, [{ field, message }]);
    }
    case "unknown_category":
      throw new ApiError(400, "VALIDATION_FAILED", "Invalid fields: categoryId", [
        { field: "categoryId", message: "No such category" },
      ]);
    case "negative_stock":
      throw new ApiError(409, "CONFLICT", "Stock cannot go below zero");
    case "stock_above_limit":
      throw new ApiError(409, "CONFLICT", `Stock cannot go above ${result.limit}`);
    case "changed_meanwhile":
      throw new ApiError(
        409,
        "CONFLICT",
        "The price or the sale price was changed meanwhile: reload the product and try again",
      );
    case "stock_and_add_stock":
      throw new ApiError(400, "VALIDATION_FAILED", "Invalid fields: addStock", [
        {
          field: "addStock",
          message: "give either stock (absolute) or addStock (relative), not both",
        },
      ]);
    case "no_images":
      throw new ApiError(400, "VALIDATION_FAILED", "Invalid fields: images", [
        { field: "images", message: "must hold at least one image" },
      ]);
    case "blank_name":
      throw new ApiError(400, "VALIDATION_FAILED", "Invalid fields: name", [
        { field: "name", message: "Name is required" },
      ]);
    case "bad_isbn13":
      throw new ApiError(400, "VALIDATION_FAILED", "Invalid fields: isbn13", [
        { field: "isbn13", message: ISBN13_CHECK_PROBLEM },
      ]);
  }
}

/** An image change's product, or the error that says why it was not made. */
export function imageChangedOrThrow<T>(result: ImageWriteResult<T>, what: string, id: number): T {
  switch (result.kind) {
    case "ok":
      return result.value;
    case "not_found":
      throw notFound(what, id);
    case "unknown_image":
      throw new ApiError(400, "VALIDATION_FAILED", "Invalid fields: images", [
        { field: "images", message: `${what} ${id} has no image "${result.image}"` },
      ]);
    case "no_images":
      throw new ApiError(400, "VALIDATION_FAILED", "Invalid fields: images", [
        { field: "images", message: "must keep at least one image" },
      ]);
    case "too_many_images":
      throw new ApiError(400, "VALIDATION_FAILED", "Invalid fields: images", [
        { field: "images", message: `a book lists at most ${result.limit} images` },
      ]);
  }
}

/** A category deletion as HTTP: nothing on success, 404, or 409 IN_USE saying how many use it. */
export function categoryDeletedOrThrow(result: CategoryDeleteResult, id: number): void {
  switch (result.kind) {
    case "deleted":
      return;
    case "not_found":
      throw notFound("Category", id);
    case "in_use": {
      const products = result.products === 1 ? "1 product uses" : `${result.products} products use`;
      const archived = result.archived > 0 ? ` (${result.archived} of them archived)` : "";
      throw new ApiError(409, "IN_USE", `${products} this category${archived}`, {
        products: result.products,
        archived: result.archived,
      });
    }
  }
}
