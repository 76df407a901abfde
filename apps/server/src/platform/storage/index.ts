import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { S3Storage } from './s3';

/** Where uploaded bytes live: a local directory by default, an S3-compatible bucket when S3_BUCKET is set. */
export interface Storage {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}
  private file(key: string): string {
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`bad storage key ${key}`);
    return resolved;
  }
  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, bytes);
  }
  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }
  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }
}

/** Tests and a disk-less run keep bytes in memory. */
export class MemoryStorage implements Storage {
  private readonly files = new Map<string, Buffer>();
  async put(key: string, bytes: Buffer) {
    this.files.set(key, bytes);
  }
  async get(key: string) {
    return this.files.get(key) ?? null;
  }
  async delete(key: string) {
    this.files.delete(key);
  }
}

/** Where local uploads are kept: a directory under DATA_DIR that only this host sees. */
export const localFilesDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'files');

/** S3 when configured (shared by every instance), else a directory under DATA_DIR that only this host sees. */
export function createStorage(config: Config): Storage {
  return config.s3 ? new S3Storage(config.s3) : new LocalStorage(localFilesDir(config));
}
