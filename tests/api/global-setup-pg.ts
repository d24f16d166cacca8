/** api-pg: migrates one template database once per run; each file gets `CREATE DATABASE … TEMPLATE` (tests/template-database.ts). */
import type { TestProject } from 'vitest/node';
import { buildPgTemplate } from '../template-database.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await buildPgTemplate();
  project.provide('pgTemplateDatabase', template.name);
  return template.drop;
}
