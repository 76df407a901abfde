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

/** The member's pictures: uploads, crops, the persona image; the preset session images (000 §7). */
export const IMAGE_ROUTES = {
  sessionImages: 'GET /v3/session_images',
  sessionImage: 'GET /v3/session_images/:file',
  uploadTempImage: 'POST /user/temp_image',
  tempImage: 'GET /user/temp_image',
  cropImage: 'POST /crop',
  personaImage: 'POST /user/image_id',
  image: 'GET /user/image',
} as const;

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

/** The dictionaries and the version gate: both come before sign-in (000 §4.9). */
export const LOCALE_ROUTES = {
  locale: 'GET /locale',
  version: 'GET /gv',
} as const;

export const LOCALE_ENDPOINTS = endpoints('locale', LOCALE_ROUTES, {
  locale: { public: true, query: LocaleQuery, response: LocaleResponse, errors: [] },
  version: { public: true, query: VersionQuery, response: VersionResponse, errors: [] },
});

/** The member's prior tags, offered again in the composer (001 §5). */
export const TAG_ROUTES = { priorTags: 'GET /tags' } as const;

export const TAG_ENDPOINTS = endpoints('tags', TAG_ROUTES, {
  priorTags: { query: TagsQuery, response: TagsResponse, errors: [] },
});

/** What the admin screens may write to. */
export const ADMIN_ROUTES = { adminOrganizations: 'GET /admin/organizations' } as const;

export const ADMIN_ENDPOINTS = endpoints('admin', ADMIN_ROUTES, {
  adminOrganizations: { response: AdminOrganizationsResponse, errors: ['not_org_admin'] },
});

/** The realtime socket's address with a one-use ticket (docs/decisions/0004-realtime.md). */
export const REALTIME_ROUTES = { socketUrl: 'GET /wsurl' } as const;

export const REALTIME_ENDPOINTS = endpoints('realtime', REALTIME_ROUTES, {
  socketUrl: { response: WsUrlResponse, errors: [] },
});
