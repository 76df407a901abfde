import type { CallInvite, CallStartBody, CallStarted, PrivateCallSession } from '@orbit/contract';
import { startCall } from '../../api/calls';
import { open } from '../../app/places';
import { openDialog } from '../../ui/dialogStore';
import { lazyScreen } from '../../ui/lazyScreen';
import { captureMicrophone, releaseMicrophone } from './microphone';
import { connectNow, preparedSession } from './prepared';
import { refusalOf } from './refusal';

/*
 * Starting and accepting calls, apart from open.tsx: the call buttons and the incoming call use them, and the
 * call screen (which open.tsx lazily imports) shows a conversation whose header has a call button. The call
 * screen itself is opened by name.
 */

// A refusal's few lines load on their own, not with the call screen's media code.
const CallUnavailable = lazyScreen(() => import('./CallUnavailable').then((m) => m.CallUnavailable));

/** janus.js and the room's code, loaded while a call rings or starts rather than after. */
export const preloadCallMedia = () =>
  void import('./room').then((room) => room.initJanus()).catch(() => undefined);

function showRefusal(title: string, error: unknown): void {
  releaseMicrophone();
  openDialog({
    title,
    titleIsName: true,
    render: () => <CallUnavailable reason={refusalOf(error)} />,
  });
}

function openStarted(call: CallStarted, title: string): void {
  void connectNow(call.id, call.session);
  open('call', { callId: call.id, title: call.community_name ?? title, session: call.session });
}

/**
 * POST /call/start then the call page (docs/product/calls-and-lessons.md#call-start). Without a media server the screen says so (item 1); other
 * failures of call requests are silent in the spec, so the screen shows its own failure state.
 */
export async function startAndOpenCall(body: CallStartBody, title: string): Promise<void> {
  preloadCallMedia();
  captureMicrophone();
  try {
    openStarted(await startCall(body), title);
  } catch (error) {
    showRefusal(title, error);
  }
}

/**
 * The popup's Accept: starting the call for the community, or for the pair of me and the caller (docs/product/calls-and-lessons.md#call-screen).
 * When the session read while the call rang comes before the POST's answer, the screen joins the room with it
 * and the POST completes meanwhile (docs/decisions/0032); otherwise as any call start.
 */
export async function acceptCall(invite: CallInvite): Promise<void> {
  const body: CallStartBody =
    invite.community_id !== null ? { community_id: invite.community_id } : { attendees: [invite.caller_id] };
  preloadCallMedia();
  captureMicrophone();
  const accepted = startCall(body);
  // Whichever comes first: the accept's answer, or the session read while the call rang.
  type First = { call: CallStarted } | { session: PrivateCallSession };
  const own = accepted.then((call): First => ({ call }));
  const early = preparedSession(invite.call_id).then((session) => (session ? { session } : own));
  let first: First;
  try {
    first = await Promise.race([own, early]);
  } catch (error) {
    return showRefusal(invite.name, error);
  }
  if ('call' in first) return openStarted(first.call, invite.name);
  void connectNow(invite.call_id, first.session);
  open('call', { callId: invite.call_id, title: invite.name, session: first.session, accepted });
  // The call ended as I accepted and the server started a new one with the caller: that is the one to show.
  accepted.then(
    (call) => {
      if (call.id !== invite.call_id) openStarted(call, invite.name);
    },
    () => undefined,
  );
}
