import { PASSWORD_MIN_LENGTH } from '@gerbang/shared';
import { Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type StrengthLevel = 0 | 1 | 2 | 3 | 4;

/**
 * A quick strength estimate for the meter of spec 01 §2 (Very Weak … Strong): length, character
 * variety, minus obvious patterns. It guides the user; the server's rule is only the minimum length.
 */
export function passwordStrength(password: string): StrengthLevel {
  if (!password) return 0;
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((r) => r.test(password)).length;
  let score = 0;
  if (password.length >= 8) score += 1;
  if (password.length >= PASSWORD_MIN_LENGTH) score += 1;
  if (password.length >= 16) score += 1;
  score += Math.max(0, classes - 1);
  if (/(.)\1{2,}/.test(password)) score -= 1;
  if (/(?:password|katasandi|qwerty|123456|abcdef)/i.test(password)) score -= 2;
  // Below the minimum length a password is refused, so it never reads better than Weak.
  if (password.length < PASSWORD_MIN_LENGTH) score = Math.min(score, 2);
  if (score <= 1) return 0;
  return Math.min(4, score - 1) as StrengthLevel;
}

const COLORS = ['red', 'orange', 'yellow', 'teal', 'green'] as const;

export function PasswordStrength({ password }: { password: string }) {
  const { t } = useTranslation();
  const level = passwordStrength(password);
  return (
    <div data-testid="password-strength" data-level={level}>
      <Group gap={4} grow mt={6}>
        {[0, 1, 2, 3, 4].map((i) => (
          <Progress
            key={i}
            size={6}
            value={password && i <= level ? 100 : 0}
            color={COLORS[level]}
            aria-hidden
          />
        ))}
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {t('account.strength.label')}:{' '}
        <Text span size="xs" fw={600} c={password ? `${COLORS[level]}.8` : 'dimmed'}>
          {password ? t(`account.strength.${level}`) : '–'}
        </Text>
      </Text>
    </div>
  );
}
