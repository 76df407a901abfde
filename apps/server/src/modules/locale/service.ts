import { dictionaryFor } from '@orbit/contract';
import type { Config } from '../../config';

/** The translations for a requested language; the registry lives in @orbit/contract's locale index. */
export const localeFor = dictionaryFor;

/** The spec's version check (docs/product/home-and-stars.md#version-check): a client below MIN_CLIENT_VERSION must reload. */
export function checkClientVersion(config: Pick<Config, 'minClientVersion'>, version: number) {
  return {
    outdated: version < config.minClientVersion,
    min_version: config.minClientVersion,
    version,
  };
}
