// A Vite plugin: the theme's CSS variables, which MantineProvider would otherwise write into a
// <style> element on every render (and so into every page the server renders), as a stylesheet
// built once, `virtual:mantine-variables.css`, cached with the rest of the app's CSS.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import type { Plugin } from 'vite';
import { cssVariablesResolver, theme } from '../../src/client/app/theme.ts';

const id = 'virtual:mantine-variables.css';

export function mantineVariables(): Plugin {
  return {
    name: 'aula-mantine-variables',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(source) {
      if (source !== `\0${id}`) return undefined;
      // What the provider writes: its variables and its global classes, rendered once here.
      const html = renderToStaticMarkup(createElement(MantineProvider, { theme, cssVariablesResolver }));
      return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('\n');
    },
  };
}
