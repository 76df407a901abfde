/** Stable error codes (API.md). The web app maps a code to a locale key; never match on message text. */
export const ErrorCode = {
  validation: 'validation',
  unauthorized: 'unauthorized',
  incorrect_password: 'incorrect_password',
  forbidden: 'forbidden',
  bad_origin: 'bad_origin',
  not_found: 'not_found',
  conflict: 'conflict',
  too_large: 'too_large',
  unsupported_type: 'unsupported_type',
  rate_limited: 'rate_limited',
  internal: 'internal',
  email_already_in_use: 'email_already_in_use',
  identity_not_available: 'identity_not_available',
  invalid_password: 'invalid_password',
  common_password: 'common_password',
  invalid_username: 'invalid_username',
  invalid_avatar_name: 'invalid_avatar_name',
  invalid_image: 'invalid_image',
  registration_closed: 'registration_closed',
  out_of_range: 'out_of_range',
  invalid_ticket: 'invalid_ticket',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface ApiErrorBody {
  error: string;
  message: string;
  details?: unknown;
  errors?: { code: string; message: string }[];
}
