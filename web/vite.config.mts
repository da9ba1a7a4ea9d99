// Named .mts on purpose: package.json has no "type" field because react-use-websocket is
// CommonJS only, and with "type": "module" its default export breaks in the production bundle
// (see shared/DEPENDENCIES.md). The .mts extension lets this config stay an ES module anyway.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Node's process, declared here to keep @types/node out of the app's type checking.
declare const process: { env: Record<string, string | undefined> };

/** The Rust server the dev proxy forwards to (DASHWIRE_API overrides it). */
const SERVER = process.env.DASHWIRE_API ?? 'http://127.0.0.1:8080';

/** The part of Node's IncomingMessage the bypass reads (keeps @types/node out of the build). */
interface PageRequest {
  method?: string;
  headers: { accept?: string };
}

/**
 * Paths such as /login and /new/blog are both client routes (a GET for the page) and server
 * calls (a POST). A browser navigation asks for text/html: let Vite answer it with the app.
 */
function pageRequestsStayWithVite(req: PageRequest): string | undefined {
  const accept = req.headers.accept ?? '';
  if (req.method === 'GET' && accept.includes('text/html')) return '/index.html';
  return undefined;
}

// Every path the server answers outside /svc (src/**/http.rs), so that the dev server reaches
// them all. /blog: its pages are the app's, but Preview on blog POSTs to
// /blog/{name}/post/preview and an embed page is the server's.
const proxied = [
  '/svc', '/login', '/register', '/logout', '/order', '/new/blog', '/avatar', '/media', '/search_audio', '/blog',
  '/publish', '/fast_reblog', '/answer', '/approve_submission', '/deny_submission',
  '/spam/toggle', '/nsfw/toggle', '/suspended/toggle', '/radar/toggle', '/premium_partner/toggle',
  '/services', '/embed.js', '/embed/frame.js',
];

export default defineConfig({
  plugins: [react()],
  // The manifest (dist/.vite/manifest.json) says which chunks the first page loads, for the
  // bundle budget's check (scripts/bundle-budget.mjs).
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  server: {
    proxy: {
      ...Object.fromEntries(
        proxied.map((path) => [
          path,
          {
            target: SERVER,
            bypass: (req: PageRequest) =>
              // /logout is a full navigation that the server must answer (it redirects).
              path === '/logout' ? undefined : pageRequestsStayWithVite(req),
          },
        ]),
      ),
      '/ws': { target: SERVER, ws: true },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
