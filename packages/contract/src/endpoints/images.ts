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
import { endpoints } from './define';
import { IMAGE_ROUTES } from './routes';

const READ = ['not_found', 'out_of_range'] as const;

export const IMAGE_ENDPOINTS = endpoints('images', IMAGE_ROUTES, {
  sessionImages: { response: SessionImagesResponse, errors: [] },
  /** Public so that a plain <img> or a CSS background shows it. */
  sessionImage: { public: true, params: SessionImageParams, errors: ['not_found'] },
  uploadTempImage: {
    multipart: true,
    query: TempImageQuery,
    response: UploadedImage,
    errors: ['invalid_image'],
  },
  tempImage: { query: ImageIdQuery, errors: READ },
  cropImage: { body: CropBody, response: CroppedImage, errors: [...READ, 'invalid_image'] },
  personaImage: { body: DataImageBody, response: CroppedImage, errors: ['invalid_image'] },
  image: { query: ImageIdQuery, errors: READ },
});
