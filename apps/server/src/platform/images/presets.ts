import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { notFound } from '../errors';
import { sendBytes } from '../file-reply';

/** Pictures a script generated and the repository commits (avatars, session images), served as they are. */
export interface PresetImages {
  mime: string;
  files: Map<string, Buffer>;
}

/** Reads every named file of `dir` once at start; a missing one stops the server from starting. */
export async function loadPresetImages(dir: string, fileNames: readonly string[], mime: string) {
  const entries = await Promise.all(
    fileNames.map(async (name) => [name, await fs.readFile(path.join(dir, name))] as const),
  );
  return { mime, files: new Map(entries) } satisfies PresetImages;
}

/** Sends one preset; they never change under their name, so browsers keep them. 404 for any other name. */
export function sendPresetImage(reply: FastifyReply, presets: PresetImages, fileName: string, what: string) {
  const bytes = presets.files.get(fileName);
  if (!bytes) throw notFound(`No such ${what}`);
  return sendBytes(reply, { bytes, mime: presets.mime }, 'shared');
}
