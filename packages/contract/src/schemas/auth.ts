import { Type } from 'typebox';

export const RegisterBody = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 254 }),
  password: Type.Optional(Type.String({ maxLength: 200 })),
  username: Type.Optional(Type.String({ maxLength: 64 })),
  organization_id: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  measurement_unit: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
  country_code: Type.Optional(Type.String({ minLength: 2, maxLength: 2 })),
  timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
});
export const RegisterResponse = Type.Object({
  user_id: Type.Integer(),
  generated_password: Type.Optional(Type.String()),
});

export const LoginBody = Type.Object({
  identity: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
});
export const TokenResponse = Type.Object({ user_token: Type.String() });
export const TokenBody = Type.Object({ user_token: Type.String({ minLength: 1, maxLength: 200 }) });

export const MeResponse = Type.Object({ user_id: Type.Integer() });

export const PasswordBody = Type.Object({ password: Type.String({ maxLength: 200 }) });
export const ValidatePasswordResponse = Type.Object({
  valid: Type.Boolean(),
  problems: Type.Array(Type.String()),
});
export const IdentityAvailableQuery = Type.Object({
  identity: Type.String({ minLength: 1, maxLength: 64 }),
});
export const IdentityAvailableResponse = Type.Object({ available: Type.Boolean(), valid: Type.Boolean() });

/** POST /password/forgot: the email or username the member signs in with. */
export const ForgotPasswordBody = Type.Object({ identity: Type.String({ minLength: 1, maxLength: 254 }) });
/** POST /password/reset: the token from the mail's link and the new password. */
export const ResetPasswordBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
  password: Type.String({ maxLength: 200 }),
});
