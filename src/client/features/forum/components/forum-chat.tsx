import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Badge, Button, Group, Modal, Paper, ScrollArea, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { IconSend, IconTrash } from '@tabler/icons-react';
import * as z from 'zod/mini';
import { MESSAGE_MAX, postMessageSchema, type ForumMessage } from '../../../../shared/schemas/forum.ts';
import { useDeleteMessage } from '../api/use-delete-message.ts';
import { useMessages } from '../api/use-messages.ts';
import { usePostMessage } from '../api/use-post-message.ts';
import { RelativeTime } from './relative-time.tsx';

interface ForumChatProps {
  moduleId: string;
  /** Admins may delete messages. */
  canDelete: boolean;
}

/** The module's questions and answers, like a chat. Messages are plain text, shown as typed. */
export function ForumChat({ moduleId, canDelete }: ForumChatProps) {
  const messages = useMessages(moduleId);
  const post = usePostMessage(moduleId);
  const remove = useDeleteMessage(moduleId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<ForumMessage | null>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const count = messages.data?.length ?? 0;

  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [count]);

  const send = () => {
    const parsed = z.safeParse(postMessageSchema, { body: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    post.mutate(parsed.data.body, {
      onSuccess: () => setText(''),
      onError: (e) => setError(e.message),
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p={0}>
        {/* The history scrolls on its own: reachable by Tab so arrow keys and Page Up/Down scroll it. */}
        <ScrollArea.Autosize
          mah="60dvh"
          type="auto"
          offsetScrollbars
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Historial de mensajes del foro' }}
        >
          <Stack gap="sm" p={{ base: 'xs', sm: 'md' }} role="log" aria-live="polite" aria-label="Mensajes del foro">
            {messages.isPending && (
              <>
                <Skeleton h={60} w="70%" />
                <Skeleton h={60} w="60%" ml="auto" />
              </>
            )}
            {messages.data?.length === 0 && (
              <Text c="gray.7" ta="center" py="lg">
                Todavía no hay mensajes. ¡Hacé la primera pregunta!
              </Text>
            )}
            {messages.data?.map((message) => (
              <Paper
                key={message.id}
                p="sm"
                radius="md"
                maw="85%"
                ml={message.mine ? 'auto' : 0}
                bg={message.isAdmin ? 'blue.0' : message.mine ? 'gray.1' : 'white'}
                withBorder
                data-testid="mensaje"
              >
                <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
                  <Group gap={6} wrap="wrap">
                    <Text fw={700} size="sm">
                      {message.authorName}
                    </Text>
                    {message.isAdmin && (
                      <Badge size="xs" color="blue">
                        Instructor
                      </Badge>
                    )}
                    <Text size="xs" c="gray.7">
                      <RelativeTime iso={message.createdAt} />
                    </Text>
                  </Group>
                  {canDelete && (
                    <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Eliminar el mensaje de ${message.authorName}`} onClick={() => setToDelete(message)}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {message.body}
                </Text>
              </Paper>
            ))}
            <div ref={bottom} />
          </Stack>
        </ScrollArea.Autosize>
      </Paper>

      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Textarea
          aria-label="Escribí tu mensaje"
          placeholder="Escribí tu mensaje (Enter envía, Shift+Enter agrega una línea)"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          autosize
          minRows={1}
          maxRows={5}
          error={error}
          description={text.length > MESSAGE_MAX * 0.9 ? `${text.length} / ${MESSAGE_MAX}` : undefined}
          style={{ flex: 1 }}
        />
        <Button onClick={send} loading={post.isPending} leftSection={<IconSend size={16} aria-hidden />} mb={error ? 22 : 0}>
          Enviar
        </Button>
      </Group>

      <Modal opened={toDelete !== null} onClose={() => setToDelete(null)} title="Eliminar mensaje" centered>
        <Text size="sm">¿Seguro que querés eliminar este mensaje de {toDelete?.authorName}? No se puede deshacer.</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setToDelete(null)}>
            Cancelar
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => toDelete && remove.mutate(toDelete.id, { onSuccess: () => setToDelete(null) })}
          >
            Eliminar
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
