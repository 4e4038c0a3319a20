import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Textarea,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowUp, IconRefresh, IconSend, IconTrash } from '@tabler/icons-react';
import * as z from 'zod/mini';
import { MESSAGE_MAX, postMessageSchema, type ForumMessage } from '../../../../shared/schemas/forum.ts';
import type { Outgoing } from '../api/use-post-message.ts';
import { useDeleteMessage } from '../api/use-delete-message.ts';
import { useMessages, type ForumPages } from '../api/use-messages.ts';
import { usePostMessage } from '../api/use-post-message.ts';
import { RelativeTime } from './relative-time.tsx';

interface ForumChatProps {
  moduleId: string;
  /** Admins may delete messages. */
  canDelete: boolean;
}

interface MessageProps {
  message: ForumMessage;
  canDelete: boolean;
  onDelete: (message: ForumMessage) => void;
}

function Message({ message, canDelete, onDelete }: MessageProps) {
  return (
    <Paper
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
          <ActionIcon
            variant="subtle"
            color="red"
            size="sm"
            aria-label={`Eliminar el mensaje de ${message.authorName}`}
            onClick={() => onDelete(message)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        )}
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.body}
      </Text>
    </Paper>
  );
}

interface PendingMessageProps {
  item: Outgoing<string>;
  /** A message before it failed: this one waits for it. */
  blocked: boolean;
  onRetry: () => void;
  onDiscard: () => void;
}

/** A message of this person's that the server does not have yet. */
function PendingMessage({ item, blocked, onRetry, onDiscard }: PendingMessageProps) {
  const failed = item.state === 'failed';
  return (
    <Paper
      p="sm"
      radius="md"
      maw="85%"
      ml="auto"
      bg="gray.1"
      withBorder
      data-testid="mensaje-pendiente"
      style={failed ? { borderColor: 'var(--mantine-color-red-7)' } : undefined}
    >
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {item.payload}
      </Text>
      {failed ? (
        <Stack gap={6} mt={6}>
          <Group gap={4} c="red.9" wrap="nowrap" align="flex-start">
            <IconAlertTriangle size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="xs" c="red.9">
              No se envió: {item.error}
            </Text>
          </Group>
          <Group gap="xs">
            <Button size="compact-sm" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry}>
              Reintentar
            </Button>
            <Button size="compact-sm" variant="default" onClick={onDiscard}>
              Descartar
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group gap={6} mt={4} c="gray.7">
          {!blocked && <Loader size={10} color="gray.7" aria-hidden />}
          <Text size="xs" c="gray.7">
            {blocked ? 'En espera' : 'Enviando…'}
          </Text>
        </Group>
      )}
    </Paper>
  );
}

/** The history split for showing: the latest page (the live one) and, oldest first, the pages loaded before it. */
function splitHistory(pages: ForumPages['pages'] | undefined): { latest: ForumMessage[]; older: ForumMessage[] } {
  const latest = pages?.[0]?.messages ?? [];
  const older = pages
    ? pages
        .slice(1)
        .toReversed()
        .flatMap((page) => page.messages)
    : [];
  return { latest, older };
}

interface HistoryScrollOptions {
  history: ReturnType<typeof useMessages>;
  olderCount: number;
  newestId: string | undefined;
  newestPending: string | undefined;
}

/**
 * Keeps the history where the reader needs it: at the end when a message arrives, and on the same
 * messages when older ones are loaded above (then a short status says how many came).
 */
function useHistoryScroll({ history, olderCount, newestId, newestPending }: HistoryScrollOptions) {
  const [loadedNotice, setLoadedNotice] = useState('');
  const viewport = useRef<HTMLDivElement>(null);
  const bottom = useRef<HTMLDivElement>(null);
  /** Where the reader was when older messages were asked for: the scroll height and position. */
  const anchor = useRef<{ height: number; top: number; count: number } | null>(null);

  // A new message (or the first load, or one just typed) scrolls to the end; older pages never do.
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [newestId, newestPending]);

  // Older messages went in above: scroll by their height, so the same messages stay in view.
  useLayoutEffect(() => {
    const saved = anchor.current;
    const element = viewport.current;
    if (!saved || !element || olderCount === saved.count) return;
    anchor.current = null;
    element.scrollTop = saved.top + (element.scrollHeight - saved.height);
    const added = olderCount - saved.count;
    setLoadedNotice(added === 1 ? 'Se cargó 1 mensaje anterior.' : `Se cargaron ${added} mensajes anteriores.`);
    // The button is gone once the start of the forum is reached: focus stays in the history.
    if (!history.hasNextPage && (document.activeElement === null || document.activeElement === document.body))
      element.focus({ preventScroll: true });
  }, [olderCount, history.hasNextPage]);

  const loadOlder = () => {
    const element = viewport.current;
    if (history.isFetchingNextPage || !element) return;
    anchor.current = { height: element.scrollHeight, top: element.scrollTop, count: olderCount };
    void history.fetchNextPage().then((result) => {
      if (result.isError) anchor.current = null;
    });
  };

  return { viewport, bottom, loadedNotice, loadOlder };
}

interface LoadOlderButtonProps {
  loading: boolean;
  onClick: () => void;
}

/** 'Ver mensajes anteriores', at the top of the history while there are older messages to load. */
function LoadOlderButton({ loading, onClick }: LoadOlderButtonProps) {
  return (
    <Button
      variant="light"
      size="sm"
      style={{ alignSelf: 'center' }}
      onClick={onClick}
      aria-busy={loading}
      leftSection={loading ? <Loader size={14} color="currentColor" aria-hidden /> : <IconArrowUp size={16} aria-hidden />}
    >
      {loading ? 'Cargando mensajes anteriores…' : 'Ver mensajes anteriores'}
    </Button>
  );
}

interface MessageComposerProps {
  /** Puts a valid message in the sending line. */
  onSend: (body: string) => void;
}

/** The box to write a message and its 'Enviar' button. */
function MessageComposer({ onSend }: MessageComposerProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** When the last message went into the line: a second tap on 'Enviar' right after finds the box empty, and is not an error. */
  const lastSent = useRef(0);

  const send = () => {
    const parsed = z.safeParse(postMessageSchema, { body: text });
    if (!parsed.success) {
      // The box a send just emptied: a second tap, not a message. Spaces typed are one, and are told.
      if (text === '' && Date.now() - lastSent.current < 1500) return;
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    // The message joins the line and shows at once; the box is free for the next one. Only
    // this moment empties the box: nothing typed while earlier messages travel is ever erased.
    setError(null);
    onSend(parsed.data.body);
    lastSent.current = Date.now();
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
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
      <Button onClick={send} leftSection={<IconSend size={16} aria-hidden />} mb={error ? 22 : 0}>
        Enviar
      </Button>
    </Group>
  );
}

interface DeleteMessageModalProps {
  moduleId: string;
  /** The message to delete; null while the confirmation is closed. */
  message: ForumMessage | null;
  onClose: () => void;
}

/** Asks the admin to confirm before a message is deleted for good, and deletes it. */
function DeleteMessageModal({ moduleId, message, onClose }: DeleteMessageModalProps) {
  const remove = useDeleteMessage(moduleId);
  return (
    <Modal opened={message !== null} onClose={onClose} title="Eliminar mensaje" centered>
      <Text size="sm">¿Seguro que querés eliminar este mensaje de {message?.authorName}? No se puede deshacer.</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button color="red" loading={remove.isPending} onClick={() => message && remove.mutate(message.id, { onSuccess: onClose })}>
          Eliminar
        </Button>
      </Group>
    </Modal>
  );
}

/**
 * The module's questions and answers, like a chat. Messages are plain text, shown as typed. The
 * latest page comes first; 'Ver mensajes anteriores' adds older pages above without moving what
 * the reader is looking at. Only the latest page is a live region: new messages are announced,
 * a page of old ones is not (a short status says how many came).
 */
export function ForumChat({ moduleId, canDelete }: ForumChatProps) {
  const history = useMessages(moduleId);
  const post = usePostMessage(moduleId);
  const [toDelete, setToDelete] = useState<ForumMessage | null>(null);

  const pages = history.data?.pages;
  const { latest, older } = splitHistory(pages);
  const newestId = latest.at(-1)?.id ?? older.at(-1)?.id;
  const newestPending = post.items.at(-1)?.id;
  const lineStopped = post.items[0]?.state === 'failed';
  const { viewport, bottom, loadedNotice, loadOlder } = useHistoryScroll({ history, olderCount: older.length, newestId, newestPending });

  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p={0}>
        {/* The history scrolls on its own: reachable by Tab so arrow keys and Page Up/Down scroll it. */}
        <ScrollArea.Autosize
          mah="60dvh"
          type="auto"
          offsetScrollbars
          viewportRef={viewport}
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Historial de mensajes del foro', style: { overflowAnchor: 'none' } }}
        >
          <Stack gap="sm" p={{ base: 'xs', sm: 'md' }}>
            {history.hasNextPage && <LoadOlderButton loading={history.isFetchingNextPage} onClick={loadOlder} />}
            {older.map((message) => (
              <Message key={message.id} message={message} canDelete={canDelete} onDelete={setToDelete} />
            ))}
            <Stack gap="sm" role="log" aria-live="polite" aria-label="Mensajes del foro">
              {history.isPending && (
                <>
                  <Skeleton h={60} w="70%" />
                  <Skeleton h={60} w="60%" ml="auto" />
                </>
              )}
              {pages && latest.length === 0 && older.length === 0 && post.items.length === 0 && !history.hasNextPage && (
                <Text c="gray.7" ta="center" py="lg">
                  Todavía no hay mensajes. ¡Hacé la primera pregunta!
                </Text>
              )}
              {latest.map((message) => (
                <Message key={message.id} message={message} canDelete={canDelete} onDelete={setToDelete} />
              ))}
              {post.items.map((item, index) => (
                <PendingMessage
                  key={item.id}
                  item={item}
                  blocked={lineStopped && index > 0}
                  onRetry={() => post.retry(item.id)}
                  onDiscard={() => post.discard(item.id)}
                />
              ))}
            </Stack>
            <div ref={bottom} />
          </Stack>
        </ScrollArea.Autosize>
      </Paper>
      <VisuallyHidden role="status">{loadedNotice}</VisuallyHidden>

      <MessageComposer onSend={post.enqueue} />

      <DeleteMessageModal moduleId={moduleId} message={toDelete} onClose={() => setToDelete(null)} />
    </Stack>
  );
}
