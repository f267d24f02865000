import { createHash } from 'node:crypto';
import type { VendorFiles } from './vendor-files.js';

/** The console's page, and the Content-Security-Policy it is answered with. */
export interface ConsoleShell {
  readonly html: string;
  readonly csp: string;
}

/** The console's first module, compiled from src/console/main.ts. */
export const CONSOLE_ENTRY = '/console/main.js';
export const CONSOLE_STYLES = '/console/console.css';

/**
 * The one HTML page of the console, the same for every console URL (`/`, `/jobs/NAME`…: the
 * console routes in the browser). It holds no data: the console asks the API for everything. Its
 * import map is its only inline script, let in by its hash; everything else comes from this
 * service (`default-src 'self'`), and no style is inline.
 */
export function consoleShell(vendor: VendorFiles): ConsoleShell {
  // `<` never appears in the map's URLs; escaped anyway, so the script's text cannot end it.
  const importMap = JSON.stringify(vendor.importMap()).replace(/</g, '\\u003c');
  const hash = createHash('sha256').update(importMap).digest('base64');
  const styles = [...vendor.styles(), CONSOLE_STYLES].map((href) => `<link rel="stylesheet" href="${href}">`).join('\n');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>beancrawl</title>
<link rel="icon" href="data:,">
${styles}
<script type="importmap">${importMap}</script>
<script type="module" src="${CONSOLE_ENTRY}"></script>
</head>
<body>
<div id="app"><p class="loading">Loading the console…</p></div>
<noscript><p>The console needs JavaScript. The API is at <a href="/api/v1/openapi.json">/api/v1</a>.</p></noscript>
</body>
</html>
`;
  const csp = [
    "default-src 'self'", `script-src 'self' 'sha256-${hash}'`, "style-src 'self'", "img-src 'self' data:", "connect-src 'self'",
    "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
  ].join('; ');
  return { html, csp };
}
