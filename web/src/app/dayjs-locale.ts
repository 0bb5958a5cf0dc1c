import dayjs from 'dayjs';
import 'dayjs/locale/ru';

// antd's date pickers format with dayjs's global locale; only signed-in pages have them, so the shell sets it
dayjs.locale('ru');
