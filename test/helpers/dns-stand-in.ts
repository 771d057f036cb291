// A DNS server on 127.0.0.1 for the names a test chooses: A and AAAA records with their TTLs,
// NXDOMAIN for the rest, and every question it was asked. Enough of RFC 1035 for c-ares.
import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';

export interface DnsRecords {
  [name: string]: { a?: string[]; aaaa?: string[]; ttl?: number };
}

export interface DnsStandIn {
  /** `127.0.0.1:{port}`, for Resolver.setServers. */
  server: string;
  /** Every question, as `name TYPE`. */
  asked: string[];
  /** Asked questions are held, never answered (a resolver that does not answer). */
  silent: boolean;
  close(): Promise<void>;
}

const TYPES: Record<number, 'a' | 'aaaa'> = { 1: 'a', 28: 'aaaa' };

function questionOf(query: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let at = 12;
  while ((query[at] as number) > 0) {
    const length = query[at] as number;
    labels.push(query.subarray(at + 1, at + 1 + length).toString('latin1'));
    at += 1 + length;
  }
  return { name: labels.join('.').toLowerCase(), type: query.readUInt16BE(at + 1), end: at + 5 };
}

function addressBytes(address: string, type: 'a' | 'aaaa'): Buffer {
  if (type === 'a') return Buffer.from(address.split('.').map(Number));
  const [head = '', tail = ''] = address.split('::');
  const groups = (text: string) => (text === '' ? [] : text.split(':'));
  const all = [...groups(head), ...groups(tail)];
  const full = address.includes('::')
    ? [...groups(head), ...Array(8 - all.length).fill('0'), ...groups(tail)]
    : all;
  const bytes = Buffer.alloc(16);
  for (const [i, group] of full.entries()) bytes.writeUInt16BE(Number.parseInt(group, 16), i * 2);
  return bytes;
}

export async function startDnsStandIn(records: DnsRecords): Promise<DnsStandIn> {
  const socket = createSocket('udp4');
  const standIn: DnsStandIn = {
    server: '',
    asked: [],
    silent: false,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
  socket.on('message', (query, peer) => {
    const { name, type, end } = questionOf(query);
    standIn.asked.push(`${name} ${type === 28 ? 'AAAA' : type === 1 ? 'A' : type}`);
    if (standIn.silent) return;
    const entry = records[name];
    const kind = TYPES[type];
    const addresses = (entry && kind && entry[kind]) || [];
    const header = Buffer.alloc(12);
    header.writeUInt16BE(query.readUInt16BE(0), 0);
    header.writeUInt16BE(entry ? 0x8180 : 0x8183, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(addresses.length, 6);
    const answers = addresses.map((address) => {
      const data = addressBytes(address, kind as 'a' | 'aaaa');
      const record = Buffer.alloc(12);
      record.writeUInt16BE(0xc00c, 0);
      record.writeUInt16BE(type, 2);
      record.writeUInt16BE(1, 4);
      record.writeUInt32BE(entry?.ttl ?? 60, 6);
      record.writeUInt16BE(data.length, 10);
      return Buffer.concat([record, data]);
    });
    socket.send(
      Buffer.concat([header, query.subarray(12, end), ...answers]),
      peer.port,
      peer.address,
    );
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  standIn.server = `127.0.0.1:${(socket.address() as AddressInfo).port}`;
  return standIn;
}
