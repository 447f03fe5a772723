// Command tabula is a box of seven strategy board games. Without arguments
// it opens the window; with a subcommand (cli.go) it works headless.
package main

import (
	_ "embed"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/tabulagames/tabula/games"
	_ "github.com/tabulagames/tabula/internal/quietlocale" // before Fyne reads the locale
	"github.com/tabulagames/tabula/ui"
)

const usage = `usage:
  tabula                     open the window on the game picker
  tabula --game ID           open straight into a new game (%s)
  tabula replay [--legal] FILE...
  tabula ai FILE [--bot NAME] [--time D] [--seed S]
  tabula match --game ID [--rules k=v,...] --bots A,B[,C,D] --games N [--seed S]
  tabula games               list the games: id, a tab, the name
`

//go:embed Icon.png
var icon []byte

func main() {
	args := os.Args[1:]
	if len(args) > 0 && isSubcommand(args[0]) {
		os.Exit(runCLI(args, os.Stdin, os.Stdout, os.Stderr))
	}
	ids := gameIDs()
	sort.Strings(ids)
	fs := flag.NewFlagSet("tabula", flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprintf(os.Stderr, usage, strings.Join(ids, ", ")) }
	game := fs.String("game", "", "open straight into a new game of this id")
	if err := fs.Parse(args); err != nil {
		os.Exit(exitUsage)
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "tabula: unknown command %q\n", fs.Arg(0))
		fs.Usage()
		os.Exit(exitUsage)
	}
	if _, ok := games.Lookup(*game); *game != "" && !ok {
		fmt.Fprintf(os.Stderr, "tabula: unknown game %q (choose one of %s)\n", *game, strings.Join(ids, ", "))
		os.Exit(exitUsage)
	}
	ui.Run(*game, icon)
}
