/** What one mail says, already in the member's language: paragraphs around one link. */
export interface MailWords {
  subject: string;
  /** Paragraphs before the link. */
  before: string[];
  action: { label: string; url: string };
  /** Paragraphs after the link. */
  after: string[];
  /** The line that spells the link out for a reader whose mail program hides it: `{{0}}` is the URL. */
  fallback: string;
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
  link: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** The plain-text and HTML parts of one mail, saying the same words; every text is escaped into the HTML. */
export function composeMail(words: MailWords): ComposedMail {
  const { url, label } = words.action;
  const fallback = words.fallback.replace('{{0}}', url);
  const text = [...words.before, `${label}: ${url}`, ...words.after].join('\n\n');
  const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const button =
    `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:#3b5bdb;color:#ffffff;` +
    `padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(label)}</a></p>`;
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#1b1b1f">',
    '<div style="max-width:560px;margin:0 auto;padding:24px">',
    ...words.before.map(paragraph),
    button,
    ...words.after.map(paragraph),
    `<p style="margin:0 0 16px;font-size:13px;color:#555;word-break:break-all">${escapeHtml(fallback)}</p>`,
    '</div></body></html>',
  ].join('\n');
  return { subject: words.subject, text, html, link: url };
}
