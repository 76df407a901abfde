import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import type { Metric } from 'prom-client';

/** Request durations' upper bounds in seconds: from a cached read to a slow upload. */
export const DURATION_BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;
/** The `route` of a request no declared route matched: never its path, which may carry anything. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * One route and method's counts, kept in plain numbers: a request costs a Map update and a bucket's increment,
 * no label hashing and no allocation. The scrape turns them into Prometheus samples.
 */
class RouteMeter {
  readonly byStatus = new Map<number, number>();
  /** Requests per duration bucket, not cumulative; the last one is above every bound. */
  readonly buckets = new Array<number>(DURATION_BOUNDS.length + 1).fill(0);
  sum = 0;
  count = 0;

  constructor(
    readonly method: string,
    readonly route: string,
  ) {}

  observe(status: number, seconds: number): void {
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    let bucket = 0;
    while (bucket < DURATION_BOUNDS.length && seconds > DURATION_BOUNDS[bucket]) bucket += 1;
    this.buckets[bucket] += 1;
    this.sum += seconds;
    this.count += 1;
  }
}

interface Sample {
  value: number;
  labels: Record<string, string | number>;
  metricName?: string;
}

/** A metric prom-client's registry prints, its samples read at the scrape. */
export function sampled(
  name: string,
  help: string,
  type: 'counter' | 'gauge' | 'histogram',
  read: () => Sample[],
): Metric {
  const metric = {
    name,
    help,
    type,
    aggregator: 'sum',
    get: async () => ({ name, help, type, aggregator: 'sum', values: read() }),
  };
  return metric as unknown as Metric;
}

/**
 * orbit_http_requests_total{method,route,status} and orbit_http_request_duration_seconds{method,route}, with
 * `route` the declared pattern (`/api/communities/:id`). Each route gets its own onResponse hook bound to its
 * meter when it is declared, so the request pays no lookup; requests no route matched share one meter.
 */
export class HttpMeters {
  private readonly meters: RouteMeter[] = [];
  private readonly unmatched = new Map<string, RouteMeter>();

  /** Installs the hooks: call before any route is declared. */
  install(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => {
      const byMethod = new Map<string, RouteMeter>();
      for (const method of [route.method].flat()) {
        const meter = new RouteMeter(method, route.url ?? route.path);
        byMethod.set(method, meter);
        this.meters.push(meter);
      }
      const hook: onResponseHookHandler = (request, reply, done) => {
        byMethod.get(request.method)?.observe(reply.statusCode, reply.elapsedTime / 1000);
        done();
      };
      route.onResponse = [...[route.onResponse ?? []].flat(), hook] as typeof route.onResponse;
    });
    app.addHook('onResponse', (request, reply, done) => {
      if (request.is404)
        this.unmatchedMeter(request.method).observe(reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }

  /** One meter per method seen (a fixed set: the HTTP parser refuses unknown methods). */
  private unmatchedMeter(method: string): RouteMeter {
    let meter = this.unmatched.get(method);
    if (!meter) {
      meter = new RouteMeter(method, UNMATCHED_ROUTE);
      this.unmatched.set(method, meter);
      this.meters.push(meter);
    }
    return meter;
  }

  metrics(): Metric[] {
    const used = () => this.meters.filter((meter) => meter.count > 0);
    return [
      sampled(
        'orbit_http_requests_total',
        'HTTP requests answered, by route pattern and status',
        'counter',
        () =>
          used().flatMap((meter) =>
            [...meter.byStatus].map(([status, value]) => ({
              value,
              labels: { method: meter.method, route: meter.route, status },
            })),
          ),
      ),
      sampled(
        'orbit_http_request_duration_seconds',
        'Time to answer an HTTP request, by route pattern',
        'histogram',
        () => used().flatMap(histogramSamples),
      ),
    ];
  }
}

function histogramSamples(meter: RouteMeter): Sample[] {
  const labels = { method: meter.method, route: meter.route };
  const name = 'orbit_http_request_duration_seconds';
  let cumulative = 0;
  const samples: Sample[] = DURATION_BOUNDS.map((le, i) => {
    cumulative += meter.buckets[i];
    return { value: cumulative, labels: { ...labels, le }, metricName: `${name}_bucket` };
  });
  samples.push(
    { value: meter.count, labels: { ...labels, le: '+Inf' }, metricName: `${name}_bucket` },
    { value: meter.sum, labels, metricName: `${name}_sum` },
    { value: meter.count, labels, metricName: `${name}_count` },
  );
  return samples;
}
