/**
 * Every text the web app shows, by name → key of packages/contract/src/locale/en_us.ts. A key missing from
 * the dictionary is shown as is (docs/product/README.md#texts), so where en_us has no entry yet the English text is the key.
 */
import * as T from './textKeys';

export { T };

export type TextName = keyof typeof T;
