export declare const CHROMIUM_ARGS: string[];
export declare function findChromium(): string | null;
export declare function requireChromium(): string;
export declare const MISSING_CHROMIUM: string;
