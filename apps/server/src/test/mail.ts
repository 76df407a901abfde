import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { expect, vi } from 'vitest';
import { EVENTUALLY } from './harness';

/**
 * A real SMTP server in the test process (smtp-server): it takes whatever is sent to it, without TLS or
 * authentication, and keeps each message parsed (mailparser). It can be stopped and started again on the same
 * port, as an SMTP server that goes away for a while.
 */
export class TestMailServer {
  readonly received: ParsedMail[] = [];
  private server: SMTPServer | null = null;
  private constructor(
    public port: number,
    private readonly login: { user: string; pass: string } | null,
  ) {}

  /** With `login`, the server takes mail only from a client that authenticates with it (AUTH PLAIN/LOGIN). */
  static async start(login: { user: string; pass: string } | null = null): Promise<TestMailServer> {
    const mail = new TestMailServer(0, login);
    await mail.resume();
    return mail;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Listens (again) on its port; the first start picks a free one. */
  async resume(): Promise<void> {
    const { login } = this;
    const server = new SMTPServer({
      authOptional: !login,
      allowInsecureAuth: true,
      disabledCommands: login ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      logger: false,
      onAuth: (auth, _session, done) =>
        login && auth.username === login.user && auth.password === login.pass
          ? done(null, { user: login.user })
          : done(new Error('Invalid username or password')),
      onData: (stream, _session, done) => {
        simpleParser(stream)
          .then((parsed) => {
            this.received.push(parsed);
            done();
          })
          .catch(done);
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening: connections are refused until resume(). */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The messages to one address so far. */
  to(address: string): ParsedMail[] {
    return this.received.filter(
      (mail) => mail.to && [mail.to].flat().some((to) => to.text.includes(address)),
    );
  }

  /** Waits for the n-th message to an address (1 by default) and answers it. */
  async waitFor(address: string, n = 1): Promise<ParsedMail> {
    await vi.waitFor(() => expect(this.to(address).length).toBeGreaterThanOrEqual(n), EVENTUALLY);
    return this.to(address)[n - 1];
  }
}

/** The token of the reset (or set-password) link in a mail's plain-text part. */
export function tokenIn(mail: ParsedMail): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return match[1];
}
