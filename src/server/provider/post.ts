// One POST to the provider, on Node's own HTTP client. Not undici: undici drops the connection on
// any 100 Continue it did not ask for ("bad response", nodejs/undici#197, wontfix), and HTTP/1.1
// lets a server send one before its answer to any POST (RFC 9110 §15.2): a provider that did
// registered the candidate, who was told "Registration failed" (issue 31, item 5). Node's client
// passes over 1xx answers ('continue', 'information') and hands back the final one.
import {
  Agent,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type RequestOptions,
  request,
} from 'node:http';
import { Agent as SecureAgent, request as secureRequest } from 'node:https';

export interface PostAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body, to read (read-body.ts); the call's signal aborts it too. */
  body: IncomingMessage;
}

/** Connections kept open between registrations, as undici kept them. */
const agents = {
  'http:': new Agent({ keepAlive: true }),
  'https:': new SecureAgent({ keepAlive: true }),
};

let last: { url: string; target: RequestOptions } | undefined;

/** `url` as request options, parsed once while it stays the same (the provider's, every call). */
function targetOf(url: string): RequestOptions {
  if (last?.url !== url) {
    const { protocol, hostname, port, pathname, search } = new URL(url);
    const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
    last = { url, target: { protocol, hostname: host, port, path: `${pathname}${search}` } };
  }
  return last.target;
}

/** POSTs `body` to `url`; settles with the final answer's head, or rejects (network, abort). */
export function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
): Promise<PostAnswer> {
  const target = targetOf(url);
  const secure = target.protocol === 'https:';
  const send = secure ? secureRequest : request;
  return new Promise((resolve, reject) => {
    const outgoing = send(
      {
        ...target,
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: secure ? agents['https:'] : agents['http:'],
        signal,
      },
      (answer) =>
        resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: answer }),
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
