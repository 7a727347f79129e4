export declare const WORKER_NODE_FLAGS: string[];
export declare function bundleWorker(entry: string, name?: string): Promise<string>;
export declare function workerInputs(
  entry: string,
): Promise<{ files: string[]; packages: string[] }>;
