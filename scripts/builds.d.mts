// Types of builds.mjs for the TypeScript that calls it (the tests' set-ups).
export declare const ROOT: string;
export declare const SERVER_DIST: string;
export declare const SERVER_SOURCES: string[];
export declare function isStale(built: string, sources: string[]): boolean;
export declare function ensureWebBuilt(outDir: string): void;
export declare function ensureConsoleBuilt(outDir: string): void;
export declare function ensureServerBuilt(): void;
