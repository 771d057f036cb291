// The only platform globals src/shared and src/server/registration may use: browsers and Node.js
// both have each of them. tsconfig.shared.json checks both folders with these and the ECMAScript
// library alone, so a use of the DOM (document, window) or of Node (process, Buffer) there fails
// the type check.
declare class URL {
  constructor(url: string, base?: string);
  readonly href: string;
  readonly origin: string;
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
  readonly pathname: string;
}
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare function btoa(data: string): string;
/** A file the browser holds; shared code only carries it (schema.ts, a resume not yet sent). */
declare class File {
  readonly name: string;
  readonly size: number;
  readonly type: string;
}
