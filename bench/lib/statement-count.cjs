// Counts the statements each route sends to PostgreSQL, for a bench run's server:
//   SERVER_NODE_ARGS="--require ./bench/lib/statement-count.cjs" STATEMENT_COUNT_FILE=/tmp/statements.json
// A request's statements are those its async context sends (node:async_hooks). pg-pool hands a client to a
// waiting caller in the context of the one releasing it, so run it at a rate where the pool never queues
// (the soak at 10 to 20 req/s): a count taken under load blames some statements on the wrong route.
// A preload, not a part of the server: the count costs what a production server should not pay.
const { AsyncLocalStorage } = require('node:async_hooks');
const fs = require('node:fs');
const http = require('node:http');
const pg = require('pg');

const requests = new AsyncLocalStorage();
const routes = new Map();
let outside = 0;
/** Statements sent outside any request (workers, sockets' frames), by their first words. */
const outsideByText = new Map();
const textOf = (query) =>
  String(typeof query === 'string' ? query : (query?.text ?? ''))
    .replace(/\s+/g, ' ')
    .slice(0, 90);

const routeOf = (req) => `${req.method} ${req.url.split('?')[0].replace(/\/\d+(?=\/|$)/g, '/:id')}`;

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function countedEmit(event, ...args) {
  if (event !== 'request') return emit.call(this, event, ...args);
  const [req, res] = args;
  const request = { route: routeOf(req), statements: 0, texts: [] };
  res.on('finish', () => {
    const sum = routes.get(request.route) ?? { requests: 0, statements: 0, texts: new Map() };
    sum.requests += 1;
    sum.statements += request.statements;
    for (const text of request.texts) sum.texts.set(text, (sum.texts.get(text) ?? 0) + 1);
    routes.set(request.route, sum);
  });
  return requests.run(request, () => emit.call(this, event, ...args));
};

const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  const request = requests.getStore();
  if (request) {
    request.statements += 1;
    request.texts.push(textOf(args[0]));
  } else {
    outside += 1;
    const text = textOf(args[0]);
    outsideByText.set(text, (outsideByText.get(text) ?? 0) + 1);
  }
  return query.apply(this, args);
};

function write() {
  const byRoute = [...routes]
    .map(([route, { requests: count, statements, texts }]) => ({
      route,
      requests: count,
      statements,
      perRequest: Number((statements / count).toFixed(2)),
      // What the route sends, by the statements' first words, each with how many a request.
      texts: [...texts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 40)
        .map(([text, n]) => [text, Number((n / count).toFixed(2))]),
    }))
    .sort((a, b) => b.statements - a.statements);
  // One file per server process: a bench run starts more than one (the shared world's and a scenario's own).
  const file = (process.env.STATEMENT_COUNT_FILE ?? 'statements.json').replace(
    /(\.json)?$/,
    `-${process.pid}.json`,
  );
  fs.writeFileSync(
    file,
    `${JSON.stringify({ outsideRequests: outside, byRoute, outside: [...outsideByText].sort((a, b) => b[1] - a[1]).slice(0, 30) }, null, 2)}\n`,
  );
}
process.on('exit', write);
process.on('SIGUSR2', write);
