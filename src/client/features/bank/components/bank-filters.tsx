import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { CloseButton, Group, Select, Switch, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { BankList } from '../../../../shared/schemas/exams.ts';
import type { BankFilters } from '../api/use-bank.ts';

/** The search, chapter and 'Archivadas' live in the address, so reloading or going back keeps them. */
export function useBankFilters(): [BankFilters, (change: Partial<BankFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters: BankFilters = {
    search: (params.get('q') ?? '').trim(),
    chapter: params.get('capitulo') ?? '',
    archived: params.get('archivadas') === 'si',
  };
  const set = (change: Partial<BankFilters>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        const put = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
        if (change.search !== undefined) put('q', change.search.trim());
        if (change.chapter !== undefined) put('capitulo', change.chapter);
        if (change.archived !== undefined) put('archivadas', change.archived ? 'si' : '');
        return next;
      },
      { replace: true },
    );
  return [filters, set];
}

interface BankFiltersBarProps {
  filters: BankFilters;
  onChange: (change: Partial<BankFilters>) => void;
  chapters: BankList['chapters'];
}

const ALL_CHAPTERS = '*';

/** Search (sent a moment after typing stops), a chapter, and the archived questions instead of the active ones. */
export function BankFiltersBar({ filters, onChange, chapters }: BankFiltersBarProps) {
  // The chapter filtered on stays a choice even when no active question has it any more.
  const chapterData = chapters.map((c) => ({ value: c.chapter, label: `${c.chapter} (${c.count})` }));
  if (filters.chapter && !chapters.some((c) => c.chapter === filters.chapter))
    chapterData.push({ value: filters.chapter, label: filters.chapter });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SearchField search={filters.search} onSearch={(search) => onChange({ search })} />
      {/* 'Todos los capítulos' is an option, not a clear button: Mantine's is out of the keyboard's reach. */}
      <Select
        label="Capítulo"
        data={[{ value: ALL_CHAPTERS, label: 'Todos los capítulos' }, ...chapterData]}
        value={filters.chapter || ALL_CHAPTERS}
        onChange={(value) => onChange({ chapter: !value || value === ALL_CHAPTERS ? '' : value })}
        allowDeselect={false}
        w={{ base: '100%', xs: 220 }}
      />
      <Switch
        label="Archivadas"
        description="Ver sólo las archivadas"
        checked={filters.archived}
        onChange={(event) => onChange({ archived: event.currentTarget.checked })}
        mb={4}
      />
    </Group>
  );
}

function SearchField({ search, onSearch }: { search: string; onSearch: (value: string) => void }) {
  const [text, setText] = useState(search);
  // What the address said last time: when it changes from outside (back button, a link), the field follows.
  const [seen, setSeen] = useState(search);
  const debounced = useDebouncedCallback((value: string) => {
    setSeen(value.trim());
    onSearch(value);
  }, 300);
  if (search !== seen) {
    setSeen(search);
    setText(search);
  }
  const change = (value: string) => {
    setText(value);
    debounced(value);
  };
  return (
    <TextInput
      type="search"
      label="Buscar"
      placeholder="Texto, opción, capítulo o regla"
      value={text}
      onChange={(event) => change(event.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={text ? <CloseButton size="sm" aria-label="Borrar búsqueda" onClick={() => change('')} /> : null}
      maxLength={200}
      autoComplete="off"
      enterKeyHint="search"
      style={{ flex: '1 1 240px' }}
    />
  );
}
