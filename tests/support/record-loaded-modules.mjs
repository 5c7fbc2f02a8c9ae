// Preloaded with `node --import` by a process test: when the process exits, adds the file of
// every CommonJS module it ran to the file named by LOADED_MODULES_FILE (npm start's launcher and
// the server it starts both add theirs; packages choose their development or production build,
// CommonJS files, from NODE_ENV when first loaded). Node's
// loader also enters modules it has only read for their export names: those are not `loaded`.
import fs from 'node:fs';
import Module from 'node:module';

process.on('exit', () => {
  const ran = Object.values(Module._cache).filter((module) => module.loaded);
  fs.appendFileSync(process.env.LOADED_MODULES_FILE, ran.map((module) => `${module.filename}\n`).join(''));
});
