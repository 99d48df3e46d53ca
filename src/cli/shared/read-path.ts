import { type Stats, closeSync, constants, fstatSync, openSync, readSync, statSync } from "node:fs";

/**
 * Every file backoff reads by its path goes through here: `check PATH` (named or found),
 * `--config FILE`, the files a chain's layers name (`{"policy": "f.json#x"}`). Only a
 * regular file is read, and it is refused at once otherwise, before a byte is read:
 *
 * - a named pipe (FIFO) would block the read until something writes to it, forever in CI
 *   (`chain --config` did, issue 38); a character device (`/dev/zero`, `/dev/urandom`)
 *   never ends; a socket cannot be opened; a directory is not a file;
 * - the path is looked at with stat first (opening some devices does something: a tape
 *   rewinds), then opened without blocking (O_NONBLOCK: opening a FIFO for reading would
 *   otherwise wait for a writer) and without becoming the process's terminal (O_NOCTTY),
 *   and what was opened is looked at again (fstat), so a file swapped for a pipe between
 *   the two is refused as well;
 * - the size the open file reports is checked against the reader's limit before reading,
 *   and no more than that size is read (a file that grows meanwhile is read as it was).
 *
 * A refusal is a PathRefused with the reason in words ("it is a named pipe (FIFO), not a
 * regular file"); each reader puts it in its own message.
 */
export class PathRefused extends Error {
  override readonly name = "PathRefused";
  constructor(
    /** Why, in words that follow "cannot read NAME: ". */
    readonly reason: string,
    /** What refused it: the file's kind, its size, or the system's error code. */
    readonly kind: "missing" | "denied" | "directory" | "special" | "too-large" | "other",
    /** The size the file reported, for a file over the limit. */
    readonly size?: number,
  ) {
    super(reason);
  }
}

/** What a path is, in words, when it is not a regular file or a directory; null for those two. */
export function specialKind(info: Stats): string | null {
  if (info.isFile() || info.isDirectory()) return null;
  if (info.isFIFO()) return "a named pipe (FIFO)";
  if (info.isCharacterDevice()) return "a character device";
  if (info.isBlockDevice()) return "a block device";
  if (info.isSocket()) return "a socket";
  return "not a regular file";
}

/** The reason for a refusal of a path of this kind. */
function notRegular(info: Stats): PathRefused {
  if (info.isDirectory()) return new PathRefused("it is a directory", "directory");
  return new PathRefused(`it is ${specialKind(info)}, not a regular file`, "special");
}

/** A system error's code as words. */
export function systemReason(error: unknown): PathRefused {
  const code = (error as { code?: string } | null)?.code;
  switch (code) {
    case "ENOENT":
    case "ENOTDIR":
      return new PathRefused("no such file or directory", "missing");
    case "EACCES":
    case "EPERM":
      return new PathRefused("permission denied", "denied");
    case "ELOOP":
      return new PathRefused("a symbolic link loop", "other");
    case "EISDIR":
      return new PathRefused("it is a directory", "directory");
    case "ENXIO":
      // What opening a socket (or a FIFO for writing) without a reader gives.
      return new PathRefused("it is a socket or a device with nothing behind it, not a regular file", "special");
    default:
      return new PathRefused(code ?? (error instanceof Error ? error.message.split("\n")[0]! : String(error)), "other");
  }
}

/** The largest file `check` reads (a PATH, a chain layer's file): larger is a log or a dump, not a configuration. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

export interface ReadPathOptions {
  /** Larger files are refused (PathRefused, kind "too-large", with their size). */
  readonly maxBytes: number;
  /**
   * The directory walk saw a regular file there (its entry's type): the stat before opening
   * is skipped, the fstat after it still refuses anything else.
   */
  readonly seenRegular?: boolean;
  /** The buffer to read into when it is large enough (check reuses one per thread); else a new one. */
  readonly buffer?: (size: number) => Buffer;
}

/** The bytes of a regular file at `path`; a PathRefused for anything else, or for one larger than `maxBytes`. */
export function readPath(path: string, options: ReadPathOptions): Buffer {
  if (options.seenRegular !== true) {
    let info: Stats;
    try {
      info = statSync(path);
    } catch (error) {
      throw systemReason(error);
    }
    if (!info.isFile()) throw notRegular(info);
    if (info.size > options.maxBytes) throw new PathRefused(`it is ${info.size} bytes`, "too-large", info.size);
  }
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    throw systemReason(error);
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) throw notRegular(info);
    const size = info.size;
    if (size > options.maxBytes) throw new PathRefused(`it is ${size} bytes`, "too-large", size);
    const bytes = options.buffer?.(size) ?? Buffer.allocUnsafe(size);
    let filled = 0;
    while (filled < size) {
      const n = readSync(fd, bytes, filled, size - filled, filled);
      if (n === 0) break;
      filled += n;
    }
    return bytes.subarray(0, filled);
  } catch (error) {
    if (error instanceof PathRefused) throw error;
    throw systemReason(error);
  } finally {
    closeSync(fd);
  }
}
