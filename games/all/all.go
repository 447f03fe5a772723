// Package all registers every game of the box in the catalog. Import it
// for its side effect wherever the whole catalog is needed.
package all

import (
	_ "github.com/tabulagames/tabula/games/alcazar"
	_ "github.com/tabulagames/tabula/games/arena"
	_ "github.com/tabulagames/tabula/games/checkerboard"
	_ "github.com/tabulagames/tabula/games/classic"
	_ "github.com/tabulagames/tabula/games/infiltration"
	_ "github.com/tabulagames/tabula/games/knights"
	_ "github.com/tabulagames/tabula/games/revenge"
)
