#!/usr/bin/env node
// Committed so that installing the workspace links this bin before anything is built (no
// "failed to create bin" warning); the CLI itself is the built dist/cli.js.
import '../dist/cli.js'
