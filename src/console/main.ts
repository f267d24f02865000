import { render } from 'preact';
import { App } from './app.js';
import { html } from './html.js';

/**
 * The console's entry module, loaded by the page the service answers at every console URL (its
 * import map names Preact, htm and uPlot). It draws the console in place of the loading note.
 */
const root = document.getElementById('app')!;
root.textContent = '';
render(html`<${App} />`, root);
