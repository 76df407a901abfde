import { positional, type TFunction } from '../../i18n';
import { T } from '../../i18n/texts';

/**
 * A device in words from its user agent, "Firefox on Linux" (docs/decisions/0050): a few rules in the order
 * that matters (Edge and Opera say Chrome too, Chrome says Safari too), rather than a parser library for a
 * label. Null parts are for what the rules do not know.
 */
const BROWSERS: [RegExp, string][] = [
  [/EdgA?\/|Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chromium\//, 'Chromium'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPad/, 'iPadOS'],
  [/iPhone|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

const first = (table: [RegExp, string][], userAgent: string) =>
  table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;

export function deviceParts(userAgent: string | null): { browser: string | null; system: string | null } {
  if (!userAgent) return { browser: null, system: null };
  return { browser: first(BROWSERS, userAgent), system: first(SYSTEMS, userAgent) };
}

/** "Firefox on Linux", or what is known of it. */
export function deviceLabel(t: TFunction, userAgent: string | null): string {
  const { browser, system } = deviceParts(userAgent);
  if (browser && system) return t(T.devicesBrowserOn, positional(browser, system));
  return browser ?? system ?? t(T.devicesUnknown);
}
