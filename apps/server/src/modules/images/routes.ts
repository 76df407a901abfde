import { ENDPOINTS } from '@orbit/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import { badRequest } from '../../platform/errors';
import { sendBytes } from '../../platform/file-reply';
import type { App } from '../../platform/http';
import { sendPresetImage, unsupportedType } from '../../platform/images';
import { readingMultipart } from '../../platform/multipart';
import { route } from '../../platform/route';
import { ImageKind } from './policy';
import { cropTempImage, readImage, uploadPersonaDataUrl, uploadTempImage } from './service';
import { loadSessionImages, sessionImageMap } from './session-images';

/** The one file of a multipart upload; the multipart plugin enforces the 25 MB cap (413). */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw unsupportedType();
  return readingMultipart(async () => {
    const file = await request.file();
    if (!file) throw badRequest('validation', 'Send the image as the form file');
    return file.toBuffer();
  });
}

function sendImage(reply: FastifyReply, image: { bytes: Buffer; mime: string; kind: string }) {
  // A persona picture never changes under its id; a temp upload is private and short-lived.
  return sendBytes(reply, image, image.kind === ImageKind.PERSONA ? 'forever' : 'never', { inline: true });
}

const imageBytes = { describe: { 200: 'the image bytes' } };

export async function imagesRoutes(app: App, deps: AppDeps) {
  const sessionImages = await loadSessionImages();
  route(app, ENDPOINTS.sessionImages, {}, async () => sessionImageMap());

  route(app, ENDPOINTS.sessionImage, imageBytes, async (request, reply) =>
    sendPresetImage(reply, sessionImages, request.params.file, 'session image'),
  );

  route(app, ENDPOINTS.uploadTempImage, {}, async (request) =>
    uploadTempImage(deps, me(request).userId, await uploadedFile(request)),
  );

  route(app, ENDPOINTS.tempImage, imageBytes, async (request, reply) => {
    const { image_id, s } = request.query;
    return sendImage(
      reply,
      await readImage(deps, me(request).userId, image_id, { side: s, only: ImageKind.TEMP }),
    );
  });

  route(app, ENDPOINTS.cropImage, {}, async (request) =>
    cropTempImage(deps, me(request).userId, request.body),
  );

  route(app, ENDPOINTS.personaImage, {}, async (request) =>
    uploadPersonaDataUrl(deps, me(request).userId, request.body.image),
  );

  route(app, ENDPOINTS.image, imageBytes, async (request, reply) => {
    const { image_id, s } = request.query;
    return sendImage(reply, await readImage(deps, me(request).userId, image_id, { side: s }));
  });
}
