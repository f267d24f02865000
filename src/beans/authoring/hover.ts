import type { Hover } from '../../wire/authoring.js';

export type { Hover };

