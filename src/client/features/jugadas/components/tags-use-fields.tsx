import { SegmentedControl, Stack, TagsInput, Text } from '@mantine/core';
import { JUGADA_USES, TAG_MAX, TAGS_PER_JUGADA_MAX, type JugadaUse } from '../../../../shared/schemas/jugadas.ts';
import { jugadaUseLabels } from './jugada-labels.tsx';

export interface TagsUse {
  tags: string[];
  use: JugadaUse;
}

interface TagsUseFieldsProps {
  value: TagsUse;
  onChange: (value: TagsUse) => void;
  /** The course's tags: reusing one keeps the filter of 'Jugadas del curso' (and the exam's draw) tidy. */
  suggestions: string[];
  errors: { tags?: string | undefined; use?: string | undefined };
}

/** 'Etiquetas' (free, with the course's own suggested) and 'Uso': practice, exam or both. */
export function TagsUseFields({ value, onChange, suggestions, errors }: TagsUseFieldsProps) {
  return (
    <>
      <TagsInput
        label="Etiquetas"
        description={`Por ejemplo: 7 metros, juego pasivo. Hasta ${TAGS_PER_JUGADA_MAX}; Enter o coma para agregar cada una.`}
        placeholder={value.tags.length ? undefined : 'Escribí una etiqueta'}
        data={suggestions}
        value={value.tags}
        onChange={(tags) => onChange({ ...value, tags })}
        maxTags={TAGS_PER_JUGADA_MAX}
        maxLength={TAG_MAX}
        splitChars={[',']}
        error={errors.tags}
      />
      <Stack gap={6}>
        <Text fw={500} size="sm" id="uso-jugada">
          Uso
        </Text>
        <Text size="xs" c="gray.7" mt={-6} id="uso-jugada-ayuda">
          Las de examen no se ven en la práctica.
          {value.use !== 'practica' && ' Necesitan un video subido y un final conocido ("Hasta", o la duración del archivo).'}
        </Text>
        <SegmentedControl
          aria-labelledby="uso-jugada"
          aria-describedby="uso-jugada-ayuda"
          value={value.use}
          onChange={(use) => onChange({ ...value, use: use as JugadaUse })}
          data={JUGADA_USES.map((use) => ({ value: use, label: jugadaUseLabels[use] }))}
        />
        {errors.use && (
          <Text c="red.8" size="sm" role="alert">
            {errors.use}
          </Text>
        )}
      </Stack>
    </>
  );
}
