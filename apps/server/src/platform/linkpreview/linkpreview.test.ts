import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AddressPolicy, isPublicAddress, LinkPreviewer, PAGE_LIMITS } from './index';
import { readPageMeta } from './parse';

describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'IPv6 loopback'],
    ['10.1.2.3', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.254', 'private 172.16/12 (top)'],
    ['192.168.1.1', 'private 192.168/16'],
    ['169.254.10.20', 'link-local'],
    ['169.254.169.254', 'the cloud metadata address'],
    ['fe80::1', 'IPv6 link-local'],
    ['fc00::1', 'unique-local fc00::/7'],
    ['fd12:3456::1', 'unique-local fd00::/8'],
    ['100.64.0.1', 'CGNAT 100.64/10'],
    ['100.127.255.254', 'CGNAT (top)'],
    ['224.0.0.1', 'IPv4 multicast'],
    ['ff02::1', 'IPv6 multicast'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'IPv6 unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback in hex'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata address'],
    ['64:ff9b::a00:1', 'NAT64 of a private address'],
    ['2002:a00:1::', '6to4 of a private address'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['not-an-ip', 'not an address at all'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    'allows the public address %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('readPageMeta', () => {
  const page = new URL('https://news.example/articles/1');

  it('prefers Open Graph, resolves the image against the page and decodes entities', () => {
    const html = `<html><head><title>Plain</title>
      <meta property="og:title" content="Walk &amp; talk">
      <meta name="twitter:title" content="Tweet title">
      <meta property="og:image" content="/img/cover.png"></head></html>`;
    expect(readPageMeta(html, page)).toEqual({
      title: 'Walk & talk',
      img: 'https://news.example/img/cover.png',
    });
  });

  it('falls back to Twitter cards, then to <title>', () => {
    const twitter =
      '<meta name="twitter:image" content="https://cdn.example/t.jpg"><title> Only   title </title>';
    expect(readPageMeta(twitter, page)).toEqual({ title: 'Only title', img: 'https://cdn.example/t.jpg' });
  });

  it('drops an image that is not http or https', () => {
    const html = '<meta property="og:image" content="javascript:alert(1)"><title>x</title>';
    expect(readPageMeta(html, page).img).toBeNull();
  });
});

/** A local web server: each path answers what the test needs. */
function startServer(routes: Record<string, (res: http.ServerResponse) => void>) {
  const server = http.createServer((req, res) => {
    const route = routes[req.url ?? ''];
    if (route) route(res);
    else res.writeHead(404).end();
  });
  return new Promise<{ base: string; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        base: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

const html = (body: string) => (res: http.ServerResponse) =>
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
const redirect = (location: string) => (res: http.ServerResponse) => res.writeHead(302, { location }).end();

describe('LinkPreviewer', () => {
  const card = `<html><head><meta property="og:title" content="Morning walk">
    <meta property="og:image" content="/cover.jpg"></head><body>hi</body></html>`;
  let server: Awaited<ReturnType<typeof startServer>>;
  // The test-only widening: loopback is allowed here so a local page stands in for the web.
  const loopbackToo: AddressPolicy = (address) => address === '127.0.0.1' || isPublicAddress(address);
  const guarded = new LinkPreviewer();
  const widened = new LinkPreviewer({ allowAddress: loopbackToo });

  beforeAll(async () => {
    server = await startServer({
      '/card': html(card),
      '/hop1': redirect('/hop2'),
      '/hop2': redirect('/card'),
      '/hop3': redirect('/hop1'),
      // The same server under a name: only the DNS check at connect time can refuse it.
      '/to-loopback': (res) => redirect(`http://localhost:${new URL(server.base).port}/card`)(res),
      '/to-metadata': redirect('http://169.254.169.254/latest/meta-data/'),
      '/big': html(`<title>big</title>${'x'.repeat(PAGE_LIMITS.maxBytes + 1)}`),
      '/big-chunked': (res) => {
        // No content-length: the cap has to be enforced while reading.
        res.writeHead(200, { 'content-type': 'text/html' });
        for (let i = 0; i <= PAGE_LIMITS.maxBytes / 65536; i++) res.write('y'.repeat(65536));
        res.end();
      },
      '/json': (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"title":"x"}'),
      '/empty': html('<html><body>nothing here</body></html>'),
      '/slow': () => {},
    });
  });
  afterAll(async () => {
    await Promise.all([guarded.close(), widened.close()]);
    await server.close();
  });

  const failure = async (previewer: LinkPreviewer, url: string) => {
    const err = await previewer.preview(url).then(
      () => null,
      (e: unknown) => e as { status: number; code: string; message: string },
    );
    expect(err).toMatchObject({ status: 400, code: 'link_preview_failed' });
    return err?.message;
  };

  it('refuses a server on 127.0.0.1 through the default guard', async () => {
    expect(await failure(guarded, `${server.base}/card`)).toBe('This address may not be previewed');
  });

  it('refuses a host name that resolves to loopback (checked at connect time)', async () => {
    const port = new URL(server.base).port;
    expect(await failure(guarded, `http://localhost:${port}/card`)).toBe('This address may not be previewed');
  });

  it('reads the title and the image resolved against the page', async () => {
    expect(await widened.preview(`${server.base}/card`)).toEqual({
      title: 'Morning walk',
      img: `${server.base}/cover.jpg`,
      link: `${server.base}/card`,
    });
  });

  it('follows two redirects, not three', async () => {
    expect((await widened.preview(`${server.base}/hop1`)).title).toBe('Morning walk');
    expect(await failure(widened, `${server.base}/hop3`)).toBe('The link redirects too often');
  });

  it('checks every redirect: one to a loopback name or the metadata address is refused', async () => {
    // The first connection may reach this server; every later one is judged by the real policy.
    let first = true;
    const firstHopOnly: AddressPolicy = (address) => {
      if (first && address === '127.0.0.1') {
        first = false;
        return true;
      }
      return isPublicAddress(address);
    };
    const strict = new LinkPreviewer({ allowAddress: firstHopOnly });
    try {
      expect(await failure(strict, `${server.base}/to-loopback`)).toBe('This address may not be previewed');
    } finally {
      await strict.close();
    }
    expect(await failure(widened, `${server.base}/to-metadata`)).toBe('This address may not be previewed');
  });

  it('refuses a body over 1 MB', async () => {
    expect(await failure(widened, `${server.base}/big`)).toBe('The page is too large to preview');
    expect(await failure(widened, `${server.base}/big-chunked`)).toBe('The page is too large to preview');
  });

  it('refuses what is not HTML', async () => {
    expect(await failure(widened, `${server.base}/json`)).toBe('Only HTML pages have previews');
  });

  it('refuses other schemes and pages without a title or image', async () => {
    expect(await failure(widened, 'file:///etc/passwd')).toBe('Only http and https links have previews');
    expect(await failure(widened, 'ftp://example.org/x')).toBe('Only http and https links have previews');
    expect(await failure(widened, `${server.base}/empty`)).toBe('The page has no title or image to preview');
  });

  it('gives up after the time cap', async () => {
    const quick = new LinkPreviewer({
      allowAddress: loopbackToo,
      limits: { ...PAGE_LIMITS, timeoutMs: 200 },
    });
    try {
      expect(await failure(quick, `${server.base}/slow`)).toBe('The page took too long to answer');
    } finally {
      await quick.close();
    }
  });
});
