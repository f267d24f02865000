import type { Extension } from '@codemirror/state';
import { hoverTooltip } from '@codemirror/view';
import { api } from './api.js';
import type { ServiceHover } from './api-types.js';
import type { AuthoringTarget } from './authoring-completion.js';

/** What POST /api/v1/authoring/hover answers. */
/**
 * Markdown shown as text with its few marks kept: a line a paragraph, `code` and **bold** as
 * elements. Every piece of the service's text goes in as a text node, never as markup.
 */
export function markdownNodes(markdown: string): HTMLElement {
  const box = document.createElement('div');
  box.className = 'hover-text';
  for (const line of markdown.split(/\n/)) {
    if (!line.trim()) continue;
    const p = document.createElement('p');
    for (const part of line.split(/(`[^`]+`|\*\*[^*]+\*\*)/)) {
      if (!part) continue;
      if (part.startsWith('`') && part.endsWith('`') && part.length > 1) {
        const code = document.createElement('code');
        code.textContent = part.slice(1, -1);
        p.append(code);
      } else if (part.startsWith('**') && part.endsWith('**') && part.length > 3) {
        const strong = document.createElement('strong');
        strong.textContent = part.slice(2, -2);
        p.append(strong);
      } else {
        p.append(document.createTextNode(part));
      }
    }
    box.append(p);
  }
  return box;
}

/** Hover: the description, type and default of the property (or class, value…) under the pointer, from the service. */
export function authoringHover(target: AuthoringTarget): Extension {
  return hoverTooltip(async (view, pos) => {
    let answer: { readonly hover: ServiceHover | null };
    try {
      answer = await api<{ readonly hover: ServiceHover | null }>('POST', '/api/v1/authoring/hover', { text: view.state.doc.toString(), offset: pos, format: target.format, job: target.job, path: target.path });
    } catch {
      return null;
    }
    const hover = answer.hover;
    if (!hover) return null;
    return { pos: hover.from, end: hover.to, above: true, create: () => ({ dom: markdownNodes(hover.contents) }) };
  }, { hoverTime: 400 });
}
