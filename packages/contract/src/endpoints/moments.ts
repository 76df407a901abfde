import {
  AppQuery,
  AppResponse,
  CreateMomentBody,
  IgnoreMomentBody,
  Moment,
  MomentIdQuery,
  MomentLeaderboardResponse,
  MomentSearchQuery,
  MomentSearchResponse,
  MomentsStatusBody,
  Ok,
  ReplayedSessionResponse,
} from '../schemas';
import { endpoints, perMinute } from './define';
import { MOMENT_ROUTES } from './routes';

export const MOMENT_ENDPOINTS = endpoints('moments', MOMENT_ROUTES, {
  appCriteria: { query: AppQuery, response: AppResponse, errors: ['not_found'] },
  createMoment: {
    rateLimit: perMinute(60),
    body: CreateMomentBody,
    response: Moment,
    errors: [
      'not_found',
      'not_a_member',
      'not_friends',
      'blocked',
      'no_participants',
      'treasure_has_participants',
      'session_info_too_long',
      'unknown_criterion',
      'choose_one_criterion',
      'message_too_long',
    ],
  },
  searchMoments: { query: MomentSearchQuery, response: MomentSearchResponse, errors: [] },
  momentsSeen: { body: MomentsStatusBody, response: Ok, errors: ['not_found'] },
  ignoreMoment: { body: IgnoreMomentBody, response: Ok, errors: ['not_found', 'moment_completed'] },
  replayedSession: { query: MomentIdQuery, response: ReplayedSessionResponse, errors: ['not_found'] },
  momentLeaderboard: { query: MomentIdQuery, response: MomentLeaderboardResponse, errors: ['not_found'] },
});
