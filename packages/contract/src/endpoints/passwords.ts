import { ForgotPasswordBody, Ok, ResetPasswordBody } from '../schemas';
import { endpoints, perHour } from './define';
import { PASSWORD_ROUTES } from './routes';

/**
 * Forgot answers 202 whatever the identity (the mail, if any, is written after the reply); reset refuses a
 * token that is unknown, expired or used with invalid_token, and a password with registration's codes.
 */
export const PASSWORD_ENDPOINTS = endpoints('passwords', PASSWORD_ROUTES, {
  forgotPassword: {
    rateLimit: perHour(10),
    public: true,
    status: 202,
    body: ForgotPasswordBody,
    response: Ok,
    errors: [],
  },
  resetPassword: {
    rateLimit: perHour(20),
    public: true,
    body: ResetPasswordBody,
    response: Ok,
    errors: ['invalid_token', 'invalid_password', 'common_password'],
  },
});
