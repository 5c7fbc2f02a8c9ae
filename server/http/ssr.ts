import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import type { RequestHandler } from 'express';
import type { ServerBuild } from 'react-router';
import { serverBuildFile } from '../paths.ts';

/** Server rendering of the React Router app: the build's module, or Vite's live one in development. */
export type SsrSource = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Vite's dev middleware (development only): serves modules, assets and hot reload. */
  devMiddleware?: RequestHandler;
  close?: () => Promise<void>;
};

export async function loadProductionSsr(): Promise<SsrSource> {
  if (!fs.existsSync(serverBuildFile)) {
    throw new Error(`No build found at ${serverBuildFile}. Run "npm run build" first.`);
  }
  const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
  return { build };
}

export async function createDevSsr(): Promise<SsrSource> {
  const vite = await import('vite');
  const server = await vite.createServer({ server: { middlewareMode: true }, appType: 'custom' });
  return {
    build: () => server.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    devMiddleware: server.middlewares as unknown as RequestHandler,
    close: () => server.close(),
  };
}
