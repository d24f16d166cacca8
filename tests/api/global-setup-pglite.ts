/** api-pglite: migrates one PGlite database once per run; each file loads a copy (tests/template-database.ts). */
import type { TestProject } from 'vitest/node';
import { buildPgliteTemplate } from '../template-database.ts';

export default async function setup(project: TestProject): Promise<() => void> {
  const template = await buildPgliteTemplate();
  project.provide('pgliteTemplateFile', template.file);
  return template.remove;
}
