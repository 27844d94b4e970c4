// Vite serves `?url` imports as the file's URL (the type vite/client would give).
declare module '*?url' {
  const url: string
  export default url
}
