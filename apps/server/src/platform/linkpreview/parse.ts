import { Parser } from 'htmlparser2';

export interface PageMeta {
  title: string | null;
  /** The image URL resolved against the page; only http and https are kept. */
  img: string | null;
}

const TITLE_KEYS = ['og:title', 'twitter:title'];
const IMAGE_KEYS = ['og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src'];
/** A preview card shows a line or two: longer titles are cut. */
export const TITLE_MAX = 300;

function cleanTitle(value: string | undefined): string | null {
  const text = value?.replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, TITLE_MAX) : null;
}

function absoluteHttpUrl(value: string | undefined, pageUrl: URL): string | null {
  if (!value?.trim()) return null;
  try {
    const url = new URL(value.trim(), pageUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function firstOf(meta: Map<string, string>, keys: string[]): string | undefined {
  return keys.map((key) => meta.get(key)).find((value) => value?.trim());
}

/** Open Graph first, then Twitter cards, then the document's <title>. */
export function readPageMeta(html: string, pageUrl: URL): PageMeta {
  const meta = new Map<string, string>();
  let title = '';
  let inTitle = false;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'title' && !title) inTitle = true;
      const key = (attributes.property ?? attributes.name)?.toLowerCase();
      if (name === 'meta' && key && attributes.content !== undefined && !meta.has(key)) {
        meta.set(key, attributes.content);
      }
    },
    ontext(text) {
      if (inTitle) title += text;
    },
    onclosetag(name) {
      if (name === 'title') inTitle = false;
    },
  });
  parser.end(html);
  return {
    title: cleanTitle(firstOf(meta, TITLE_KEYS) ?? title),
    img: absoluteHttpUrl(firstOf(meta, IMAGE_KEYS), pageUrl),
  };
}
