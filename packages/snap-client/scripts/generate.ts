import { writeFileSync } from 'node:fs';
import { GENERATED_FILE, generatedTypes } from './openapi-types';

/** `npm run generate -w @gerbang/snap-client`: rewrites src/generated/openapi.ts. */
writeFileSync(GENERATED_FILE, await generatedTypes());
console.log(`wrote ${GENERATED_FILE}`);
