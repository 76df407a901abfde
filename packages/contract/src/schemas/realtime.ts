import { Type } from 'typebox';
import { WATCHED_CHANNELS_MAX } from '../events';

export const WsUrlResponse = Type.Object({
  url: Type.String({ description: 'ws(s)://host/api/ws?token=<single-use ticket, valid 60 s>' }),
});

export const WsQuery = Type.Object({
  /** Optional in the schema so that a missing ticket answers 401 like a bad one, not 400. */
  token: Type.Optional(Type.String({ maxLength: 200 })),
  since: Type.Optional(Type.Integer({ minimum: 0 })),
  /** The client's position on each community channel it follows: `<community id>:<seq>` pairs. */
  ch: Type.Optional(
    Type.String({ maxLength: 20_000, pattern: '^\\d{1,10}:\\d{1,15}(,\\d{1,10}:\\d{1,15})*$' }),
  ),
  /**
   * The community channels the socket watches (decision 0084): their frames alone are written, as `watch`
   * messages later say. Absent: every channel followed (a client that never chooses gets them all).
   */
  w: Type.Optional(
    Type.String({
      maxLength: 11 * WATCHED_CHANNELS_MAX,
      pattern: `^(\\d{1,10}(,\\d{1,10}){0,${WATCHED_CHANNELS_MAX - 1}})?$`,
    }),
  ),
});
