// `npm run backup [-- --out file.tar.gz]` and `npm run restore -- file.tar.gz [--force]`, with the settings of the
// product itself (DATABASE_URL, DATA_DIR, EMBEDDED_DB, PORT, EMBEDDED_PG_PORT).
import { readEnv } from '../../server/src/config';
import { backup, restore } from './run';

const [command, ...args] = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const value = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

try {
  const settings = readEnv(process.env);
  if (command === 'backup') {
    const r = await backup(settings, { out: value('--out'), log: (m) => console.log(m) });
    console.log(`Резервная копия: ${r.file}`);
  } else if (command === 'restore') {
    const file = args.find((a) => !a.startsWith('--'));
    if (!file) throw new Error('Укажите файл копии: npm run restore -- копия.tar.gz [--force]');
    await restore(settings, { file, force: flag('--force'), log: (m) => console.log(m) });
    console.log('Восстановлено и проверено.');
  } else {
    throw new Error('Команда: backup или restore');
  }
  process.exit(0);
} catch (e) {
  console.error(`Не выполнено: ${(e as Error).message}`);
  process.exit(1);
}
