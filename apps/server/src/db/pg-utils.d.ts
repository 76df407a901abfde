// node-postgres's own mapping of a JavaScript value to a bound parameter's text, which @types/pg does not
// type: a write sent with the next statement (begin-with-first.ts) binds its values as node-postgres would.
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): unknown };
  export default utils;
}
