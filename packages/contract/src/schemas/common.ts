import { type Static, type TSchema, Type } from 'typebox';

/**
 * A value or null. Primitive schemas become `type: [t, 'null']` rather than a union: the response serialiser
 * compiles a type list into one check, where a union costs a trial per value (measured: 9x on /user/profiles).
 */
export function Nullable<T extends TSchema>(schema: T) {
  const type = (schema as { type?: unknown }).type;
  if (typeof type === 'string' && type !== 'object' && type !== 'array') {
    return Type.Unsafe<Static<T> | null>({ ...schema, type: [type, 'null'] });
  }
  return Type.Unsafe<Static<T> | null>(Type.Union([schema, Type.Null()]));
}

export const ErrorResponse = Type.Object(
  {
    error: Type.String(),
    message: Type.String(),
    details: Type.Optional(Type.Unknown()),
    errors: Type.Optional(Type.Array(Type.Object({ code: Type.String(), message: Type.String() }))),
  },
  { $id: 'ErrorResponse' },
);

/**
 * The name a member goes by for the one who reads it (decision 0043): first and last name under their
 * persona, the alias under their avatar identity. `screen_name` beside it is the handle, not a second name.
 */
export const DisplayName = Type.String({ description: 'the name the member goes by for the caller (0043)' });

export const Ok = Type.Object({ ok: Type.Boolean() });
export const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
