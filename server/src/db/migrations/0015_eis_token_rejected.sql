-- ЕИС refused the company's token (errorInfo code 5: missing, expired or unknown): its words, kept until a new token is
-- saved, so the settings and the register screens can say «нужен новый токен» and imports do not walk on in vain.
ALTER TABLE "eis_settings" ADD COLUMN IF NOT EXISTS "token_rejected" text;
