/**
 * This build's version number, sent to GET /gv; the server answers outdated when it is below the
 * operator's MIN_CLIENT_VERSION. Raise it when a release must replace the open tabs.
 */
export const APP_VERSION = 1;
