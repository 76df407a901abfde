import { SessionMicState, type SessionRoom } from '@orbit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  leaveRoom,
  leaveRoomWithThePage,
  lessonKeys,
  onSessionActivity,
  refreshRoom,
} from '../../api/lessons';
import { playSound } from '../../ui/sounds';
import { LiveRoom, type LiveSnapshot } from './liveRoom';
import {
  bridgeDisplay,
  clickMic,
  closeMic,
  forceMuted,
  initialMic,
  type MicToggle,
  reopenMic,
  sendsAudio,
} from './rules';

export interface Me {
  id: number;
  screenName: string;
  image: string | null;
}

/**
 * The lesson's rooms for the view's lifetime, started by JOIN: the mic button follows gotMic and micRemoved
 * from the server, a kick ends the room, and the floor (Q&A, queue) lands in the room query.
 */
export function useLiveRoom(room: SessionRoom, me: Me) {
  const queryClient = useQueryClient();
  const lessonId = room.session.id;
  const host = room.is_host;
  const [snapshot, setSnapshot] = useState<LiveSnapshot | null>(null);
  const [mic, setMic] = useState<MicToggle>(() =>
    room.my_mic === SessionMicState.GRANTED ? reopenMic(initialMic(host)) : initialMic(host),
  );
  const live = useRef<LiveRoom | null>(null);

  const applyMic = useCallback((next: MicToggle) => {
    setMic(next);
    live.current?.setMuted(!sendsAudio(next));
  }, []);
  const micRef = useRef(mic);
  micRef.current = mic;

  const join = useCallback(() => {
    if (live.current || !room.janus_url || !room.janus_admin_passwd || !room.video_passwd) return;
    const created = new LiveRoom({
      url: room.janus_url,
      iceServers: room.ice_servers as RTCIceServer[],
      audioRoomId: room.session.janus_room_id,
      audioPin: room.janus_admin_passwd,
      videoRoomId: room.session.video_session_id,
      videoPin: room.video_passwd,
      myId: me.id,
      hostId: room.session.instructor_id,
      display: bridgeDisplay(me.screenName, me.image),
      host,
      onChange: setSnapshot,
    });
    live.current = created;
    created.setMuted(!sendsAudio(micRef.current));
    setSnapshot(created.snapshot);
    void created.connect();
  }, [room, me, host]);

  const leave = useCallback(() => {
    live.current?.leave();
  }, []);

  useEffect(() => () => live.current?.leave(), []);

  // A viewer leaves the room with the view, or with the tab; the host stays its host until the lesson ends.
  useEffect(() => {
    if (host) return;
    const stopWatchingThePage = leaveRoomWithThePage(queryClient, lessonId);
    return () => {
      stopWatchingThePage();
      void leaveRoom(queryClient, lessonId);
    };
  }, [host, queryClient, lessonId]);

  // The room reports me muted: a viewer's open mic shows muted (docs/product/calls-and-lessons.md#lesson-room).
  useEffect(() => {
    if (snapshot?.roomMuted && !host) setMic((m) => forceMuted(m));
  }, [snapshot?.roomMuted, host]);

  useEffect(
    () =>
      onSessionActivity((activity, replay) => {
        if (!('session_id' in activity) || activity.session_id !== lessonId) return;
        if (activity.kind === 'kicked') {
          live.current?.kicked();
          void refreshRoom(queryClient, lessonId);
        } else if (activity.kind === 'mic') {
          // gotMic opens the mic as it was before it closed; micRemoved closes it.
          const granted = activity.mic === SessionMicState.GRANTED;
          if (granted && !replay) playSound('micGranted');
          applyMic(granted ? reopenMic(micRef.current) : closeMic(micRef.current));
          queryClient.setQueryData<SessionRoom>(lessonKeys.room(lessonId), (old) =>
            old ? { ...old, my_mic: activity.mic } : old,
          );
        } else if (activity.kind === 'floor') {
          queryClient.setQueryData<SessionRoom>(lessonKeys.room(lessonId), (old) =>
            old ? { ...old, floor: activity.floor } : old,
          );
        }
      }),
    [lessonId, queryClient, applyMic],
  );

  return {
    snapshot,
    mic,
    join,
    leave,
    toggleMic: () => applyMic(clickMic(mic)),
    retryMedia: () => live.current?.retryMedia(),
    chooseDevices: (devices: { microphone?: string | null; camera?: string | null }) =>
      live.current?.chooseDevices(devices),
  };
}
