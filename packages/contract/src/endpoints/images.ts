import {
  CropBody,
  CroppedImage,
  DataImageBody,
  ImageIdQuery,
  SessionImageParams,
  SessionImagesResponse,
  TempImageQuery,
  UploadedImage,
} from '../schemas';
import { BODY_LIMITS, endpoints, perMinute } from './define';
import { IMAGE_ROUTES } from './routes';

const READ = ['not_found', 'out_of_range'] as const;

export const IMAGE_ENDPOINTS = endpoints('images', IMAGE_ROUTES, {
  sessionImages: { response: SessionImagesResponse, errors: [] },
  /** Public so that a plain <img> or a CSS background shows it. */
  sessionImage: { public: true, params: SessionImageParams, errors: ['not_found'] },
  uploadTempImage: {
    rateLimit: perMinute(30),
    multipart: true,
    query: TempImageQuery,
    response: UploadedImage,
    errors: ['invalid_image'],
  },
  tempImage: { query: ImageIdQuery, errors: READ },
  cropImage: {
    rateLimit: perMinute(30),
    body: CropBody,
    response: CroppedImage,
    errors: [...READ, 'invalid_image'],
  },
  personaImage: {
    rateLimit: perMinute(30),
    bodyLimit: BODY_LIMITS.dataImage,
    body: DataImageBody,
    response: CroppedImage,
    errors: ['invalid_image'],
  },
  image: { query: ImageIdQuery, errors: READ },
});
