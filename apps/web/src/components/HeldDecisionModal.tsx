import { Button, Group, Modal, PasswordInput, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { showErrorDialog } from '../lib/dialogs';

export interface HeldDecisionModalProps {
  title: string;
  /** What is decided: how many payouts, their total or the one payout's names. */
  summary: string;
  submitLabel: string;
  /** A rejection: the button is red. */
  danger?: boolean;
  pin: {
    label: string;
    maxLength: number /** Shown instead of sending an empty PIN. */;
    missing?: string;
  };
  /** Asked on rejections; `required` is the message shown when it is left empty. */
  reason?: { label: string; maxLength: number; required?: string };
  /** Prefix of the test ids: `${testId}-decision`, `-reason`, `-pin`, `-send`. */
  testId: string;
  /** Sends the decision with the one PIN; the caller closes the modal (or keeps it on a refusal). */
  submit(pin: string, reason: string): Promise<void>;
  onClose(): void;
}

/**
 * The one transaction-PIN entry (and, to reject, the reason) for every chosen payout held at a
 * gate — waiting for approval or for a name-mismatch decision. The server decides each payout and
 * answers each one's outcome; the caller shows them.
 */
export function HeldDecisionModal(props: HeldDecisionModalProps) {
  const { pin: pinField, reason: reasonField, testId } = props;
  const [pin, setPin] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  const send = async () => {
    if (pinField.missing && !pin) {
      showErrorDialog(pinField.missing);
      return;
    }
    if (reasonField?.required && !reason.trim()) {
      showErrorDialog(reasonField.required);
      return;
    }
    setBusy(true);
    try {
      await props.submit(pin, reason);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={props.onClose} title={props.title} centered>
      <Stack gap="sm" data-testid={`${testId}-decision`}>
        <Text size="sm">{props.summary}</Text>
        {reasonField && (
          <Textarea
            label={reasonField.label}
            value={reason}
            maxLength={reasonField.maxLength}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-testid={`${testId}-reason`}
          />
        )}
        <PasswordInput
          label={pinField.label}
          value={pin}
          maxLength={pinField.maxLength}
          autoComplete="off"
          onChange={(e) => setPin(e.currentTarget.value)}
          data-testid={`${testId}-pin`}
        />
        <Group justify="flex-end">
          <Button
            color={props.danger ? 'red' : undefined}
            loading={busy}
            onClick={() => void send()}
            data-testid={`${testId}-send`}
          >
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
