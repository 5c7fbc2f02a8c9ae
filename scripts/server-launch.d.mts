export declare const serverNodeArgs: string[];
export declare function serverEnvironment<T extends Record<string, string | undefined>>(
  env: T,
): T & { MALLOC_ARENA_MAX: string };
