// Vitest runs server modules outside Next's "react-server" condition, where the real `server-only` package throws.
// The guard it provides is a bundler check for client components; tests stand in for it with this empty module.
export {};
