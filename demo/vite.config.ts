import { defineConfig, type Plugin } from 'vite'

/**
 * Put the script inside index.html as a classic <script>. Chromium refuses module scripts and dynamic
 * imports from file:// (an opaque origin fails their CORS check), so the page was blank when opened from
 * disk; one file with the code inline (model chunks included) runs from file://, any server, or offline.
 */
function singleFile(): Plugin {
  return {
    name: 'litmus-demo-single-file',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = Object.values(bundle).find((item) => item.type === 'asset' && item.fileName === 'index.html')
      if (!html || html.type !== 'asset') return
      let page = String(html.source)
      for (const [fileName, item] of Object.entries(bundle)) {
        if (item.type !== 'chunk') continue
        const tag = new RegExp(`<script type="module" crossorigin src="\\./${fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"></script>\\n?`)
        if (!tag.test(page)) throw new Error(`demo: no script tag for ${fileName}`)
        // Inline scripts end at the first "</script": write it so the HTML parser does not see one.
        const code = item.code.replace(/<\/(script)/gi, '<\\/$1')
        page = page.replace(tag, '').replace('</html>', () => `<script>${code}</script>\n</html>`)
        delete bundle[fileName]
      }
      html.source = page
    }
  }
}

// A static site: `npm run demo` writes demo/dist/index.html, one file that works offline and from file://.
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [singleFile()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // All of it is inline: the size warning would only repeat that.
    chunkSizeWarningLimit: 100_000,
    modulePreload: false,
    // One classic script: no dynamic import to fetch (every model chunk inline), no import.meta to read.
    rollupOptions: { output: { format: 'iife', codeSplitting: false }, transform: { define: { 'import.meta': '{}' } } }
  }
})
