import { orbit } from './program';

/** `npm run orbit -- <command>` (docs/operations/README.md, decision 0057). */
const code = await orbit(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
process.exit(code);
