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
import { endpoints } from './define';
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
  sendMessage: { params: PmGroupParams, body: PmMessageBody, response: PmSent, errors: TEXT },
  sendMessageWithFiles: {
    multipart: true,
    params: PmGroupParams,
    response: PmSentWithFiles,
    errors: [...TEXT, ...FILES],
  },
  addMessageFiles: {
    multipart: true,
    params: PmMessageParams,
    response: PmFilesAdded,
    errors: [...FILES, 'not_found', 'not_author'],
  },
  editMessage: {
    params: PmMessageParams,
    body: PmMessageBody,
    response: PmSent,
    errors: [...TEXT, 'not_author'],
  },
  deleteMessage: { params: PmMessageParams, response: Ok, errors: ['not_found', 'not_author'] },
  createMessageGroup: {
    body: PmCreateGroupBody,
    response: PmGroupCreated,
    errors: ['not_found', 'not_friends', 'blocked', 'group_too_small', 'self'],
  },
  directThread: {
    body: PmDirectBody,
    response: PmDirectResponse,
    errors: ['not_found', 'not_friends', 'blocked', 'self'],
  },
  setGroupImage: {
    params: PmGroupIdParams,
    body: DataImageBody,
    response: PmGroupImageResponse,
    errors: ['not_found', 'not_a_group', 'invalid_image'],
  },
  groupImage: { params: PmGroupParams, query: PmGroupImageQuery, errors: ['not_found', 'not_a_group'] },
});
