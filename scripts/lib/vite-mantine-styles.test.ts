import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mantineSheetsInUse, withoutUnusedMantineStyles } from './vite-mantine-styles.ts';

const mantineStyles = path.resolve(import.meta.dirname, '../../node_modules/@mantine/core/styles');
const whole = readFileSync(path.join(mantineStyles, '../styles.css'), 'utf8');
const classesOf = (sheet: string) =>
  [...readFileSync(path.join(mantineStyles, `${sheet}.css`), 'utf8').matchAll(/\.(m_[0-9a-f]+)/g)].map(([, name]) => name!);

describe("the build's Mantine styles", () => {
  const used = mantineSheetsInUse();
  const kept = withoutUnusedMantineStyles(whole, used);

  it('come from what the app imports, and what the components it imports are made of', () => {
    // The app's shell, its buttons and inputs; Select is made of Combobox, Input and Popover.
    for (const sheet of ['AppShell', 'Button', 'UnstyledButton', 'Input', 'Combobox', 'Popover', 'Notification', 'SegmentedControl']) {
      expect(used, sheet).toContain(sheet);
    }
    // Components nobody in the app uses.
    for (const sheet of ['Tabs', 'Stepper', 'Timeline', 'AngleSlider', 'ColorPicker']) expect(used, sheet).not.toContain(sheet);
  });

  it("keep every class of the components in use, in the whole sheet's order, and drop the others'", () => {
    for (const sheet of used) for (const name of classesOf(sheet)) expect(kept, `${sheet} .${name}`).toContain(`.${name}`);
    for (const name of classesOf('Tabs')) expect(kept).not.toContain(`.${name}`);
    // The reset, the global classes and the rem sizes stay as Mantine wrote them.
    expect(kept.slice(0, 400)).toBe(whole.slice(0, 400));
    expect(kept).toContain('.mantine-focus-auto:focus-visible');
    expect(kept).toContain('calc(0.125rem * var(--mantine-scale))');
    const button = classesOf('Button')[0]!;
    const appShell = classesOf('AppShell')[0]!;
    expect(Math.sign(kept.indexOf(`.${button}`) - kept.indexOf(`.${appShell}`))).toBe(
      Math.sign(whole.indexOf(`.${button}`) - whole.indexOf(`.${appShell}`)),
    );
    expect(kept.length).toBeLessThan(whole.length * 0.8);
  });

  it('keep a rule that names a class in use beside one that is not, and leave no empty media query', () => {
    const [tab] = classesOf('Tabs');
    const [button] = classesOf('Button');
    const css = `.${tab} .${button} { color: red; }\n.${tab} { color: blue; }\n@media (min-width: 1px) { .${tab} { color: green; } }\n`;
    const result = withoutUnusedMantineStyles(css, new Set(['Button']));
    expect(result).toContain(`.${tab} .${button}`);
    expect(result).not.toContain('color: blue');
    expect(result).not.toContain('@media');
  });
});
