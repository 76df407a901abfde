import { AccountExport, EraseAccountBody, ImportResult, Ok } from '../schemas';
import { BODY_LIMITS, endpoints, perMinute } from './define';
import { ACCOUNT_ROUTES } from './routes';

/** The codes PUT /user's rules refuse a profile with: an import checks the profile with the same rules. */
const PROFILE_RULES = ['out_of_range', 'managed_by_identity_provider'] as const;

export const ACCOUNT_ENDPOINTS = endpoints('account', ACCOUNT_ROUTES, {
  exportAccount: { rateLimit: perMinute(5), response: AccountExport, errors: [] },
  /**
   * The personal part of an export, as JSON (the document itself) or as a multipart form whose file is the
   * downloaded export (AccountImport, checked by the server: 400 invalid_import for anything else).
   * Idempotent: importing the same document again adds nothing.
   */
  // An export's personal part can hold years of sessions and moods: more than an ordinary JSON body.
  importAccount: {
    rateLimit: perMinute(10),
    bodyLimit: BODY_LIMITS.upload,
    multipart: true,
    response: ImportResult,
    errors: ['invalid_import', ...PROFILE_RULES],
  },
  /** Wrong password: 401 incorrect_password, and nothing is erased. */
  eraseAccount: {
    rateLimit: perMinute(10),
    body: EraseAccountBody,
    response: Ok,
    errors: ['incorrect_password'],
  },
});
