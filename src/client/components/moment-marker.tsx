import type { Ref } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { formatMoment, toTenth } from '../lib/seconds.ts';

interface MomentMarkerProps {
  moment: number | null;
  onMark: () => void;
  onChange: (moment: number) => void;
  disabled?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** 'Marcar el momento' while the clip plays, then 'Marcaste 3,2 s' with ±0,1 s buttons to adjust it. */
export function MomentMarker({ moment, onMark, onChange, disabled, ref }: MomentMarkerProps) {
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <Button
        ref={ref}
        variant="filled"
        color="grape"
        leftSection={<IconFlag size={18} aria-hidden />}
        onClick={onMark}
        disabled={disabled}
      >
        Marcar el momento
      </Button>
      <Text aria-live="polite" fw={600} data-testid="momento-marcado">
        {moment === null ? 'Todavía no marcaste el momento' : `Marcaste ${formatMoment(moment)}`}
      </Text>
      {moment !== null && (
        <Group gap={4}>
          <Button
            variant="default"
            size="compact-md"
            aria-label="Restar 0,1 segundos"
            disabled={disabled || moment <= 0}
            onClick={() => onChange(Math.max(0, toTenth(moment - 0.1)))}
          >
            −0,1 s
          </Button>
          <Button
            variant="default"
            size="compact-md"
            aria-label="Sumar 0,1 segundos"
            disabled={disabled}
            onClick={() => onChange(toTenth(moment + 0.1))}
          >
            +0,1 s
          </Button>
        </Group>
      )}
    </Group>
  );
}
