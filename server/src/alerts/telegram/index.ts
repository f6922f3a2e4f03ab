export { createTelegramChannel, TEST_MESSAGE, type TelegramChannelOptions, type TelegramLogger } from './telegram-channel.js';
export { DEFAULT_TELEGRAM_API_ROOT, TelegramRefusedError } from './telegram-api.js';
