import {
  DeviceSessionParams,
  DeviceSessionsResponse,
  Ok,
  RecoveryCodesResponse,
  TwoFactorCodeBody,
  TwoFactorDisableBody,
  TwoFactorSetupBody,
  TwoFactorSetupResponse,
  TwoFactorStatus,
} from '../schemas';
import { endpoints, perMinute } from './define';
import { SECURITY_ROUTES } from './routes';

/**
 * Two-factor sign-in and devices (issue 16, docs/decisions/0050). Setting up and turning off ask for the
 * password; turning off asks for a code too. Another member's session is a 404: the caller may not know it.
 */
export const SECURITY_ENDPOINTS = endpoints('security', SECURITY_ROUTES, {
  twoFactorStatus: { response: TwoFactorStatus, errors: [] },
  // Password and code guesses: as few as the password confirmation takes (setup, enable, disable).
  twoFactorSetup: {
    rateLimit: perMinute(10),
    body: TwoFactorSetupBody,
    response: TwoFactorSetupResponse,
    errors: ['incorrect_password', 'two_factor_enabled'],
  },
  twoFactorEnable: {
    rateLimit: perMinute(10),
    body: TwoFactorCodeBody,
    response: RecoveryCodesResponse,
    errors: ['invalid_code', 'two_factor_enabled', 'two_factor_not_set_up'],
  },
  twoFactorDisable: {
    rateLimit: perMinute(10),
    body: TwoFactorDisableBody,
    response: Ok,
    errors: ['incorrect_password', 'invalid_code', 'two_factor_not_enabled'],
  },
  deviceSessions: { response: DeviceSessionsResponse, errors: [] },
  revokeDeviceSession: {
    rateLimit: perMinute(30),
    params: DeviceSessionParams,
    response: Ok,
    errors: ['not_found'],
  },
  revokeOtherSessions: { rateLimit: perMinute(30), response: Ok, errors: [] },
});
