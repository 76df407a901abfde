import type { Call, CallStarted, PrivateCallSession } from '@orbit/contract';
import { useEffect, useRef, useState } from 'react';
import { leaveCall, useCallSession } from '../../api/calls';
import { isApiError } from '../../api/client';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button, IconButton } from '../../ui/Button';
import { useBeforeBack } from '../../ui/DialogHost';
import { dialogBack, isDesktop, openDialog } from '../../ui/dialogStore';
import {
  CameraSwitchIcon,
  FeedIcon,
  GearIcon,
  HangUpIcon,
  LayoutIcon,
  MicIcon,
  PeopleIcon,
  ScreenIcon,
  VideoIcon,
} from '../../ui/icons';
import { useViewport } from '../../ui/useViewport';
import styles from './Calls.module.css';
import { CallUnavailable } from './CallUnavailable';
import { FeedsPanel } from './FeedsPanel';
import { afterParticipantsChange, type LayoutState, pin, toggleLayout } from './layout';
import { type DeviceChoice, ParticipantsPanel, SettingsPanel, useDevices } from './Panels';
import { RoomAlert } from './RoomAlert';
import { type CallRefusal, refusalOf } from './refusal';
import type { RoomSnapshot } from './room';
import { Grid, Speaker, type Tile } from './Tiles';
import { type Me, type RemoteStates, useCallMe, useCallRoom } from './useCallRoom';

/** The call screen's inner views (docs/product/calls-and-lessons.md#call-screen): main, participants, posts-view; plus the settings. */
type View = 'main' | 'participants' | 'posts' | 'settings';

/** The refusal of an accept the screen did not wait for, once it comes. */
function useRefusal(accepted: Promise<CallStarted> | undefined): CallRefusal | null {
  const [refusal, setRefusal] = useState<CallRefusal | null>(null);
  useEffect(() => {
    let gone = false;
    accepted?.catch((error: unknown) => {
      if (!gone) setRefusal(refusalOf(error));
    });
    return () => {
      gone = true;
    };
  }, [accepted]);
  return refusal;
}

/**
 * The call page: fetches the session (unless it opens with the one POST /call/start answered, or the one read
 * while the call rang), then connects the room; says so when the media server is missing.
 */
export function CallScreen({
  callId,
  initial,
  accepted,
}: {
  callId: number;
  initial?: PrivateCallSession;
  accepted?: Promise<CallStarted>;
}) {
  const session = useCallSession(callId, initial);
  const me = useCallMe();
  const refusal = useRefusal(accepted);
  if (refusal) return <CallUnavailable reason={refusal} />;
  if (session.isError) {
    const error = session.error;
    if (isApiError(error, 409)) return <CallOver />;
    return <CallUnavailable reason={isApiError(error, 503) ? 'unavailable' : 'failed'} />;
  }
  return <CallRoomView callId={callId} session={session.data} me={me} />;
}

function CallOver() {
  const { t } = useTranslation();
  return (
    <div className={styles.state} role="status">
      <p className={styles.stateTitle}>{t(T.callEnded)}</p>
      <Button variant="secondary" onClick={() => void dialogBack()}>
        {t(T.back)}
      </Button>
    </div>
  );
}

function CallRoomView({
  callId,
  session,
  me,
}: {
  callId: number;
  session: PrivateCallSession | undefined;
  me: Me | null;
}) {
  const { t } = useTranslation();
  const { room, snapshot, ended, remote } = useCallRoom(callId, session, me);
  const [left, setLeft] = useState(false);
  const [view, setView] = useState<View>('main');
  const { width } = useViewport();
  const tiles = useTiles(snapshot, session, me, remote);
  const [layout, setLayout] = useState<LayoutState>({ layout: 'grid', pinned: null });
  const [devices, setDevices] = useState<DeviceChoice>({ microphone: null, speaker: null, camera: null });
  const ids = tiles.map((tile) => tile.id);
  const idsKey = ids.join(',');

  // Recomputed only when the people change, not on every stream update.
  // biome-ignore lint/correctness/useExhaustiveDependencies: idsKey stands for ids
  useEffect(() => setLayout((state) => afterParticipantsChange(state, ids)), [idsKey]);

  const hungUp = useRef(false);
  // Closing the dialogs (or leaving the app's screen) while in the call hangs up too.
  useEffect(
    () => () => {
      if (!hungUp.current) leaveCall(callId).catch(() => undefined);
    },
    [callId],
  );
  const leave = () => {
    hungUp.current = true;
    room.current?.leave();
    setLeft(true);
    // Silent on failure (docs/product/calls-and-lessons.md#call-screen); the server ends the call when the last one is gone anyway.
    leaveCall(callId).catch(() => undefined);
  };
  const confirmLeave = () =>
    openDialog({
      title: T.callLeaving,
      render: () => (
        <div className={styles.confirm}>
          <Button
            onClick={async () => {
              await dialogBack();
              leave();
            }}
          >
            {t(T.callConfirm)}
          </Button>
        </div>
      ),
    });

  // "A leave event goes back": when the others ended the call, this screen closes.
  useEffect(() => {
    if (ended && !left) void dialogBack();
  }, [ended, left]);
  // Going back while in the call asks first, as the leave button does.
  useBeforeBack(() => {
    if (left || ended || snapshot?.status !== 'online') return true;
    confirmLeave();
    return false;
  });

  if (left || ended) return <CallOver />;
  if (!session || !snapshot || snapshot.status === 'connecting') {
    return (
      <div className={styles.state} role="status" aria-busy="true">
        <p className={styles.stateTitle}>{t(T.callConnecting)}</p>
      </div>
    );
  }
  if (snapshot.status === 'failed') {
    return (
      <div className={styles.state} role="alert">
        <p className={styles.stateTitle}>{t(T.callFailed)}</p>
        {snapshot.alert && <p className={styles.note}>{t(snapshot.alert)}</p>}
      </div>
    );
  }

  const onPin = (id: number) => {
    setLayout(pin(id));
    setView('main');
  };
  const desktop = isDesktop(width);
  return (
    <div className={styles.screen} data-stage={desktop}>
      <Toolbar
        snapshot={snapshot}
        onSwitchCamera={(camera) => {
          setDevices((d) => ({ ...d, camera }));
          room.current?.chooseDevices({ camera });
        }}
        onLayout={() => setLayout((state) => toggleLayout(state, ids))}
        layoutLabel={layout.layout}
        onLeave={confirmLeave}
        count={tiles.length}
      />
      {snapshot.alert && (
        <RoomAlert
          alert={snapshot.alert}
          className={styles.alert}
          onRetry={() => room.current?.retryMedia()}
        />
      )}
      {/* On a desktop the tiles stay on the stage and a panel opens beside them; on a phone it replaces them. */}
      <div className={styles.body} data-stage={desktop} data-panel={view !== 'main'}>
        {(view === 'main' || desktop) &&
          (layout.layout === 'speaker' ? (
            <Speaker tiles={tiles} layout={layout} speakerId={devices.speaker} />
          ) : (
            <Grid tiles={tiles} speakerId={devices.speaker} onPin={onPin} />
          ))}
        {view === 'participants' && <ParticipantsPanel tiles={tiles} onPin={onPin} />}
        {view === 'posts' && session.call && <FeedsPanel call={session.call as Call} />}
        {view === 'settings' && (
          <SettingsPanel
            choice={devices}
            cameraOn={snapshot.videoOn}
            onChange={(choice) => {
              setDevices(choice);
              room.current?.chooseDevices({
                microphone: choice.microphone ?? undefined,
                camera: choice.camera ?? undefined,
              });
            }}
          />
        )}
      </div>
      <Actions
        snapshot={snapshot}
        view={view}
        onView={(next) => setView((current) => (current === next ? 'main' : next))}
        onVideo={() => void room.current?.setVideo(!snapshot.videoOn)}
        onMute={() => room.current?.setMuted(!snapshot.muted)}
        onShare={() => void room.current?.setSharing(!snapshot.sharing)}
      />
    </div>
  );
}

/** Me first, then the others in the order they joined; what the server knows fills in pictures and mutes. */
function useTiles(
  snapshot: RoomSnapshot | null,
  session: PrivateCallSession | undefined,
  me: Me | null,
  remote: RemoteStates,
): Tile[] {
  if (!snapshot || !me) return [];
  const known = new Map(session?.participants.map((p) => [p.id, p]) ?? []);
  const mine: Tile = {
    id: me.id,
    name: known.get(me.id)?.display ?? me.name,
    image: known.get(me.id)?.image ?? null,
    stream: snapshot.local,
    video: snapshot.videoOn && snapshot.local !== null,
    muted: snapshot.muted,
    me: true,
  };
  const others = snapshot.feeds.map<Tile>((feed) => ({
    id: feed.id,
    name: known.get(feed.id)?.display ?? feed.display,
    image: known.get(feed.id)?.image ?? null,
    stream: feed.stream,
    video: feed.video && (remote.get(feed.id)?.video ?? true),
    muted: remote.get(feed.id)?.muted ?? false,
    me: false,
  }));
  return [mine, ...others];
}

function Toolbar({
  snapshot,
  onSwitchCamera,
  onLayout,
  layoutLabel,
  onLeave,
  count,
}: {
  snapshot: RoomSnapshot;
  onSwitchCamera: (deviceId: string) => void;
  onLayout: () => void;
  layoutLabel: string;
  onLeave: () => void;
  count: number;
}) {
  const { t } = useTranslation();
  const cameras = useDevices().filter((d) => d.kind === 'videoinput' && d.deviceId);
  const current = snapshot.local?.getVideoTracks()[0]?.getSettings().deviceId;
  const nextCamera = () => {
    const index = cameras.findIndex((c) => c.deviceId === current);
    const next = cameras[(index + 1) % cameras.length];
    if (next) onSwitchCamera(next.deviceId);
  };
  return (
    <div className={styles.toolbar}>
      <IconButton
        label={t(T.callCameraSwitch)}
        disabled={!snapshot.videoOn || cameras.length < 2}
        onClick={nextCamera}
      >
        <CameraSwitchIcon />
      </IconButton>
      <IconButton label={t(T.callLayoutSwitch)} data-layout={layoutLabel} onClick={onLayout}>
        <LayoutIcon />
      </IconButton>
      <span className={styles.count}>{t(T.callParticipantsCount, positional(count))}</span>
      <Button variant="danger" onClick={onLeave}>
        <HangUpIcon />
        {t(T.callLeave)}
      </Button>
    </div>
  );
}

function Actions({
  snapshot,
  view,
  onView,
  onVideo,
  onMute,
  onShare,
}: {
  snapshot: RoomSnapshot;
  view: View;
  onView: (view: View) => void;
  onVideo: () => void;
  onMute: () => void;
  onShare: () => void;
}) {
  const { t } = useTranslation();
  // Video and mic are enabled only once my stream is published (docs/product/calls-and-lessons.md#call-screen).
  const ready = snapshot.published;
  const canShare = typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getDisplayMedia;
  return (
    <div className={styles.actions}>
      {/* Video starts off (docs/product/calls-and-lessons.md#mic-requests, docs/decisions/0019): turning it on is the one labelled button of the bar. */}
      <Button
        variant={snapshot.videoOn ? 'secondary' : 'primary'}
        className={styles.videoToggle}
        disabled={!ready}
        onClick={onVideo}
      >
        <VideoIcon />
        {t(snapshot.videoOn ? T.callVideoTurnOff : T.callVideoTurnOn)}
      </Button>
      <IconButton label={t(T.callMuteMic)} aria-pressed={snapshot.muted} disabled={!ready} onClick={onMute}>
        <MicIcon />
      </IconButton>
      {canShare && (
        <IconButton
          label={t(T.callScreenShare)}
          aria-pressed={snapshot.sharing}
          disabled={!ready}
          onClick={onShare}
        >
          <ScreenIcon />
        </IconButton>
      )}
      <IconButton
        label={t(T.callParticipants)}
        aria-pressed={view === 'participants'}
        onClick={() => onView('participants')}
      >
        <PeopleIcon />
      </IconButton>
      <IconButton label={t(T.callFeeds)} aria-pressed={view === 'posts'} onClick={() => onView('posts')}>
        <FeedIcon />
      </IconButton>
      <IconButton
        label={t(T.callSettings)}
        aria-pressed={view === 'settings'}
        onClick={() => onView('settings')}
      >
        <GearIcon />
      </IconButton>
    </div>
  );
}
