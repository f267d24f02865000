import { h } from 'preact';
import htm from 'htm';

/**
 * Preact's elements written as tagged templates (htm): markup without a JSX compiler, so that
 * the project's one tsc compiles the console. Values are escaped as Preact escapes text: a
 * crawled string is never markup.
 */
export const html = htm.bind(h);
