import {
  CropBody,
  CroppedImage,
  DataImageBody,
  ErrorResponse,
  ImageIdQuery,
  SessionImageParams,
  SessionImagesResponse,
  TempImageQuery,
  UploadedImage,
} from '@orbit/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import { badRequest } from '../../platform/errors';
import { type App, BODY_LIMITS, rateLimit } from '../../platform/http';
import { sendPresetImage, unsupportedType } from '../../platform/images';
import { readingMultipart } from '../../platform/multipart';
import { ImageKind } from './policy';
import { cropTempImage, readImage, uploadPersonaDataUrl, uploadTempImage } from './service';
import { loadSessionImages, sessionImageMap } from './session-images';

const tags = ['images'];

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
  const cache =
    image.kind === ImageKind.PERSONA ? 'private, max-age=31536000, immutable' : 'private, no-store';
  return reply
    .type(image.mime)
    .header('cache-control', cache)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .send(image.bytes);
}

const imageResponseOf = () => ({ 200: { description: 'the image bytes' }, '4xx': ErrorResponse });

export async function imagesRoutes(app: App, deps: AppDeps) {
  const sessionImages = await loadSessionImages();
  app.get('/v3/session_images', { schema: { tags, response: { 200: SessionImagesResponse } } }, async () =>
    sessionImageMap(),
  );
  // Public so that a plain <img> or a CSS background shows it.
  app.get(
    '/v3/session_images/:file',
    { config: { public: true }, schema: { tags, params: SessionImageParams, response: imageResponseOf() } },
    async (request, reply) => sendPresetImage(reply, sessionImages, request.params.file, 'session image'),
  );

  const uploadLimit = rateLimit(deps.config.rateLimitFactor, 30, '1 minute');
  const imageResponse = imageResponseOf();

  app.post(
    '/user/temp_image',
    {
      config: { rateLimit: uploadLimit },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        querystring: TempImageQuery,
        response: { 200: UploadedImage, '4xx': ErrorResponse },
      },
    },
    async (request) => uploadTempImage(deps, me(request).userId, await uploadedFile(request)),
  );

  app.get(
    '/user/temp_image',
    { schema: { tags, querystring: ImageIdQuery, response: imageResponse } },
    async (request, reply) => {
      const { image_id, s } = request.query;
      return sendImage(
        reply,
        await readImage(deps, me(request).userId, image_id, { side: s, only: ImageKind.TEMP }),
      );
    },
  );

  app.post(
    '/crop',
    {
      config: { rateLimit: uploadLimit },
      schema: { tags, body: CropBody, response: { 200: CroppedImage, '4xx': ErrorResponse } },
    },
    async (request) => cropTempImage(deps, me(request).userId, request.body),
  );

  app.post(
    '/user/image_id',
    {
      bodyLimit: BODY_LIMITS.dataImage,
      config: { rateLimit: uploadLimit },
      schema: { tags, body: DataImageBody, response: { 200: CroppedImage, '4xx': ErrorResponse } },
    },
    async (request) => uploadPersonaDataUrl(deps, me(request).userId, request.body.image),
  );

  app.get(
    '/user/image',
    { schema: { tags, querystring: ImageIdQuery, response: imageResponse } },
    async (request, reply) => {
      const { image_id, s } = request.query;
      return sendImage(reply, await readImage(deps, me(request).userId, image_id, { side: s }));
    },
  );
}
