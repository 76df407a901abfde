import { type EventSubtype, type EventType, eventSchema } from '@orbit/contract';
import type { TSchema } from 'typebox';
import { Compile, type Validator } from 'typebox/compile';
import type { EmitCheck } from './tx';

/** One compiled checker per payload schema, built on first use and shared by every app of the process. */
const validators = new WeakMap<TSchema, Validator>();

function validatorOf(schema: TSchema): Validator {
  let validator = validators.get(schema);
  if (!validator) {
    validator = Compile(schema);
    validators.set(schema, validator);
  }
  return validator;
}

/** What is wrong with one event against the contract's event catalogue, or null when it matches. */
export function eventProblem(type: string, subtype: string | null, data: unknown): string | null {
  const schema = eventSchema(type, subtype);
  if (!schema) return `${type}/${subtype}: not in the event catalogue`;
  const validator = validatorOf(schema);
  if (validator.Check(data)) return null;
  const errors = validator
    .Errors(data)
    .slice(0, 3)
    .map((error) => `${error.instancePath || '/'} ${error.message}`);
  return `${type}/${subtype}: ${errors.join('; ')}`;
}

/** Frames of the emit itself: this check and the unit of work. */
const EMIT_FRAMES = ['platform/event-check.ts', 'platform/tx.ts'];

/** The first frame of the stack outside the emit itself: the service that emitted. */
function emitterOf(stack: string | undefined): string {
  const frames = (stack ?? '').split('\n').slice(1);
  const caller = frames.find((line) => !EMIT_FRAMES.some((file) => line.includes(file)));
  return caller?.trim().replace(/^at /, '') ?? 'unknown';
}

/**
 * The test suite's check of every emitted event against the contract's catalogue (docs/decisions/0034): each
 * payload is validated where it is emitted, and each mismatch kept with the place that emitted it, for the
 * test file to fail on. Only a test app builds one; production emits unchecked.
 */
export class EventSchemaCheck {
  /** Each distinct mismatch once: a service that emits a wrong payload in a loop is one finding. */
  private readonly found = new Set<string>();

  readonly check: EmitCheck = (type: EventType, subtype: EventSubtype | null, data: unknown) => {
    const problem = eventProblem(type, subtype, data);
    if (problem) this.found.add(`${problem} (emitted at ${emitterOf(new Error().stack)})`);
  };

  violations(): string[] {
    return [...this.found];
  }
}
