/** The one place of the web build that reads process.env: the dev server's proxy target. */
export const devServerEnv = {
  /** Port of the API server `npm run dev` proxies /trpc, /api and /health to. */
  serverPort: process.env.SERVER_PORT ?? '3000',
};
