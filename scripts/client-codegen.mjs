// The generated part of @laurel/client (clients/typescript/src/schema.ts): TypeScript types of every
// path, operation and schema of the OpenAPI document, by openapi-typescript. Shared by
// `npm run generate:client` and the test that fails when the committed file is out of date.
import openapiTS, { astToString } from 'openapi-typescript';

const HEADER = `/**
 * Generated from Laurel's OpenAPI document by \`npm run generate:client\` (openapi-typescript).
 * Do not edit: change the route schemas and generate again.
 */

`;

/** The service's own document without the test clock's routes (they exist only with LAUREL_TEST_CLOCK=1). */
export function publicDocument(doc) {
  const paths = Object.fromEntries(Object.entries(doc.paths).filter(([path]) => path !== '/admin/clock'));
  return { ...doc, paths };
}

export async function generateClientTypes(doc) {
  const ast = await openapiTS(publicDocument(doc), { exportType: false, alphabetize: false });
  return HEADER + astToString(ast);
}
