import type { CallInvite, CallStartBody, CallStarted, PrivateCallSession } from '@orbit/contract';
import { startCall } from '../../api/calls';
import type { CallRef } from '../../app/places';
import { T } from '../../i18n/texts';
import { openDialog, replaceDialog } from '../../ui/dialogStore';
import { lazyScreen } from '../../ui/lazyScreen';
import type { Address } from '../../ui/navigation/history';
import { captureMicrophone, releaseMicrophone } from './microphone';
import { connectNow, preparedSession } from './prepared';
import { refusalOf } from './refusal';

// The call screen and its media code load with the first call, not with the app's first screen.
const CallScreen = lazyScreen(() => import('./CallScreen').then((m) => m.CallScreen));
const CallUnavailable = lazyScreen(() => import('./CallScreen').then((m) => m.CallUnavailable));
const Rejoin = lazyScreen(() => import('./Rejoin').then((m) => m.Rejoin));

export type { CallRef };

const callRoute = (callId: number) => ({ kind: 'call', ids: [callId] });

/** The call screen in the dialog stack. */
export const openCall = ({ callId, title, session, accepted }: CallRef) =>
  openDialog({
    title,
    titleIsName: true,
    stage: true,
    route: callRoute(callId),
    render: () => <CallScreen callId={callId} initial={session} accepted={accepted} />,
  });

/** Rejoining a call reopened from its address: the screen fetches its session, as for any call it opens. */
function rejoin(callId: number): void {
  preloadCallMedia();
  captureMicrophone();
  replaceDialog({
    title: T.callCall,
    route: callRoute(callId),
    stage: true,
    render: () => <CallScreen callId={callId} />,
  });
}

/** A call in progress reopens as a question, "Rejoin the call?", never joining by itself (issue 13). */
export const CALL_ADDRESSES: readonly Address[] = [
  {
    kind: 'call',
    ids: 1,
    view: ([callId]) => ({
      title: T.callRejoinQuestion,
      route: callRoute(callId),
      render: () => <Rejoin callId={callId} onRejoin={() => rejoin(callId)} />,
    }),
  },
];

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
  openCall({ callId: call.id, title: call.community_name ?? title, session: call.session });
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
  openCall({ callId: invite.call_id, title: invite.name, session: first.session, accepted });
  // The call ended as I accepted and the server started a new one with the caller: that is the one to show.
  accepted.then(
    (call) => {
      if (call.id !== invite.call_id) openStarted(call, invite.name);
    },
    () => undefined,
  );
}
