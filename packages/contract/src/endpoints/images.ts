import {
  AdminOrganizationsResponse,
  CropBody,
  CroppedImage,
  DataImageBody,
  ImageIdQuery,
  LocaleQuery,
  LocaleResponse,
  SessionImageParams,
  SessionImagesResponse,
  TagsQuery,
  TagsResponse,
  TempImageQuery,
  UploadedImage,
  VersionQuery,
  VersionResponse,
  WsUrlResponse,
} from '../schemas';
import { endpoints } from './define';
import { ADMIN_ROUTES, IMAGE_ROUTES, LOCALE_ROUTES, REALTIME_ROUTES, TAG_ROUTES } from './routes';

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

export const LOCALE_ENDPOINTS = endpoints('locale', LOCALE_ROUTES, {
  locale: { public: true, query: LocaleQuery, response: LocaleResponse, errors: [] },
  version: { public: true, query: VersionQuery, response: VersionResponse, errors: [] },
});

export const TAG_ENDPOINTS = endpoints('tags', TAG_ROUTES, {
  priorTags: { query: TagsQuery, response: TagsResponse, errors: [] },
});

export const ADMIN_ENDPOINTS = endpoints('admin', ADMIN_ROUTES, {
  adminOrganizations: { response: AdminOrganizationsResponse, errors: ['not_org_admin'] },
});

export const REALTIME_ENDPOINTS = endpoints('realtime', REALTIME_ROUTES, {
  socketUrl: { response: WsUrlResponse, errors: [] },
});
