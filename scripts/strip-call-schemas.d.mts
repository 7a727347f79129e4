import type { Plugin } from 'vite';

/** Returns the module's code without the schema references of its calls (null when it has none). */
export function stripCallSchemas(code: string): string | null;

/** The Vite plugin: applies `stripCallSchemas` to the shared contract modules. */
export function stripCallSchemasPlugin(): Plugin;
