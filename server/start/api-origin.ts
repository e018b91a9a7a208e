// The API's own address, as a browser on this machine reaches it (0.0.0.0 and :: listen on every
// address; the links in e-mails name the loopback one).
import type { BackendConfig } from './config';

export function apiOrigin(config: Pick<BackendConfig, 'host' | 'port'>): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}
