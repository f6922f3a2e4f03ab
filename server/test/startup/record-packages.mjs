// Registered with --import before the app is imported (startup-imports.test.ts): notes every package the process
// resolves, into the file named by HOMECAM_RECORD_PACKAGES, one URL per line.
import { register } from 'node:module';

register(new URL('./record-packages-hooks.mjs', import.meta.url), { data: { file: process.env.HOMECAM_RECORD_PACKAGES } });
