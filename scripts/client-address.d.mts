import type { IncomingMessage } from 'node:http';

export const CLIENT_ADDRESS_HEADER: 'x-lantern-client-address';
export const CLIENT_PROTO_HEADER: 'x-lantern-client-proto';
export function trustedProxies(value?: string): (address: string, hop: number) => boolean;
export function stampClientAddress(req: IncomingMessage, trust: (address: string, hop: number) => boolean): void;
