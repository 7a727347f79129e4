export declare function hashInputs(
  inputs: string[],
  options?: { skip?: RegExp; salt?: string },
): string;
