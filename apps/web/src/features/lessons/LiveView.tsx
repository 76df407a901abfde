import { MicButton, type SessionRoom, type UserProfile } from '@orbit/contract';
import { useEffect, useRef, useState } from 'react';
import { changeMyMic, endLesson, moderate, useRefreshRoom } from '../../api/lessons';
import { positional, useTranslation } from '../../i18n';
import { Button } from '../../ui/Button';
import { confirmYesNo } from '../../ui/confirm';
import { isDesktop } from '../../ui/dialogStore';
import { useViewport } from '../../ui/useViewport';
import { type DeviceChoice, RoomAlert, SettingsPanel } from '../calls';
import { ReportButton } from '../reports';
import { Bye } from './Bye';
import { ChatToast } from './ChatToast';
import styles from './Lessons.module.css';
import { Pages } from './Pages';
import { QueueList } from './QueueList';
import { REQUEST_BUTTON_TEXT, requestAction, requestButton } from './rules';
import { S } from './texts';
import { type Me, useLiveRoom } from './useLiveRoom';

const MIC_TEXT = { OPEN: S.micOpen, MUTED: S.micMuted, CLOSED: S.micClosed } as const;

function meOf(profile: UserProfile): Me {
  return { id: profile.user_id, screenName: profile.screen_name, image: profile.image_url ?? null };
}

function useMediaElement<T extends HTMLMediaElement>(stream: MediaStream | null) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return ref;
}

/** A running lesson: the stage (JOIN, CONNECTING.., the host's video), the controls and the pages. */
export function LiveView(props: {
  room: SessionRoom;
  communityId: number;
  me: UserProfile;
  onReturn: () => void;
}) {
  const { t } = useTranslation();
  const { room, communityId } = props;
  const [me] = useState(() => meOf(props.me));
  const live = useLiveRoom(room, me);
  const [devices, setDevices] = useState<DeviceChoice>({ microphone: null, speaker: null, camera: null });
  const [settingsOpen, setSettingsOpen] = useState(false);
  const { width } = useViewport();
  const status = live.snapshot?.status ?? 'offline';
  const chooseDevices = (next: DeviceChoice) => {
    live.chooseDevices({
      microphone: next.microphone !== devices.microphone ? next.microphone : undefined,
      camera: next.camera !== devices.camera ? next.camera : undefined,
    });
    setDevices(next);
  };
  if (!room.janus_url) return <p className={styles.muted}>{t(S.unavailable)}</p>;
  if (status === 'kicked') return <Bye text={S.kicked} onReturn={props.onReturn} />;
  if (status === 'ended') {
    return <Bye text={live.snapshot?.alert ?? S.connectionEnded} onReturn={props.onReturn} />;
  }
  return (
    <div className={styles.live} data-stage={isDesktop(width)}>
      <div className={styles.liveMain}>
        <Stage live={live} speaker={devices.speaker} lessonId={room.session.id} />
        {live.snapshot?.alert && status !== 'offline' && (
          <RoomAlert alert={live.snapshot.alert} className={styles.alert} onRetry={live.retryMedia} />
        )}
        <Controls room={room} communityId={communityId} live={live} onReturn={props.onReturn}>
          <Button
            variant="secondary"
            aria-expanded={settingsOpen}
            disabled={status !== 'live'}
            onClick={() => setSettingsOpen((open) => !open)}
          >
            {t(S.settings)}
          </Button>
          {!room.is_host && <ReportButton target={{ type: 'session', id: room.session.id }} />}
        </Controls>
        {settingsOpen && status === 'live' && (
          <SettingsPanel choice={devices} cameraOn={room.is_host} onChange={chooseDevices} />
        )}
      </div>
      <Pages room={room} communityId={communityId} />
    </div>
  );
}

/** The speaker chosen in the settings plays the bridge's mix (where the browser can choose one). */
function useSpeaker(audio: React.RefObject<HTMLAudioElement | null>, speaker: string | null) {
  useEffect(() => {
    const element = audio.current as
      | (HTMLAudioElement & { setSinkId?: (id: string) => Promise<void> })
      | null;
    element?.setSinkId?.(speaker ?? '').catch(() => undefined);
  }, [audio, speaker]);
}

function Stage(props: { live: ReturnType<typeof useLiveRoom>; speaker: string | null; lessonId: number }) {
  const { live, speaker } = props;
  const { t } = useTranslation();
  const stage = useRef<HTMLDivElement>(null);
  const snapshot = live.snapshot;
  const video = useMediaElement<HTMLVideoElement>(snapshot?.video ?? null);
  const audio = useMediaElement<HTMLAudioElement>(snapshot?.audio ?? null);
  useSpeaker(audio, speaker);
  const status = snapshot?.status ?? 'offline';
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void stage.current?.requestFullscreen?.();
  };
  return (
    <div className={styles.stage} ref={stage}>
      <video ref={video} className={styles.video} autoPlay playsInline muted aria-label={t(S.title)} />
      {/* biome-ignore lint/a11y/useMediaCaption: the bridge's live mix has no caption track to offer */}
      <audio ref={audio} autoPlay />
      {status === 'offline' && (
        <div className={styles.overlay}>
          <Button onClick={live.join}>{t(S.join)}</Button>
        </div>
      )}
      {status === 'connecting' && (
        <div className={styles.overlay} role="status" aria-live="polite">
          <span className={styles.overlayText}>{t(S.connecting)}</span>
        </div>
      )}
      {status === 'failed' && (
        <div className={styles.overlay} role="alert">
          <span className={styles.overlayText}>{t(snapshot?.alert ?? S.webrtcError)}</span>
        </div>
      )}
      <ChatToast lessonId={props.lessonId} />
      <button
        type="button"
        className={styles.fullscreen}
        onClick={toggleFullscreen}
        aria-label={t(S.fullscreen)}
      >
        <svg
          viewBox="0 0 24 24"
          width="20"
          height="20"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
        </svg>
      </button>
    </div>
  );
}

function Controls(props: {
  room: SessionRoom;
  communityId: number;
  live: ReturnType<typeof useLiveRoom>;
  onReturn: () => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { room, communityId, live } = props;
  const lessonId = room.session.id;
  const refreshRoom = useRefreshRoom(lessonId);
  const [busy, setBusy] = useState(false);
  const published = live.snapshot?.published ?? false;
  const button = requestButton(room.my_mic, room.floor.requests_enable);
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      // The floor event or the refetch below shows where things stand.
    } finally {
      setBusy(false);
      refreshRoom();
    }
  };
  const onRequest = () => {
    const action = requestAction(button);
    if (action) void run(() => changeMyMic(communityId, lessonId, action));
  };
  const setQa = (on: boolean) =>
    run(() => moderate(communityId, lessonId, { action: on ? 'enable' : 'disable' }));
  const leave = () => {
    live.leave();
    props.onReturn();
  };
  return (
    <div className={styles.controls}>
      {!room.is_host && (
        <Button
          variant="secondary"
          onClick={onRequest}
          disabled={busy || button === 'DISABLED'}
          aria-busy={busy}
          aria-pressed={button === 'REQUESTED' || button === 'GRANTED'}
        >
          {t(REQUEST_BUTTON_TEXT[button])}
        </Button>
      )}
      <Button
        variant="secondary"
        onClick={live.toggleMic}
        disabled={!published || live.mic.state === MicButton.CLOSED}
        aria-pressed={live.mic.state === MicButton.OPEN}
      >
        {t(MIC_TEXT[live.mic.state])}
      </Button>
      {room.is_host && (
        <>
          <Button
            variant="secondary"
            aria-pressed={room.floor.requests_enable}
            onClick={() => setQa(!room.floor.requests_enable)}
          >
            {t(room.floor.requests_enable ? S.qaOn : S.qaOff)}
          </Button>
          <Button
            variant="secondary"
            disabled={room.floor.active.length === 0}
            onClick={() => run(() => moderate(communityId, lessonId, { action: 'ungrant_all' }))}
          >
            {t(S.ungrantAll)}
          </Button>
          <QueueList room={room} communityId={communityId} />
          <Button
            variant="danger"
            onClick={() =>
              confirmYesNo(
                t(S.endLessonQuestion, positional(room.session.name)),
                () => void run(() => endLesson(communityId, lessonId)),
                t(S.endLessonDetail),
              )
            }
          >
            {t(S.endLesson)}
          </Button>
        </>
      )}
      {props.children}
      <Button variant="ghost" onClick={leave}>
        {t(S.leaveRoom)}
      </Button>
    </div>
  );
}
