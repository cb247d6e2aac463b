/** The part of autocannon's API the bench uses (the package ships no types; no @types package is installed). */
declare module 'autocannon' {
  interface Client {
    setRequests(requests: { method?: string; path?: string; headers?: Record<string, string>; body?: string }[]): void;
    on(event: 'body', listener: (body: Buffer) => void): void;
    on(event: 'response', listener: (status: number, bytes: number, responseTime: number) => void): void;
  }
  interface Options {
    url: string;
    method?: string;
    connections?: number;
    duration?: number;
    connectionRate?: number;
    headers?: Record<string, string>;
    setupClient?: (client: Client) => void;
  }
  interface Result {
    latency: { p50: number; p97_5: number; p99: number };
    requests: { average: number };
    non2xx: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
