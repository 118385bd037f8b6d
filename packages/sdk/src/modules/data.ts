// The package maps `@atrium/sdk/modules/<name>` to `src/modules/<name>.ts`; the data module lives in `data/`.
export * from './data/index.ts';
