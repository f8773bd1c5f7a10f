// Loads one of the console's plain modules (web/src/*.ts without DOM or imports) in Node for
// unit tests: TypeScript turns it into JavaScript here, with the project's own compiler, and
// it is imported from a data URL — the console's build output stays untouched.
import { readFileSync } from 'node:fs';
import ts from 'typescript';

export const WEB = new URL('../../../web/src/', import.meta.url).pathname;

export async function webModule<T>(name: string): Promise<T> {
  const source = readFileSync(`${WEB}${name}`, 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  return (await import(`data:text/javascript;base64,${Buffer.from(outputText).toString('base64')}`)) as T;
}
