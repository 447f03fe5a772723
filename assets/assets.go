// Package assets embeds the game icons and the in-app rules texts.
package assets

import (
	"embed"
	"io/fs"
)

//go:embed icons/*.svg help/*.md
var files embed.FS

// Icon returns the SVG icon of a game, or nil.
func Icon(game string) []byte {
	b, err := fs.ReadFile(files, "icons/"+game+".svg")
	if err != nil {
		return nil
	}
	return b
}

// Help returns the rules text of a game for players, in Markdown.
func Help(game string) string {
	b, err := fs.ReadFile(files, "help/"+game+".md")
	if err != nil {
		return "The rules of this game are not written yet."
	}
	return string(b)
}
