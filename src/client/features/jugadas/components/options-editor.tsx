import { useState } from 'react';
import { ActionIcon, Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { JugadaOptions } from '../../../../shared/schemas/jugadas.ts';
import { useSaveJugadaOptions } from '../api/use-jugada-options.ts';
import { useRowFocus } from '../../../lib/row-focus.ts';

type Draft = Array<{ id?: string; label: string; key: string }>;
let keyCounter = 0;
const toDraft = (list: JugadaOptions['decisions']): Draft => list.map((o) => ({ id: o.id, label: o.label, key: o.id }));

/** One list: its options renamed, added (the focus to the new one) and removed (the focus to the neighbour, or to 'Agregar opción'). */
function ListEditor({ title, items, onChange }: { title: string; items: Draft; onChange: (items: Draft) => void }) {
  const { idOf, focusLater } = useRowFocus();
  const add = () => {
    const key = `nueva-${++keyCounter}`;
    onChange([...items, { label: '', key }]);
    focusLater(idOf(key, 'label'));
  };
  const remove = (index: number) => {
    const neighbour = items[index + 1] ?? items[index - 1];
    onChange(items.filter((_, i) => i !== index));
    focusLater(neighbour ? idOf(neighbour.key, 'label') : idOf('list', 'add'));
  };
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      {items.map((item, index) => (
        <Group key={item.key} gap="xs" wrap="nowrap">
          <TextInput
            id={idOf(item.key, 'label')}
            aria-label={`${title}: opción ${index + 1}`}
            value={item.label}
            onChange={(e) => onChange(items.map((o, i) => (i === index ? { ...o, label: e.currentTarget.value } : o)))}
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Quitar ${item.label || `opción ${index + 1}`}`}
            onClick={() => remove(index)}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Button
        id={idOf('list', 'add')}
        variant="subtle"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={add}
        style={{ alignSelf: 'flex-start' }}
      >
        Agregar opción
      </Button>
    </Stack>
  );
}

/** The course's lists of decisions and sanctions, editable. */
export function OptionsEditor({ courseId, options, onDone }: { courseId: string; options: JugadaOptions; onDone: () => void }) {
  const save = useSaveJugadaOptions(courseId);
  const [decisions, setDecisions] = useState(toDraft(options.decisions));
  const [sanctions, setSanctions] = useState(toDraft(options.sanctions));
  const strip = (list: Draft) => list.map(({ id, label }) => (id ? { id, label } : { label }));
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Las listas son del curso: valen para las jugadas de todos sus módulos.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ListEditor title="Decisiones" items={decisions} onChange={setDecisions} />
        <ListEditor title="Sanciones" items={sanctions} onChange={setSanctions} />
      </SimpleGrid>
      {save.error && (
        <Text c="red.8" role="alert">
          {save.error.message}
        </Text>
      )}
      <Button
        onClick={() => save.mutate({ decisions: strip(decisions), sanctions: strip(sanctions) }, { onSuccess: onDone })}
        loading={save.isPending}
        style={{ alignSelf: 'flex-start' }}
      >
        Guardar opciones
      </Button>
    </Stack>
  );
}
