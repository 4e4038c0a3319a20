import { useId } from 'react';
import { Text } from '@mantine/core';
import { SCORE_MAX, SCORE_MIN } from '../../../../shared/record-rules.ts';
import classes from './score-choice.module.css';

const scores = Array.from({ length: SCORE_MAX - SCORE_MIN + 1 }, (_, i) => SCORE_MIN + i);

interface ScoreChoiceProps {
  /** The group's name, read with each number ('Ubicación'). */
  label: string;
  value: number | null;
  onChange: (score: number) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/**
 * A criterion's score from 1 to 5: native radio buttons (arrow keys move between them, a screen
 * reader says 'Ubicación, 4, 4 de 5'), each a big numbered box.
 */
export function ScoreChoice({ label, value, onChange, error, disabled }: ScoreChoiceProps) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <div>
      <div
        role="radiogroup"
        aria-label={label}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${classes.options} ${error ? classes.invalid : ''}`}
      >
        {scores.map((score) => (
          <label key={score} className={classes.option}>
            <input
              type="radio"
              className={classes.input}
              name={name}
              value={score}
              checked={value === score}
              disabled={disabled}
              onChange={() => onChange(score)}
            />
            <span className={classes.box}>{score}</span>
          </label>
        ))}
      </div>
      {error && (
        <Text id={errorId} size="sm" c="red.8" mt={4}>
          {error}
        </Text>
      )}
    </div>
  );
}
