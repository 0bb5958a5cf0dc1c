import { hash, verify } from '@node-rs/argon2';
import crypto from 'node:crypto';

const OPTS = {
  algorithm: 2 /* Argon2id: the enum is a const enum, unusable under isolatedModules */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (password: string) => hash(password, OPTS);
export const verifyPassword = async (hashed: string, password: string) => {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
};

/** Opaque tokens: only their SHA-256 is stored. */
export const newToken = () => crypto.randomBytes(32).toString('base64url');
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
