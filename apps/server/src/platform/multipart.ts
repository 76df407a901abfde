import { AppError, badRequest } from './errors';

/**
 * Runs the reading of a multipart body. The parser (busboy) reports a form it cannot read (no boundary,
 * another boundary than the header's, no closing boundary) as a plain Error: the client sent it, so it is
 * a 400. Errors that carry a status (the plugin's 413 limits, our own refusals) keep theirs.
 */
export async function readingMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof AppError || typeof (err as { statusCode?: unknown }).statusCode === 'number')
      throw err;
    throw badRequest('malformed_form', 'The form data could not be read');
  }
}
