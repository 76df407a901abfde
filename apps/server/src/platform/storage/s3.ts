import { AwsClient } from 'aws4fetch';
import type { S3Config } from '../../config';
import type { Storage } from './index';

/** A request that hangs (a stalled store or network) fails instead of holding an upload open forever. */
const DEFAULT_TIMEOUT_MS = 30_000;
/** aws4fetch retries 5xx and 429 with backoff; its default of 10 would keep a member waiting for minutes. */
const RETRIES = 2;

type Method = 'PUT' | 'GET' | 'DELETE';

/** RFC 3986 encoding of one path segment, as SigV4 signs it (encodeURIComponent leaves !'()* alone). */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Empty, `.` and `..` segments would be rewritten by URL parsing, so the signed key would not be the stored one. */
function encodeKey(key: string): string {
  const segments = key.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) throw new Error(`bad storage key ${key}`);
  return segments.map(encodeSegment).join('/');
}

/** The `<Code>` of an S3 error document, e.g. NoSuchKey or AccessDenied. */
function errorCode(body: string): string | null {
  return /<Code>([^<]*)<\/Code>/.exec(body)?.[1] ?? null;
}

/** Uploads in an S3-compatible bucket (AWS, MinIO, Ceph, R2, ...), so every instance reads what any one wrote. */
export class S3Storage implements Storage {
  private readonly client: AwsClient;

  constructor(
    private readonly config: S3Config,
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {
    this.client = new AwsClient({
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      service: 's3',
      region: config.region,
      retries: RETRIES,
    });
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    await this.send('PUT', key, {
      // fetch's BodyInit wants a view over a plain ArrayBuffer, which a Buffer's type does not promise. fetch
      // sends a byte array's length itself; one set here as well was refused (undici's "invalid content-length
      // header") once importing the undici package had routed Node's fetch through it.
      body: new Uint8Array(bytes),
      headers: { 'content-type': 'application/octet-stream' },
    });
  }

  async get(key: string): Promise<Buffer | null> {
    return this.send('GET', key, {});
  }

  async delete(key: string): Promise<void> {
    await this.send('DELETE', key, {});
  }

  private url(objectKey: string): string {
    const endpoint = new URL(this.config.endpoint);
    const base = endpoint.pathname.replace(/\/+$/, '');
    if (this.config.forcePathStyle) {
      endpoint.pathname = `${base}/${encodeSegment(this.config.bucket)}/${encodeKey(objectKey)}`;
    } else {
      endpoint.hostname = `${this.config.bucket}.${endpoint.hostname}`;
      endpoint.pathname = `${base}/${encodeKey(objectKey)}`;
    }
    return endpoint.toString();
  }

  /** One signed request: the response body when 2xx, null when the object does not exist; anything else throws. */
  private async send(method: Method, key: string, init: RequestInit): Promise<Buffer | null> {
    const objectKey = this.config.prefix + key;
    const failure = (reason: string) =>
      new Error(`S3 ${method} of "${objectKey}" in bucket "${this.config.bucket}" failed: ${reason}`);
    let res: Response;
    let body: Buffer;
    try {
      res = await this.client.fetch(this.url(objectKey), {
        ...init,
        method,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      body = Buffer.from(await res.arrayBuffer());
    } catch (err) {
      const { message, cause } = err as Error;
      throw failure(cause instanceof Error ? `${message} (${cause.message})` : message);
    }
    if (res.ok) return body;
    const code = errorCode(body.toString('utf8'));
    // Only NoSuchKey means "not stored": a 404 for a missing bucket or a wrong endpoint is a misconfiguration.
    if (res.status === 404 && code === 'NoSuchKey') return null;
    throw failure(`${res.status} ${code ?? res.statusText}`);
  }
}
