package infiltration_test

import (
	"testing"

	"github.com/tabulagames/tabula/games/gametest"
	_ "github.com/tabulagames/tabula/games/infiltration"
)

func TestVectors(t *testing.T) { gametest.RunVectors(t, "infiltration") }
