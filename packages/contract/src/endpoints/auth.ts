import { Type } from 'typebox';
import {
  IdentityAvailableQuery,
  IdentityAvailableResponse,
  LoginBody,
  LoginTwoFactorBody,
  MeResponse,
  Ok,
  PasswordBody,
  RegisterBody,
  RegisterResponse,
  TokenBody,
  TokenResponse,
  TwoFactorChallengeResponse,
  ValidatePasswordResponse,
} from '../schemas';
import { endpoints, perHour, perMinute } from './define';
import { AUTH_ROUTES } from './routes';

export const AUTH_ENDPOINTS = endpoints('auth', AUTH_ROUTES, {
  register: {
    rateLimit: perHour(10),
    public: true,
    status: 201,
    body: RegisterBody,
    response: RegisterResponse,
    errors: [
      'invalid_username',
      'invalid_password',
      'common_password',
      'email_already_in_use',
      'identity_not_available',
      'registration_closed',
      'forbidden',
    ],
  },
  /** With two-factor sign-in on, the right password answers a challenge instead of a session. */
  login: {
    rateLimit: perMinute(30),
    public: true,
    body: LoginBody,
    response: Type.Union([TokenResponse, TwoFactorChallengeResponse]),
    errors: ['invalid_credentials', 'account_disabled'],
  },
  /** The challenge answered with a current TOTP code or an unused recovery code: the session, as login. */
  loginTwoFactor: {
    rateLimit: perMinute(30),
    public: true,
    body: LoginTwoFactorBody,
    response: TokenResponse,
    errors: ['invalid_code', 'invalid_challenge', 'account_disabled'],
  },
  token: { rateLimit: perMinute(30), public: true, body: TokenBody, response: Ok, errors: ['invalid_token'] },
  me: { response: MeResponse, errors: [] },
  logout: { response: Ok, errors: [] },
  validatePassword: {
    rateLimit: perMinute(30),
    body: PasswordBody,
    response: ValidatePasswordResponse,
    errors: [],
  },
  confirmPassword: {
    rateLimit: perMinute(10),
    body: PasswordBody,
    response: Ok,
    errors: ['incorrect_password'],
  },
  identityAvailable: {
    rateLimit: perMinute(60),
    query: IdentityAvailableQuery,
    response: IdentityAvailableResponse,
    errors: [],
  },
});
