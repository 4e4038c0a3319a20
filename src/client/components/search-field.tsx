import { useState, type CSSProperties } from 'react';
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';

interface SearchFieldProps {
  /** The search the address holds. */
  search: string;
  /** Called a moment after typing stops (and at once when cleared with its button, after the same pause). */
  onSearch: (value: string) => void;
  label: string;
  placeholder: string;
  style?: CSSProperties;
}

/**
 * A search box kept in the address: it sends what is typed after a pause, and follows the address
 * when it changes from outside (back button, a link). The address may keep the search trimmed, so
 * only a change beyond spaces counts as one from outside: a space being typed is never taken back.
 */
export function SearchField({ search, onSearch, label, placeholder, style }: SearchFieldProps) {
  const [text, setText] = useState(search);
  // What this field last sent, to tell the address's own changes from the echo of ours.
  const [seen, setSeen] = useState(search);
  const debounced = useDebouncedCallback((value: string) => {
    setSeen(value);
    onSearch(value);
  }, 350);
  if (search.trim() !== seen.trim()) {
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
      label={label}
      placeholder={placeholder}
      value={text}
      onChange={(event) => change(event.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={text ? <CloseButton size="sm" aria-label="Borrar búsqueda" onClick={() => change('')} /> : null}
      maxLength={200}
      autoComplete="off"
      enterKeyHint="search"
      style={style}
    />
  );
}
