import type { CallParticipant, PrivateCallSession } from '@orbit/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { onCallNews, sendCallMedia, useRefreshCallSession } from '../../api/calls';
import { useMe } from '../../api/profiles';
import { adoptPreparedRoom } from './prepared';
import type { CallRoom, Me, RoomSnapshot } from './room';

export type { Me };

/** Me in a call, one object per member: a profiles refetch does not reconnect the room. */
export function useCallMe(): Me | null {
  const profile = useMe();
  const id = profile?.user_id;
  const name = profile?.screen_name;
  return useMemo(() => (id !== undefined && name !== undefined ? { id, name } : null), [id, name]);
}

/** What the others told the server about their microphone and camera (CALL UPDATE), by member. */
export type RemoteStates = Map<number, Pick<CallParticipant, 'muted' | 'video'>>;

/**
 * The call room for the screen's lifetime: connects once the session is fetched, tells the server my mute
 * and video as they change, follows the others' CALL events, and stops when the call ends.
 */
export function useCallRoom(callId: number, session: PrivateCallSession | undefined, me: Me | null) {
  const refreshSession = useRefreshCallSession(callId);
  const [snapshot, setSnapshot] = useState<RoomSnapshot | null>(null);
  const [ended, setEnded] = useState(false);
  const [remote, setRemote] = useState<RemoteStates>(new Map());
  const room = useRef<CallRoom | null>(null);
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const roomId = session?.janus_room_id;
  // The gateway the server names for this call (0027): a call moved to another gateway connects there.
  const gatewayUrl = session?.janus_url;

  // One room per room and gateway: a session refetched for its participants does not reconnect.
  // biome-ignore lint/correctness/useExhaustiveDependencies: roomId and gatewayUrl say when the session's room changed
  useEffect(() => {
    const current = sessionRef.current;
    if (!current || !me) return;
    let created: CallRoom | null = null;
    let gone = false;
    // janus.js and webrtc-adapter load with the first call, not with the app.
    void import('./room').then(({ CallRoom: Room, roomOptions }) => {
      if (gone) return;
      // A call accepted from its ringing popup opened its room already (docs/decisions/0032).
      created = adoptPreparedRoom(callId, current) ?? new Room(roomOptions(current, me));
      room.current = created;
      created.listen(setSnapshot);
      void created.connect();
    });
    return () => {
      gone = true;
      created?.leave();
    };
  }, [callId, roomId, gatewayUrl, me]);

  // The participants' states as the session answered them, then as the events move them.
  useEffect(() => {
    if (!session) return;
    setRemote(new Map(session.participants.map((p) => [p.id, { muted: p.muted, video: p.video }])));
  }, [session]);

  useEffect(
    () =>
      onCallNews((news) => {
        if (news.kind === 'end' && news.callId === callId) {
          room.current?.leave();
          setEnded(true);
        } else if (news.kind === 'member' && news.event.call_id === callId) {
          if (news.subtype === 'UPDATE') {
            const { user_id, muted = false, video = false } = news.event;
            setRemote((states) => new Map(states).set(user_id, { muted, video }));
          } else {
            refreshSession();
          }
        }
      }),
    [callId, refreshSession],
  );

  const published = snapshot?.published ?? false;
  const muted = snapshot?.muted ?? false;
  const videoOn = snapshot?.videoOn ?? false;
  useEffect(() => {
    if (!published) return;
    // Silent on failure (docs/product/calls-and-lessons.md#call-screen: call errors are only logged); the next change sends the state again.
    sendCallMedia(callId, { muted, video: videoOn }).catch(() => undefined);
  }, [callId, published, muted, videoOn]);

  return { room, snapshot, ended, remote };
}
