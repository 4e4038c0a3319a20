import { memo } from 'react';
import { Radio, Stack } from '@mantine/core';
import type { JugadaOptions } from '../../shared/schemas/jugadas.ts';

interface OptionChoiceProps {
  label: string;
  choices: JugadaOptions['decisions'];
  value: string | null;
  onChange: (id: string) => void;
  error: string | undefined;
  disabled?: boolean;
}

/** A required pick of one option (a decision or a sanction), as a list of radio buttons big enough to tap (24 px) in a hurry: the jugadas' practice and the video exam (drawn again only when its props change: the exam's clock ticks several times a second). */
export const OptionChoice = memo(function OptionChoice({ label, choices, value, onChange, error, disabled }: OptionChoiceProps) {
  return (
    <Radio.Group label={label} value={value} onChange={onChange} error={error} withAsterisk>
      <Stack gap={8} mt="xs">
        {choices.map((o) => (
          <Radio key={o.id} value={o.id} label={o.label} disabled={disabled} size="md" />
        ))}
      </Stack>
    </Radio.Group>
  );
});
