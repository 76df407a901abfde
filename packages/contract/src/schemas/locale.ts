import { Type } from 'typebox';

export const LocaleQuery = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 16 })) });
export const LocaleResponse = Type.Object({
  keys: Type.Record(Type.String(), Type.String()),
  lang: Type.String({ description: 'The language actually used: en_us when the requested one is unknown' }),
});

export const VersionQuery = Type.Object({
  v: Type.Number({ description: "The client's numeric version" }),
});
export const VersionResponse = Type.Object({
  outdated: Type.Boolean(),
  min_version: Type.Number(),
  version: Type.Number({ description: 'The client version the answer was given for' }),
});
