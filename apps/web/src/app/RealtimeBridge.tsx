import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listenToInterest, watchedChannels } from '../api/channelInterest';
import { RealtimeClient } from '../api/realtime';
import { createHandlerContext, handleRealtimeEvent, markChannelScreensStale } from '../api/realtimeHandlers';

/** The one place realtime events reach the query cache, for as long as a member is signed in. */
export function RealtimeBridge() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const context = createHandlerContext(queryClient);
    const client = new RealtimeClient({
      onEvent: (event, replay) => handleRealtimeEvent(context, event, replay),
      // Events were missed that the server could not replay (RESYNC): whatever is on screen is refetched.
      onStale: () => void queryClient.invalidateQueries(),
    });
    client.watch(watchedChannels());
    const stopListening = listenToInterest({
      changed: (watching) => client.watch(watching),
      unwatched: (communityId) => markChannelScreensStale(queryClient, communityId),
    });
    client.start();
    return () => {
      stopListening();
      client.stop();
    };
  }, [queryClient]);
  return null;
}
