import { type CallStartBody, ErrorCode, type PrivateCallSession } from '@orbit/contract';
import { startCall } from '../../api/calls';
import { isApiError } from '../../api/client';
import { refusedWith } from '../../api/errors';
import { openDialog } from '../../ui/dialogStore';
import { lazyScreen } from '../../ui/lazyScreen';
import type { CallRefusal } from './CallScreen';

// The call screen and its media code load with the first call, not with the app's first screen.
const CallScreen = lazyScreen(() => import('./CallScreen').then((m) => m.CallScreen));
const CallUnavailable = lazyScreen(() => import('./CallScreen').then((m) => m.CallUnavailable));

export interface CallRef {
  callId: number;
  /** The community's name, or the other member's (002 §2: community name or caller name). */
  title: string;
  /** The room session when POST /call/start just answered it: the screen connects without fetching it. */
  session?: PrivateCallSession;
}

/** The call screen in the dialog stack. */
export const openCall = ({ callId, title, session }: CallRef) =>
  openDialog({
    title,
    titleIsName: true,
    render: () => <CallScreen callId={callId} initial={session} />,
  });

function refusalOf(error: unknown): CallRefusal {
  if (isApiError(error, 503)) return 'unavailable';
  if (refusedWith(error, ErrorCode.call_full)) return 'full';
  return 'failed';
}

/**
 * POST /call/start then the call page (002 §7). Without a media server the screen says so (item 1); other
 * failures of call requests are silent in the spec, so the screen shows its own failure state.
 */
export async function startAndOpenCall(body: CallStartBody, title: string): Promise<void> {
  try {
    const call = await startCall(body);
    openCall({ callId: call.id, title: call.community_name ?? title, session: call.session });
  } catch (error) {
    openDialog({
      title,
      titleIsName: true,
      render: () => <CallUnavailable reason={refusalOf(error)} />,
    });
  }
}
