import type { Command } from 'commander';
import type { Config } from '../config';
import type { AppDeps } from '../deps';
import { eraseMember } from '../modules/account';
import { makeOrganizationAdmin, memberByEmail, setMemberDisabled } from '../modules/admin';
import { register } from '../modules/auth';
import { issuePasswordLink } from '../modules/passwords';
import { CliError, type Line, quietLog, withDeps } from './context';
import type { Run } from './program';

type Member = NonNullable<Awaited<ReturnType<typeof memberByEmail>>>;

const named = (member: Pick<Member, 'id' | 'email'>) => `member ${member.id} <${member.email}>`;

async function memberOf(deps: AppDeps, email: string): Promise<Member> {
  const member = await memberByEmail(deps.db, email);
  if (!member) throw new CliError(`no member has the email ${email}`);
  return member;
}

/** "30 minutes", "7 days": how long a link works. */
function lifetime(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  return minutes < 24 * 60 ? `${minutes} minutes` : `${Math.round(minutes / (24 * 60))} days`;
}

/** How soon a disabled member's open sockets close: at once through Redis, else at the next session check. */
function socketsClosing(config: Config): string {
  return config.redisUrl
    ? 'their sockets closed on every instance'
    : `their open sockets close within ${Math.ceil(config.socketSessionCheckMs / 1000)} s (the session check)`;
}

export async function createMember(config: Config, email: string, admin: boolean): Promise<Line> {
  return withDeps(config, async (deps) => {
    // No password is typed: one is generated and forgotten, and the member sets theirs through the link.
    const { user_id: id } = await register(deps, { email }, null);
    const org = admin ? await makeOrganizationAdmin(deps.db, id) : null;
    const link = await issuePasswordLink(deps, id, 'welcome');
    const role = org ? `, admin of organisation ${org.id} "${org.name}"` : '';
    return `Created ${named({ id, email: email.trim() })}${role}; set-password link (works once, for ${lifetime(link.validMs)}): ${link.url}`;
  });
}

export async function resetLink(config: Config, email: string): Promise<Line> {
  return withDeps(config, async (deps) => {
    const member = await memberOf(deps, email);
    const link = await issuePasswordLink(deps, member.id, 'reset');
    return `Reset link for ${named(member)} (works once, for ${lifetime(link.validMs)}; older links void): ${link.url}`;
  });
}

export async function disableMember(config: Config, email: string): Promise<Line> {
  return withDeps(config, async (deps) => {
    const member = await memberOf(deps, email);
    const { changed, endedSessions } = await setMemberDisabled(deps, member.id, true);
    if (!changed) return `${named(member)} was already disabled; nothing changed`;
    return `Disabled ${named(member)}: no sign-in, ${endedSessions} session(s) ended, ${socketsClosing(config)}`;
  });
}

export async function enableMember(config: Config, email: string): Promise<Line> {
  return withDeps(config, async (deps) => {
    const member = await memberOf(deps, email);
    const { changed } = await setMemberDisabled(deps, member.id, false);
    if (!changed) return `${named(member)} was not disabled; nothing changed`;
    return `Enabled ${named(member)}: they may sign in again`;
  });
}

export async function eraseMemberByEmail(config: Config, email: string): Promise<Line> {
  return withDeps(config, async (deps) => {
    const member = await memberOf(deps, email);
    // A file storage kept or an event history not yet forgotten is warned about on stderr, as the server logs it.
    await eraseMember(deps, member.id, quietLog(config));
    return `Erased ${named(member)}: their account, what they wrote and their files are gone`;
  });
}

/** The commands that name one member by their email, each with what it does. */
const ONE_MEMBER: [
  name: string,
  description: string,
  command: (config: Config, email: string) => Promise<Line>,
][] = [
  ['user:reset-password', "print a link to reset a member's password", resetLink],
  ['user:disable', 'stop a member from signing in and end their sessions now', disableMember],
  ['user:enable', 'let a disabled member sign in again', enableMember],
  [
    'user:erase',
    "erase a member's account and everything of theirs, as their own erasure does",
    eraseMemberByEmail,
  ],
];

export function userCommands(program: Command, run: Run): void {
  const email = ['--email <email>', "the member's email address"] as const;
  program
    .command('user:create')
    .description('create a member and print a link to set their password (never a password)')
    .requiredOption(...email)
    .option('--admin', 'make them an admin of their organisation (the first one, made if there is none)')
    .action((opts: { email: string; admin?: boolean }) =>
      run((config) => createMember(config, opts.email, !!opts.admin)),
    );
  for (const [name, description, command] of ONE_MEMBER) {
    program
      .command(name)
      .description(description)
      .requiredOption(...email)
      .action((opts: { email: string }) => run((config) => command(config, opts.email)));
  }
}
