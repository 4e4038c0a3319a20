import { Button, Group, Stack, Text } from '@mantine/core';

interface QuestionMapProps {
  /** Whether each question (in the attempt's order) has an answer. */
  answered: readonly boolean[];
  current: number;
  onGo: (index: number) => void;
}

/** Buttons 1…N to jump to a question: the answered ones filled, the current one underlined, each named for what it shows. */
export function QuestionMap({ answered, current, onGo }: QuestionMapProps) {
  const done = answered.filter(Boolean).length;
  return (
    <Stack gap={6} component="nav" aria-label="Mapa de preguntas">
      <Text size="sm" c="gray.7">
        Respondidas: {done} de {answered.length}
      </Text>
      <Group gap={6}>
        {answered.map((isAnswered, index) => (
          <Button
            key={index}
            size="compact-md"
            miw={44}
            h={44}
            px={6}
            variant={isAnswered ? 'filled' : 'default'}
            aria-label={`Pregunta ${index + 1}, ${isAnswered ? 'respondida' : 'sin responder'}`}
            aria-current={index === current ? 'step' : undefined}
            onClick={() => onGo(index)}
            style={index === current ? { outline: '3px solid var(--mantine-color-dark-6)', outlineOffset: 2 } : undefined}
          >
            {index + 1}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
