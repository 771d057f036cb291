// An OTLP/HTTP trace receiver on 127.0.0.1, as a collector's otlphttp receiver answers: POST
// /v1/traces with an ExportTraceServiceRequest in OTLP's JSON encoding (gzip or not), 200 and
// an empty ExportTraceServiceResponse. It keeps every span it receives, flattened with its
// resource's attributes; `hang()` makes it take requests and never answer, as a stuck collector.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean };
interface KeyValue {
  key: string;
  value: AnyValue;
}

/** A span as the receiver keeps it: ids in hex, attributes as plain values. */
interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind: 2 server, 3 client. */
  kind: number;
  attributes: Record<string, string | number | boolean>;
  status: { code?: number };
  resource: Record<string, string | number | boolean>;
}

export interface OtlpReceiver {
  /** http://127.0.0.1:{port}, the value of OTEL_EXPORTER_OTLP_ENDPOINT. */
  readonly url: string;
  readonly spans: ReceivedSpan[];
  /** Every request's path, method and content type. */
  readonly requests: { path: string; method: string; contentType: string }[];
  hang(): void;
  close(): Promise<void>;
}

const plain = (value: AnyValue) =>
  value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : value.boolValue);

const attributesOf = (list: KeyValue[] = []) =>
  Object.fromEntries(list.map(({ key, value }) => [key, plain(value) ?? '']));

interface ExportRequest {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: {
      spans?: (Omit<ReceivedSpan, 'attributes' | 'resource'> & { attributes?: KeyValue[] })[];
    }[];
  }[];
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const requests: OtlpReceiver['requests'] = [];
  let hanging = false;
  const held: ServerResponse[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        path: request.url ?? '',
        method: request.method ?? '',
        contentType: request.headers['content-type'] ?? '',
      });
      if (hanging) return void held.push(response);
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        return void response.writeHead(404).end();
      }
      if (!request.headers['content-type']?.startsWith('application/json')) {
        return void response.writeHead(415).end();
      }
      let body = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const exported = JSON.parse(body.toString('utf8')) as ExportRequest;
      for (const resourceSpans of exported.resourceSpans ?? []) {
        const resource = attributesOf(resourceSpans.resource?.attributes);
        for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
          for (const span of scopeSpans.spans ?? []) {
            spans.push({ ...span, attributes: attributesOf(span.attributes), resource });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    requests,
    hang() {
      hanging = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of held) response.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
