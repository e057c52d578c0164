// The generated first super-admin password goes to a file only this OS user can read, never to stdout: a
// process's output ends up in log stores (journald, Docker, a log shipper) that many people can read. The console
// names the file. No `import "server-only"`: plain file handling, tested directly.
import fs from "node:fs";
import path from "node:path";

export const FIRST_ADMIN_FILE = "first-admin-password.txt";

/** Writes the e-mail and password to DATA_DIR/first-admin-password.txt (mode 0600, replaced if present); its path. */
export function writeFirstAdminSecret(dataDir: string, email: string, password: string): string {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.resolve(dataDir, FIRST_ADMIN_FILE);
  fs.rmSync(file, { force: true }); // a new file gets the mode below; an old one might be readable by others
  fs.writeFileSync(
    file,
    `E-mail:   ${email}\nPassword: ${password}\n\nAt the first sign-in you set up a second factor, then choose your own password.\n` +
      `Delete this file once you have signed in.\n`,
    { mode: 0o600, flag: "wx" },
  );
  return file;
}
