import { LIMITS } from '@orbit/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../platform/errors';
import { assertAcceptableInput } from '../../platform/input-guard';
import { readingMultipart } from '../../platform/multipart';
import { filesTooLarge, type IncomingFile, tooManyFiles } from './inspect';

/** A multipart upload: the `data` field's JSON (the post or comment) and the files. */
export interface UploadForm {
  data: unknown;
  files: IncomingFile[];
}

/**
 * Oversized files are cut at the cap and flagged `truncated` rather than thrown, so every file is counted.
 * (The plugin reads throwFileSizeLimit in parts() too; its types list it for file() only.)
 */
const PARSER_OPTIONS: Parameters<FastifyRequest['parts']>[0] & { throwFileSizeLimit: boolean } = {
  limits: { fileSize: LIMITS.uploadBytes, files: LIMITS.uploadFilesPerPick + 1 },
  throwFileSizeLimit: false,
};

const notMultipart = () => new AppError(415, 'unsupported_type', 'Send the files as multipart/form-data');

function parseData(value: unknown, truncated: boolean): unknown {
  if (truncated) throw badRequest('validation', 'The data field is too long');
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw badRequest('validation', 'The data field must be JSON');
  }
}

/**
 * Reads the form with the upload rules of docs/product/feeds-and-comments.md#post-limits: more than 4 files is a 400; every file is read (each
 * capped at 25 MB by the parser) so that an oversized one is reported with the spec's message for one
 * file or for several.
 */
export async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  if (!request.isMultipart()) throw notMultipart();
  const files: IncomingFile[] = [];
  let data: unknown;
  let fileCount = 0;
  let oversized = 0;
  await readingMultipart(async () => {
    for await (const part of request.parts(PARSER_OPTIONS)) {
      if (part.type === 'field') {
        if (part.fieldname === 'data') data = parseData(part.value, part.valueTruncated);
        continue;
      }
      fileCount += 1;
      if (fileCount > LIMITS.uploadFilesPerPick) throw tooManyFiles();
      const bytes = await part.toBuffer();
      if (part.file.truncated) oversized += 1;
      else files.push({ fileName: part.filename, bytes });
    }
  });
  if (oversized > 0) throw filesTooLarge(fileCount);
  return { data, files };
}

/** Validates the form's JSON (a post or a comment) with the app's own validator, as a body would be. */
export function formData<T>(request: FastifyRequest, schema: object, data: unknown, what: string): T {
  const value = data ?? {};
  assertAcceptableInput(value, 'data');
  const validate = request.compileValidationSchema(schema);
  if (!validate(value)) {
    throw badRequest('validation', `The data field is not a valid ${what}`, { details: validate.errors });
  }
  return value as T;
}
