import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: process.env.WEB_DIST ?? 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    // no vendor chunks: each route pulls only the antd components it uses (a single antd chunk made /login load all of
    // antd). What the entry needs up to /login (it imports the login page statically) goes into one chunk, though: one
    // file gzips smaller than the forty it would be split into, and it is all needed before the first paint anyway.
    rolldownOptions: {
      // antd's own packages say nothing of side effects, so an unused module of theirs stays in (rc-input's TextArea
      // with the login's Input, say); none of them is imported for its side effects only
      treeshake: { moduleSideEffects: (id) => (/node_modules[\\/](@rc-component|@ant-design)[\\/]/.test(id) ? false : undefined) },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'boot',
              tags: ['$initial'],
              // the tag follows import statements, used or not, and by default a group takes its modules' imports
              // along: antd's button style takes a colour helper from the colour picker's presets, whose module imports
              // Collapse (+7 KB gzip on /login). The presets module gets a tiny chunk of its own instead; it and boot
              // import each other, which is safe as the helper is only called while rendering, after both have run.
              test: (id) => !/[\\/]antd[\\/]es[\\/]color-picker[\\/]components[\\/]ColorPresets|[\\/]collapse[\\/]/.test(id),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/socket.io': { target: 'ws://127.0.0.1:3000', ws: true } } },
});
