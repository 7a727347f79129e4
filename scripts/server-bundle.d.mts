export declare const SERVER_BUNDLE: string;
export declare function bundleServerIfChanged(options?: {
  force?: boolean;
}): Promise<number | null>;
