package classic

import "embed"

//go:embed help.md icon.svg
var files embed.FS
