import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CATALOGUE, isErrorCode } from '@orbit/contract';
import { describe, expect, it } from 'vitest';

/**
 * Every error code the server code base sends is one of the contract's catalogue. The helpers and AppError
 * take only catalogue codes (the compiler checks each call); this scan also covers what the compiler does
 * not see: a literal `error:` written to a reply, a code in `errors[]`.
 */

const SERVER_SRC = path.resolve(import.meta.dirname, '..');
const CODE = "'([a-z][a-z0-9_]*)'";
const STRING = "(?:'(?:[^'\\\\]|\\\\.)*'|`(?:[^`\\\\]|\\\\.)*`)";
/** The places a code is named: the helpers, AppError, a reply's body, errors[], the catalogue's names. */
const NAMED = [
  new RegExp(`\\b(?:badRequest|conflict)\\(\\s*${CODE}`, 'g'),
  new RegExp(`\\b(?:forbidden|notFound|unauthorized)\\(\\s*${STRING}\\s*,\\s*${CODE}`, 'g'),
  new RegExp(`\\b(?:new AppError|registrationError)\\(\\s*\\d+\\s*,\\s*${CODE}`, 'g'),
  new RegExp(`\\berror:\\s*${CODE}`, 'g'),
  new RegExp(`\\berrors:\\s*\\[\\s*\\{\\s*code:\\s*${CODE}`, 'g'),
  /\bErrorCode\.([a-z][a-z0-9_]*)/g,
];

/** The error codes a piece of server code names. */
function codesNamedIn(source: string): string[] {
  return NAMED.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1] as string));
}

function serverSources(dir = SERVER_SRC): { file: string; source: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(full);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) return [];
    return [{ file: path.relative(SERVER_SRC, full), source: readFileSync(full, 'utf8') }];
  });
}

describe('the error catalogue', () => {
  const named = serverSources().flatMap(({ file, source }) =>
    codesNamedIn(source).map((code) => ({ file, code })),
  );

  it('reads the codes a piece of code names, however the call is written', () => {
    const source = `throw forbidden(\`Only \${n} may\`, 'not_the_host');
      throw badRequest(
        'no_such_code',
        'x',
      );
      reply.status(429).send({ error: 'rate_limited', message: 'Too many' });
      new AppError(409, ErrorCode.call_full, 'full');`;
    expect(codesNamedIn(source).sort()).toEqual([
      'call_full',
      'no_such_code',
      'not_the_host',
      'rate_limited',
    ]);
    expect(codesNamedIn(source).filter((code) => !isErrorCode(code))).toEqual(['no_such_code']);
  });

  it('declares every code the server code base sends', () => {
    expect(named.length).toBeGreaterThan(150);
    expect(named.filter(({ code }) => !isErrorCode(code))).toEqual([]);
  });

  it('declares no code the server never sends', () => {
    const sent = new Set(named.map(({ code }) => code));
    expect(Object.keys(ERROR_CATALOGUE).filter((code) => !sent.has(code))).toEqual([]);
  });

  it('writes every code in one style: snake_case', () => {
    expect(
      Object.keys(ERROR_CATALOGUE).filter((code) => !/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(code)),
    ).toEqual([]);
  });
});
