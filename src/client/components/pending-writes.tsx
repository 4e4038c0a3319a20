import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCloudUpload, IconCopy } from '@tabler/icons-react';
import { messages } from '../../shared/messages.ts';
import { offlineQueue, usePendingWrites, useQueueOwner, useRefreshAfterWrites, type RefusedWrite } from '../lib/offline-queue/index.ts';
import { useOnline } from '../lib/use-online.ts';

/** The server's reason without its closing period: the sentence goes on with the trainee's text. */
const withoutPeriod = (text: string) => text.replace(/[.\s]+$/, '');

/** 'No se pudo enviar tu respuesta a «…» del módulo «…»: motivo. Tu texto: «…»' (several answers: one a line, under 'Tu texto:'). */
function refusalText(refused: RefusedWrite) {
  const { what, question, module, text } = refused.label;
  const sentence = `${messages.writeRefused(what, question, module, withoutPeriod(refused.reason))}.`;
  if (!text) return { sentence, kept: null };
  return text.includes('\n')
    ? { sentence: `${sentence} Tu texto:`, kept: text }
    : { sentence: `${sentence} Tu texto: «${text}»`, kept: null };
}

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** One refused write: what happened, the trainee's text, 'Copiar texto' and 'Descartar'. */
function RefusedNotice({ refused }: { refused: RefusedWrite }) {
  const [copied, setCopied] = useState(false);
  const { sentence, kept } = refusalText(refused);
  return (
    <Alert
      color="red"
      variant="light"
      title="No se pudo enviar"
      icon={<IconAlertTriangle aria-hidden />}
      data-testid="cambio-rechazado"
      styles={{ message: { overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' } }}
    >
      <Stack gap="xs">
        <Text size="sm">{sentence}</Text>
        {kept && (
          <Text size="sm" pl="sm" style={{ borderLeft: '3px solid var(--mantine-color-red-3)' }}>
            {kept}
          </Text>
        )}
        <Group gap="xs">
          {refused.label.text && (
            <Button
              size="compact-sm"
              variant="default"
              leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
              onClick={() => void copy(refused.label.text!).then(setCopied)}
            >
              {copied ? 'Texto copiado' : 'Copiar texto'}
            </Button>
          )}
          <Button size="compact-sm" variant="default" onClick={() => void offlineQueue.dismiss(refused.id)}>
            Descartar
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * In the trainee's app frame: how many changes wait on the phone for signal, and every write the
 * server refused (kept until dismissed, with the trainee's text). Also makes the signed-in person
 * the owner of the phone's line, so it is sent at start, when the signal comes back and periodically.
 */
export function PendingWrites() {
  useQueueOwner();
  useRefreshAfterWrites();
  const online = useOnline();
  const { pending, refused, sendingId } = usePendingWrites();
  if (pending.length === 0 && refused.length === 0) return null;
  const stuck = online && !sendingId && pending[0]?.lastError;
  return (
    <Stack gap="xs" mb="sm" data-testid="cambios-pendientes">
      {pending.length > 0 && (
        <Paper withBorder radius="md" px="sm" py={6} bg="blue.0">
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Group gap={6} wrap="nowrap">
              <IconCloudUpload size={18} aria-hidden color="var(--mantine-color-blue-8)" style={{ flexShrink: 0 }} />
              <Text size="sm" c="blue.9" role="status">
                {messages.writesWaiting(pending.length)}
              </Text>
            </Group>
            {stuck && (
              <Button size="compact-sm" variant="default" onClick={() => void offlineQueue.retry()}>
                Reintentar
              </Button>
            )}
          </Group>
        </Paper>
      )}
      {refused.map((item) => (
        <RefusedNotice key={item.id} refused={item} />
      ))}
    </Stack>
  );
}
