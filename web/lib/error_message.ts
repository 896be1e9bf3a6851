/** A message fit to show: the API's own, or the browser's. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
