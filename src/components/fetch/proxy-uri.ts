/** The URI undici's ProxyAgent takes for an HTTP proxy: `http://host:port`, an IPv6 address in brackets. */
export function proxyUri(host: string, port: number): string {
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
}
