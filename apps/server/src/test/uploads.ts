import { type EndpointArgs, type EndpointName, type Endpoints, endpointRequest } from '@orbit/contract';
import sharp from 'sharp';
import type { App } from '../platform/http';
import type { Called } from './call';
import type { TestUser } from './harness';

/** One file of a multipart form in a test. */
export interface FormFile {
  name: string;
  bytes: Buffer;
  type?: string;
}

/** A multipart body as a browser sends it: an optional `data` JSON field, then the files. */
export function multipartForm(files: FormFile[], data?: object) {
  const boundary = '----orbit-attachments-test';
  const parts: Buffer[] = [];
  if (data !== undefined) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n`,
      ),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The endpoints that read a multipart form. */
export type UploadName = {
  [N in EndpointName]: Endpoints[N] extends { multipart: true } ? N : never;
}[EndpointName];

/** Where an upload goes beside its files: the endpoint's params and query, and the optional `data` JSON field. */
type UploadArgs<N extends UploadName> = Omit<EndpointArgs<Endpoints[N]>, 'form' | 'body'> & { data?: object };

/**
 * Uploads files as `user` to a multipart endpoint by its declared name, the way the upload widget does: the
 * typed client's `call` for a form, its path from the declaration and its answer typed by it (issue 29).
 * `upload(member, 'userPostWithFiles', files, { params: { id }, data: { message } })`.
 */
export function uploaderTo(app: App) {
  return async <N extends UploadName>(
    user: TestUser,
    name: N,
    files: FormFile[],
    ...[args]: object extends UploadArgs<N> ? [UploadArgs<N>?] : [UploadArgs<N>]
  ): Promise<Called<N>> => {
    const { params, query, data } = (args ?? {}) as {
      params?: object;
      query?: Record<string, string | number | undefined>;
      data?: object;
    };
    const { path } = endpointRequest(name, params);
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {}))
      if (value !== undefined) search.set(key, String(value));
    const form = multipartForm(files, data);
    return (await app.inject({
      method: 'POST',
      url: `/api${path}${search.size > 0 ? `?${search}` : ''}`,
      headers: { ...user.headers, ...form.headers },
      payload: form.payload,
    })) as Called<N>;
  };
}

/**
 * POSTs files (and the optional `data` JSON) to /api/`url` as `user`, the way the upload widget does.
 * @deprecated use uploaderTo(), by the endpoint's name: a path written here by hand escapes the typecheck.
 * Kept for the tests that still use it.
 */
export function uploader(app: App) {
  return (user: TestUser, url: string, files: FormFile[], data?: object) => {
    const form = multipartForm(files, data);
    return app.inject({
      method: 'POST',
      url: `/api/${url}`,
      headers: { ...user.headers, ...form.headers },
      payload: form.payload,
    });
  };
}

export const samples = {
  png: () =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 144, b: 255 } } })
      .png()
      .toBuffer(),
  pdf: () => Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  /** An ID3 tag then an MPEG audio frame header: what an MP3 starts with. */
  mp3: () =>
    Buffer.concat([
      Buffer.from('ID3'),
      Buffer.from([3, 0, 0, 0, 0, 0, 10]),
      Buffer.alloc(10),
      Buffer.from([0xff, 0xfb, 0x90, 0x64]),
      Buffer.alloc(400),
    ]),
  /** An ISO media file type box then counted filler bytes, so a range can be checked byte for byte. */
  mp4: () =>
    Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom'),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from('isomiso2'),
      Buffer.from([0, 0, 0x10, 0x08]),
      Buffer.from('free'),
      Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251)),
    ]),
  exe: () => Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
  /** A JPEG carrying a camera make and a GPS position in its EXIF. */
  jpegWithGps: () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366ff' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Orbit camera' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 0/1',
        },
      })
      .toBuffer(),
};
