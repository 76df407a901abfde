import { Command, CommanderError } from 'commander';
import type { Config } from '../config';
import { DatabaseBusy } from '../db/pglite-lock';
import { AppError } from '../platform/errors';
import { CliError, configFrom, type Line } from './context';
import { databaseCommands } from './database';
import { statsCommand } from './stats';
import { userCommands } from './users';

/** Runs one command with the configuration; what it answers is printed as its one line. */
export type Run = (command: (config: Config) => Promise<Line>) => Promise<void>;

export interface Io {
  out(line: string): void;
  err(line: string): void;
}

/** A refusal Orbit explains (bad input, a busy database, a tool that failed): its message alone. */
function explained(err: unknown): string | null {
  if (err instanceof CliError || err instanceof DatabaseBusy) return err.message;
  // A service's refusal, as the API would send it: "Email already in use", "Invalid email address".
  if (err instanceof AppError) return err.message;
  return null;
}

/** An unexpected failure: its message and its cause's (a query's error names what the database said). */
function unexpected(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? ` (${err.cause.message})` : '';
  return `${err.message.split('\n')[0]}${cause}`;
}

/**
 * `orbit <command>`: parses argv (without node and the script), runs the command with the server's own
 * configuration read from `env`, prints its one line on `io.out`, and answers the exit code: 0 when done,
 * 1 for bad input or a failure (its reason on `io.err`).
 */
export async function orbit(argv: string[], env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  const program = new Command('orbit')
    .description("Orbit's admin command: members, the database, figures")
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.out(text.trimEnd()),
      writeErr: (text) => io.err(text.trimEnd()),
    })
    .showSuggestionAfterError();
  const run: Run = async (command) => io.out(await command(configFrom(env)));
  userCommands(program, run);
  databaseCommands(program, run);
  statsCommand(program, run);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (err) {
    // Commander printed its own message (unknown command, missing option) or the help.
    if (err instanceof CommanderError) return err.exitCode;
    io.err(`orbit: ${explained(err) ?? `failed: ${unexpected(err)}`}`);
    return 1;
  }
}
