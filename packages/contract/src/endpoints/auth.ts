import {
  IdentityAvailableQuery,
  IdentityAvailableResponse,
  LoginBody,
  MeResponse,
  Ok,
  PasswordBody,
  RegisterBody,
  RegisterResponse,
  TokenBody,
  TokenResponse,
  ValidatePasswordResponse,
} from '../schemas';
import { endpoints } from './define';
import { AUTH_ROUTES } from './routes';

export const AUTH_ENDPOINTS = endpoints('auth', AUTH_ROUTES, {
  register: {
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
  login: { public: true, body: LoginBody, response: TokenResponse, errors: ['invalid_credentials'] },
  token: { public: true, body: TokenBody, response: Ok, errors: ['invalid_token'] },
  me: { response: MeResponse, errors: [] },
  logout: { response: Ok, errors: [] },
  validatePassword: { body: PasswordBody, response: ValidatePasswordResponse, errors: [] },
  confirmPassword: { body: PasswordBody, response: Ok, errors: ['incorrect_password'] },
  identityAvailable: { query: IdentityAvailableQuery, response: IdentityAvailableResponse, errors: [] },
});
