import type { CompletionKind, Completion } from '../../wire/authoring.js';

export type { CompletionKind, Completion };

