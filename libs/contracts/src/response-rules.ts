import { z } from 'zod';

/**
 * The answers' schemas by the name the OpenAPI document lists them under (issue 33 item 1): each
 * feature file states an answer's zod schema beside it, registers it here with its name, and infers
 * the type the web reads it as from it. apps/api/src/openapi/document.ts publishes the registry with
 * z.toJSONSchema (a registered schema inside another is a $ref to it).
 */
export const ResponseSchemas = z.registry<{ id: string }>();
