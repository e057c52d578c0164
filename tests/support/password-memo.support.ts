// scrypt at the production cost takes 0.1-0.4 s per hash on the test machines. Test files that create many users
// with the same few passwords, to test something other than hashing, mock hashPassword with this: each distinct
// password is hashed once per file (for real: production parameters, a random salt) and that hash is reused.
// verifyPassword is not touched: every sign-in and password check in those files still runs scrypt on a real hash.
// Hashing itself, at the production parameters, is tested unmocked in sign-in.test.ts ("stores passwords as scrypt
// hashes that verify only the right password").
export function hashedOncePerPassword(hash: (password: string) => Promise<string>): (password: string) => Promise<string> {
  const memo = new Map<string, Promise<string>>();
  return (password) => {
    let h = memo.get(password);
    if (!h) {
      h = hash(password);
      memo.set(password, h);
    }
    return h;
  };
}
