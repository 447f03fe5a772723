// Command tabula is a box of seven strategy board games. Without arguments
// it opens the window; with a subcommand it works headless (cli.go).
package main

import (
	"os"

	_ "github.com/tabulagames/tabula/games/all"
	"github.com/tabulagames/tabula/ui"
)

func main() {
	if len(os.Args) > 1 && isSubcommand(os.Args[1]) {
		os.Exit(runCLI(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	ui.Run("")
}
