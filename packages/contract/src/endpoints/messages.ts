import {
  DataImageBody,
  Ok,
  PmCreateGroupBody,
  PmDirectBody,
  PmDirectResponse,
  PmFilesAdded,
  PmGroupCreated,
  PmGroupIdParams,
  PmGroupImageQuery,
  PmGroupImageResponse,
  PmGroupParams,
  PmListQuery,
  PmListResponse,
  PmMessageBody,
  PmMessageParams,
  PmPreview,
  PmPreviewsQuery,
  PmPreviewsResponse,
  PmReadResponse,
  PmSent,
  PmSentWithFiles,
} from '../schemas';
import { BODY_LIMITS, endpoints, perMinute } from './define';
import { MESSAGE_ROUTES } from './routes';

const TEXT = ['not_found', 'not_friends', 'blocked', 'empty_message', 'message_too_long'] as const;
const FILES = ['no_files', 'too_many_files', 'invalid_attachment'] as const;

export const MESSAGE_ENDPOINTS = endpoints('messages', MESSAGE_ROUTES, {
  messagePreviews: { query: PmPreviewsQuery, response: PmPreviewsResponse, errors: [] },
  messagePreview: { params: PmGroupParams, response: PmPreview, errors: ['not_found'] },
  messages: {
    params: PmGroupParams,
    query: PmListQuery,
    response: PmListResponse,
    errors: ['not_found', 'invalid_page_key'],
  },
  readMessages: { params: PmGroupParams, response: PmReadResponse, errors: ['not_found'] },
  sendMessage: {
    rateLimit: perMinute(120),
    params: PmGroupParams,
    body: PmMessageBody,
    response: PmSent,
    errors: TEXT,
  },
  sendMessageWithFiles: {
    rateLimit: perMinute(30),
    multipart: true,
    params: PmGroupParams,
    response: PmSentWithFiles,
    errors: [...TEXT, ...FILES],
  },
  addMessageFiles: {
    rateLimit: perMinute(30),
    multipart: true,
    params: PmMessageParams,
    response: PmFilesAdded,
    errors: [...FILES, 'not_found', 'not_author'],
  },
  editMessage: {
    rateLimit: perMinute(120),
    params: PmMessageParams,
    body: PmMessageBody,
    response: PmSent,
    errors: [...TEXT, 'not_author'],
  },
  deleteMessage: {
    rateLimit: perMinute(120),
    params: PmMessageParams,
    response: Ok,
    errors: ['not_found', 'not_author'],
  },
  createMessageGroup: {
    rateLimit: perMinute(120),
    body: PmCreateGroupBody,
    response: PmGroupCreated,
    errors: ['not_found', 'not_friends', 'blocked', 'group_too_small', 'self'],
  },
  directThread: {
    rateLimit: perMinute(120),
    body: PmDirectBody,
    response: PmDirectResponse,
    errors: ['not_found', 'not_friends', 'blocked', 'self'],
  },
  setGroupImage: {
    rateLimit: perMinute(30),
    bodyLimit: BODY_LIMITS.dataImage,
    params: PmGroupIdParams,
    body: DataImageBody,
    response: PmGroupImageResponse,
    errors: ['not_found', 'not_a_group', 'invalid_image'],
  },
  groupImage: { params: PmGroupParams, query: PmGroupImageQuery, errors: ['not_found', 'not_a_group'] },
});
