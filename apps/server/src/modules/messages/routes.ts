import { ENDPOINTS, PmFilesData } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import { sendBytes } from '../../platform/file-reply';
import type { App } from '../../platform/http';
import { keptJsonReplies } from '../../platform/kept-json';
import { route } from '../../platform/route';
import { formData, readUploadForm } from '../attachments';
import { groupImage, setGroupImage } from './images';
import { previewsOf, threadPreview } from './previews';
import {
  addFilesToMessage,
  createGroup,
  deleteMessage,
  editMessage,
  listMessages,
  markRead,
  openDirect,
  sendMessage,
} from './service';

/** Private and group messages (docs/product/messages.md (the section of the call: #previews). Only a thread's participants read or write it: 404 for others. */
export async function messagesRoutes(app: App, deps: AppDeps) {
  route(app, ENDPOINTS.messagePreviews, {}, async (request) =>
    previewsOf(deps.db, me(request).userId, request.query.search),
  );

  route(app, ENDPOINTS.messagePreview, {}, async (request) =>
    threadPreview(deps.db, me(request).userId, request.params.group_id),
  );

  // A kept newest page is served again as the same object (decision 0079): its JSON is written once.
  const sendPage = keptJsonReplies();
  route(app, ENDPOINTS.messages, {}, async (request, reply) =>
    sendPage(
      reply,
      await listMessages(deps, me(request).userId, request.params.group_id, request.query.page_key),
    ),
  );

  route(app, ENDPOINTS.readMessages, {}, async (request) =>
    markRead(deps, me(request).userId, request.params.group_id),
  );

  route(app, ENDPOINTS.sendMessage, {}, async (request) =>
    sendMessage(deps, me(request).userId, request.params.group_id, request.body.message),
  );

  route(app, ENDPOINTS.sendMessageWithFiles, {}, async (request) => {
    const form = await readUploadForm(request);
    const { message = '' } = formData<{ message?: string }>(request, PmFilesData, form.data, 'message');
    return sendMessage(deps, me(request).userId, request.params.group_id, message, form.files);
  });

  route(app, ENDPOINTS.addMessageFiles, {}, async (request) => {
    const { files } = await readUploadForm(request);
    const { group_id, pm_id } = request.params;
    return addFilesToMessage(deps, me(request).userId, group_id, pm_id, files);
  });

  route(app, ENDPOINTS.editMessage, {}, async (request) => {
    const { group_id, pm_id } = request.params;
    return editMessage(deps, me(request).userId, group_id, pm_id, request.body.message);
  });

  route(app, ENDPOINTS.deleteMessage, {}, async (request) =>
    deleteMessage(deps, me(request).userId, request.params.group_id, request.params.pm_id),
  );

  route(app, ENDPOINTS.createMessageGroup, {}, async (request) =>
    createGroup(deps, me(request).userId, request.body),
  );

  route(app, ENDPOINTS.directThread, {}, async (request) =>
    openDirect(deps, me(request).userId, request.body.user_id),
  );

  route(app, ENDPOINTS.setGroupImage, {}, async (request) =>
    setGroupImage(deps, me(request).userId, request.params.id, request.body.image),
  );

  route(app, ENDPOINTS.groupImage, { describe: { 200: 'the image bytes' } }, async (request, reply) => {
    const image = await groupImage(deps, me(request).userId, request.params.group_id, request.query.s);
    // A versioned URL never changes its picture; an unversioned one may.
    return sendBytes(reply, image, request.query.v ? 'forever' : 'revalidate', { inline: true });
  });
}
