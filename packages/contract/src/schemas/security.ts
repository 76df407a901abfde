import { Type } from 'typebox';
import { Id, Nullable } from './common';

/** A code a member types: six TOTP digits or a recovery code; spaces and dashes are ignored. */
const Code = Type.String({ minLength: 1, maxLength: 32 });
const Password = Type.String({ minLength: 1, maxLength: 200 });

/** GET /user/2fa: whether two-factor sign-in is on, and how many recovery codes are still unused. */
export const TwoFactorStatus = Type.Object({
  enabled: Type.Boolean(),
  recovery_codes_left: Type.Integer({ minimum: 0 }),
});

export const TwoFactorSetupBody = Type.Object({ password: Password });
/** A new base32 secret, not active until confirmed with a code (POST /user/2fa/enable). */
export const TwoFactorSetupResponse = Type.Object({
  secret: Type.String(),
  otpauth_url: Type.String(),
});

export const TwoFactorCodeBody = Type.Object({ code: Code });
/** Ten single-use recovery codes, shown once: the server keeps only their hashes. */
export const RecoveryCodesResponse = Type.Object({
  recovery_codes: Type.Array(Type.String(), { minItems: 10, maxItems: 10 }),
});
export const TwoFactorDisableBody = Type.Object({ password: Password, code: Code });

/** POST /login for a member with two-factor sign-in on: no session yet, a challenge to answer with a code. */
export const TwoFactorChallengeResponse = Type.Object({
  two_factor_required: Type.Literal(true),
  challenge_token: Type.String(),
});
export const LoginTwoFactorBody = Type.Object({
  challenge_token: Type.String({ minLength: 1, maxLength: 200 }),
  code: Code,
});

/** One of the member's own sign-in sessions (a device): never its token or the token's hash. */
export const DeviceSession = Type.Object({
  session_id: Id,
  created_at: Type.String({ format: 'date-time' }),
  last_seen_at: Type.String({ format: 'date-time' }),
  user_agent: Nullable(Type.String()),
  current: Type.Boolean(),
});
export const DeviceSessionsResponse = Type.Object({ sessions: Type.Array(DeviceSession) });
export const DeviceSessionParams = Type.Object({ session_id: Id });
