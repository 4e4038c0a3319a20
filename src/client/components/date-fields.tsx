// The app's fields for a day, a time and a moment: day first (dd/mm/aaaa) and 24 hours whatever
// the browser's language — a native date input follows the system's locale, and Debian's
// Chromium in English showed 12/01/2026 for 1 December. A day can be typed or picked from a
// calendar; a time is typed in its hours and minutes.
import 'dayjs/locale/es';
import '@mantine/dates/styles.css';
import { useState } from 'react';
import { Fieldset, Group, Input } from '@mantine/core';
import { DateInput, TimePicker, type DateInputProps } from '@mantine/dates';
import { parseTypedDay } from '../lib/typed-day.ts';

type FieldProps = Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'dateParser' | 'valueFormat' | 'minDate' | 'maxDate'>;

export interface DayFieldProps extends FieldProps {
  /** 'YYYY-MM-DD', or '' (or nothing) when none. */
  value?: string;
  onChange: (day: string) => void;
}

/** A day, shown and typed as dd/mm/aaaa ('1/12/2026', '01-12-26' and '01122026' are read too), or picked from the calendar. */
export function DayField({ value, onChange, required, ...props }: DayFieldProps) {
  return (
    <DateInput
      {...props}
      required={required}
      value={value || null}
      onChange={(day) => onChange(day ?? '')}
      dateParser={parseTypedDay}
      valueFormat="DD/MM/YYYY"
      placeholder="dd/mm/aaaa"
      locale="es"
      allowDeselect={!required}
      clearable={!required}
      clearButtonProps={{
        'aria-label': `Borrar ${typeof props['aria-label'] === 'string' ? props['aria-label'] : typeof props.label === 'string' ? props.label : 'la fecha'}`,
      }}
      inputMode="numeric"
      autoComplete="off"
      popoverProps={{ withinPortal: true }}
      // Escape in the field closes its calendar, never the dialog around it with what was typed.
      data-mantine-stop-propagation="true"
      // Weekends in red and the other months' days in grey were too faint to read (contrast under 4.5:1).
      weekendDays={[]}
      hideOutsideDates
      nextLabel="Mes siguiente"
      previousLabel="Mes anterior"
    />
  );
}

export interface TimeFieldProps {
  label: string;
  /** 'HH:mm' (24 hours), or '' (or nothing) when none. */
  value?: string;
  onChange: (time: string) => void;
  error?: React.ReactNode;
  required?: boolean;
  disabled?: boolean;
  description?: React.ReactNode;
  /** What its hours and minutes are read as ('Abre, hora: horas'); the label by default. */
  inputLabel?: string;
}

/** A time in 24 hours: its hours and minutes, each typed (or moved with the arrow keys). */
export function TimeField({ label, value, onChange, error, required, disabled, description, inputLabel = label }: TimeFieldProps) {
  return (
    <TimePicker
      label={label}
      description={description}
      value={value ?? ''}
      onChange={onChange}
      format="24h"
      error={error}
      required={required}
      disabled={disabled}
      hoursInputLabel={`${inputLabel}: horas`}
      minutesInputLabel={`${inputLabel}: minutos`}
      hoursPlaceholder="--"
      minutesPlaceholder="--"
    />
  );
}

export interface MomentFieldProps {
  label: string;
  description?: React.ReactNode;
  /** 'YYYY-MM-DDTHH:mm' (the course's time), or '' (or nothing) when none. */
  value?: string;
  onChange: (moment: string) => void;
  error?: React.ReactNode;
  disabled?: boolean;
}

/**
 * A moment as its day and its time, under one legend ('Abre'). A day without a time yet is its
 * first minute (00:00); clearing the day clears the moment.
 */
export function MomentField({ label, description, value, onChange, error, disabled }: MomentFieldProps) {
  const [day = '', time = ''] = value ? value.split('T') : [];
  // A time typed before the day waits for it.
  const [pendingTime, setPendingTime] = useState('');
  const shownTime = day ? time.slice(0, 5) : pendingTime;
  return (
    <Fieldset variant="unstyled" legend={label} disabled={disabled} m={0} p={0}>
      {description && (
        <Input.Description mt={-8} mb={4}>
          {description}
        </Input.Description>
      )}
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <DayField
          label="Día"
          aria-label={`${label}: día`}
          value={day}
          onChange={(next) => onChange(next ? `${next}T${shownTime || '00:00'}` : '')}
          error={error}
          style={{ flex: '3 1 0', minWidth: 0 }}
        />
        <div style={{ flex: '2 1 0', minWidth: 0 }}>
          <TimeField
            label="Hora"
            inputLabel={`${label}, hora`}
            value={shownTime}
            // A time without its day is sent as it is, for the check to say the day is missing (it
            // was dropped, and the exam opened at once).
            onChange={(next) => (day ? onChange(`${day}T${next || '00:00'}`) : (setPendingTime(next), onChange(next ? `T${next}` : '')))}
          />
        </div>
      </Group>
    </Fieldset>
  );
}
